package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.Chirp;
import io.github.tornadofft.kernels.ChirpDouble;
import io.github.tornadofft.kernels.ChirpTables;
import io.github.tornadofft.plan.Pass;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * A 1D transform of a length N that is not a power of two and has a prime factor above 7 (the others
 * are {@link MixedRadix}'s), as Bluestein's circular convolution of M
 * points, the least power of two of at least 2N - 1 ({@link Chirp}): a plan that wraps the plan of
 * a batch of M-point transforms (pocketfft's shape).
 *
 * <p>Five steps per direction, each over the whole batch: {@link Chirp#pad} (the input times the
 * chirp, zero-padded to M points), the forward passes of M points, {@link Chirp#filter} (times the
 * filter's spectrum), the inverse passes of M points, {@link Chirp#crop} (times the chirp, scaled,
 * the first N points into the output). The inverse direction runs the same kernels with the input
 * and the output conjugated. An {@link Engine} whose descriptor this applies to ({@link #applies})
 * plans the M-point passes ({@link Engine#complexPart} is the M-point transform) and holds the two
 * packed work arrays of M points per transform (one where the M points take a single pass, which
 * may run in place); this class adds the tasks, and owns the tables: the chirp (N values) and the
 * filter's spectrum (M values), computed on the host in double and shared, read-only, by every
 * engine of the same N.
 */
final class Bluestein {

    /** Work-items per group of the chirp and filter kernels (fewer where the device allows fewer). */
    static final int GROUP = 256;

    /** The tables of each N, kept for the life of the JVM as HostBuffers keeps twiddles (see there why). */
    private static final Map<List<Object>, TornadoNativeArray> CHIRPS = new ConcurrentHashMap<>();
    private static final Map<List<Object>, TornadoNativeArray> SPECTRA = new ConcurrentHashMap<>();

    private final FftDescriptor descriptor;
    final int n;
    final int m;
    private final int mBits;
    private final TornadoNativeArray chirp;
    private final TornadoNativeArray spectrum;

    /** The tables of {@code descriptor}'s length (computed on first use of that length). */
    Bluestein(FftDescriptor descriptor) {
        convolution(descriptor);
        this.descriptor = descriptor;
        this.n = descriptor.shape()[0];
        this.m = convolutionLength(n);
        this.mBits = Integer.numberOfTrailingZeros(m);
        Precision precision = descriptor.precision();
        this.chirp = chirp(n, precision);
        this.spectrum = spectrum(n, precision);
    }

    /**
     * Whether {@code d} is computed by Bluestein's convolution: a 1D c2c transform whose length is not a
     * power of two and has a prime factor above 7 (the others run as mixed-radix passes, {@link MixedRadix}).
     */
    static boolean applies(FftDescriptor d) {
        return d.kind() == FftDescriptor.Kind.C2C && d.rank() == 1 && Integer.bitCount(d.shape()[0]) != 1
                && !MixedRadix.applies(d);
    }

    /** M: the least power of two of at least 2N - 1, the length of the circular convolution. */
    static int convolutionLength(int n) {
        long need = 2L * n - 1;
        long m = Long.highestOneBit(need);
        return (int) (m == need ? m : 2 * m);
    }

    /**
     * The transform the passes compute for {@code d} ({@link #applies}): a forward batch of M-point
     * transforms, packed, out of place.
     *
     * @throws IllegalArgumentException naming {@code shape} where M would exceed
     *                                  {@link FftDescriptor#MAX_LENGTH} (N above 2^26), or {@code batch}
     *                                  where the batch's work arrays of M points each would be larger
     *                                  than a device array can index
     */
    static FftDescriptor convolution(FftDescriptor d) {
        int n = d.shape()[0];
        int m = convolutionLength(n);
        if (m > FftDescriptor.MAX_LENGTH) {
            throw new IllegalArgumentException("shape: a length that is not a power of two runs on a device as a convolution"
                    + " of the next power of two of at least 2N - 1 points, at most 2^27: N up to 2^26 = " + (1 << 26)
                    + " (or up to 2^27 a power of two, or a length whose prime factors are 2, 3, 5 and 7), got " + n);
        }
        long floats = 2L * m * d.batch();
        if (floats > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("batch: a transform of " + n + " points (not a power of two) runs as a"
                    + " convolution of " + m + " points, and " + d.batch() + " of them need work arrays of " + floats
                    + " floats, more than an array can index (2^31 - 64); at most " + (Integer.MAX_VALUE - 64) / (2L * m)
                    + " transforms per plan");
        }
        return FftDescriptor.c2c(m).batch(d.batch()).build();
    }

    /** Device bytes a plan of {@code d} takes: input, output, two work arrays of M points per transform, the tables. */
    static long deviceBytes(FftDescriptor d) {
        long work = convolution(d).floats();
        int n = d.shape()[0];
        return (d.inputFloats() + (d.inPlace() ? 0 : d.outputFloats()) + 2 * work + 2L * n + 2L * convolutionLength(n))
                * d.precision().bytes();
    }

    /** The chirp of {@code n} points in {@code precision} ({@link ChirpTables#table}), shared by every plan of that length. */
    static TornadoNativeArray chirp(int n, Precision precision) {
        return CHIRPS.computeIfAbsent(List.of(precision, n), k -> ChirpTables.table(n, precision));
    }

    /** The filter's spectrum of {@code n} points in {@code precision} ({@link ChirpTables#filterSpectrum}), shared likewise. */
    static TornadoNativeArray spectrum(int n, Precision precision) {
        return SPECTRA.computeIfAbsent(List.of(precision, n), k -> ChirpTables.filterSpectrum(n, convolutionLength(n), precision));
    }

    /** The chirp and the filter's spectrum, which the engine's graph 1 sends and graph 2 takes from it. */
    List<TornadoNativeArray> tables() {
        return List.of(chirp, spectrum);
    }

    /**
     * The buffers of a transform of {@code k} M-point passes from {@code in} to {@code out}: {@code in},
     * the work arrays, {@code out}. One work array where {@code k} is 1 (a single pass runs in place),
     * else two, between which the passes alternate.
     */
    static List<TornadoNativeArray> buffers(int k, TornadoNativeArray in, TornadoNativeArray out,
                                            IntFunction<TornadoNativeArray> scratch) {
        List<TornadoNativeArray> chain = new ArrayList<>();
        chain.add(in);
        chain.add(scratch.apply(0));
        if (k > 1) {
            chain.add(scratch.apply(1));
        }
        chain.add(out);
        return List.copyOf(chain);
    }

    /** Adds one direction's M-point passes along {@code chain} to the graph, their tasks named by {@code prefix}. */
    interface Passes {
        List<String> add(String prefix, Direction direction, List<TornadoNativeArray> chain, boolean sendTables);
    }

    /**
     * Adds the transform in {@code direction} to {@code graph} along {@code buffers} ({@link #buffers}):
     * pad, the forward passes ({@code passes}), filter, the inverse passes, crop; registers the chirp
     * kernels' work-group shapes in {@code target} (the passes register their own); returns the task names.
     *
     * @param k          the number of M-point passes of one direction
     * @param sendTables whether this graph sends the tables (else it takes them from another graph)
     * @param scale      the normalisation
     * @param maxGroup   most work-items per group on the device
     */
    List<String> addTasks(TaskGraph graph, Direction direction, int k, List<TornadoNativeArray> buffers,
                          boolean sendTables, double scale, int maxGroup, GridScheduler target, Passes passes) {
        if (sendTables) {
            graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, chirp, spectrum);
        }
        TornadoNativeArray in = buffers.getFirst();
        TornadoNativeArray out = buffers.getLast();
        List<TornadoNativeArray> work = buffers.subList(1, buffers.size() - 1);
        int sign = direction == Direction.FORWARD ? 1 : -1;
        int points = m * descriptor.batch();
        int outputs = n * descriptor.batch();
        String name = graph.getTaskGraphName();
        String base = Engine.taskBase(graph);
        List<String> tasks = new ArrayList<>();
        FftDescriptor.Layout input = descriptor.inputLayout();
        pad(graph, base + "pad", in, work.getFirst(), sign, points, input);
        tasks.add(grid(target, name, base + "pad", points, maxGroup));
        tasks.addAll(passes.add("f", Direction.FORWARD, alternate(work, 0, k), sendTables));
        filter(graph, base + "filter", work.get(k % work.size()), points);
        tasks.add(grid(target, name, base + "filter", points, maxGroup));
        tasks.addAll(passes.add("i", Direction.INVERSE, alternate(work, k, k), false));
        FftDescriptor.Layout output = descriptor.outputLayout();
        crop(graph, base + "crop", work.get(2 * k % work.size()), out, sign, scale, outputs, output);
        tasks.add(grid(target, name, base + "crop", outputs, maxGroup));
        return tasks;
    }

    // The three kernels, as tasks of the plan's precision: Chirp's, or ChirpDouble's (the same source).

    private void pad(TaskGraph graph, String task, TornadoNativeArray x, TornadoNativeArray a, int sign, int points,
                     FftDescriptor.Layout in) {
        if (x instanceof DoubleArray doubles) {
            graph.task(task, ChirpDouble::pad, new KernelContext(), doubles, (DoubleArray) a, (DoubleArray) chirp, n, mBits,
                    (double) sign, points, 1, in.stride(), in.distance(), 0);
        } else {
            graph.task(task, Chirp::pad, new KernelContext(), (FloatArray) x, (FloatArray) a, (FloatArray) chirp, n, mBits,
                    (float) sign, points, 1, in.stride(), in.distance(), 0);
        }
    }

    private void filter(TaskGraph graph, String task, TornadoNativeArray data, int points) {
        if (data instanceof DoubleArray doubles) {
            graph.task(task, ChirpDouble::filter, new KernelContext(), doubles, (DoubleArray) spectrum, mBits, points);
        } else {
            graph.task(task, Chirp::filter, new KernelContext(), (FloatArray) data, (FloatArray) spectrum, mBits, points);
        }
    }

    private void crop(TaskGraph graph, String task, TornadoNativeArray y, TornadoNativeArray out, int sign, double scale,
                      int outputs, FftDescriptor.Layout layout) {
        if (y instanceof DoubleArray doubles) {
            graph.task(task, ChirpDouble::crop, new KernelContext(), doubles, (DoubleArray) out, (DoubleArray) chirp, n, mBits,
                    (double) sign, scale, outputs, 1, layout.stride(), layout.distance(), 0);
        } else {
            graph.task(task, Chirp::crop, new KernelContext(), (FloatArray) y, (FloatArray) out, (FloatArray) chirp, n, mBits,
                    (float) sign, (float) scale, outputs, 1, layout.stride(), layout.distance(), 0);
        }
    }

    /** The k + 1 buffers of k passes from the work array of index {@code first}, alternating between the arrays. */
    static List<TornadoNativeArray> alternate(List<TornadoNativeArray> work, int first, int k) {
        List<TornadoNativeArray> chain = new ArrayList<>();
        for (int p = 0; p <= k; p++) {
            chain.add(work.get((first + p) % work.size()));
        }
        return chain;
    }

    /**
     * Registers a kernel's one-dimensional grid of {@code items} work-items (rounded up to whole groups, the
     * kernel checking its bounds) in groups of up to {@value #GROUP}; returns its task name.
     */
    static String grid(GridScheduler target, String graph, String task, int items, int maxGroup) {
        int group = Math.min(Math.min(GROUP, maxGroup), Integer.highestOneBit(items));
        WorkerGrid1D worker = new WorkerGrid1D((int) (((long) items + group - 1) / group * group));
        worker.setLocalWork(group, 1, 1);
        target.addWorkerGrid(graph + "." + task, worker);
        return task;
    }

    /**
     * The lines of {@code FftPlan.toString()} for this plan: the convolution, then one per kernel, the
     * M-point passes described by {@code passLine} (pass index, direction) from kernel 1 on.
     */
    String describe(List<Pass> passes, java.util.function.BiFunction<Pass, Direction, String> passLine) {
        StringBuilder s = new StringBuilder();
        String forward = String.join(" ", passes.stream().map(Pass::kernelNotation).toList());
        s.append("Bluestein: ").append(n).append(" points as a circular convolution of M = ").append(m)
                .append(" points: pad ").append(forward).append(" filter ").append(forward).append(" crop\n");
        int kernel = 0;
        s.append("  kernel ").append(kernel++).append(": pad: x_j c_j, c_j = e^{-i pi j^2/").append(n)
                .append("} (conjugated inverse), zero-padded to ").append(m).append(" points, ")
                .append((long) m * descriptor.batch()).append(" work-items");
        if (!descriptor.inputPacked()) {
            s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
        }
        s.append('\n');
        for (Pass pass : passes) {
            s.append("  kernel ").append(kernel++).append(": ").append(passLine.apply(pass, Direction.FORWARD)).append('\n');
        }
        s.append("  kernel ").append(kernel++).append(": filter: times the spectrum of the chirp filter (")
                .append(m).append(" points, computed in double on the host), ").append((long) m * descriptor.batch())
                .append(" work-items\n");
        for (Pass pass : passes) {
            s.append("  kernel ").append(kernel++).append(": ").append(passLine.apply(pass, Direction.INVERSE)).append('\n');
        }
        s.append("  kernel ").append(kernel).append(": crop: c_k y_k, scaled, the first ").append(n).append(" of ")
                .append(m).append(" points, ").append((long) n * descriptor.batch()).append(" work-items");
        if (!descriptor.outputPacked()) {
            s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
        }
        return s.append('\n').toString();
    }
}
