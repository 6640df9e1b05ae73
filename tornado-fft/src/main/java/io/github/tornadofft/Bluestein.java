package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.Chirp;
import io.github.tornadofft.kernels.ChirpTables;
import io.github.tornadofft.kernels.RegisterPass;
import io.github.tornadofft.plan.Pass;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * A 1D transform of a length N that is not a power of two and has a prime factor above 13 (the others
 * are {@link MixedRadix}'s), as Bluestein's circular convolution of M
 * points, the least power of two of at least 2N - 1 ({@link Chirp}): a plan that wraps the plan of
 * a batch of M-point transforms (pocketfft's shape).
 *
 * <p>Each direction is the M-point passes twice, forward then inverse, with Bluestein's three pointwise
 * steps inside them ({@link RegisterPass#chirpKernel}): the first forward pass loads the caller's input
 * times the chirp (zero-padded to M points), the last forward pass stores the spectrum times the
 * filter's, and the last inverse pass stores the first N points times the chirp, scaled, into the
 * caller's output. Every pass between is an ordinary one. The inverse direction takes the conjugate
 * chirp and filter spectrum ({@link RegisterPass#INVERSE_CHIRP}: the filter is symmetric, so its
 * spectrum's conjugate is the inverse's). An {@link Engine} whose descriptor this applies to
 * ({@link #applies}) plans the M-point passes ({@link Engine#complexPart} is the M-point transform) and
 * holds the packed work arrays of M points per transform (one where the M points take a single pass);
 * this class adds the tasks, and owns the three tables its passes read: each the pass's twiddles
 * followed by the chirp (N values) or the filter's spectrum (M values), computed on the host in double,
 * and shared, read-only, by every engine of the same N and passes.
 */
final class Bluestein {

    /** Work-items per group of the chirp and filter kernels (fewer where the device allows fewer). */
    static final int GROUP = 256;

    /** The tables of each N, kept for the life of the JVM as HostBuffers keeps twiddles (see there why). */
    private static final Map<List<Object>, TornadoNativeArray> CHIRPS = new ConcurrentHashMap<>();
    private static final Map<List<Object>, TornadoNativeArray> SPECTRA = new ConcurrentHashMap<>();
    /** The chirp passes' tables, kept likewise: by precision, N, the pass's role, radices and span. */
    private static final Map<List<Object>, TornadoNativeArray> PASS_TABLES = new ConcurrentHashMap<>();

    private final FftDescriptor descriptor;
    final int n;
    final int m;

    /** Checks {@code descriptor}'s convolution ({@link #convolution}); the tables come with the passes. */
    Bluestein(FftDescriptor descriptor) {
        convolution(descriptor);
        this.descriptor = descriptor;
        this.n = descriptor.shape()[0];
        this.m = convolutionLength(n);
    }
    /**
     * Whether {@code d} is computed by Bluestein's convolution: a 1D c2c transform whose length is not a
     * power of two and has a prime factor above 13 (the others run as mixed-radix passes, {@link MixedRadix}).
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
                    + " (or up to 2^27 a power of two, or a length whose prime factors are 2, 3, 5, 7, 11 and 13), got " + n);
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

    /**
     * Device bytes a plan of {@code d} takes: input, output, two work arrays of M points per transform, the
     * tables (the chirp twice, the filter's spectrum once; the passes' own twiddles are small beside them).
     */
    static long deviceBytes(FftDescriptor d) {
        long work = convolution(d).floats();
        int n = d.shape()[0];
        return (d.inputFloats() + (d.inPlace() ? 0 : d.outputFloats()) + 2 * work + 4L * n + 2L * convolutionLength(n))
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

    /** What a chirp pass's table carries after the pass's twiddles. */
    enum Role {
        /** The forward passes' first: the chirp. */
        CHIRP_IN,
        /** The forward passes' only pass: the chirp, then the filter's spectrum. */
        CHIRP_IN_FILTER,
        /** The forward passes' last: the filter's spectrum. */
        FILTER,
        /** The inverse passes' last: the chirp. */
        CHIRP_OUT
    }

    /**
     * The table of a chirp pass: {@code pass}'s own twiddle table (the one an ordinary pass of its radices
     * and span reads, {@link HostBuffers#twiddles}), then what {@code role} says, in this plan's precision
     * (each value rounded once, as the chirp and the spectrum are), shared by every plan of the same N and
     * pass.
     */
    TornadoNativeArray passTable(Pass pass, Role role) {
        Precision precision = descriptor.precision();
        List<Object> key = List.of(precision, n, role, Arrays.toString(pass.sub()), pass.span());
        return PASS_TABLES.computeIfAbsent(key, k -> {
            List<TornadoNativeArray> parts = new ArrayList<>();
            parts.add(HostBuffers.twiddles(precision, pass.sub(), pass.span(), pass.fused()));
            if (role != Role.FILTER) {
                parts.add(ChirpTables.table(n, precision));
            }
            if (role == Role.FILTER || role == Role.CHIRP_IN_FILTER) {
                parts.add(ChirpTables.filterSpectrum(n, m, precision));
            }
            long length = parts.stream().mapToLong(TornadoNativeArray::getSize).sum();
            TornadoNativeArray table = DeviceArrays.allocate(precision, Math.toIntExact(length));
            long bytes = precision.bytes();
            long at = 0;
            for (TornadoNativeArray part : parts) {
                MemorySegment.copy(part.getSegment(), 0, table.getSegment(), at, part.getSize() * bytes);
                at += part.getSize() * bytes;
            }
            return table;
        });
    }

    /**
     * The tables the tasks of {@code passes} read ({@code twiddles} the passes' own, one per pass): the
     * chirp passes' ({@link #passTable}) and the ordinary passes', each once; the engine's graph 1 sends
     * them and graph 2 takes them from it.
     */
    List<TornadoNativeArray> tables(List<Pass> passes, List<TornadoNativeArray> twiddles) {
        Set<TornadoNativeArray> tables = Collections.newSetFromMap(new IdentityHashMap<>());
        tables.addAll(forwardTables(passes, twiddles));
        tables.addAll(inverseTables(passes, twiddles));
        return List.copyOf(tables);
    }

    /** The table of each forward pass: the first's with the chirp, the last's with the filter, between the passes' own. */
    private List<TornadoNativeArray> forwardTables(List<Pass> passes, List<TornadoNativeArray> twiddles) {
        int k = passes.size();
        if (k == 1) {
            return List.of(passTable(passes.getFirst(), Role.CHIRP_IN_FILTER));
        }
        List<TornadoNativeArray> tables = new ArrayList<>(twiddles);
        tables.set(0, passTable(passes.getFirst(), Role.CHIRP_IN));
        tables.set(k - 1, passTable(passes.getLast(), Role.FILTER));
        return tables;
    }

    /** The table of each inverse pass: the last's with the chirp, the others the passes' own. */
    private List<TornadoNativeArray> inverseTables(List<Pass> passes, List<TornadoNativeArray> twiddles) {
        List<TornadoNativeArray> tables = new ArrayList<>(twiddles);
        tables.set(passes.size() - 1, passTable(passes.getLast(), Role.CHIRP_OUT));
        return tables;
    }

    /**
     * The buffers of a transform of {@code k} M-point passes from {@code in} to {@code out}: {@code in},
     * the work arrays, {@code out}. One work array where {@code k} is 1 (the forward pass writes it, the
     * inverse pass reads it), else two, between which the passes alternate.
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

    /**
     * Adds the transform in {@code direction} to {@code graph} along {@code buffers} ({@link #buffers}):
     * the forward M-point passes from the input, the chirp in the first's load and the filter in the
     * last's store, then the inverse M-point passes into the output, the chirp and the scale in the
     * last's store; registers their work-group shapes in {@code target}; returns the task names.
     *
     * @param passes     the M-point passes of one direction
     * @param twiddles   the passes' own tables, one per pass
     * @param sendTables whether this graph sends the tables (else it takes them from another graph)
     * @param scale      the normalisation
     * @param late       whether the passes address their stores late ({@link RegisterPass#LATE_STORE})
     */
    List<String> addTasks(TaskGraph graph, Direction direction, List<Pass> passes, List<TornadoNativeArray> twiddles,
                          List<TornadoNativeArray> buffers, boolean sendTables, double scale, boolean late,
                          GridScheduler target) {
        if (sendTables) {
            for (TornadoNativeArray table : tables(passes, twiddles)) {
                graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, table);
            }
        }
        int k = passes.size();
        List<TornadoNativeArray> work = buffers.subList(1, buffers.size() - 1);
        List<TornadoNativeArray> forward = new ArrayList<>();
        forward.add(buffers.getFirst());
        forward.addAll(alternate(work, 0, k - 1));
        List<TornadoNativeArray> inverse = new ArrayList<>(alternate(work, k - 1, k - 1));
        inverse.add(buffers.getLast());
        int conjugate = direction == Direction.INVERSE ? RegisterPass.INVERSE_CHIRP : 0;
        long points = (long) m * descriptor.batch();
        long size = m;
        // N rides in the distance of the packed side's layout: the first pass's output, the last's input.
        FftDescriptor.Layout bound = new FftDescriptor.Layout(1, n);
        FftDescriptor.Layout packed = new FftDescriptor.Layout(1, m);
        String base = Engine.taskBase(graph);
        List<String> tasks = new ArrayList<>();
        List<TornadoNativeArray> forwardTables = forwardTables(passes, twiddles);
        for (int p = 0; p < k; p++) {
            Pass pass = passes.get(p);
            boolean chirp = p == 0 || p == k - 1;
            int flags = Engine.passFlags(pass, false, false, p == 0, false, size, late) | (chirp ? conjugate : 0);
            tasks.add(Engine.addPass(graph, base + "f" + p, pass, chirp, forward.get(p), forward.get(p + 1),
                    forwardTables.get(p), flags, 1, p == 0 ? descriptor.inputLayout() : packed, p == 0 ? bound : packed,
                    points, target));
        }
        List<TornadoNativeArray> inverseTables = inverseTables(passes, twiddles);
        for (int p = 0; p < k; p++) {
            Pass pass = passes.get(p);
            boolean last = p == k - 1;
            int flags = Engine.passFlags(pass, true, false, false, last, size, late) | (last ? conjugate : 0);
            tasks.add(Engine.addPass(graph, base + "i" + p, pass, last, inverse.get(p), inverse.get(p + 1),
                    inverseTables.get(p), flags, last ? scale : 1, last ? bound : packed,
                    last ? descriptor.outputLayout() : packed, points, target));
        }
        return tasks;
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
     * M-point passes described by {@code passLine} (pass, direction), with the steps each chirp pass
     * does in its load or store.
     */
    String describe(List<Pass> passes, java.util.function.BiFunction<Pass, Direction, String> passLine) {
        StringBuilder s = new StringBuilder();
        String forward = String.join(" ", passes.stream().map(Pass::kernelNotation).toList());
        s.append("Bluestein: ").append(n).append(" points as a circular convolution of M = ").append(m)
                .append(" points: ").append(forward).append(" ").append(forward)
                .append(", the chirp and the filter in the first and last passes\n");
        int kernel = 0;
        int k = passes.size();
        for (Direction direction : List.of(Direction.FORWARD, Direction.INVERSE)) {
            for (int p = 0; p < k; p++) {
                s.append("  kernel ").append(kernel++).append(": ").append(passLine.apply(passes.get(p), direction));
                if (direction == Direction.FORWARD && p == 0) {
                    s.append(", loads x_j c_j, c_j = e^{-i pi j^2/").append(n).append("} (conjugated inverse), zero from ")
                            .append(n).append(" to ").append(m);
                    if (!descriptor.inputPacked()) {
                        s.append(", from the input's layout (").append(descriptor.inputLayout()).append(')');
                    }
                }
                if (direction == Direction.FORWARD && p == k - 1) {
                    s.append(", stores times the filter's spectrum (").append(m).append(" points, computed in double on the host)");
                }
                if (direction == Direction.INVERSE && p == k - 1) {
                    s.append(", stores c_k y_k, scaled, the first ").append(n).append(" of ").append(m).append(" points");
                    if (!descriptor.outputPacked()) {
                        s.append(", into the output's layout (").append(descriptor.outputLayout()).append(')');
                    }
                }
                s.append('\n');
            }
        }
        return s.toString();
    }
}
