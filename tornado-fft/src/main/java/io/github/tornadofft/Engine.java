package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.RealByComplex;
import io.github.tornadofft.kernels.RealByComplexDouble;
import io.github.tornadofft.kernels.RealTransform;
import io.github.tornadofft.kernels.RealTransformDouble;
import io.github.tornadofft.kernels.RegisterPass;
import io.github.tornadofft.kernels.RegisterPassDouble;
import io.github.tornadofft.kernels.RegisterPassHalf;
import io.github.tornadofft.kernels.TwiddleTable;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One transform compiled for one device, with its buffers: everything of a plan that TornadoVM holds.
 *
 * <p>Its execution plan has three task graphs: the upload of the input (0), the transform in the
 * descriptor's direction (1, compiled when the engine is built), and in the other direction (2,
 * compiled on its first use). Graph 2 works on graph 1's device buffers, so the second direction
 * costs no device memory.
 *
 * <p>A real transform of N points ({@link FftDescriptor.Kind#R2C}, {@link FftDescriptor.Kind#C2R}) is
 * a complex transform of N/2 points ({@link #complexPart}) and one more kernel ({@link RealTransform}):
 * r2c runs the passes from the real rows, read as complex pairs, into the output's rows of N/2 + 1
 * elements and splits them there into the spectrum; c2r merges the half spectrum into the output's
 * rows and runs the inverse passes there, so the input is never written. Where the complex part is
 * one pass in 1D, or one fused mixed-radix kernel ({@link #fusesMixedReal}), the split or merge runs
 * inside it instead ({@link #fusesRealStep}): one kernel; in 2D and 3D such rows go first or last,
 * the other axes over the half spectrum ({@link RowsFirst} for powers of two, {@link MixedRowsFirst}). Its
 * direction is fixed: it has no graph 2. A 1D transform whose length is not a power of two is
 * Bluestein's convolution ({@link Bluestein}): its graphs 1 and 2 run the chirp kernels around the
 * passes of M points, forward and inverse, through two work arrays of M points per transform; where its
 * prime factors are 2, 3, 5, 7, 11 and 13, mixed-radix passes instead ({@link MixedRadix}), along the same
 * buffer chain as the register passes, with no {@link Pass} of the planner's. Engines
 * outlive plans: {@link EngineCache} gives a closed plan's engine to the next plan of the same
 * descriptor, device and options, which then compiles nothing.
 *
 * <p>Not thread-safe: one plan at a time holds an engine, and serialises its calls.
 */
final class Engine {

    /** What makes two plans' engines interchangeable. */
    record Key(String device, FftDescriptor descriptor, FftOptions options) {
    }

    private static final AtomicInteger IDS = new AtomicInteger();
    private static final AtomicInteger TASKS = new AtomicInteger();

    /**
     * Held while a graph runs for the first time, which is when TornadoVM compiles it: one compilation
     * at a time in the JVM. PoCL's kernel cache loses a file when threads compile the same kernel at
     * once ("unable to rename temporary ... to output file", a plan over several devices of PoCL whose
     * workers compiled their graphs' other direction together), and the first run is rare enough that
     * serialising it costs a concurrent program nothing after its plans are built.
     */
    private static final Object COMPILING = new Object();

    final Key key;
    final TornadoDevice device;
    final DeviceProfile profile;
    /**
     * The precision of the data arrays, the input, output and scratch ({@link DeviceArrays}): the
     * descriptor's. Registers, local memory and tables are of its arithmetic's
     * ({@link DeviceArrays#arithmetic}): the same, but float for HALF.
     */
    final Precision precision;
    final List<Pass> passes;
    final TornadoNativeArray input;
    final TornadoNativeArray output;
    /** The complex transform the passes compute: the descriptor's own for c2c, of N/2 points for r2c and c2r. */
    final FftDescriptor complex;
    /** Whether the passes are one kernel with a real transform's split or merge fused in ({@link #fusesRealStep}). */
    final boolean fusesRealStep;
    /**
     * Whether every kernel of this engine's own graphs stores late, under the late store's register cap
     * ({@link Planner#storesLate}, {@link #storesLateOnPtx}); else some passes may alone ({@link #storesLate(Pass)}).
     */
    final boolean storesLate;
    /** Whether the device is an NVIDIA GPU, through any of TornadoVM's backends. */
    private final boolean nvidia;
    /**
     * Whether this engine's kernels take {@link DeviceProfile#DOUBLE_REGISTERS} ({@link Planner#widensRegisters}),
     * where no register cap is chosen in the options (a late store's cap wins: {@link #registerCap}).
     */
    final boolean widensRegisters;
    private final FftDescriptor descriptor;
    /** Each pass's twiddle table; passes of the same register radices and span share it ({@link HostBuffers#twiddles}). */
    private final List<TornadoNativeArray> twiddles;
    /**
     * {@link TwiddleTable#forRealSplit} of a real transform whose split or merge is a kernel of its own (null
     * for c2c, and where it is fused), shared by the engines of its length.
     */
    private final TornadoNativeArray realTwiddles;
    /** The convolution of a 1D length that is not a power of two ({@link Bluestein#applies}), else null. */
    final Bluestein bluestein;
    /**
     * The mixed-radix passes of a 1D length with no prime factor above 13 that is not a power of two
     * ({@link MixedRadix#applies}), else null; {@link #passes} is then empty.
     */
    final MixedRadix mixedRadix;
    /** The tensor-core stages of a plan with {@link Compute#TENSOR_CORES}, else null; {@link #passes} is then empty. */
    final TensorCores tensorCores;
    /** A 2D or 3D real transform with its rows first (r2c) or last (c2r), or null ({@link RowsFirst}). */
    final RowsFirst rowsFirst;
    /**
     * A 2D or 3D real transform whose rows are one fused mixed-radix kernel, rows first or last
     * ({@link MixedRowsFirst}), else null; {@link #mixedRadix} is then null.
     */
    final MixedRowsFirst mixedRows;
    /** The rows-first route of the appended tasks, where they plan smaller groups (else {@link #rowsFirst}). */
    private RowsFirst appendedRowsFirst;
    /**
     * The complex transforms of the whole shape that compute a real transform by the natural route
     * ({@link #promotes}, {@link #wholeComplex}), else null: what the passes, the convolution or the
     * mixed-radix kernels compute then, between {@link #widened} and {@link #transformed}.
     */
    final FftDescriptor promoted;
    /** Where the natural route's complex transform reads ({@link #promoted}) and writes: packed, or null. */
    private final TornadoNativeArray widened;
    private final TornadoNativeArray transformed;
    private final List<TornadoNativeArray> scratch = new ArrayList<>();
    private final String name;
    private final GridScheduler grid = new GridScheduler();
    private final TornadoExecutionPlan execution;
    /** Work-items per group of appended passes on a device that caps registers: 65536 / 256 registers. */
    static final int APPENDED_GROUP = 256;
    private List<Pass> appended;
    private List<TornadoNativeArray> appendedTwiddles;
    private TornadoExecutionResult lastResult;
    private long lastKernelNanos = -1;
    private boolean uploaded;
    /** Whether graph 2 has its buffers (graph 1 has run before its first run). */
    private boolean secondReady;
    /** Whether graph 2 has run, and so is compiled. */
    private boolean secondCompiled;
    private boolean profiled;
    private boolean freed;

    /** Plans, allocates and compiles the descriptor's direction (uploading and transforming once). */
    Engine(Key key, TornadoDevice device, DeviceProfile profile) {
        this.key = key;
        this.device = device;
        this.descriptor = key.descriptor();
        this.profile = profile.forPrecision(DeviceArrays.arithmetic(descriptor.precision()));
        this.promoted = promotes(descriptor) ? wholeComplex(descriptor) : null;
        FftDescriptor planned = planned();
        this.bluestein = Bluestein.applies(planned) ? new Bluestein(planned) : null;
        boolean ptx = device.getTornadoVMBackend() == TornadoVMBackendType.PTX;
        this.mixedRows = promoted == null && key.options().compute() != Compute.TENSOR_CORES
                ? MixedRowsFirst.plan(descriptor, this.profile, ptx) : null;
        boolean mixedReal = fusesMixedReal(planned, this.profile.localBytes(), ptx);
        FftDescriptor mixed = mixedReal ? complexPart(planned, true) : mixedPart(planned);
        this.mixedRadix = mixedRows == null && MixedRadix.applies(mixed) ? new MixedRadix(mixed, this.profile.localBytes(),
                MixedRadix.planes(ptx, mixed, !this.profile.cpu()),
                !this.profile.cpu(), mixedReal) : null;
        this.tensorCores = key.options().compute() == Compute.TENSOR_CORES ? new TensorCores(descriptor) : null;
        this.rowsFirst = promoted == null && tensorCores == null ? RowsFirst.plan(descriptor, this.profile) : null;
        this.passes = tensorCores != null ? List.of() : rowsFirst != null ? rowsFirst.passes()
                : planPasses(planned, this.profile, device.getTornadoVMBackend() == TornadoVMBackendType.CUDA
                        && !descriptor.isReal());
        checkHalfStores(planned, passes, device.getTornadoVMBackend());
        this.fusesRealStep = fusesReal(passes);
        this.complex = complexPart(planned, fusesRealStep);
        boolean capped = CompilerFlags.capsRegisters(device);
        this.nvidia = capped || device.getTornadoVMBackend() == TornadoVMBackendType.CUDA;
        boolean ptxPasses = device.getTornadoVMBackend() == TornadoVMBackendType.PTX && !descriptor.isReal() && promoted == null
                && plannersPassesAlone();
        this.storesLate = !passes.isEmpty()
                && (Planner.storesLate(passes, this.profile, nvidia) || storesLateOnPtx(passes, this.profile, ptxPasses));
        this.widensRegisters = !storesLate
                && Planner.widensRegisters(passes, this.profile, capped && !key.options().tuning().registersChosen());
        this.name = "fft" + IDS.incrementAndGet();
        this.precision = descriptor.precision();
        this.input = HostBuffers.take(precision, (int) descriptor.inputFloats());
        this.output = descriptor.inPlace() ? input : HostBuffers.take(precision, (int) descriptor.outputFloats());
        this.widened = promoted == null ? null : HostBuffers.take(precision, (int) promoted.inputFloats());
        this.transformed = promoted == null ? null : HostBuffers.take(precision, (int) promoted.outputFloats());
        this.twiddles = mixedRows != null ? mixedRows.tables() : mixedRadix != null ? mixedRadix.tables() : tensorCores != null ? tensorCores.tables()
                : rowsFirst != null ? rowsFirst.tables() : tables(planned, passes, this.profile.cpu());
        this.realTwiddles = descriptor.isReal() && promoted == null && !fusesRealStep && rowsFirst == null && mixedRows == null
                ? HostBuffers.realTwiddles(precision, lastAxis(descriptor)) : null;
        TornadoExecutionPlan built = null;
        try {
            built = build();
            this.execution = built;
            synchronized (COMPILING) {
                run(descriptor.direction());
                if (descriptor.inPlace() && !descriptor.isReal()) {
                    // Compiles the other direction now: later its first run could not be preceded by
                    // graph 1 without overwriting the caller's data.
                    run(descriptor.direction().opposite());
                }
            }
        } catch (RuntimeException | Error e) {
            // TornadoVM's drivers also fail with Errors (TornadoInternalError): free what was taken either way,
            // and keep the failure that stopped the plan, not one of freeing after it.
            try {
                free(built);
            } catch (RuntimeException | Error f) {
                e.addSuppressed(f);
            }
            throw e;
        }
    }

    /**
     * Whether the real transform {@code d} runs by the natural route ({@link RealByComplex}): the complex
     * transform of its whole shape between two pointwise kernels, where the split and merge of N/2-point
     * transforms do not take it: an odd last axis N, an N/2 with a prime factor above 13, or a 2D or 3D
     * transform in place (padded rows) whose axes are not all powers of two. The other axes of a 2D or
     * 3D transform may have any length: one with a prime factor above 13 runs as Bluestein's convolution
     * along it over the half spectrum ({@link MixedRadix}), half the natural route's work.
     */
    static boolean promotes(FftDescriptor d) {
        if (!d.isReal()) {
            return false;
        }
        int[] shape = d.shape();
        int n = shape[shape.length - 1];
        boolean powers = Arrays.stream(shape).allMatch(length -> Integer.bitCount(length) == 1);
        boolean halves = n % 2 == 0 && MixedRadix.smooth(n / 2);
        return !halves || !powers && d.inPlace() && d.size() > n;
    }

    /**
     * The complex transforms of {@code d}'s whole shape, packed, in its direction and norm, that compute it
     * by the natural route ({@link #promotes}): ceil(B / 2) of them for a batch of B, each two real
     * transforms of the batch in one ({@link RealByComplex}).
     */
    static FftDescriptor wholeComplex(FftDescriptor d) {
        return FftDescriptor.c2c(d.shape()).batch((d.batch() + 1) / 2).precision(d.precision()).norm(d.norm())
                .direction(d.direction()).build();
    }

    /** What the passes, the convolution or the mixed-radix kernels plan for: {@link #promoted}, else the descriptor. */
    private FftDescriptor planned() {
        return promoted != null ? promoted : descriptor;
    }

    /**
     * The complex transform a plan of {@code d} computes with its passes: {@code d} itself for c2c; for
     * r2c and c2r whose last axis has N points, N/2 points along each real row, over all rows of the
     * batch, unscaled (the split or merge kernel applies the norm). r2c reads the real rows (packed, or
     * padded to N/2 + 1 pairs); c2r writes them. In 1D, r2c's passes write rows of N/2 + 1 elements, the
     * spectrum's, where the split then runs in place, and c2r's run in place on the output's rows after
     * the merge. In 2D and 3D ({@link #isRealRows}) the other axes' passes follow (r2c) or precede (c2r)
     * the rows', on packed arrays, and the split or merge goes between the spectrum and a packed scratch
     * array. For a 1D length that is not a power of two, the batch of M-point transforms of Bluestein's
     * convolution ({@link Bluestein#convolution}); for one of mixed-radix passes ({@link MixedRadix}), d.
     */
    static FftDescriptor complexPart(FftDescriptor d) {
        return complexPart(d, false);
    }

    /**
     * {@link #complexPart(FftDescriptor)}, or where {@code fused} ({@link #fusesRealStep}) that of the one
     * pass with the split or merge inside: for r2c the same (the pass writes the spectrum's rows of
     * N/2 + 1 elements), for c2r from the spectrum's rows into the real rows, in place only where the
     * transform is.
     */
    static FftDescriptor complexPart(FftDescriptor d, boolean fused) {
        if (Bluestein.applies(d)) {
            return Bluestein.convolution(d);
        }
        if (!d.isReal()) {
            return d;
        }
        int n = lastAxis(d);
        int half = n / 2;
        int realRow = d.inPlace() ? half + 1 : half;
        FftDescriptor.Builder b = FftDescriptor.c2c(half).batch((int) (d.size() / n) * d.batch()).precision(d.precision());
        boolean rowsOnly = d.size() == n;
        if (d.kind() == FftDescriptor.Kind.R2C) {
            b.inputLayout(1, realRow);
            if (rowsOnly) {
                b.inPlace(d.inPlace()).outputLayout(1, half + 1);
            }
        } else if (fused && d.inPlace()) {
            b.direction(Direction.INVERSE).inPlace(true).layout(1, half + 1);
        } else if (fused) {
            b.direction(Direction.INVERSE).inputLayout(1, half + 1).outputLayout(1, half);
        } else if (rowsOnly) {
            b.direction(Direction.INVERSE).inPlace(true).layout(1, realRow);
        } else {
            b.direction(Direction.INVERSE).outputLayout(1, realRow);
        }
        return b.build();
    }

    /**
     * The complex transform the mixed-radix kernels would compute for {@code d} (where
     * {@link MixedRadix#applies} to it): {@link #complexPart} in 1D and for c2c; for a real transform of
     * several rows ({@link #isRealRows}) the whole packed complex array of the rows read as pairs, every
     * axis of it (N/2 points along X), which the split follows (r2c) or the merge precedes (c2r).
     */
    static FftDescriptor mixedPart(FftDescriptor d) {
        if (!isRealRows(d)) {
            return complexPart(d);
        }
        int[] shape = d.shape();
        shape[shape.length - 1] /= 2;
        return FftDescriptor.c2c(shape).batch(d.batch()).precision(d.precision())
                .direction(d.kind() == FftDescriptor.Kind.R2C ? Direction.FORWARD : Direction.INVERSE).build();
    }

    /** The length N of a real transform's last axis, the one its spectrum halves. */
    static int lastAxis(FftDescriptor d) {
        int[] shape = d.shape();
        return shape[shape.length - 1];
    }

    /**
     * Whether the real transform {@code d}, computed by {@code passes}, runs its split (r2c) or merge
     * (c2r) inside its one pass ({@link RegisterPass#REAL}): in 1D where the complex part of N/2 points
     * is a single work-group's pass (span 1, one transform per group line) with the paired exchange. A
     * bin k pairs with bin N/2 - k, which the pass's group holds in local memory (r2c) or can read from
     * the spectrum (c2r). Where the complex part takes several passes, {@link #fusesRealAcrossPasses}
     * decides; in 2D and 3D row r pairs with the row at the negated indices of the other axes, which another
     * group transforms, and the other axes' passes run between the rows' passes and the spectrum (the rows
     * go first or last instead, {@code RowsFirst}). The split exchange, whose local memory holds one part of
     * a value at a time, keeps the separate kernel. This is the test {@code RowsFirst} takes for its rows.
     */
    static boolean fusesRealStep(FftDescriptor d, List<Pass> passes) {
        if (!d.isReal() || isRealRows(d) || passes.size() != 1) {
            return false;
        }
        Pass only = passes.getFirst();
        return only.span() == 1 && only.last() && only.stride() == 1 && only.cols() == 1 && only.fused() == 1 && !only.split();
    }

    /**
     * The system property that says where a 1D real transform whose complex part takes several passes runs
     * its split in the last pass's store (r2c) and its merge in the first pass's load (c2r)
     * ({@link #fusesRealAcrossPasses}): {@code auto} (the default: as measured), {@code true} (wherever the
     * kernel can, for tests and comparisons) or {@code false} (never: the passes and the split or merge
     * kernel).
     */
    static final String REAL_PASSES_PROPERTY = "tornado.fft.real.passesFused";

    /**
     * Least bytes of a run of adjacent lines in r2c's last pass with the split inside
     * ({@link #fusesRealAcrossPasses}): there each group's lines are two runs of cols / 2. On an H200 (kernel
     * ms, OpenCL, split inside against the split kernel) r2c 2^17 x 256, whose last pass takes 16 lines a
     * group (runs of 64 bytes), took 0.226 against 0.269, 32768 x 1024 (32 lines) 0.202 against 0.252, but
     * 2^20 x 32, whose last pass takes 4 (runs of 16 bytes), 0.434 against 0.384.
     */
    static final int R2C_RUN_BYTES = 64;

    /**
     * Whether the 1D real transform {@code d}, whose complex part of N/2 points takes several {@code passes},
     * runs its split inside the last pass (r2c) or its merge inside the first (c2r) ({@link RegisterPass#REAL}):
     * that pass's line i holds bins i + m lines, whose partners lie on line lines - i; r2c's groups take
     * lines in mirrored pairs and find every partner in local memory (both parts at once: the paired
     * exchange), c2r reads each partner beside its own bins (any exchange). Not in half precision, nor with a
     * fused X axis, nor for r2c on a CPU ({@code cpu}; through PoCL r2c 65536 x 32 took 13.5 ms a call with the
     * split inside against 11.9 with its kernel, c2r 12.8 against 13.3), or where the last pass takes the split
     * exchange or half a group's lines are a run shorter than {@link #R2C_RUN_BYTES}; under
     * {@link #REAL_PASSES_PROPERTY} {@code true}, r2c wherever its last pass takes the paired exchange (at least
     * two lines a group); under {@code false}, never.
     *
     * @throws IllegalArgumentException naming {@link #REAL_PASSES_PROPERTY} where it is not auto, true or false
     */
    static boolean fusesRealAcrossPasses(FftDescriptor d, List<Pass> passes, boolean cpu) {
        String property = System.getProperty(REAL_PASSES_PROPERTY, "auto");
        boolean always = switch (property) {
            case "auto" -> false;
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(REAL_PASSES_PROPERTY + ": auto, true or false, got " + property);
        };
        if (property.equals("false") || !d.isReal() || isRealRows(d) || passes.size() < 2 || d.precision() == Precision.HALF
                || passes.stream().anyMatch(p -> p.stride() != 1 || p.fused() != 1)) {
            return false;
        }
        if (d.kind() == FftDescriptor.Kind.C2R) {
            return true;
        }
        // r2c's groups take their lines in mirrored pairs, each half a run of cols / 2 adjacent lines.
        Pass last = realEnd(d, passes);
        return !last.split() && last.cols() >= 2
                && (always || !cpu && last.cols() * d.precision().bytes() >= R2C_RUN_BYTES);
    }

    /** Whether {@code passes} compute {@code d}'s real transform with its split or merge inside one of them. */
    static boolean realInPasses(FftDescriptor d, List<Pass> passes, boolean cpu) {
        return fusesRealStep(d, passes) || fusesRealAcrossPasses(d, passes, cpu);
    }

    /**
     * The system property that says where a 1D real transform of one fused mixed-radix kernel runs its split
     * or merge inside it ({@link #fusesMixedReal}): {@code auto} (the default), {@code true} (both kinds on
     * every backend) or {@code false} (neither: the kernel and the split or merge kernel, for comparisons).
     */
    static final String MIXED_REAL_PROPERTY = "tornado.fft.mixedRadix.realFused";

    private static final String MIXED_REAL = System.getProperty(MIXED_REAL_PROPERTY, "auto");

    /**
     * Whether the real transform {@code d} (not promoted) is 1D and its complex part, of N/2 points that are
     * not a power of two, one fused mixed-radix kernel with the split or merge inside
     * ({@link MixedRadix#fusesReal}) on a device of {@code localBytes} per group; under {@code auto}
     * ({@link #MIXED_REAL_PROPERTY}) r2c everywhere, c2r but on PTX. On an H200 (kernel ms, fused against the
     * kernel and the split or merge kernel, v0.47) r2c 2000 x 16384 took 0.120 / 0.152 against 0.169 / 0.183
     * (OpenCL / PTX), 10000 x 4096 0.173 / 0.193 against 0.230 / 0.223; c2r 2000 x 16384 0.139 / 0.171 against
     * 0.160 / 0.168, but 10000 x 4096 0.196 / 0.284 against 0.223 / 0.221: PTX's merge in the load lost on
     * four lengths of five (2-29%), OpenCL's on one (6000 x 8192, 11%); PoCL's took 3-9% less time.
     */
    static boolean fusesMixedReal(FftDescriptor d, long localBytes, boolean ptx) {
        boolean wanted = switch (MIXED_REAL) {
            case "true" -> true;
            case "false" -> false;
            case "auto" -> d.kind() == FftDescriptor.Kind.R2C || !ptx;
            default -> throw new IllegalArgumentException(MIXED_REAL_PROPERTY + ": auto, true or false, got " + MIXED_REAL);
        };
        return wanted && d.isReal() && !isRealRows(d) && !promotes(d) && MixedRadix.fusesReal(complexPart(d, true), localBytes);
    }

    /** Whether this plan's real transform, by {@code passes} or its mixed-radix kernels, runs its split or merge inside a pass. */
    private boolean fusesReal(List<Pass> passes) {
        return mixedRadix != null ? mixedRadix.real() : realInPasses(planned(), passes, profile.cpu());
    }

    /**
     * Each pass's twiddle table ({@link HostBuffers#twiddles}); where the split or merge is fused, the
     * one pass's with the real transform's twiddles ({@link HostBuffers#realPassTwiddles}).
     */
    static List<TornadoNativeArray> tables(FftDescriptor d, List<Pass> passes, boolean cpu) {
        if (fusesRealStep(d, passes)) {
            return List.of(HostBuffers.realPassTwiddles(d.precision(), passes.getFirst().sub()));
        }
        Precision arithmetic = DeviceArrays.arithmetic(d.precision());
        Pass end = fusesRealAcrossPasses(d, passes, cpu) ? realEnd(d, passes) : null;
        return passes.stream().map(pass -> pass == end
                ? HostBuffers.realPassTwiddles(arithmetic, pass.sub(), pass.span(), pass.n() / pass.radix())
                : HostBuffers.twiddles(arithmetic, pass.sub(), pass.span(), pass.fused())).toList();
    }

    /** The pass that carries a real transform's split (r2c: the last) or merge (c2r: the first). */
    static Pass realEnd(FftDescriptor d, List<Pass> passes) {
        return d.kind() == FftDescriptor.Kind.R2C ? passes.getLast() : passes.getFirst();
    }

    /** Whether {@code d} is a real transform of more than one row per transform (2D or 3D, no axis of 1 aside). */
    static boolean isRealRows(FftDescriptor d) {
        return d.isReal() && d.size() > lastAxis(d);
    }

    /**
     * The passes of {@link #planPasses(FftDescriptor, DeviceProfile)} for a complex transform on a device of
     * TornadoVM's CUDA backend ({@code cudaComplex}), or another plan: there a 1D transform of several
     * passes takes the split exchange where the profile leaves the exchange to the planner
     * ({@link #splitsOnCuda}).
     */
    static List<Pass> planPasses(FftDescriptor d, DeviceProfile device, boolean cudaComplex) {
        List<Pass> passes = planPasses(d, device);
        return splitsOnCuda(d, passes, device, cudaComplex)
                ? planPasses(d, device.withExchange(DeviceProfile.Exchange.SPLIT)) : passes;
    }

    /**
     * Whether a plan stores late in every pass, under double's late-store cap, on the PTX backend: a double
     * plan of several of the planner's passes and nothing else ({@code ptxPasses}: complex, on the PTX
     * backend, no Bluestein, mixed-radix, rows-first or tensor-core kernels), with the late store left to
     * the planner. Through PTX such plans ran 3-8% faster so on an H200 (1D 2^20 × 8 7.5%, 3D 256³ 6%, 2D
     * 1024 × 2048 × 4 3% beyond its single-group pass's own late store; 2D 4096², 3D 64 × 64 × 4096 and
     * 3D 128³ level; 2D 2048² 2% slower), while through NVIDIA's OpenCL 2^20 × 8 and 3D 256³ were 2-3%
     * slower and through NVRTC 3D 256³ 6-8% slower, so the other backends keep
     * {@link Planner#storesLate(Pass, DeviceProfile, boolean)}'s single-group passes alone (measured:
     * docs/history/PERFORMANCE-diary.md, v0.50). In float the same plans on PTX were level to 10% slower.
     * It sits here for the reason {@link #splitsOnCuda} does.
     */
    static boolean storesLateOnPtx(List<Pass> passes, DeviceProfile device, boolean ptxPasses) {
        return ptxPasses && device.lateStore() == DeviceProfile.Choice.AUTO && device.valueBytes() == Double.BYTES
                && passes.size() > 1;
    }

    /**
     * Whether a plan of these passes takes the split exchange: a complex 1D transform (float or double;
     * {@code cudaComplex}: asked for as complex, on TornadoVM's CUDA backend) of several passes, with the
     * exchange left to the planner. Through NVRTC such plans ran 5–12% faster split, on an H200 (2^16 ×
     * 256, 2^24, 8192 to 32768 points; 2^20 × 16 level; 2^16 × 256 in double 4% faster), while through
     * NVIDIA's OpenCL and PTX the same split plan of 2^16 × 256 was 10–14% slower; 2D 4096² was 5% slower
     * split on CUDA too, so other ranks and real transforms keep the planner's choice (measured:
     * docs/history/PERFORMANCE-diary.md, v0.49). It sits here, beside the other per-backend choices, and not
     * in {@link Planner}: the planner's profile knows neither the backend nor the transform's kind or
     * storage (half storage plans with float's profile), and the rule needs all three; the planner still
     * makes the plan, with the exchange set as a user's {@code withExchange(SPLIT)} would.
     */
    static boolean splitsOnCuda(FftDescriptor d, List<Pass> passes, DeviceProfile device, boolean cudaComplex) {
        return cudaComplex && device.exchange() == DeviceProfile.Exchange.AUTO && d.rank() == 1
                && d.precision() != Precision.HALF && passes.size() > 1;
    }

    /**
     * The passes of {@code d}'s complex part on {@code device} (its profile for d's precision): those of {@link #complexPart}'s shape;
     * for a real transform of several rows ({@link #isRealRows}), the rows' passes and the other axes'
     * ({@link Planner#planLeading}), in the order the direction takes them. None for a transform of
     * mixed-radix passes ({@link MixedRadix}), which the planner does not plan.
     */
    static List<Pass> planPasses(FftDescriptor d, DeviceProfile device) {
        if (MixedRadix.applies(mixedPart(d))) {
            return List.of();
        }
        // Counts of values (local memory, runs) in the precision of the arithmetic (float for HALF: its
        // registers and local memory are float; its runs of fp16 values are half the bytes).
        DeviceProfile profile = device.forPrecision(DeviceArrays.arithmetic(d.precision()));
        FftDescriptor complex = complexPart(d);
        if (!isRealRows(d)) {
            return Planner.plan(complex.shape(), complex.batch(), profile, passes -> splitKernels(d, passes, profile.cpu()));
        }
        List<Pass> rows = Planner.plan(complex.shape(), complex.batch(), profile);
        int[] shape = d.shape();
        shape[shape.length - 1] /= 2;
        List<Pass> leading = Planner.planLeading(shape, d.batch(), profile);
        List<Pass> all = new ArrayList<>(d.kind() == FftDescriptor.Kind.R2C ? rows : leading);
        all.addAll(d.kind() == FftDescriptor.Kind.R2C ? leading : rows);
        return List.copyOf(all);
    }

    /**
     * The kernel a 1D r2c runs beside {@code passes} for its split where none of them takes it (1, else 0):
     * what the planner counts when it weighs short runs against a pass more ({@link Planner#plan(int[], int,
     * DeviceProfile, java.util.function.ToIntFunction)}). In short runs (a pass fewer: {@link Planner#runsFor})
     * an r2c's last pass may hold runs too short for the split ({@link #R2C_RUN_BYTES}), so that the split
     * takes a kernel of its own, while in the device's runs it goes inside their last pass
     * ({@link #fusesRealAcrossPasses}): as many kernels either way, and the planner keeps the device's runs.
     * On an H200 (kernel ms, OpenCL / PTX, one process) r2c 2^20 × 32 took 0.257 / 0.272 in three passes
     * with the split inside against 0.378 / 0.393 in two and the split kernel (cuFFT 0.248). (Complex and
     * c2r plans of 2^18 to 2^21 points took 4-15% less kernel time in the device's runs too, but in a kernel
     * more: launched kernel by kernel the call lost more than the kernels gained, and in a CUDA graph no gain
     * showed through the calls' noise: docs/history/results/h200-2026-11-29-v51-calls-and-ptx-arrays.md.)
     */
    static int splitKernels(FftDescriptor d, List<Pass> passes, boolean cpu) {
        return d.kind() == FftDescriptor.Kind.R2C && !realInPasses(d, passes, cpu) ? 1 : 0;
    }

    /**
     * Checks that the passes of a HALF plan compile on {@code backend}: on TornadoVM 5.2's PTX backend an
     * fp16 store of a value a pass staged through local memory ({@link Pass#stagesStores}: the first passes
     * of a 1D transform longer than one group) fails Graal's LIR generation ("NewHalfFloatInstance is not
     * LIRLowerable"), so such plans are refused there rather than failing inside TornadoVM; the CUDA
     * backend runs them. Called wherever passes are planned for kernels (the plan's, the appended ones).
     *
     * @throws IllegalArgumentException naming {@code shape}, the backend and where the plan runs instead
     */
    static void checkHalfStores(FftDescriptor d, List<Pass> passes, TornadoVMBackendType backend) {
        if (d.precision() != Precision.HALF || backend != TornadoVMBackendType.PTX) {
            return;
        }
        if (passes.stream().anyMatch(Pass::stagesStores)) {
            throw new IllegalArgumentException("shape: HALF on TornadoVM 5.2's PTX backend takes transforms whose passes store"
                    + " straight from registers (1D up to one group's length, 2D and 3D of such rows); "
                    + Arrays.toString(d.shape()) + " has a pass that stages its stores, whose fp16 stores that backend fails"
                    + " to compile; use a device of the CUDA backend, or Compute.TENSOR_CORES (1D, any power of two from 128)");
        }
    }

    /** Graph 0 uploads, graph 1 transforms in the descriptor's direction, graph 2 in the other (c2c only). */
    private TornadoExecutionPlan build() {
        TaskGraph upload = new TaskGraph(name + "in").transferToDevice(DataTransferMode.EVERY_EXECUTION, input);
        if (input instanceof DoubleArray doubles) {
            upload.task("touch", Engine::touchDouble, doubles);
        } else if (input instanceof HalfFloatArray halves) {
            upload.task("touch", Engine::touchHalf, halves);
        } else {
            upload.task("touch", Engine::touch, (FloatArray) input);
        }
        upload.persistOnDevice(input);
        Direction first = descriptor.direction();
        TaskGraph firstGraph = new TaskGraph(name + first.name().charAt(0))
                .consumeFromDevice(upload.getTaskGraphName(), input);
        if (promoted != null) {
            addPromoted(firstGraph, passes, twiddles, input, output, grid, true);
            return withOptions(new TornadoExecutionPlan(upload.snapshot(), firstGraph.snapshot()));
        }
        if (rowsFirst != null) {
            rowsFirst.addTasks(firstGraph, input, output, twiddles, true, grid);
            return withOptions(new TornadoExecutionPlan(upload.snapshot(), firstGraph.snapshot()));
        }
        if (mixedRows != null) {
            mixedRows.addTasks(firstGraph, input, output, grid);
            return withOptions(new TornadoExecutionPlan(upload.snapshot(), firstGraph.snapshot()));
        }
        if (descriptor.isReal()) {
            List<TornadoNativeArray> chain = realChain(passes, input, output);
            addRealTasks(firstGraph, passes, twiddles, chain, grid, true);
            name(firstGraph, chain);
            return withOptions(new TornadoExecutionPlan(upload.snapshot(), firstGraph.snapshot()));
        }
        List<TornadoNativeArray> chain = transformChain(passes.size(), input, output);
        addTransform(firstGraph, first, passes, twiddles, true, chain, scale(descriptor), grid, true);
        // Graph 2 runs on graph 1's buffers. TornadoVM hands a graph the buffers it consumes only
        // from the graph executed just before it, so graph 2 takes all of them, the input included,
        // from graph 1 (and the input alone from graph 0, for runs right after an upload), and its
        // first run follows a run of graph 1 (ensureSecond).
        Set<TornadoNativeArray> sharedSet = Collections.newSetFromMap(new IdentityHashMap<>());
        chain.stream().filter(buffer -> buffer != input).forEach(sharedSet::add);
        List<TornadoNativeArray> works = mixedRadix != null ? mixedRadix.work()
                : tensorCores != null ? tensorCores.work() : List.of();
        if (!works.isEmpty()) {
            // The work arrays of convolutions along axes, or between tensor-core stages: named as outputs
            // too, so that freeing releases them.
            for (TornadoNativeArray work : works) {
                sharedSet.add(work);
                firstGraph.transferToHost(DataTransferMode.UNDER_DEMAND, work);
            }
        }
        Object[] shared = sharedSet.toArray();
        if (shared.length > 0) {
            firstGraph.persistOnDevice(shared);
        }
        name(firstGraph, chain);
        sharedSet.add(input);
        sharedSet.addAll(bluestein != null ? bluestein.tables(passes, twiddles) : twiddles);
        TaskGraph secondGraph = new TaskGraph(name + first.opposite().name().charAt(0))
                .consumeFromDevice(upload.getTaskGraphName(), input)
                .consumeFromDevice(firstGraph.getTaskGraphName(), sharedSet.toArray());
        // Graph 2 allocates nothing of its own (it takes the tables from graph 1 too), so freeing graphs
        // 0 and 1 frees everything, each buffer once.
        addTransform(secondGraph, first.opposite(), passes, twiddles, false, chain,
                scale(descriptor.withDirection(first.opposite())), grid, true);
        secondGraph.transferToHost(DataTransferMode.UNDER_DEMAND, output);
        return withOptions(new TornadoExecutionPlan(upload.snapshot(), firstGraph.snapshot(), secondGraph.snapshot()));
    }

    /** The execution plan on this engine's device, with its work-group shapes, compiler flags and launch. */
    private TornadoExecutionPlan withOptions(TornadoExecutionPlan plan) {
        CompilerFlags.apply(plan.withDevice(device).withGridScheduler(grid), device, registerCap());
        if (key.options().launch() == Launch.CUDA_GRAPH) {
            plan.withCUDAGraph();
        }
        return plan;
    }

    /**
     * Names the graph's output and every scratch buffer of {@code chain} (all but its first) as
     * (on-demand) outputs ({@link #freedWith}).
     */
    private static void name(TaskGraph graph, List<TornadoNativeArray> chain) {
        freedWith(graph, chain.subList(1, chain.size()));
    }

    /**
     * Names each of the arrays a graph writes as an (on-demand) output of it, once: that is what makes
     * TornadoVM release their device memory, and unpin their host memory, when the engine is freed.
     */
    static void freedWith(TaskGraph graph, Collection<TornadoNativeArray> written) {
        Set<TornadoNativeArray> named = Collections.newSetFromMap(new IdentityHashMap<>());
        for (TornadoNativeArray buffer : written) {
            if (named.add(buffer)) {
                graph.transferToHost(DataTransferMode.UNDER_DEMAND, buffer);
            }
        }
    }

    /**
     * An empty task: the upload graph exists only to move the input to the device, and TornadoVM
     * moves nothing for a graph without a task. It costs one empty launch per {@link #upload()}.
     */
    static void touch(FloatArray data) {
        if (data.getSize() < 0) {
            data.set(0, 0f);
        }
    }

    /** {@link #touch} for a half plan's input. */
    static void touchHalf(HalfFloatArray data) {
        if (data.getSize() < 0) {
            data.set(0, new HalfFloat(0f));
        }
    }

    /** {@link #touch} for a double plan's input. */
    static void touchDouble(DoubleArray data) {
        if (data.getSize() < 0) {
            data.set(0, 0);
        }
    }

    /**
     * Adds the passes of the complex transform in {@code direction} to {@code graph}, from
     * {@code chain.get(0)} to the chain's last array, the last one scaling by {@code scale}, and
     * registers their work-group shapes in {@code target}; returns the task names.
     */
    private List<String> addPasses(TaskGraph graph, Direction direction, List<Pass> passes, List<TornadoNativeArray> twiddles,
                                   boolean sendTables, List<TornadoNativeArray> chain, double scale, GridScheduler target,
                                   boolean own) {
        return addPasses(graph, "p", direction, passes, twiddles, sendTables, chain, scale, target, own);
    }

    /**
     * The start of the names of the tasks one call adds to {@code graph}: the graph's name and a number
     * no other call in this JVM gets, so that several plans, or one plan in both directions, append to
     * one graph (TornadoVM refuses two tasks of one name in a graph).
     */
    static String taskBase(TaskGraph graph) {
        return graph.getTaskGraphName() + "t" + TASKS.incrementAndGet();
    }

    /** {@link #addPasses} with the tasks named {@code prefix} and the pass's index (after {@link #taskBase}). */
    private List<String> addPasses(TaskGraph graph, String prefix, Direction direction, List<Pass> passes,
                                   List<TornadoNativeArray> twiddles, boolean sendTables, List<TornadoNativeArray> chain, double scale,
                                   GridScheduler target, boolean own) {
        if (sendTables) {
            Set<TornadoNativeArray> tables = Collections.newSetFromMap(new IdentityHashMap<>());
            tables.addAll(twiddles);
            for (TornadoNativeArray table : tables) {
                graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, table);
            }
        }
        boolean inverse = direction == Direction.INVERSE;
        // A real transform's one pass with the split or merge inside reads or writes the spectrum's rows.
        boolean real = realInPasses(planned(), passes, profile.cpu());
        FftDescriptor complex = complexPart(planned(), real);
        Pass end = real ? realEnd(planned(), passes) : null;
        long points = complex.floats() / 2;
        List<String> tasks = new ArrayList<>();
        String base = taskBase(graph);
        FftDescriptor.Layout inLayout = complex.inputLayout();
        FftDescriptor.Layout outLayout = complex.outputLayout();
        for (int p = 0; p < passes.size(); p++) {
            Pass pass = passes.get(p);
            boolean last = p == passes.size() - 1;
            // The first pass reads the input's layout, the last writes the output's; between, packed.
            int flags = passFlags(pass, inverse, pass == end, p == 0 && !complex.inputPacked(), last && !complex.outputPacked(),
                    complex.size(), own && storesLate(pass));
            tasks.add(addPass(graph, base + prefix + p, pass, false, chain.get(p), chain.get(p + 1), twiddles.get(p), flags,
                    last ? scale : 1f, inLayout, outLayout, points, target));
        }
        return tasks;
    }

    /**
     * Whether {@code pass}, in this engine's own graphs, stores late: every pass of a plan that
     * {@link #storesLate}, and else the passes {@link Planner#storesLate(Pass, DeviceProfile, boolean)} picks
     * alone (kernels appended to a caller's graph never store late).
     */
    private boolean storesLate(Pass pass) {
        return storesLate || Planner.storesLate(pass, profile, nvidia);
    }

    /**
     * The {@code flags} argument of {@code pass} ({@link RegisterPass#flags}, {@link RegisterPass#steps},
     * {@link RegisterPass#layouts}): the direction, its shape, whether it reads or writes a layout of its
     * own, the elements of a transform, and the late store.
     */
    static int passFlags(Pass pass, boolean inverse, boolean real, boolean inLayout, boolean outLayout, long size,
                         boolean late) {
        return RegisterPass.flags(inverse, pass.split(), pass.fused(), real)
                | RegisterPass.steps(pass.subRadix(1), pass.subRadix(2), TwiddleTable.kBits(pass.span()), pass.rows())
                | RegisterPass.layouts(inLayout, outLayout, size) | (late ? RegisterPass.LATE_STORE : 0);
    }

    /**
     * Adds one pass over {@code points} complex values as a task of the register-pass kernel of its
     * arrays' precision ({@link RegisterPass}, {@link RegisterPassDouble}, {@link RegisterPassHalf}), or
     * of its chirp kernel where {@code chirp} (Bluestein's first and last passes; float and double): the
     * same arguments, the arrays and the scale of the plan's type. Registers its work-groups in
     * {@code target}; returns the task's name.
     */
    static String addPass(TaskGraph graph, String task, Pass pass, boolean chirp, TornadoNativeArray src,
                          TornadoNativeArray dst, TornadoNativeArray twiddles, int flags, double scale,
                          FftDescriptor.Layout in, FftDescriptor.Layout out, long points, GridScheduler target) {
        int local = RegisterPass.localFloats(pass.cols() * pass.rows(), pass.radix());
        if (src instanceof DoubleArray doubles) {
            graph.task(task, chirp ? RegisterPassDouble.chirpKernel(pass.regs()) : RegisterPassDouble.kernel(pass.regs()),
                    new KernelContext(), doubles, (DoubleArray) dst,
                    (DoubleArray) twiddles, pass.n(), pass.stride(), pass.radix(), pass.span(), pass.cols(), flags, scale,
                    local, in.stride(), in.distance(), out.stride(), out.distance());
        } else if (src instanceof HalfFloatArray halves) {
            graph.task(task, RegisterPassHalf.kernel(pass.regs()), new KernelContext(), halves, (HalfFloatArray) dst,
                    (FloatArray) twiddles, pass.n(), pass.stride(), pass.radix(), pass.span(), pass.cols(), flags,
                    (float) scale, local, in.stride(), in.distance(), out.stride(), out.distance());
        } else {
            graph.task(task, chirp ? RegisterPass.chirpKernel(pass.regs()) : RegisterPass.kernel(pass.regs()),
                    new KernelContext(), (FloatArray) src, (FloatArray) dst,
                    (FloatArray) twiddles, pass.n(), pass.stride(), pass.radix(), pass.span(), pass.cols(), flags,
                    (float) scale, local, in.stride(), in.distance(), out.stride(), out.distance());
        }
        WorkerGrid1D worker = new WorkerGrid1D(pass.groups(points) * pass.groupSize());
        worker.setLocalWork(pass.groupSize(), 1, 1);
        target.addWorkerGrid(graph.getTaskGraphName() + "." + task, worker);
        return task;
    }

    /**
     * Adds a real transform to {@code graph} along {@code chain}, the buffers of {@link #realChain}:
     * r2c the passes, then the split from the passes' last buffer into the spectrum; c2r the merge from
     * the spectrum into the passes' first buffer, then the passes; where they fuse
     * ({@link #fusesRealStep}), the one pass from the input to the output, scaling. Registers the
     * work-group shapes in {@code target}; returns the task names.
     */
    private List<String> addRealTasks(TaskGraph graph, List<Pass> passes, List<TornadoNativeArray> twiddles, List<TornadoNativeArray> chain,
                                      GridScheduler target, boolean own) {
        boolean r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
        if (fusesReal(passes)) {
            if (mixedRadix != null) {
                return mixedRadix.addTasks(graph, r2c ? Direction.FORWARD : Direction.INVERSE, chain, true, scale(descriptor),
                        profile.maxGroupSize(), target);
            }
            return addPasses(graph, r2c ? Direction.FORWARD : Direction.INVERSE, passes, twiddles, true, chain,
                    scale(descriptor), target, own);
        }
        int n = lastAxis(descriptor);
        int half = n / 2;
        TornadoNativeArray w = HostBuffers.realTwiddles(precision, n);
        graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, w);
        List<String> tasks = new ArrayList<>();
        int rows = (int) (descriptor.size() / n) * descriptor.batch();
        int total = RealTransform.itemsPerRow(n) * rows;
        // The rows of a transform are indexed by its other axes, whose negated indices pair bins: their lengths.
        int[] shape = descriptor.shape();
        int lead0 = shape.length == 3 ? shape[0] : 1;
        int lead1 = shape.length >= 2 ? shape[shape.length - 2] : 1;
        boolean inRows = !isRealRows(descriptor);
        // In 1D the passes' last (r2c) or first (c2r) buffer is the spectrum's, in its rows of N/2 + 1.
        int packedRow = inRows ? half + 1 : half;
        int passRow = inRows ? (r2c ? half + 1 : complexPart(descriptor).outputLayout().distance()) : half;
        String task;
        if (r2c) {
            tasks.addAll(addComplexPart(graph, Direction.FORWARD, passes, twiddles, chain.subList(0, chain.size() - 1),
                    target, own));
            task = taskBase(graph) + "split";
            split(graph, task, chain.get(chain.size() - 2), chain.getLast(), w, half, packedRow, total, lead0, lead1);
            tasks.add(task);
        } else {
            task = taskBase(graph) + "merge";
            merge(graph, task, chain.getFirst(), chain.get(1), w, half, passRow, total, lead0, lead1);
            tasks.add(task);
            tasks.addAll(addComplexPart(graph, Direction.INVERSE, passes, twiddles, chain.subList(1, chain.size()),
                    target, own));
        }
        int group = Math.min(REAL_GROUP, Integer.highestOneBit(total));
        WorkerGrid1D worker = new WorkerGrid1D((total + group - 1) / group * group);
        worker.setLocalWork(group, 1, 1);
        target.addWorkerGrid(graph.getTaskGraphName() + "." + task, worker);
        return tasks;
    }

    /**
     * A real transform's complex part along {@code chain}, unscaled (the split or merge applies the norm):
     * the planner's passes, or for a half length that is not a power of two the mixed-radix kernels.
     */
    private List<String> addComplexPart(TaskGraph graph, Direction direction, List<Pass> passes,
                                        List<TornadoNativeArray> twiddles, List<TornadoNativeArray> chain, GridScheduler target,
                                        boolean own) {
        if (mixedRadix != null) {
            return mixedRadix.addTasks(graph, direction, chain, true, 1, profile.maxGroupSize(), target);
        }
        return addPasses(graph, direction, passes, twiddles, true, chain, 1f, target, own);
    }

    /** The split as a task of the plan's precision: {@link RealTransform#split}, or its double twin. */
    private void split(TaskGraph graph, String task, TornadoNativeArray z, TornadoNativeArray x, TornadoNativeArray w,
                       int half, int zRow, int total, int lead0, int lead1) {
        double scale = scale(descriptor);
        if (z instanceof DoubleArray doubles) {
            graph.task(task, RealTransformDouble::split, new KernelContext(), doubles, (DoubleArray) x, (DoubleArray) w, half,
                    zRow, half + 1, total, scale, lead0, lead1);
        } else {
            graph.task(task, RealTransform::split, new KernelContext(), (FloatArray) z, (FloatArray) x, (FloatArray) w, half,
                    zRow, half + 1, total, (float) scale, lead0, lead1);
        }
    }

    /** The merge as a task of the plan's precision: {@link RealTransform#merge}, or its double twin. */
    private void merge(TaskGraph graph, String task, TornadoNativeArray x, TornadoNativeArray z, TornadoNativeArray w,
                       int half, int zRow, int total, int lead0, int lead1) {
        double scale = scale(descriptor);
        if (x instanceof DoubleArray doubles) {
            graph.task(task, RealTransformDouble::merge, new KernelContext(), doubles, (DoubleArray) z, (DoubleArray) w, half,
                    half + 1, zRow, total, scale, lead0, lead1);
        } else {
            graph.task(task, RealTransform::merge, new KernelContext(), (FloatArray) x, (FloatArray) z, (FloatArray) w, half,
                    half + 1, zRow, total, (float) scale, lead0, lead1);
        }
    }

    /**
     * The buffers of the complex transform from {@code in} to {@code out} over k passes: the passes'
     * ({@link #bufferChain}), or for Bluestein's convolution {@code in}, its work arrays and {@code out}
     * ({@link Bluestein#buffers}). Mixed-radix passes take the passes' chain over their own count, not k.
     */
    private List<TornadoNativeArray> transformChain(int k, TornadoNativeArray in, TornadoNativeArray out) {
        if (tensorCores != null) {
            return List.of(in, out);
        }
        if (mixedRadix != null) {
            return bufferChain(mixedRadix.passes(), in, out);
        }
        return bluestein == null ? bufferChain(k, in, out) : Bluestein.buffers(k, in, out, this::scratch);
    }

    /**
     * Adds the complex transform in {@code direction} along {@code chain} ({@link #transformChain}): the
     * passes ({@link #addPasses}), Bluestein's kernels around two runs of them ({@link Bluestein#addTasks}),
     * or the mixed-radix passes with their own tables ({@link MixedRadix#addTasks}).
     */
    private List<String> addTransform(TaskGraph graph, Direction direction, List<Pass> passes, List<TornadoNativeArray> twiddles,
                                      boolean sendTables, List<TornadoNativeArray> chain, double scale, GridScheduler target,
                                      boolean own) {
        if (tensorCores != null) {
            return tensorCores.addTasks(graph, direction, chain.get(0), chain.get(1), sendTables, target, device);
        }
        if (mixedRadix != null) {
            return mixedRadix.addTasks(graph, direction, chain, sendTables, scale, profile.maxGroupSize(), target);
        }
        if (bluestein == null) {
            return addPasses(graph, direction, passes, twiddles, sendTables, chain, scale, target, own);
        }
        return bluestein.addTasks(graph, direction, passes, twiddles, chain, sendTables, scale, own && storesLate, target);
    }

    /**
     * Adds a real transform by the natural route ({@link #promoted}, {@link RealByComplex}) from {@code in}
     * to {@code out}: r2c pairs the batch's real transforms as complex ones into {@link #widened},
     * transforms the whole shape into {@link #transformed} and parts each pair's two half spectra into
     * {@code out}; c2r pairs the Hermitian parts of the weighed half spectra into {@link #widened},
     * transforms (inverse) and parts the real and imaginary parts into {@code out}. Names every array it
     * writes as an (on-demand) output of {@code graph}, so that freeing releases it; registers the
     * work-group shapes in {@code target}; returns the task names.
     */
    private List<String> addPromoted(TaskGraph graph, List<Pass> passes, List<TornadoNativeArray> twiddles,
                                     TornadoNativeArray in, TornadoNativeArray out, GridScheduler target, boolean own) {
        boolean r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
        int[] shape = descriptor.shape();
        int n = lastAxis(descriptor);
        int rows = Math.toIntExact(descriptor.size() / n);
        int middle = shape.length == 3 ? shape[1] : 1;
        int batch = descriptor.batch();
        int points = Math.toIntExact(promoted.size() * promoted.batch());
        int bins = Math.toIntExact((long) rows * batch * (n / 2 + 1));
        int xRow = descriptor.inPlace() ? 2 * (n / 2 + 1) : n;
        String name = graph.getTaskGraphName();
        String base = taskBase(graph);
        int group = profile.maxGroupSize();
        List<String> tasks = new ArrayList<>();
        boolean doubles = in instanceof DoubleArray;
        if (r2c) {
            if (doubles) {
                graph.task(base + "pair", RealByComplexDouble::pair, new KernelContext(), (DoubleArray) in, (DoubleArray) widened,
                        n, xRow, rows, batch, points);
            } else {
                graph.task(base + "pair", RealByComplex::pair, new KernelContext(), (FloatArray) in, (FloatArray) widened,
                        n, xRow, rows, batch, points);
            }
            tasks.add(Bluestein.grid(target, name, base + "pair", points, group));
        } else {
            if (doubles) {
                graph.task(base + "pair", RealByComplexDouble::pairHalves, new KernelContext(), (DoubleArray) in, (DoubleArray) widened,
                        n, rows, middle, batch, points);
            } else {
                graph.task(base + "pair", RealByComplex::pairHalves, new KernelContext(), (FloatArray) in, (FloatArray) widened,
                        n, rows, middle, batch, points);
            }
            tasks.add(Bluestein.grid(target, name, base + "pair", points, group));
        }
        List<TornadoNativeArray> chain = transformChain(passes.size(), widened, transformed);
        tasks.addAll(addTransform(graph, promoted.direction(), passes, twiddles, true, chain, scale(promoted), target, own));
        if (r2c) {
            if (doubles) {
                graph.task(base + "part", RealByComplexDouble::part, new KernelContext(), (DoubleArray) transformed, (DoubleArray) out,
                        n, rows, middle, bins);
            } else {
                graph.task(base + "part", RealByComplex::part, new KernelContext(), (FloatArray) transformed, (FloatArray) out,
                        n, rows, middle, bins);
            }
            tasks.add(Bluestein.grid(target, name, base + "part", bins, group));
        } else {
            if (doubles) {
                graph.task(base + "part", RealByComplexDouble::unpair, new KernelContext(), (DoubleArray) transformed, (DoubleArray) out,
                        n, xRow, rows, batch, points);
            } else {
                graph.task(base + "part", RealByComplex::unpair, new KernelContext(), (FloatArray) transformed, (FloatArray) out,
                        n, xRow, rows, batch, points);
            }
            tasks.add(Bluestein.grid(target, name, base + "part", points, group));
        }
        List<TornadoNativeArray> written = new ArrayList<>(List.of(widened));
        written.addAll(chain.subList(1, chain.size()));
        if (mixedRadix != null) {
            written.addAll(mixedRadix.work());
        }
        written.add(out);
        freedWith(graph, written);
        return tasks;
    }

    /** The factor {@code d}'s output is multiplied by, in double (a double plan's kernels take it so). */
    static double scale(FftDescriptor d) {
        return d.norm().scale(d.size(), d.direction());
    }

    /** Work-items per group of the split and merge kernels. */
    static final int REAL_GROUP = 128;

    /**
     * The buffers of a real transform of {@code passes} (k of them) from {@code in} to {@code out}, k + 2
     * of them: r2c the passes' buffers, then the spectrum {@code out} that the split writes from the
     * last of them; c2r the spectrum {@code in}, then the passes' buffers from the one the merge writes.
     * In 1D the split runs in place on {@code out}, and the merge writes {@code out}, where the passes
     * then run; in 2D and 3D those steps go between the spectrum and a packed scratch array, and the
     * passes' intermediate results may take the other side's array (never the input of a transform out
     * of place), which has room for them. Where the split or merge is fused ({@link #fusesRealStep}),
     * {@code in} and {@code out}, the one pass's.
     */
    private List<TornadoNativeArray> realChain(List<Pass> passes, TornadoNativeArray in, TornadoNativeArray out) {
        if (fusesReal(passes)) {
            // Between the passes, packed: the spectrum has room for them (r2c) and so has a packed output (c2r).
            return mixedRadix != null || passes.size() == 1 ? List.of(in, out)
                    : bufferChain(passes.size(), in, out, descriptor.kind() == FftDescriptor.Kind.R2C
                    || !descriptor.inPlace() ? List.of(out) : List.of(), 0);
        }
        int k = mixedRadix != null ? mixedRadix.passes() : passes.size();
        boolean r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
        List<TornadoNativeArray> chain = new ArrayList<>();
        if (!isRealRows(descriptor)) {
            if (!r2c) {
                chain.add(in);
            }
            chain.addAll(r2c ? bufferChain(k, in, out) : bufferChain(k, out, out));
            if (r2c) {
                chain.add(out);
            }
            return chain;
        }
        if (r2c) {
            chain.addAll(bufferChain(k, in, scratch(0), List.of(out), 1));
            chain.add(out);
        } else {
            chain.add(in);
            chain.addAll(bufferChain(k, scratch(0), out, List.of(out), 1));
        }
        return chain;
    }

    /**
     * The buffers pass p reads (index p) and writes (index p + 1): the first is {@code in}, the last
     * {@code out}, the others packed scratch arrays or {@code out} where it is packed. Neighbours always
     * differ (a Stockham pass cannot run in place across groups), and an out-of-place transform never
     * writes its input.
     */
    private List<TornadoNativeArray> bufferChain(int k, TornadoNativeArray in, TornadoNativeArray out) {
        // An array in a layout of its own is not packed and never holds a pass's intermediate result.
        return bufferChain(k, in, out, complexPart(planned()).outputPacked() ? List.of(out) : List.of(), 0);
    }

    /**
     * The buffers of k passes from {@code in} to {@code out}: between them, from the last pass back,
     * the first of {@code candidates}, then of the scratch arrays from {@code firstScratch} on, that
     * differs from both neighbours.
     */
    private List<TornadoNativeArray> bufferChain(int k, TornadoNativeArray in, TornadoNativeArray out, List<TornadoNativeArray> candidates, int firstScratch) {
        TornadoNativeArray[] chain = new TornadoNativeArray[k + 1];
        chain[0] = in;
        chain[k] = out;
        for (int i = k - 1; i >= 1; i--) {
            for (int c = 0; ; c++) {
                TornadoNativeArray candidate = c < candidates.size() ? candidates.get(c) : scratch(firstScratch + c - candidates.size());
                if (candidate != chain[i + 1] && (i != 1 || candidate != in)) {
                    chain[i] = candidate;
                    break;
                }
            }
        }
        return List.of(chain);
    }

    private TornadoNativeArray scratch(int index) {
        while (scratch.size() <= index) {
            scratch.add(HostBuffers.take(precision, (int) complex.floats()));
        }
        return scratch.get(index);
    }

    /**
     * Appends the transform in {@code direction} to a caller's graph, from {@code in} to {@code out}, and
     * registers the work-group shapes in {@code target}; returns the task names. On a device whose
     * compiler takes a register cap, the appended passes use groups of at most
     * {@value #APPENDED_GROUP} work-items, which launch under any register count: the caller's
     * execution plan may lack the cap.
     */
    synchronized List<String> append(TaskGraph graph, Direction direction, TornadoNativeArray in, TornadoNativeArray out, GridScheduler target) {
        if (rowsFirst != null && appendedRowsFirst == null) {
            appendedRowsFirst = CompilerFlags.capsRegisters(device)
                    ? RowsFirst.plan(descriptor, profile.withMaxGroupSize(APPENDED_GROUP)) : rowsFirst;
        }
        if (appendedRowsFirst != null) {
            return appendedRowsFirst.addTasks(graph, in, out, appendedRowsFirst.tables(), true, target);
        }
        if (mixedRows != null) {
            return mixedRows.addTasks(graph, in, out, target);
        }
        if (appended == null) {
            List<Pass> planned = CompilerFlags.capsRegisters(device) && tensorCores == null
                    ? planPasses(planned(), profile.withMaxGroupSize(APPENDED_GROUP))
                    : passes;
            checkHalfStores(planned(), planned, device.getTornadoVMBackend());
            appended = planned;
            appendedTwiddles = appended == passes || mixedRadix != null ? twiddles : tables(planned(), appended, profile.cpu());
        }
        if (promoted != null) {
            return addPromoted(graph, appended, appendedTwiddles, in, out, target, false);
        }
        if (descriptor.isReal()) {
            return addRealTasks(graph, appended, appendedTwiddles, realChain(appended, in, out), target, false);
        }
        return addTransform(graph, direction, appended, appendedTwiddles, true, transformChain(appended.size(), in, out),
                scale(descriptor.withDirection(direction)), target, false);
    }

    /** Copies the input array to the device. */
    synchronized void upload() {
        execution.withGraph(0).execute();
        uploaded = true;
    }

    /** Transforms the data on the device in {@code direction}; nothing crosses to the host. */
    synchronized void run(Direction direction) {
        if (descriptor.isReal() && direction != descriptor.direction()) {
            throw new IllegalStateException("direction: " + descriptor + " has no " + direction + " transform");
        }
        if (!uploaded) {
            upload();
        }
        boolean first = direction == descriptor.direction();
        if (!first) {
            ensureSecond();
        }
        if (first || secondCompiled) {
            lastResult = execution.withGraph(first ? 1 : 2).execute();
        } else {
            synchronized (COMPILING) {
                lastResult = execution.withGraph(2).execute();
            }
            secondCompiled = true;
        }
        // Read now: TornadoVM clears a graph's profile when its output is copied to the host.
        lastKernelNanos = profiled ? lastResult.getProfilerResult().getDeviceKernelTime() : -1;
    }

    /**
     * Before the other direction's first run, a run of graph 1, from which graph 2 takes its buffers.
     * Out of place that run only writes the output and scratch buffers, which graph 2 then overwrites;
     * an in-place engine, whose graph 1 overwrites the input, does this when it is built instead.
     */
    private void ensureSecond() {
        if (!secondReady) {
            execution.withGraph(1).execute();
            secondReady = true;
        }
    }

    /** Copies the output from the device into {@link #output}. */
    synchronized void download() {
        lastResult.transferToHost(output);
    }

    /** Turns TornadoVM's profiler on or off. */
    synchronized void profile(boolean on) {
        if (on != profiled) {
            if (on) {
                execution.withProfiler(ProfilerMode.SILENT);
            } else {
                execution.withoutProfiler();
            }
            profiled = on;
        }
    }

    synchronized boolean profiled() {
        return profiled;
    }

    /** Device kernel time of the last transform, in ns, as TornadoVM's profiler reported it; -1 without the profiler. */
    synchronized long lastKernelNanos() {
        return lastKernelNanos;
    }

    /**
     * Device memory this engine's buffers take, in bytes: its input, output, scratch arrays and twiddle
     * tables, each once (TornadoVM's own per-graph accounting counts only the graphs selected last).
     */
    synchronized long deviceBytes() {
        if (freed) {
            return 0;
        }
        Set<TornadoNativeArray> buffers = Collections.newSetFromMap(new IdentityHashMap<>());
        buffers.add(input);
        buffers.add(output);
        buffers.addAll(scratch);
        if (promoted != null) {
            buffers.add(widened);
            buffers.add(transformed);
        }
        buffers.addAll(bluestein != null ? bluestein.tables(passes, twiddles) : twiddles);
        if (mixedRadix != null) {
            buffers.addAll(mixedRadix.work());
        }
        if (tensorCores != null) {
            buffers.addAll(tensorCores.work());
        }
        if (rowsFirst != null) {
            buffers.addAll(rowsFirst.work());
        }
        if (mixedRows != null) {
            buffers.addAll(mixedRows.work());
        }
        if (realTwiddles != null) {
            buffers.add(realTwiddles);
        }
        return buffers.stream().mapToLong(TornadoNativeArray::getNumBytesOfSegmentWithHeader).sum();
    }

    /**
     * Registers per work-item NVIDIA's compilers may give this engine's kernels: the options' cap, at most
     * {@link Planner#lateStoreRegisters} for a plan that stores late, and on the PTX backend at most
     * what a mixed-radix plan's chains take there ({@link MixedRadix#ptxRegisters}); a double plan of small
     * groups takes {@link DeviceProfile#DOUBLE_REGISTERS} ({@link #widensRegisters}).
     */
    int registerCap() {
        int cap = key.options().tuning().maxRegisters();
        if (mixedRadix != null && device.getTornadoVMBackend() == TornadoVMBackendType.PTX) {
            cap = Math.min(mixedRadix.ptxRegisters(), cap);
        }
        if (mixedRows != null && device.getTornadoVMBackend() == TornadoVMBackendType.PTX) {
            cap = Math.min(mixedRows.ptxRegisters(), cap);
        }
        if (widensRegisters) {
            cap = DeviceProfile.DOUBLE_REGISTERS;
        }
        return storesLate ? Math.min(Planner.lateStoreRegisters(profile), cap) : cap;
    }

    /** What the plan's description says of the register cap: where it stores late, or takes more for double. */
    String registerNote() {
        String cap = CompilerFlags.capsRegisters(device) ? " (" + registerCap() + " registers)" : "";
        String note = storesLate ? ", stores late" + cap
                : widensRegisters ? ", " + registerCap() + " registers a work-item (double)" : "";
        return storesLateAlone() ? note + ", its single-group pass stores late" : note;
    }

    /**
     * Whether a pass of a plan that does not store late as a whole stores late alone
     * ({@link #storesLate(Pass)}): only the planner's passes, as {@link #addPasses} adds them, do.
     */
    private boolean storesLateAlone() {
        return !storesLate && plannersPassesAlone() && passes.stream().anyMatch(pass -> Planner.storesLate(pass, profile, nvidia));
    }

    /**
     * Whether the transform's kernels are the planner's passes ({@link #addPasses}) and no others of their own
     * kind: no Bluestein, mixed-radix, rows-first or tensor-core kernels (a real transform's split or merge
     * and a promoted transform's pairing may stand beside them).
     */
    private boolean plannersPassesAlone() {
        return rowsFirst == null && mixedRows == null && mixedRadix == null && tensorCores == null && bluestein == null;
    }

    /** The transforms' twiddle tables, one per pass. */
    List<TornadoNativeArray> twiddles() {
        return twiddles;
    }

    /** Frees the device memory and gives the host arrays back; the engine cannot be used afterwards. */
    synchronized void free() {
        if (!freed) {
            free(execution);
        }
    }

    private void free(TornadoExecutionPlan plan) {
        freed = true;
        try {
            if (plan != null) {
                // TornadoVM frees only the graphs selected last (withGraph), and an array once per graph
                // that transfers it: graph 1 holds the output, scratch and tables (and the input, in
                // place), graph 0 the input; graph 2 holds nothing of its own.
                plan.withGraph(1).freeDeviceMemory();
                if (!descriptor.inPlace()) {
                    plan.withGraph(0).freeDeviceMemory();
                }
            }
        } finally {
            HostBuffers.give(input);
            if (output != input) {
                HostBuffers.give(output);
            }
            scratch.forEach(HostBuffers::give);
            scratch.clear();
            if (promoted != null) {
                HostBuffers.give(widened);
                HostBuffers.give(transformed);
            }
            if (mixedRadix != null) {
                mixedRadix.work().forEach(HostBuffers::give);
            }
            if (tensorCores != null) {
                tensorCores.free();
            }
            if (mixedRows != null) {
                mixedRows.work().forEach(HostBuffers::give);
            }
            if (rowsFirst != null) {
                rowsFirst.work().forEach(HostBuffers::give);
                if (appendedRowsFirst != null && appendedRowsFirst != rowsFirst) {
                    appendedRowsFirst.work().forEach(HostBuffers::give);
                }
            }
        }
    }
}
