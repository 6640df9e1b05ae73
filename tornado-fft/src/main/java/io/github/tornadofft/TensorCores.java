package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.TensorCoreStage;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A plan's transform as tensor-core stages ({@link Compute#TENSOR_CORES}, {@link TensorCoreStage}): a
 * batch of complex 1D transforms of N = 2^k points, 128 ≤ N, in k / 4 stages of radix 16 after a first
 * of radix 2^(k mod 4) where k is not a multiple of 4. Each stage is one kernel from global memory to
 * a packed fp32 work array; a HALF plan's last kernel rounds that to the fp16 output times the norm's
 * factor ({@link TensorCoreStage#toHalf}); a FLOAT plan's last stage writes the output itself where
 * the norm's factor is 1 (the forward transform by default), else a last kernel multiplies by it
 * ({@link TensorCoreStage#scaleBy}).
 *
 * <p><b>Scales.</b> fp16 keeps 11 significant bits only between 2^-14 and 65504: the operands of every
 * stage must stay in that range, each stage's DFT matrix is scaled by a power of two ({@link
 * #matrixScale}, no rounding), and what the scales took is given back in fp32 ({@link #compensation}).
 * <ul>
 * <li>HALF: the matrices are scaled by 1/R, so a stage's outputs are never larger than its largest
 * input and no operand overflows whatever fp16 data comes in; random data shrinks by about sqrt(R)
 * per stage (2^-10 over 2^20 points), far above 2^-14 for data near 1. The last kernel multiplies by N
 * (and the norm) in fp32 before its rounding to fp16, so a result beyond fp16's range is stored as an
 * infinity of its sign and nothing else changes (an infinite operand would have made NaNs, inf x 0,
 * of every value it meets in a product).</li>
 * <li>FLOAT (split mode): the lo parts are 2^12 smaller than the values, so the operands must stay near
 * 1: the matrices are scaled by {@code 2^-floor(log2(R)/2)} (1/4 for radix 16), which keeps random data
 * about as large as the input (a butterfly grows it by about sqrt(R)); the last stage multiplies its
 * inputs by the compensation, so that it writes the unnormalised transform, and the norm's factor (1/N,
 * 1/sqrt(N)) comes in fp32 after the products (in the model of the stages, folding 1/N into the last
 * stage's inputs gave 7.6e-6 at 2^16, 3.8 times float's bound, as the lo parts fell below fp16's
 * normal range). Data whose magnitudes reach 2^15 / sqrt(N) overflow an operand and make NaNs; data
 * far below 1 loses bits in the lo parts: the split mode keeps float accuracy for data of magnitude
 * about 2^-8 to 2^8 (the range the seed's per-vector scaling also aims for).</li>
 * </ul>
 *
 * <p><b>Tables.</b> The matrices of each radix ({@link #matrix}, direction-free: the inverse conjugates
 * through its B tiles) and each later stage's twiddles {@code W_{LR}^{j q}} ({@link #twiddles}), computed
 * on the host in double (exact argument reduction) and stored in fp32; shared by both directions.
 */
final class TensorCores {

    /** The shortest transform: 8 columns of a radix-16 stage. */
    static final int MIN_POINTS = 128;
    /**
     * What {@link TensorCoreStage}'s kernels add to their {@code mmaStore} columns: TornadoVM 5.2 computes
     * the address of an {@code mmaStore} with the JVM's float[] header (16 bytes), where its own arrays'
     * data start after {@code TornadoNativeArray.ARRAY_HEADER} bytes (16 by default, 128 in the GPU
     * bundle's runs): without this, every store lands that difference early, over the array's header.
     */
    static final int STORE_SHIFT = (int) ((TornadoNativeArray.ARRAY_HEADER - javaFloatArrayBase()) / Float.BYTES);

    /** Work-items per group of {@link TensorCoreStage#toHalf}. */
    private static final int HALF_GROUP = 256;

    private final FftDescriptor descriptor;
    private final int n;
    private final int batch;
    private final int[] radices;
    /** The matrices of each distinct radix, in the order of first use. */
    private final Map<Integer, IntArray> matrices = new LinkedHashMap<>();
    /** The twiddles of each stage; stage 0 (span 1) takes a table of one entry it never reads. */
    private final List<FloatArray> twiddles = new ArrayList<>();
    /**
     * Every plan's tables, kept for the life of the JVM and shared by the plans of the same radix,
     * precision and span, as {@link HostBuffers} keeps the register passes' twiddles: computed once, and
     * never handed back to the allocator (a host array the PTX backend has pinned, freed and allocated
     * again, fails its later copies).
     */
    private static final Map<List<Object>, TornadoNativeArray> TABLES = new ConcurrentHashMap<>();
    /** Two fp32 arrays of the whole batch, between the stages (from {@link HostBuffers}). */
    private final List<TornadoNativeArray> work = new ArrayList<>();

    TensorCores(FftDescriptor descriptor) {
        this.descriptor = descriptor;
        this.n = descriptor.shape()[0];
        this.batch = descriptor.batch();
        this.radices = radices(n);
        int span = 1;
        for (int radix : radices) {
            Precision precision = descriptor.precision();
            matrices.computeIfAbsent(radix, r -> (IntArray) TABLES.computeIfAbsent(List.of("matrix", r, precision),
                    key -> IntArray.fromArray(matrix(r, matrixScale(r, precision)))));
            int r = radix;
            int l = span;
            twiddles.add((FloatArray) TABLES.computeIfAbsent(List.of("twiddles", r, l),
                    key -> FloatArray.fromArray(l == 1 ? new float[2] : twiddles(r, l))));
            span *= radix;
        }
        for (int i = 0; i < 2; i++) {
            work.add(HostBuffers.take(Precision.FLOAT, (int) descriptor.floats()));
        }
    }

    /**
     * Checks that a plan of {@code d} with tensor-core stages can run on {@code device}.
     *
     * @throws IllegalArgumentException naming {@code compute} for a device not of the PTX backend,
     *                                  {@code precision} for DOUBLE, {@code kind} for a real transform,
     *                                  {@code shape} for more than one axis or a length not a power of two
     *                                  from 128, {@code batch} for a batch the first stage cannot pack,
     *                                  {@code layout} for a strided layout
     */
    static void check(FftDescriptor d, TornadoDevice device) {
        TornadoVMBackendType backend = device.getTornadoVMBackend();
        if (backend != TornadoVMBackendType.PTX) {
            throw new IllegalArgumentException("compute: TENSOR_CORES needs TornadoVM's PTX backend (its mma.sync fragments);"
                    + " " + device.getPhysicalDevice().getDeviceName() + " is " + backend + " " + device.getDeviceName()
                    + "; use Compute.STANDARD on it, or a PTX device");
        }
        check(d);
    }

    /** {@link #check(FftDescriptor, TornadoDevice)} without the device: what the descriptor must be. */
    static void check(FftDescriptor d) {
        if (d.precision() == Precision.DOUBLE) {
            throw new IllegalArgumentException("precision: TENSOR_CORES takes HALF (fp16 operands) or FLOAT (the split mode);"
                    + " tensor cores have no fp64 products here");
        }
        if (d.isReal()) {
            throw new IllegalArgumentException("kind: TENSOR_CORES takes complex (c2c) transforms; got " + d.kind());
        }
        int[] shape = d.shape();
        if (shape.length != 1 || Integer.bitCount(shape[0]) != 1 || shape[0] < MIN_POINTS) {
            throw new IllegalArgumentException("shape: TENSOR_CORES takes one axis of a power of two from " + MIN_POINTS
                    + " points; got " + Arrays.toString(shape));
        }
        int pack = 16 / radices(shape[0])[0];
        if (d.batch() % pack != 0) {
            throw new IllegalArgumentException("batch: TENSOR_CORES packs " + pack + " transforms of " + shape[0]
                    + " points into each first-stage product (radix " + 16 / pack + "), so the batch must be a multiple of "
                    + pack + "; got " + d.batch());
        }
        if (!d.inputPacked() || !d.outputPacked()) {
            throw new IllegalArgumentException("layout: TENSOR_CORES takes packed input and output; got "
                    + d.inputLayout() + " -> " + d.outputLayout());
        }
    }

    /** The JVM's float[] base offset (sun.misc.Unsafe's, which TornadoVM's PTX backend takes from JVMCI), 16 where unreadable. */
    private static long javaFloatArrayBase() {
        try {
            return Class.forName("sun.misc.Unsafe").getField("ARRAY_FLOAT_BASE_OFFSET").getInt(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 16;
        }
    }

    /** The stages' radices for N = 2^k: 2^(k mod 4) first where that is not 1, then radix 16. */
    static int[] radices(int n) {
        int bits = Integer.numberOfTrailingZeros(n);
        int first = 1 << (bits % 4);
        int sixteens = bits / 4;
        int[] radices = new int[sixteens + (first > 1 ? 1 : 0)];
        Arrays.fill(radices, 16);
        if (first > 1) {
            radices[0] = first;
        }
        return radices;
    }

    /** The power of two a radix-R stage's matrix is scaled by: 1/R for HALF, 2^-floor(log2(R) / 2) for FLOAT. */
    static float matrixScale(int radix, Precision precision) {
        int bits = Integer.numberOfTrailingZeros(radix);
        return Math.scalb(1f, -(precision == Precision.HALF ? bits : bits / 2));
    }

    /** One over the product of every stage's {@link #matrixScale}, a power of two: N for HALF. */
    static float compensation(int n, Precision precision) {
        float scale = 1;
        for (int radix : radices(n)) {
            scale /= matrixScale(radix, precision);
        }
        return scale;
    }

    /** The norm's factor on the output of {@code d} in {@code direction}, in float. */
    static float normScale(FftDescriptor d, Direction direction) {
        return (float) d.norm().scale(d.shape()[0], direction);
    }

    /**
     * The radix-R stage's matrices as {@link TensorCoreStage} loads them, 4 x 128 ints: Re F, Im F, and
     * what their rounding to fp16 lost (rounded to fp16), each 16 x 16 fp16 values row-major, two to an
     * int (the even column in the low half). F is the forward R-point DFT matrix times {@code
     * scale}, repeated 16 / R times along the diagonal (zeros elsewhere).
     */
    static int[] matrix(int radix, float scale) {
        int[] ints = new int[TensorCoreStage.MATRICES_INTS];
        for (int row = 0; row < 16; row++) {
            for (int col = 0; col < 16; col++) {
                double re = 0;
                double im = 0;
                if (row / radix == col / radix) {
                    long e = (long) (row % radix) * (col % radix) % radix;
                    re = scale * Twiddles.cos2pi(e, radix);
                    im = -scale * Twiddles.sin2pi(e, radix);
                }
                put(ints, 0, row, col, re);
                put(ints, 1, row, col, im);
            }
        }
        return ints;
    }

    /** Entry (row, col) of matrix {@code m} (0 Re, 1 Im) and its lo part (matrix m + 2). */
    private static void put(int[] ints, int m, int row, int col, double value) {
        short hi = Float.floatToFloat16((float) value);
        short lo = Float.floatToFloat16((float) (value - Float.float16ToFloat(hi)));
        int at = row * 8 + col / 2;
        int shift = 16 * (col % 2);
        ints[m * TensorCoreStage.MATRIX_INTS + at] |= (hi & 0xFFFF) << shift;
        ints[(m + 2) * TensorCoreStage.MATRIX_INTS + at] |= (lo & 0xFFFF) << shift;
    }

    /**
     * The twiddles of a stage of radix R and span L: {@code W_{LR}^{j q}} = e^{-2 pi i j q / (LR)} at
     * entry {@code (j - 1) L + q}, 0 &lt; j &lt; R, q &lt; L, interleaved (re, im) in fp32.
     */
    static float[] twiddles(int radix, int span) {
        float[] table = new float[2 * (radix - 1) * span];
        long order = (long) radix * span;
        for (int j = 1; j < radix; j++) {
            for (int q = 0; q < span; q++) {
                int at = 2 * ((j - 1) * span + q);
                long e = (long) j * q;
                table[at] = (float) Twiddles.cos2pi(e, order);
                table[at + 1] = (float) -Twiddles.sin2pi(e, order);
            }
        }
        return table;
    }

    /** The stages' radices (a copy). */
    int[] radices() {
        return radices.clone();
    }

    /** Kernels per transform in {@code direction}: one per stage, and the rounding to fp16 or the norm's factor. */
    int kernels(Direction direction) {
        return radices.length + (lastKernel(direction) ? 1 : 0);
    }

    /** Whether a kernel follows the stages: for HALF always (the rounding to fp16), for FLOAT where the norm's factor is not 1. */
    private boolean lastKernel(Direction direction) {
        return descriptor.precision() == Precision.HALF || normScale(descriptor, direction) != 1f;
    }

    /** The matrices and twiddle tables, sent to the device once. */
    List<TornadoNativeArray> tables() {
        List<TornadoNativeArray> tables = new ArrayList<>(matrices.values());
        tables.addAll(twiddles);
        return tables;
    }

    /** The two fp32 work arrays between the stages. */
    List<TornadoNativeArray> work() {
        return work;
    }

    /**
     * Adds the transform in {@code direction} from {@code in} to {@code out} (the plan's precision) to
     * {@code graph}, its tasks on {@code device}, sending the tables first where {@code sendTables};
     * registers the work-group shapes in {@code target}; returns the task names.
     *
     * <p>TornadoVM 5.2 parses a task's bytecode (its sketch) when the task is added, with the intrinsics
     * of the backend the task is then on: the default backend, unless the system property
     * {@code <graph>.<task>.device} names another. Only the PTX backend's intrinsics know {@code
     * mma.sync} (the others throw), so each task is put on {@code device} by that property first.
     */
    List<String> addTasks(TaskGraph graph, Direction direction, TornadoNativeArray in, TornadoNativeArray out,
                          boolean sendTables, GridScheduler target, TornadoDevice device) {
        if (sendTables) {
            graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, tables().toArray());
        }
        boolean half = descriptor.precision() == Precision.HALF;
        boolean lastKernel = lastKernel(direction);
        float compensation = compensation(n, descriptor.precision());
        float norm = normScale(descriptor, direction);
        int inverse = direction == Direction.INVERSE ? 1 : 0;
        int units = (int) ((long) batch * n / (16 * TensorCoreStage.COLUMNS));
        int groups = (units + TensorCoreStage.WARPS - 1) / TensorCoreStage.WARPS;
        String name = graph.getTaskGraphName();
        String base = Engine.taskBase(graph);
        List<String> tasks = new ArrayList<>();
        TornadoNativeArray from = in;
        int span = 1;
        for (int s = 0; s < radices.length; s++) {
            int radix = radices[s];
            boolean last = s == radices.length - 1;
            FloatArray to = last && !lastKernel ? (FloatArray) out : (FloatArray) work.get(s % 2);
            IntArray a = matrices.get(radix);
            float scale = last && !half ? compensation : 1f;
            String task = base + "tc" + s;
            String property = name + "." + task + ".device";
            System.setProperty(property, Devices.spec(device));
            try {
                if (s == 0 && half) {
                    graph.task(task, TensorCoreStage::firstFp16, new KernelContext(), (HalfFloatArray) from, to, a, n, radix,
                            inverse, units, STORE_SHIFT);
                } else if (half) {
                    graph.task(task, TensorCoreStage::stageFp16, new KernelContext(), (FloatArray) from, to, a, twiddles.get(s), n,
                            radix, span, inverse, scale, units, STORE_SHIFT);
                } else {
                    graph.task(task, TensorCoreStage::stageSplit, new KernelContext(), (FloatArray) from, to, a, twiddles.get(s), n,
                            radix, span, inverse, scale, units, STORE_SHIFT);
                }
            } finally {
                // read when the task is added (its metadata); the execution plan puts every task on the device later
                System.clearProperty(property);
            }
            WorkerGrid1D worker = new WorkerGrid1D(groups * TensorCoreStage.GROUP);
            worker.setLocalWork(TensorCoreStage.GROUP, 1, 1);
            target.addWorkerGrid(name + "." + task, worker);
            tasks.add(task);
            from = to;
            span *= radix;
        }
        if (lastKernel) {
            int count = (int) descriptor.floats();
            String task = base + "tcn";
            if (half) {
                graph.task(task, TensorCoreStage::toHalf, new KernelContext(), (FloatArray) from, (HalfFloatArray) out,
                        (float) ((double) norm * compensation), count);
            } else {
                graph.task(task, TensorCoreStage::scaleBy, new KernelContext(), (FloatArray) from, (FloatArray) out, norm, count);
            }
            WorkerGrid1D worker = new WorkerGrid1D((count + HALF_GROUP - 1) / HALF_GROUP * HALF_GROUP);
            worker.setLocalWork(HALF_GROUP, 1, 1);
            target.addWorkerGrid(name + "." + task, worker);
            tasks.add(task);
        }
        return tasks;
    }

    /** One line: {@code tensor cores 4096 = 16 x 16 x 16 (fp16 operands, fp32 accumulation)}. */
    String describe() {
        StringBuilder s = new StringBuilder("tensor cores ").append(n).append(" = ");
        for (int i = 0; i < radices.length; i++) {
            s.append(i == 0 ? "" : " x ").append(radices[i]);
        }
        s.append(descriptor.precision() == Precision.HALF
                ? " (fp16 operands, fp32 accumulation, fp32 between stages, fp16 output)"
                : " (split mode: fp16 hi + lo operands, three products, fp32 accumulation and storage)");
        return s.toString();
    }

    /** Gives the work arrays back ({@link HostBuffers}). */
    void free() {
        work.forEach(HostBuffers::give);
    }
}
