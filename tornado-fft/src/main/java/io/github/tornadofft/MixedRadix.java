package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.MixedRadixPass;
import io.github.tornadofft.kernels.MixedRadixPassDouble;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Collections;

/**
 * A 1D transform whose length N is not a power of two but has no prime factor above 7 (1000, 1536,
 * 3 x 2^18, 10^6): a chain of Stockham passes of radix 2, 3, 4, 5, 7, 8 or 16 in global memory
 * ({@link MixedRadixPass}), one work-item per butterfly. Other lengths that are not powers of two keep
 * Bluestein's convolution ({@link Bluestein}), and powers of two the register passes.
 *
 * <p>The radices ({@link #radices}): the twos in as few passes of radix 16, 8, 4 or 2 as they take,
 * their bits spread evenly (2^11 = 16 x 16 x 8, 2^6 = 8 x 8), then one pass per factor 7, 5 and 3.
 * Largest first: the first pass (span 1) stores each work-item's R values R apart from its
 * neighbour's, and every later pass of span p stores runs of p adjacent values, so a large first radix
 * makes every later store a run of at least 16 values (128 bytes of floats) where the twos allow.
 *
 * <p>The pass of radix R and span p reads its twiddles {@code W_{pR}^{m k}}, 0 &lt; m &lt; R, k &lt; p,
 * from a table of (R - 1) p entries, computed on the host in double ({@code Twiddles}' exact argument
 * reduction) and stored in the plan's precision, shared by every plan of that precision, radix and
 * span (the tables of one transform hold N - 1 entries in all). The inverse conjugates on every load
 * and store. An {@link Engine} whose descriptor this applies to ({@link #applies}) runs the passes along
 * its usual buffer chain (input, one or two packed scratch arrays, output); this class adds the tasks.
 */
final class MixedRadix {

    /** Work-items per group (fewer where the device allows fewer). */
    static final int GROUP = 256;
    /** Most local memory a fused group takes: two buffers of the longest transform, in either precision. */
    static final long FUSED_LOCAL_BYTES = 4L * MixedRadixPass.FUSED_MAX * Float.BYTES;
    /** Most passes the fused kernel's radix word holds (four bits each, a zero nibble after the last). */
    static final int FUSED_PASSES = 7;

    /** The tables of each precision, radix and span, kept for the life of the JVM as HostBuffers keeps twiddles. */
    private static final Map<List<Object>, TornadoNativeArray> TWIDDLES = new ConcurrentHashMap<>();

    private final FftDescriptor descriptor;
    final int n;
    private final int[] radices;
    /** Whether every pass runs in one kernel through local memory ({@link #fuses}). */
    final boolean fused;
    private final List<TornadoNativeArray> twiddles;

    /**
     * The passes of {@code descriptor}'s length and their tables (computed on first use of a radix and
     * span, or of a length for the fused kernel's), fused where {@link #fuses} says so.
     *
     * @param localBytes local memory per work-group of the device
     */
    MixedRadix(FftDescriptor descriptor, long localBytes) {
        if (!applies(descriptor)) {
            throw new IllegalArgumentException("descriptor: a 1D c2c transform of a length whose prime factors are 2, 3, 5"
                    + " and 7, not a power of two, got " + descriptor);
        }
        this.descriptor = descriptor;
        this.n = descriptor.shape()[0];
        this.radices = radices(n);
        Precision precision = descriptor.precision();
        this.fused = fuses(n, precision, localBytes);
        if (fused) {
            this.twiddles = List.of(TWIDDLES.computeIfAbsent(List.of(precision, "fused", n),
                    key -> DeviceArrays.of(precision, fusedTwiddles(radices))));
            return;
        }
        List<TornadoNativeArray> tables = new ArrayList<>();
        int span = 1;
        for (int radix : radices) {
            int r = radix;
            int p = span;
            tables.add(TWIDDLES.computeIfAbsent(List.of(precision, r, p), key -> DeviceArrays.of(precision, twiddles(r, p))));
            span *= radix;
        }
        this.twiddles = List.copyOf(tables);
    }

    /**
     * Whether {@code d} runs as mixed-radix passes: a 1D c2c transform whose length is not a power of two
     * and has no prime factor above 7.
     */
    static boolean applies(FftDescriptor d) {
        return d.kind() == FftDescriptor.Kind.C2C && d.rank() == 1 && Integer.bitCount(d.shape()[0]) != 1
                && smooth(d.shape()[0]);
    }

    /** Whether {@code n} (at least 1) has no prime factor above 7. */
    static boolean smooth(int n) {
        for (int p : new int[] {2, 3, 5, 7}) {
            while (n % p == 0) {
                n /= p;
            }
        }
        return n == 1;
    }

    /**
     * The radices of the passes of {@code n} (7-smooth, above 1), in the order they run: the factor 2^t
     * as ceil(t / 4) passes of radix 16, 8, 4 or 2, the bits spread evenly, larger first; then each
     * factor 7, 5 and 3 as a pass of its own.
     *
     * @throws IllegalArgumentException naming {@code n} where it is below 2 or has a prime factor above 7
     */
    static int[] radices(int n) {
        if (n < 2 || !smooth(n)) {
            throw new IllegalArgumentException("n: at least 2, with no prime factor above 7, got " + n);
        }
        int twos = Integer.numberOfTrailingZeros(n);
        int rest = n >> twos;
        List<Integer> list = new ArrayList<>();
        int passes = (twos + 3) / 4;
        for (int p = 0; p < passes; p++) {
            // The first (twos mod passes) passes take one bit more than the others.
            int bits = twos / passes + (p < twos % passes ? 1 : 0);
            list.add(1 << bits);
        }
        for (int p : new int[] {7, 5, 3}) {
            while (rest % p == 0) {
                list.add(p);
                rest /= p;
            }
        }
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The twiddle table of the pass of radix R and span p: entry (m - 1) p + k, interleaved complex,
     * is {@code W_{pR}^{m k} = e^{-2 pi i m k / (p R)}} for 0 &lt; m &lt; R, k &lt; p, in double to within
     * double rounding.
     */
    static double[] twiddles(int radix, int span) {
        long turn = (long) span * radix;
        double[] table = new double[2 * (radix - 1) * span];
        for (int m = 1; m < radix; m++) {
            for (int k = 0; k < span; k++) {
                int at = 2 * ((m - 1) * span + k);
                table[at] = Twiddles.cos2pi((long) m * k, turn);
                table[at + 1] = -Twiddles.sin2pi((long) m * k, turn);
            }
        }
        return table;
    }

    /**
     * Whether a transform of {@code n} points runs as one fused kernel: at most the fused kernel's
     * longest in {@code precision} (3072 float, 1536 double: two buffers of it fill 48 KB), on a device
     * with that much local memory per group.
     */
    static boolean fuses(int n, Precision precision, long localBytes) {
        int max = precision == Precision.FLOAT ? MixedRadixPass.FUSED_MAX : MixedRadixPassDouble.FUSED_MAX;
        return n <= max && localBytes >= FUSED_LOCAL_BYTES && radices(n).length <= FUSED_PASSES;
    }

    /** The fused kernel's table: each pass's {@link #twiddles} in turn ({@code n - 1} entries in all). */
    static double[] fusedTwiddles(int[] radices) {
        int entries = 0;
        int span = 1;
        for (int radix : radices) {
            entries += (radix - 1) * span;
            span *= radix;
        }
        double[] table = new double[2 * entries];
        int at = 0;
        span = 1;
        for (int radix : radices) {
            double[] pass = twiddles(radix, span);
            System.arraycopy(pass, 0, table, at, pass.length);
            at += pass.length;
            span *= radix;
        }
        return table;
    }

    /** The fused kernel's radix word: radix R of pass p as {@code R - 1} in bits 4p to 4p + 3. */
    static int radixWord(int[] radices) {
        int word = 0;
        for (int p = 0; p < radices.length; p++) {
            word |= (radices[p] - 1) << (4 * p);
        }
        return word;
    }

    /**
     * Work-items per transform in the fused kernel: one per butterfly of the pass of the largest radix,
     * in warps of 32, at most {@code maxGroup} and {@link #GROUP}; the passes of smaller radices, which
     * have more butterflies, take them in turn.
     */
    static int fusedPer(int n, int[] radices, int maxGroup) {
        int lines = n / Arrays.stream(radices).max().orElse(n);
        return Math.max(1, Math.min(Math.min(GROUP, maxGroup), (lines + 31) / 32 * 32));
    }

    /**
     * Transforms per fused group: as many as make a group of up to {@link #GROUP} work-items, whose
     * buffers (two of n complex values each) fit {@link #FUSED_LOCAL_BYTES}, and no more than the batch.
     */
    static int fusedLanes(int n, int per, Precision precision, int batch, int maxGroup) {
        long perTransform = 4L * n * precision.bytes();
        int lanes = (int) Math.min(Math.min(GROUP, maxGroup) / per, FUSED_LOCAL_BYTES / perTransform);
        return Math.max(1, Math.min(lanes, batch));
    }

    /** The radices of the passes, in order (a copy). */
    int[] radices() {
        return radices.clone();
    }

    /** The kernels of one transform: one when fused, else one per pass. */
    int passes() {
        return fused ? 1 : radices.length;
    }

    /** Each pass's twiddle table, which the engine's graph 1 sends and graph 2 takes from it. */
    List<TornadoNativeArray> tables() {
        return twiddles;
    }

    /**
     * Adds the transform in {@code direction} to {@code graph} along {@code chain}, the passes' k + 1
     * buffers (pass p reads {@code chain.get(p)} and writes {@code chain.get(p + 1)}): the first pass
     * reads the input's layout, the last writes the output's and scales; registers the work-group shapes
     * in {@code target}; returns the task names.
     *
     * @param sendTables whether this graph sends the twiddle tables (else it takes them from another graph)
     * @param scale      the normalisation
     * @param maxGroup   most work-items per group on the device
     */
    List<String> addTasks(TaskGraph graph, Direction direction, List<TornadoNativeArray> chain, boolean sendTables,
                          double scale, int maxGroup, GridScheduler target) {
        if (chain.size() != passes() + 1) {
            throw new IllegalArgumentException("chain: " + (passes() + 1) + " buffers for " + passes()
                    + " kernels, got " + chain.size());
        }
        if (sendTables) {
            Set<TornadoNativeArray> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
            distinct.addAll(twiddles);
            graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, distinct.toArray());
        }
        int flags = direction == Direction.INVERSE ? MixedRadixPass.INVERSE : 0;
        String name = graph.getTaskGraphName();
        FftDescriptor.Layout input = descriptor.inputLayout();
        FftDescriptor.Layout output = descriptor.outputLayout();
        List<String> tasks = new ArrayList<>();
        if (fused) {
            int per = fusedPer(n, radices, maxGroup);
            int lanes = fusedLanes(n, per, descriptor.precision(), descriptor.batch(), maxGroup);
            addFused(graph, name + "f", chain.get(0), chain.get(1), input, output, scale, flags, per, lanes);
            int groups = (descriptor.batch() + lanes - 1) / lanes;
            WorkerGrid1D worker = new WorkerGrid1D(groups * lanes * per);
            worker.setLocalWork(lanes * per, 1, 1);
            target.addWorkerGrid(name + "." + name + "f", worker);
            tasks.add(name + "f");
            return tasks;
        }
        int span = 1;
        for (int p = 0; p < radices.length; p++) {
            int radix = radices[p];
            boolean first = p == 0;
            boolean last = p == radices.length - 1;
            // Between the passes the transforms lie packed: element e of transform b at b n + e.
            int inStride = first ? input.stride() : 1;
            int inDistance = first ? input.distance() : n;
            int outStride = last ? output.stride() : 1;
            int outDistance = last ? output.distance() : n;
            int items = n / radix * descriptor.batch();
            String task = "r" + p;
            addPass(graph, name + task, radix, chain.get(p), chain.get(p + 1), twiddles.get(p), span, items, inStride,
                    inDistance, outStride, outDistance, last ? scale : 1, flags);
            tasks.add(Bluestein.grid(target, name, task, items, Math.min(GROUP, maxGroup)));
            span *= radix;
        }
        return tasks;
    }

    /** Adds the fused kernel as a task of the plan's precision: every pass, {@code src} to {@code dst}. */
    private void addFused(TaskGraph graph, String task, TornadoNativeArray src, TornadoNativeArray dst,
                          FftDescriptor.Layout input, FftDescriptor.Layout output, double scale, int flags, int per,
                          int lanes) {
        int word = radixWord(radices);
        int batch = descriptor.batch();
        int local = 4 * n * lanes;
        if (src instanceof DoubleArray doubles) {
            graph.task(task, MixedRadixPassDouble::fused, new KernelContext(), doubles, (DoubleArray) dst,
                    (DoubleArray) twiddles.get(0), n, word, per, batch, input.stride(), input.distance(),
                    output.stride(), output.distance(), scale, flags, local);
        } else {
            graph.task(task, MixedRadixPass::fused, new KernelContext(), (FloatArray) src, (FloatArray) dst,
                    (FloatArray) twiddles.get(0), n, word, per, batch, input.stride(), input.distance(),
                    output.stride(), output.distance(), (float) scale, flags, local);
        }
    }

    /** Adds one pass as a task of the plan's precision: {@link MixedRadixPass}'s kernel, or its double twin's. */
    private void addPass(TaskGraph graph, String task, int radix, TornadoNativeArray src, TornadoNativeArray dst,
                         TornadoNativeArray tw, int span, int items, int inStride, int inDistance, int outStride,
                         int outDistance, double scale, int flags) {
        if (src instanceof DoubleArray doubles) {
            graph.task(task, MixedRadixPassDouble.kernel(radix), new KernelContext(), doubles, (DoubleArray) dst,
                    (DoubleArray) tw, n, span, items, inStride, inDistance, outStride, outDistance, scale, flags);
        } else {
            graph.task(task, MixedRadixPass.kernel(radix), new KernelContext(), (FloatArray) src, (FloatArray) dst,
                    (FloatArray) tw, n, span, items, inStride, inDistance, outStride, outDistance, (float) scale, flags);
        }
    }

    /** The passes in one line: {@code mixed radix 1000 = 8 x 5 x 5 x 5: R8(span 1) R5(span 8) R5(span 40) R5(span 200)}. */
    String notation() {
        StringBuilder s = new StringBuilder("mixed radix ").append(n).append(" = ");
        s.append(String.join(" x ", Arrays.stream(radices).mapToObj(Integer::toString).toList())).append(':');
        int span = 1;
        for (int radix : radices) {
            s.append(" R").append(radix).append("(span ").append(span).append(')');
            span *= radix;
        }
        return s.toString();
    }

    /** The lines of {@code FftPlan.toString()} for this plan: {@link #notation}, then one per kernel. */
    String describe() {
        StringBuilder s = new StringBuilder(notation()).append('\n');
        if (fused) {
            int per = fusedPer(n, radices, GROUP);
            int lanes = fusedLanes(n, per, descriptor.precision(), descriptor.batch(), GROUP);
            s.append("  kernel 0: every pass in one work-group, ").append(lanes).append(" transform")
                    .append(lanes == 1 ? "" : "s").append(" of ").append(per).append(" work-items per group (at most;")
                    .append(" fewer where the device allows fewer), ")
                    .append(4L * n * lanes * descriptor.precision().bytes()).append(" bytes of local memory, ")
                    .append((descriptor.batch() + lanes - 1) / lanes).append(" groups, twiddles from one table of ")
                    .append(n - 1);
            if (!descriptor.inputPacked()) {
                s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
            }
            if (!descriptor.outputPacked()) {
                s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
            }
            return s.append('\n').toString();
        }
        int span = 1;
        for (int p = 0; p < radices.length; p++) {
            int radix = radices[p];
            long items = (long) n / radix * descriptor.batch();
            s.append("  kernel ").append(p).append(": radix ").append(radix).append(", span ").append(span).append(", ")
                    .append(items).append(" work-items (one butterfly each)");
            if (span > 1) {
                s.append(", twiddles W_").append((long) span * radix).append(" from a table of ").append((radix - 1) * span);
            }
            if (p == 0 && !descriptor.inputPacked()) {
                s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
            }
            if (p == radices.length - 1 && !descriptor.outputPacked()) {
                s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
            }
            s.append('\n');
            span *= radix;
        }
        return s.toString();
    }
}
