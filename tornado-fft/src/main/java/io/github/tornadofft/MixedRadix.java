package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.Chirp;
import io.github.tornadofft.kernels.ChirpDouble;
import io.github.tornadofft.kernels.MixedRadixPass;
import io.github.tornadofft.kernels.MixedRadixPassDouble;
import io.github.tornadofft.kernels.TwiddleTable;
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
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * A transform of one, two or three axes none of whose lengths has a prime factor above 13, one of them
 * at least not a power of two (1000, 1536, 3 x 2^18, 10^6, 1001; 1920 x 1080, 100 x 100 x 100): along each
 * axis a chain of Stockham passes of radix 2, 3, 4, 5, 7, 8, 11, 13 or 16 in global memory
 * ({@link MixedRadixPass}), one work-item per butterfly, or, where the axis is short enough, all of
 * them in one kernel through local memory ({@link MixedRadixPass#fused}). Other 1D lengths that are
 * not powers of two keep Bluestein's convolution ({@link Bluestein}), and powers of two the register
 * passes.
 *
 * <p>The radices of an axis ({@link #radices}): one pass per factor 13 and 11; the twos in as few
 * passes of radix 16, 8, 4 or 2 as they take, their bits spread evenly (2^11 = 16 x 16 x 8, 2^6 = 8 x 8);
 * then one pass per factor 7, 5 and 3. Largest first: the first pass (span 1) stores each work-item's R
 * values R apart from its neighbour's, and every later pass of span p stores runs of p adjacent values,
 * so a large first radix makes every later store a run of at least 16 values (128 bytes of floats) where
 * the twos allow.
 *
 * <p>The axes, last (X) first: the X axis's transforms are the rows, the others' the columns at each
 * position of the faster axes ({@link MixedRadixPass#COLUMNS}), whose adjacent work-items read adjacent
 * transforms. The first axis's first kernel reads the input's layout and the last axis's last kernel
 * writes the output's; between them the array lies packed. Axes of length 1 take no kernel. In 2D and
 * 3D an axis whose length has a prime factor above 13 runs as Bluestein's convolution along it
 * ({@link Axis#points}): pad, the M-point kernels, filter, the M-point kernels back, crop, in two work
 * arrays of this class's own.
 *
 * <p>The pass of radix R and span p reads its twiddles {@code W_{pR}^{m k}}, 0 &lt; m &lt; R, k &lt; p,
 * from a table of (R - 1) p entries, computed on the host in double ({@code Twiddles}' exact argument
 * reduction) and stored in the plan's precision, shared by every plan of that precision, radix and
 * span (the tables of one axis hold N - 1 entries in all). The inverse conjugates on every load and
 * store. An {@link Engine} whose descriptor this applies to ({@link #applies}) runs the kernels along
 * its usual buffer chain (input, one or two packed scratch arrays, output); this class adds the tasks.
 */
final class MixedRadix {

    /** Work-items per group (fewer where the device allows fewer). */
    static final int GROUP = 256;
    /** Most local memory a fused group takes: one buffer of the longest transform, in either precision. */
    static final long FUSED_LOCAL_BYTES = 2L * MixedRadixPass.FUSED_MAX * Float.BYTES;

    /**
     * Local buffers per transform in the fused kernel: {@code tornado.fft.mixedRadix.buffers}, auto (the
     * default, {@link #buffers(String, int, int[], Precision, boolean)}), 2 (each pass from one buffer into
     * the other, Stockham's autosort: transforms up to half the longest) or 1 (the passes in place,
     * {@link MixedRadixPass#IN_PLACE}, the input loaded in digit-reversed order). With the parts side by side
     * in local memory in place was slower wherever two buffers fit (H100, OpenCL / PTX, kernel ms against two
     * buffers: 768 0.198 / 0.227 against 0.164 / 0.242; 1536 0.180 / 0.209 against 0.145 / 0.175; 3072 0.188
     * / 0.229 against 0.157 / 0.222), and beyond them it replaces two fused steps (6144: 0.211 / 0.245
     * against 0.361 / 0.356; 3072 in double: 0.195 / 0.236 against 0.379 / 0.358). In two planes
     * ({@link #PLANES_PROPERTY}) it pays where the chain runs in {@code fused} or {@code fusedComposite}
     * (H200, NVIDIA's OpenCL, three rounds alternated, kernel ms, one buffer against two: 768 x 21846 0.085
     * against 0.093, 1536 x 10923 0.083 against 0.092, 3072 x 5462 0.089 against 0.092, 1000 x 16777 0.087
     * against 0.089, 3D 100^3 x 8 0.159 against 0.177) but not in {@code fusedLarge} (2000 x 8388 0.100
     * against 0.093, 3000 x 5593 0.094 against 0.089): the in-place passes conflict more in the banks, and
     * what half the memory buys is groups on a multiprocessor, which {@code fusedLarge}'s registers hold
     * back as much as its memory does.
     */
    static final String BUFFERS_PROPERTY = "tornado.fft.mixedRadix.buffers";
    /** {@link #BUFFERS_PROPERTY}, read once (engines of either setting would share the cache's keys). */
    private static final String BUFFERS = buffersMode(System.getProperty(BUFFERS_PROPERTY, "auto"));

    /** {@code mode}, a value of {@link #BUFFERS_PROPERTY}, checked. */
    static String buffersMode(String mode) {
        return checked(BUFFERS_PROPERTY, mode, "auto", "1", "2");
    }

    /**
     * {@code value} of the switch {@code property} where it is one of {@code allowed}.
     *
     * @throws IllegalArgumentException naming the property and the values it takes
     */
    private static String checked(String property, String value, String... allowed) {
        if (!Arrays.asList(allowed).contains(value)) {
            String all = String.join(", ", Arrays.copyOf(allowed, allowed.length - 1)) + " or " + allowed[allowed.length - 1];
            throw new IllegalArgumentException(property + ": " + all + ", got " + value);
        }
        return value;
    }

    /**
     * Local buffers per transform of n points whose chain is {@code radices} in the fused kernel under
     * {@code mode}, a value of {@link #BUFFERS_PROPERTY}: auto takes one beyond half the longest in one
     * buffer, one where the local memory is in two {@code planes} and the chain runs in {@code fused} or
     * {@code fusedComposite} (not {@code fusedLarge}), else two.
     */
    static int buffers(String mode, int n, int[] radices, Precision precision, boolean planes) {
        return switch (mode) {
            case "1" -> 1;
            case "2" -> 2;
            default -> n > inPlaceMax(precision) / 2 || planes && FusedKernel.of(radices) != FusedKernel.LARGE ? 1 : 2;
        };
    }

    /** The longest transform of one buffer, in place, in {@code precision}: 6144 float, 3072 double (48 KB). */
    private static int inPlaceMax(Precision precision) {
        return precision == Precision.FLOAT ? MixedRadixPass.FUSED_MAX : MixedRadixPassDouble.FUSED_MAX;
    }

    /** The tables of each precision, radix and span, kept for the life of the JVM as HostBuffers keeps twiddles. */
    private static final Map<List<Object>, TornadoNativeArray> TWIDDLES = new ConcurrentHashMap<>();

    private final FftDescriptor descriptor;
    /**
     * Registers per work-item on the PTX backend for a plan whose every axis runs one fused kernel of a chain
     * of 6, 10 and 12 of at most three passes, in float ({@link #ptxRegisters}). Measured on an H200
     * (kernel ms, the default cap of 128 against 64, one process each): 1D 1000 x 16777 (10 x 10 x 10)
     * 0.125 against 0.0998, 3D 100^3 x 8 (10 x 10 per axis) 0.186 against 0.156, 3072 x 5462 (16 x 16 x 12)
     * 0.0930 against 0.0846, 1536 x 10923 (16 x 16 x 6) 0.0897 against 0.0876; the same cap cost 2D 1920 x
     * 1080 x 8 (a chain of four passes along its columns) 9% and 1536 in double 75% (spills), and NVIDIA's
     * OpenCL compiler gained nothing from it, so it is held to those plans on that backend.
     */
    static final int SHORT_COMPOSITE_REGISTERS = 64;
    /**
     * Registers per work-item on the PTX backend for a plan whose every axis runs {@code fusedLarge} in three
     * passes, in float ({@link #ptxRegisters}). Measured on an H200 (kernel ms, no cap against 80, one process
     * each): 4000 x 4194 (20 x 20 x 10) 0.110 against 0.0954, 6144 x 2731 (24 x 16 x 16) 0.122 against 0.110,
     * 3000 x 5593 (20 x 15 x 10) 0.0941 against 0.0929, 2000 x 8388 0.107 against 0.105; 64 spilled (6144:
     * 0.138), 96 gained nothing, the two-pass 384 = 24 x 16 lost 4% at 80, and 3000 in double lost at every
     * cap (0.0821 against 0.154 at 80).
     */
    static final int LARGE_REGISTERS = 80;

    /** The axes in the order they run (the last first), those of length 1 left out. */
    private final List<Axis> axes;
    /**
     * Whether the one axis is the complex part of a 1D real transform (N/2 points a row), its fused kernel
     * with the split (r2c) or the merge (c2r) inside ({@link MixedRadixPass#REAL}, {@link #fusesReal}).
     */
    private final boolean real;
    /** Whether the last axis is left alone: the other axes of a real transform's half spectrum ({@link #columns}). */
    private final boolean columnsOnly;
    /** The two work arrays of the axes that run as a convolution (none without one), from {@link HostBuffers}. */
    private final List<TornadoNativeArray> work;

    /**
     * The passes of each axis of {@code descriptor} and their tables (computed on first use of a radix
     * and span, or of a length for the fused kernel's), fused where {@link #fuses} says so.
     *
     * @param localBytes local memory per work-group of the device
     * @param planes     whether the fused kernels keep their local memory in two planes ({@link #planes(boolean, FftDescriptor, boolean)})
     * @param gpu        whether the device is a GPU, whose column axes take wide groups where they are many
     *                   ({@link #wideColumns})
     */
    MixedRadix(FftDescriptor descriptor, long localBytes, boolean planes, boolean gpu) {
        this(descriptor, localBytes, planes, gpu, false);
    }

    /**
     * As {@link #MixedRadix(FftDescriptor, long, boolean, boolean)}; where {@code real}, {@code descriptor}
     * is the complex part of a 1D real transform of N points (N/2 a row: r2c forward from the real rows
     * into the spectrum's rows of N/2 + 1, c2r inverse from those into the real rows), which
     * {@link #fusesReal} must take: its one fused kernel runs the split or the merge too.
     */
    MixedRadix(FftDescriptor descriptor, long localBytes, boolean planes, boolean gpu, boolean real) {
        this(descriptor, localBytes, planes, gpu, real, false);
    }

    /**
     * The other axes of a 2D or 3D real transform's half spectrum {@code spectrum} (c2c, its last axis the
     * N/2 + 1 bins of each row, which it does not transform): every axis but the last, along the columns
     * of all N/2 + 1 bins, whatever their lengths ({@link MixedRowsFirst}).
     */
    static MixedRadix columns(FftDescriptor spectrum, long localBytes, boolean planes, boolean gpu) {
        return new MixedRadix(spectrum, localBytes, planes, gpu, false, true);
    }

    private MixedRadix(FftDescriptor descriptor, long localBytes, boolean planes, boolean gpu, boolean real, boolean columnsOnly) {
        if (columnsOnly ? descriptor.kind() != FftDescriptor.Kind.C2C || descriptor.rank() < 2 : !applies(descriptor)) {
            throw new IllegalArgumentException("descriptor: a c2c transform with an axis length that is not a power of"
                    + " two (in 1D, one with no prime factor above 13), got " + descriptor);
        }
        if (real && !fusesReal(descriptor, localBytes)) {
            throw new IllegalArgumentException("descriptor: a real transform's complex part of one fused kernel (1D, rows of"
                    + " stride 1), got " + descriptor);
        }
        this.descriptor = descriptor;
        this.real = real;
        this.columnsOnly = columnsOnly;
        int[] shape = descriptor.shape();
        List<Axis> list = new ArrayList<>();
        for (int a = shape.length - (columnsOnly ? 2 : 1); a >= 0; a--) {
            if (shape[a] > 1) {
                list.add(new Axis(descriptor, a, localBytes, planes, gpu, real));
            }
        }
        this.axes = List.copyOf(list);
        long values = axes.stream().mapToLong(Axis::workValues).max().orElse(0);
        this.work = values == 0 ? List.of() : List.of(HostBuffers.take(descriptor.precision(), (int) values),
                HostBuffers.take(descriptor.precision(), (int) values));
    }

    /**
     * Whether the complex part {@code complex} of a 1D real transform (N/2 points a row, rows of stride 1)
     * runs as one fused kernel with the real transform's split or merge inside ({@link MixedRadixPass#REAL}):
     * where N/2 is not a power of two and {@link #fuses} on this device. Then the group that holds a row's
     * N/2 values holds each value's partner at N/2 - k too (r2c), and c2r's merge reads both bins from the
     * spectrum's row as it loads: one kernel instead of two, the spectrum read and written once less.
     */
    static boolean fusesReal(FftDescriptor complex, long localBytes) {
        return applies(complex) && complex.rank() == 1 && complex.inputLayout().stride() == 1
                && complex.outputLayout().stride() == 1 && fuses(complex.shape()[0], complex.precision(), localBytes);
    }

    /** Whether the split or merge of a real transform runs inside the fused kernel ({@link #fusesReal}). */
    boolean real() {
        return real;
    }

    /** The work arrays of the convolutions along axes (empty without one), which the engine frees with its own. */
    List<TornadoNativeArray> work() {
        return work;
    }

    /** Device bytes the work arrays of a plan of {@code d} take (0 where no axis runs as a convolution). */
    static long workBytes(FftDescriptor d) {
        return applies(d) ? workBytes(d, d.rank()) : 0;
    }

    /**
     * Device bytes the work arrays of {@link #columns} of the half spectrum {@code spectrum} take: those of its
     * axes but the last (0 where none runs as a convolution).
     */
    static long columnsWorkBytes(FftDescriptor spectrum) {
        return workBytes(spectrum, spectrum.rank() - 1);
    }

    /** The work arrays' bytes for the convolutions along the first {@code axes} axes of {@code d}. */
    private static long workBytes(FftDescriptor d, int axes) {
        long most = 0;
        int[] shape = d.shape();
        long size = d.size();
        for (int a = 0; a < axes; a++) {
            int length = shape[a];
            if (!smooth(length)) {
                most = Math.max(most, 2L * Bluestein.convolutionLength(length) * (size / length) * d.batch());
            }
        }
        return 2 * most * d.precision().bytes();
    }

    /**
     * Whether {@code d} runs as mixed-radix passes: a c2c transform, one of whose axis lengths is not a
     * power of two; in 1D one without a prime factor above 13 (in 2D and 3D such an axis runs as
     * Bluestein's convolution along it, {@link Axis#points}).
     */
    static boolean applies(FftDescriptor d) {
        if (d.kind() != FftDescriptor.Kind.C2C) {
            return false;
        }
        boolean power = true;
        for (int length : d.shape()) {
            if (d.rank() == 1 && !smooth(length)) {
                // In 1D Bluestein's own plan ({@link Bluestein}) takes it.
                return false;
            }
            power &= Integer.bitCount(length) == 1;
        }
        return !power;
    }

    /** The primes of the radices: a length whose prime factors are among them runs as mixed-radix passes. */
    static final int[] PRIMES = {2, 3, 5, 7, 11, 13};

    /** Whether {@code n} (at least 1) has no prime factor above 13 ({@link #PRIMES}). */
    static boolean smooth(int n) {
        for (int p : PRIMES) {
            while (n % p == 0) {
                n /= p;
            }
        }
        return n == 1;
    }

    /**
     * The radices of the passes of {@code n} (13-smooth, above 1), in the order they run: each factor 13
     * and 11 as a pass of its own; the factor 2^t as ceil(t / 4) passes of radix 16, 8, 4 or 2, the bits
     * spread evenly, larger first; then each factor 7, 5 and 3 as a pass of its own. 13 and 11 lead so that
     * {@code fusedPrime}, whose first pass takes only them, takes the chain ({@link FusedKernel#PRIME}).
     *
     * @throws IllegalArgumentException naming {@code n} where it is below 2 or has a prime factor above 13
     */
    static int[] radices(int n) {
        if (n < 2 || !smooth(n)) {
            throw new IllegalArgumentException("n: at least 2, with no prime factor above 13, got " + n);
        }
        int twos = Integer.numberOfTrailingZeros(n);
        int rest = n >> twos;
        List<Integer> list = new ArrayList<>();
        for (int p : new int[] {13, 11}) {
            while (rest % p == 0) {
                list.add(p);
                rest /= p;
            }
        }
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
     * Which composite radices a transform that runs as one fused kernel takes where they make fewer passes
     * ({@link #fusedRadices}): {@code tornado.fft.mixedRadix.composite}, true (the default: 6, 10, 12, 15, 20
     * and 24), small (6, 10 and 12 only: {@link #compositeRadices}) or false (the chains of {@link #radices}),
     * a switch to measure with.
     */
    static final String COMPOSITE_PROPERTY = "tornado.fft.mixedRadix.composite";
    /** {@link #COMPOSITE_PROPERTY}, read once. */
    private static final String COMPOSITE = compositeMode(System.getProperty(COMPOSITE_PROPERTY, "true"));

    /**
     * {@code value}, a value of {@link #COMPOSITE_PROPERTY}, checked.
     *
     * @throws IllegalArgumentException naming the property, where {@code value} is not true, small or false
     */
    static String compositeMode(String value) {
        return checked(COMPOSITE_PROPERTY, value, "true", "small", "false");
    }

    /**
     * The fused kernels, each with the radices its passes take (pass p: {@code slots[p]}); a chain runs in the
     * first that takes it ({@link #of}).
     */
    enum FusedKernel {
        /** {@code fused}: 2 to 16 in the first three passes, then 3, 5 and 7. */
        PLAIN(MixedRadixPass.FUSED_SLOTS),
        /** {@code fusedComposite}: 6, 10 and 12 too, in the first three passes. */
        COMPOSITE(MixedRadixPass.FUSED_COMPOSITE_SLOTS),
        /** {@code fusedLarge}: 15, 20 and 24 too, in chains of at most three passes. */
        LARGE(MixedRadixPass.FUSED_LARGE_SLOTS),
        /** {@code fusedPrime}: the chains of {@link #radices} with a factor 13 or 11, in at most six passes. */
        PRIME(MixedRadixPass.FUSED_PRIME_SLOTS);

        private final int[][] slots;

        FusedKernel(int[][] slots) {
            this.slots = slots;
        }

        /** Whether this kernel's passes take the chain: no more passes than it has, each radix in its pass's slot. */
        boolean takes(int[] radices) {
            if (radices.length > slots.length) {
                return false;
            }
            for (int p = 0; p < radices.length; p++) {
                int radix = radices[p];
                if (Arrays.stream(slots[p]).noneMatch(r -> r == radix)) {
                    return false;
                }
            }
            return true;
        }

        /** The first kernel that takes the chain. */
        static FusedKernel of(int[] radices) {
            for (FusedKernel kernel : values()) {
                if (kernel.takes(radices)) {
                    return kernel;
                }
            }
            throw new IllegalArgumentException("radices: no fused kernel takes " + Arrays.toString(radices));
        }
    }

    /**
     * The chain of the fused kernel of one transform of n points (not a step of two or three): as far as
     * {@link #COMPOSITE_PROPERTY} allows, the shortest of {@link #largeRadices}, {@link #compositeRadices} and
     * {@link #radices} (each only where it is shorter than those after it), {@code fusedLarge}'s only where
     * it makes three passes of four. Its two-pass chains were measured slower on PTX (384 = 24 x 16: 0.100
     * against 0.0885 ms for 16 x 8 x 3 on an H200, 6% faster on OpenCL): the passes of 16 there have half
     * again as many butterflies as the group has work-items, so half of them take a second round alone.
     */
    static int[] fusedRadices(int n) {
        int[] chain = radices(n);
        if (!COMPOSITE.equals("false")) {
            int[] composite = compositeRadices(n);
            chain = composite != null ? composite : chain;
        }
        if (COMPOSITE.equals("true")) {
            int[] large = largeRadices(n);
            chain = large != null && large.length == 3 && chain.length > 3 ? large : chain;
        }
        return chain;
    }

    /**
     * The chain of n that {@code MixedRadixPass.fusedLarge} takes in the fewest passes, its radices the
     * largest in each pass first of those (3000 = 20 x 15 x 10, 6144 = 24 x 16 x 16, 384 = 24 x 16); null
     * where it takes none. Its first radix is 20 or 24, which the other kernels do not take, so that {@link
     * FusedKernel#of} gives it {@code fusedLarge}.
     */
    static int[] largeRadices(int n) {
        int[][] slots = MixedRadixPass.FUSED_LARGE_SLOTS;
        for (int passes = 1; passes <= slots.length; passes++) {
            int[] chain = largeChain(n, new int[passes], 0);
            if (chain != null) {
                return chain;
            }
        }
        return null;
    }

    /**
     * {@code chain} with passes p and on filled from fusedLarge's slots so that they multiply to n, or null;
     * each slot lists its radices largest first, so the first chain found has the largest in each pass.
     */
    private static int[] largeChain(int n, int[] chain, int p) {
        if (p == chain.length) {
            return n == 1 ? chain : null;
        }
        for (int radix : MixedRadixPass.FUSED_LARGE_SLOTS[p]) {
            if (n % radix == 0) {
                chain[p] = radix;
                int[] done = largeChain(n / radix, chain, p + 1);
                if (done != null) {
                    return done;
                }
            }
        }
        return null;
    }

    /**
     * A chain of n (null where n has a factor 11 or 13) with the composite radices 6 = 2 x 3, 10 = 2 x 5 and
     * 12 = 4 x 3 that has fewer passes than {@link #radices}'s, in the order
     * {@code MixedRadixPass.fusedComposite} takes: at most two passes of radix 16 or 8, then the composite
     * radices (largest first; with them at most {@link MixedRadixPass#FUSED_EARLY_PASSES} passes, and exactly
     * that many where odd radices follow), then 7, 5 and 3 as in {@link #radices} (1000 = 10 x 10 x 10, 1536
     * = 16 x 16 x 6, 3072 = 16 x 16 x 12, 3000 = 10 x 10 x 6 x 5, against four, four, four and five passes);
     * null where there is none. Of several, the fewest passes, then the fewest composite radices, then the
     * most bits in the powers of two.
     */
    static int[] compositeRadices(int n) {
        if (n % 11 == 0 || n % 13 == 0) {
            return null;
        }
        int[] plain = radices(n);
        int twos = Integer.numberOfTrailingZeros(n);
        int threes = 0;
        int fives = 0;
        int sevens = 0;
        for (int rest = n >> twos; rest > 1; ) {
            if (rest % 3 == 0) {
                threes++;
                rest /= 3;
            } else if (rest % 5 == 0) {
                fives++;
                rest /= 5;
            } else {
                sevens++;
                rest /= 7;
            }
        }
        int[] best = null;
        int bestComposites = 0;
        int bestBits = 0;
        for (int tens = 0; tens <= fives; tens++) {
            for (int sixes = 0; sixes <= threes; sixes++) {
                for (int twelves = 0; sixes + twelves <= threes; twelves++) {
                    int composites = tens + sixes + twelves;
                    int bits = twos - tens - sixes - 2 * twelves;
                    if (composites == 0 || bits < 0) {
                        continue;
                    }
                    int[] powers = switch (bits) {
                        case 0 -> new int[0];
                        case 3, 4 -> new int[] {1 << bits};
                        case 6, 7, 8 -> new int[] {1 << (bits - bits / 2), 1 << (bits / 2)};
                        default -> null;
                    };
                    int odd = threes - sixes - twelves + fives - tens + sevens;
                    int early = (powers == null ? 0 : powers.length) + composites;
                    if (powers == null || early > MixedRadixPass.FUSED_EARLY_PASSES
                            || odd > 0 && early != MixedRadixPass.FUSED_EARLY_PASSES
                            || early + odd > MixedRadixPass.FUSED_PASSES) {
                        continue;
                    }
                    int passes = early + odd;
                    int length = best == null ? plain.length : best.length;
                    boolean better = passes < length || best != null && passes == length
                            && (composites < bestComposites || composites == bestComposites && bits > bestBits);
                    if (!better) {
                        continue;
                    }
                    List<Integer> list = new ArrayList<>();
                    for (int power : powers) {
                        list.add(power);
                    }
                    for (int i = 0; i < twelves; i++) {
                        list.add(12);
                    }
                    for (int i = 0; i < tens; i++) {
                        list.add(10);
                    }
                    for (int i = 0; i < sixes; i++) {
                        list.add(6);
                    }
                    for (int i = 0; i < sevens; i++) {
                        list.add(7);
                    }
                    for (int i = 0; i < fives - tens; i++) {
                        list.add(5);
                    }
                    for (int i = 0; i < threes - sixes - twelves; i++) {
                        list.add(3);
                    }
                    best = list.stream().mapToInt(Integer::intValue).toArray();
                    bestComposites = composites;
                    bestBits = bits;
                }
            }
        }
        return best;
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
     * longest in {@code precision} (6144 float, 3072 double: one buffer of it fills 48 KB; half that with
     * {@code tornado.fft.mixedRadix.buffers=2}), on a device with that much local memory per group, and
     * a chain of radices {@code fused} or, with a factor 11 or 13, {@code fusedPrime} takes.
     */
    static boolean fuses(int n, Precision precision, long localBytes) {
        if (n > fusedMax(precision) || localBytes < FUSED_LOCAL_BYTES) {
            return false;
        }
        int[] chain = radices(n);
        return FusedKernel.PLAIN.takes(chain) || FusedKernel.PRIME.takes(chain);
    }

    /** The longest transform the fused kernel takes in {@code precision}, in one buffer or (always two) in two. */
    static int fusedMax(Precision precision) {
        return BUFFERS.equals("2") ? inPlaceMax(precision) / 2 : inPlaceMax(precision);
    }

    /**
     * The two lengths of a transform of n points that is longer than the fused kernel takes, as two fused
     * steps ({@link Axis#split}): n1 x n2 = n, both fused on this device with at least two transforms per
     * group (at most half the fused kernel's longest), the most even such pair, n1 &lt;= n2; null where there
     * is none. Each step reads or writes its array across its transforms, in runs of as many values as a
     * group holds transforms: with one per group those runs are single values, slower than pass by pass
     * (measured on an H100: 3 x 2^20 as 1536 x 2048 took 1.63 ms against 1.25 in six passes).
     */
    static int[] split(int n, Precision precision, long localBytes) {
        int half = splitMax(precision);
        int[] best = null;
        for (int n1 = 2; (long) n1 * n1 <= n; n1++) {
            if (n % n1 == 0 && n / n1 <= half && fuses(n1, precision, localBytes) && fuses(n / n1, precision, localBytes)) {
                best = new int[] {n1, n / n1};
            }
        }
        return best;
    }

    /**
     * The three lengths of a transform of n points that has no {@link #split} (longer than the longest
     * factor squared), as three fused steps ({@link Axis#split}): a x b x c = n, a &gt;= b &gt;= c, each
     * fused on this device and at most {@link #splitMax}, the most even such triple (the least a, then the
     * least b); null where there is none. 3 x 2^20 = 192 x 128 x 128: three trips through memory, each
     * step's groups as wide as 48 KB holds ({@link Axis#wideMode}), where its six passes took six trips
     * (on an H100, 3 x 2^20 x 6: 0.585 / 0.541 ms against 1.25 / 1.26, OpenCL / PTX, with
     * {@link #STEP_TWIDDLES_PROPERTY}'s default).
     */
    static int[] split3(int n, Precision precision, long localBytes) {
        int max = splitMax(precision);
        int[] best = null;
        for (int a = 2; a <= max; a++) {
            if (n % a != 0 || !fuses(a, precision, localBytes)) {
                continue;
            }
            int rest = n / a;
            for (int b = 2; b <= a; b++) {
                int c = rest / b;
                if (rest % b == 0 && c >= 2 && c <= b && (best == null || a < best[0] || a == best[0] && b < best[1])
                        && fuses(b, precision, localBytes) && fuses(c, precision, localBytes)) {
                    best = new int[] {a, b, c};
                }
            }
        }
        return best;
    }

    /**
     * The fused steps of a 1D transform of n points longer than the fused kernel takes: its {@link #split}
     * into two where there is one, else its {@link #split3} into three, else null (pass by pass).
     */
    static int[] steps(int n, Precision precision, long localBytes) {
        int[] two = split(n, precision, localBytes);
        return two != null ? two : split3(n, precision, localBytes);
    }

    /**
     * The longest factor of a {@link #split}: a quarter of the fused kernel's longest in one buffer (1536
     * float, 768 double), so that a group holds at least four transforms in place, two with two buffers.
     */
    static int splitMax(Precision precision) {
        return inPlaceMax(precision) / 4;
    }

    /**
     * The second step's table of a transform of n1 x n2 points ({@link MixedRadixPass#TWIDDLE}): the fused
     * passes' table of n2 ({@link #fusedTwiddles}), then {@code W_n^r} for r &lt; 2^TWIDDLE_BITS, then
     * {@code W_n^{2^TWIDDLE_BITS q}} for q up to n / 2^TWIDDLE_BITS, each to within double rounding.
     */
    static double[] splitTwiddles(int n1, int n2) {
        double[] passes = fusedTwiddles(radices(n2));
        double[] products = TwiddleTable.twoLevel((long) n1 * n2, MixedRadixPass.TWIDDLE_BITS);
        double[] table = Arrays.copyOf(passes, passes.length + products.length);
        System.arraycopy(products, 0, table, passes.length, products.length);
        return table;
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

    /** The fused kernels' radix word: radix R of pass p as its code ({@code MixedRadixPass.radixCode}) in bits 4p to 4p + 3. */
    static int radixWord(int[] radices) {
        int word = 0;
        for (int p = 0; p < radices.length; p++) {
            word |= MixedRadixPass.radixCode(radices[p]) << (4 * p);
        }
        return word;
    }

    /**
     * Work-items per transform in the fused kernel: one per butterfly of the pass of the largest radix,
     * at most {@code maxGroup} and {@link #GROUP}; the passes of smaller radices, which have more
     * butterflies, take them in turn. Not rounded to whole warps: a short transform (7 points, one
     * butterfly) takes one work-item, and its group many transforms, none idle.
     */
    static int fusedPer(int n, int[] radices, int maxGroup) {
        return fusedPer(PER, n, radices, maxGroup);
    }

    /**
     * Work-items per transform in the fused kernel: {@code tornado.fft.mixedRadix.per}, largest (the default:
     * one per butterfly of the pass of the largest radix, {@link #fusedPer(int, int[], int)}), smallest (one
     * per butterfly of the smallest radix's pass, which then takes one round where the group allows) or a
     * number of work-items (at most one per butterfly of the smallest radix's pass). Largest and smallest
     * take at most {@link #GROUP}, a number at most the device's group and {@code MixedRadixPass.PER_MASK}
     * (a group of one transform then, of more than 256 work-items); the kernel takes any count (each
     * work-item takes a pass's butterflies {@code per} apart). One work-item per butterfly of a later pass,
     * so that no pass takes a second round with part of the group idle, was slower on an H200 (kernel ms,
     * OpenCL / PTX, two rounds alternated against the default): 6144 = 24 x 16 x 16 with 384 work-items
     * 0.128 / 0.121 against 0.110 / 0.114, 768 with 64 0.090 / 0.097 against 0.085 / 0.088, 3000 with 200
     * 0.095 / 0.099 against 0.088 / 0.092; 1536 with 128 and 3072 with 256 2-3% faster on PTX, 2-6% slower
     * on OpenCL.
     */
    static final String PER_PROPERTY = "tornado.fft.mixedRadix.per";
    /** {@link #PER_PROPERTY}, read once. */
    private static final String PER = perMode(System.getProperty(PER_PROPERTY, "largest"));

    /** {@code mode}, a value of {@link #PER_PROPERTY}, checked. */
    static String perMode(String mode) {
        if (mode.equals("largest") || mode.equals("smallest") || mode.matches("[1-9][0-9]{0,3}")) {
            return mode;
        }
        throw new IllegalArgumentException(PER_PROPERTY + ": largest, smallest or a number of work-items from 1 to 9999, got " + mode);
    }

    /** {@link #fusedPer(int, int[], int)} under {@code mode}, a value of {@link #PER_PROPERTY}. */
    static int fusedPer(String mode, int n, int[] radices, int maxGroup) {
        int most = n / Arrays.stream(radices).min().orElse(n);
        return switch (mode) {
            case "largest" -> lines(n / Arrays.stream(radices).max().orElse(n), GROUP, maxGroup);
            case "smallest" -> lines(most, GROUP, maxGroup);
            default -> lines(Math.min(Integer.parseInt(mode), most), MixedRadixPass.PER_MASK, maxGroup);
        };
    }

    /** {@code wanted} lines, at most {@code cap} and {@code maxGroup}, at least one. */
    private static int lines(int wanted, int cap, int maxGroup) {
        return Math.max(1, Math.min(Math.min(cap, maxGroup), wanted));
    }

    /**
     * Transforms per fused group: as many as make a group of up to {@link #GROUP} work-items, whose
     * {@code buffers} local buffers of n complex values each fit {@link #FUSED_LOCAL_BYTES}, and no more than
     * the batch.
     */
    static int fusedLanes(int n, int per, int buffers, Precision precision, int batch, int maxGroup) {
        long perTransform = 2L * buffers * n * precision.bytes();
        int lanes = (int) Math.min(Math.min(GROUP, maxGroup) / per, FUSED_LOCAL_BYTES / perTransform);
        return Math.max(1, Math.min(lanes, batch));
    }

    /**
     * Whether the fused kernels that read or write across their transforms (along columns, and the
     * transposed second of two steps) take as many transforms per group as one buffer each fits, fewer
     * work-items each, so that they move runs of that many values: {@code tornado.fft.mixedRadix.wideColumns},
     * auto (the default: where a group as along rows would move runs shorter than {@link #WIDE_RUN_BYTES}),
     * true or false. Measured on an H100 (OpenCL, kernel ms, as along rows / wide): 2D 1080 x 1920 x 8
     * 0.881 / 0.454 (columns of 1080, one per group / five), 2D 1000^2 x 16 0.505 / 0.397, 1D 10^6 x 17
     * (1000 x 1000) 0.691 / 0.496; but 3D 100^3 x 8 (columns of 100, twelve per group / 61) 0.247 /
     * 0.294, 192^3 x 4 0.766 / 0.805, 12288 (96 x 128) 0.375 / 0.403.
     */
    static final String WIDE_PROPERTY = "tornado.fft.mixedRadix.wideColumns";
    /** {@link #WIDE_PROPERTY}, read once. */
    private static final String WIDE = wideMode(System.getProperty(WIDE_PROPERTY, "auto"));
    /**
     * Where the later of two or three fused steps multiplies its input by the steps' twiddles
     * ({@link MixedRadixPass#TWIDDLE}): {@code tornado.fft.mixedRadix.stepTwiddles}, pass (the default: the
     * first pass reads global memory and applies them, {@link MixedRadixPass#TWIDDLE_IN_PASS}) or load (the
     * group's load into local memory applies them, a trip through local memory and a barrier more).
     * Measured on an H100 (kernel ms, OpenCL / PTX, pass against load): 3 x 2^20 x 6 0.585 / 0.541 against
     * 0.742 / 0.644; 10^6 x 17 0.456 / 0.442 against 0.494 / 0.523; 12288 x 1365 0.298 / 0.317 against
     * 0.355 / 0.348.
     */
    static final String STEP_TWIDDLES_PROPERTY = "tornado.fft.mixedRadix.stepTwiddles";
    /** {@link #STEP_TWIDDLES_PROPERTY}, read once. */
    private static final String STEP_TWIDDLES = checked(STEP_TWIDDLES_PROPERTY,
            System.getProperty(STEP_TWIDDLES_PROPERTY, "pass"), "pass", "load");

    /**
     * {@code flags} of a fused kernel of n points with {@link MixedRadixPass#TWIDDLE_IN_PASS} where they have
     * TWIDDLE, {@code mode} is pass, and the first pass's radix is one of {@link MixedRadixPass#IN_PASS_RADICES}
     * (and not the only pass: the first pass reads global memory only with two or more).
     */
    static int stepTwiddles(String mode, int n, int flags) {
        int[] radices = radices(n);
        boolean takes = radices.length > 1 && Arrays.stream(MixedRadixPass.IN_PASS_RADICES).anyMatch(r -> r == radices[0]);
        return (flags & MixedRadixPass.TWIDDLE) != 0 && mode.equals("pass") && takes
                ? flags | MixedRadixPass.TWIDDLE_IN_PASS : flags;
    }

    /** The runs across transforms below which auto takes the wide group: two 32-byte sectors. */
    static final int WIDE_RUN_BYTES = 64;

    /**
     * The fewest wide groups for which a GPU takes a column axis wide ({@link #wideColumns}): four of 48 KB
     * each on each of 128 multiprocessors, about one wave of an H100 or H200.
     */
    static final int WIDE_GROUPS = 512;

    /** {@code mode}, a value of {@link #WIDE_PROPERTY}, checked. */
    static String wideMode(String mode) {
        return checked(WIDE_PROPERTY, mode, "auto", "true", "false");
    }

    /**
     * A fused kernel's group: {@code buffers} local buffers per transform, {@code per} work-items per
     * transform, {@code lanes} transforms, {@code layout} its local memory's flag ({@link #layoutFlag}).
     */
    record Group(int buffers, int per, int lanes, int layout) {

        /**
         * The group of the fused kernel of {@code transforms} transforms of n points, whose chain is
         * {@code radices}, in {@code buffers} local buffers each ({@link MixedRadix#BUFFERS_PROPERTY}), on a
         * device of groups of at most {@code maxGroup}: along rows {@link #fusedPer} and {@link #fusedLanes};
         * with {@code across} (columns, or a transposed store) where {@code wide} (a value
         * of {@link #WIDE_PROPERTY}) says so, one buffer per transform and as many transforms as 48 KB holds,
         * so that the runs across transforms are longest.
         */
        static Group of(String wide, int buffers, int n, int[] radices, Precision precision, int transforms, int maxGroup,
                        boolean across) {
            int group = Math.min(GROUP, maxGroup);
            int per = fusedPer(n, radices, maxGroup);
            int lanes = fusedLanes(n, per, buffers, precision, transforms, maxGroup);
            boolean shortRuns = lanes < transforms && 2L * lanes * precision.bytes() < WIDE_RUN_BYTES;
            if (across && (wide.equals("true") || wide.equals("auto") && shortRuns)) {
                buffers = 1;
                lanes = (int) Math.max(1, Math.min(Math.min(group, transforms), FUSED_LOCAL_BYTES / (2L * n * precision.bytes())));
                per = Math.max(1, Math.min(per, group / lanes));
            }
            Group plain = new Group(buffers, per, lanes, 0);
            return new Group(buffers, per, lanes, layoutFlag(LAYOUT, plain.values(n), precision));
        }

        /** Local values of the group's buffers, before padding. */
        int values(int n) {
            return 2 * buffers * n * lanes;
        }
    }

    /**
     * How the fused kernel lays out its local memory: {@code tornado.fft.mixedRadix.pad}, auto (the
     * default: padded where the padding fits, else swizzled), swizzle (swizzled always) or off. Measured
     * on an H100: where both fit, the padding was as fast or faster (1536, 60 points: 3-10%); where the
     * padding does not fit (768, 3000, 3072 points, whose buffers fill 48 KB), the swizzle took 768 from
     * 0.263 to 0.165 ms and 3072 from 0.278 to 0.158 (OpenCL), against 32-way bank conflicts on the
     * first pass's stores without either.
     */
    static final String PAD_PROPERTY = "tornado.fft.mixedRadix.pad";
    /** {@link #PAD_PROPERTY}, read once (engines of either setting would share the cache's keys). */
    private static final String LAYOUT = layoutMode(System.getProperty(PAD_PROPERTY, "auto"));

    /**
     * Whether the fused kernel keeps the real and imaginary parts in local memory in two planes
     * ({@link MixedRadixPass#PLANAR}) or side by side: {@code tornado.fft.mixedRadix.planes}, auto (the
     * default: planes, on the PTX backend only where a column axis runs wide, {@link #planes}), true or
     * false. Measured on an H200 (kernel ms, two rounds alternated, planes against side by side): NVIDIA's
     * OpenCL 1000 x 16777 0.088 against 0.094,
     * 2000 x 8388 0.091 / 0.101, 4000 x 4194 0.095 / 0.102, 6144 x 2731 0.109 / 0.120, 3000 x 2796 in
     * double 0.085 / 0.092, the others level; PTX level or up to 5% slower (3000 x 5593 0.098 / 0.093).
     */
    static final String PLANES_PROPERTY = "tornado.fft.mixedRadix.planes";
    /** {@link #PLANES_PROPERTY}, read once. */
    private static final String PLANES = checked(PLANES_PROPERTY, System.getProperty(PLANES_PROPERTY, "auto"),
            "auto", "true", "false");

    /**
     * Whether the fused kernels of plan {@code d} keep their local memory in two planes ({@link #PLANES_PROPERTY})
     * on a PTX device or another, a GPU or not: under auto on PTX in float where a column axis runs wide on
     * a GPU ({@link #wideColumns}), whose groups of one buffer a transform conflict less in the banks in
     * planes (H200, PTX, kernel ms, planes against side by side, both wide: 384^3 0.839 and 0.842 against
     * 0.962 and 0.972, 100^3 x 8 0.146 and 0.148 against 0.150 and 0.151, 192^3 x 4 0.401 and 0.404 against
     * 0.396 twice; in double 100^3 x 8 0.290 against 0.270 and 0.272, so not there).
     */
    static boolean planes(boolean ptx, FftDescriptor d, boolean gpu) {
        if (!PLANES.equals("auto")) {
            return PLANES.equals("true");
        }
        return !ptx || gpu && d.precision() == Precision.FLOAT && IntStream.range(0, d.rank())
                .anyMatch(a -> wideColumns(d, a) && fuses(d.shape()[a], d.precision(), FUSED_LOCAL_BYTES));
    }

    /**
     * Whether axis {@code axis} of {@code d}, on a GPU, takes wide groups under auto ({@link Axis#wideMode()}):
     * columns at least as many apart as a wide group has transforms, so that its runs are whole, that make
     * at least {@link #WIDE_GROUPS} wide groups.
     */
    static boolean wideColumns(FftDescriptor d, int axis) {
        int[] shape = d.shape();
        long faster = 1;
        long others = d.batch();
        for (int a = 0; a < shape.length; a++) {
            faster *= a > axis ? shape[a] : 1;
            others *= a != axis ? shape[a] : 1;
        }
        long wideLanes = FUSED_LOCAL_BYTES / (2L * shape[axis] * d.precision().bytes());
        return faster > 1 && faster >= wideLanes && others / Math.max(1, wideLanes) >= WIDE_GROUPS;
    }

    /** {@code mode}, a value of {@link #PAD_PROPERTY}, checked. */
    static String layoutMode(String mode) {
        return checked(PAD_PROPERTY, mode, "auto", "swizzle", "off");
    }

    /**
     * The local-memory layout flag of a fused group of {@code values} local values (its buffers) under
     * {@code mode}, a value of {@link #PAD_PROPERTY}: auto, {@link MixedRadixPass#PAD} where the padded
     * buffers still fit {@link #FUSED_LOCAL_BYTES}, else {@link MixedRadixPass#SWIZZLE}; swizzle, SWIZZLE;
     * off, 0. The swizzle's buffers, rounded up to 64 values, always fit: a group's are at most 48 KB, a
     * multiple of 64.
     */
    static int layoutFlag(String mode, int values, Precision precision) {
        return switch (mode) {
            case "auto" -> localBytes(MixedRadixPass.PAD, values, precision) <= FUSED_LOCAL_BYTES
                    ? MixedRadixPass.PAD : MixedRadixPass.SWIZZLE;
            case "swizzle" -> MixedRadixPass.SWIZZLE;
            default -> 0;
        };
    }

    /** The local memory the fused kernel allocates for {@code values} under the layout {@code flag}. */
    static long localBytes(int flag, int values, Precision precision) {
        long allocated = flag == MixedRadixPass.SWIZZLE ? (values + 63L) & -64L
                : MixedRadixPass.paddedValues(values, flag == MixedRadixPass.PAD);
        return allocated * precision.bytes();
    }

    /**
     * Registers per work-item this plan's kernels take on the PTX backend, where its chains were measured to
     * want a cap: {@link #SHORT_COMPOSITE_REGISTERS} where every axis runs one {@code fusedComposite} kernel
     * of at most {@link MixedRadixPass#FUSED_EARLY_PASSES} passes, {@link #LARGE_REGISTERS} where every axis
     * runs one {@code fusedLarge} kernel of three, in float; else {@link Integer#MAX_VALUE} (no cap of its own).
     */
    int ptxRegisters() {
        if (descriptor.precision() != Precision.FLOAT || axes.isEmpty()) {
            return Integer.MAX_VALUE;
        }
        boolean composite = true;
        boolean large = true;
        for (Axis axis : axes) {
            FusedKernel kernel = axis.fused ? FusedKernel.of(axis.radices) : null;
            composite &= kernel == FusedKernel.COMPOSITE && axis.radices.length <= MixedRadixPass.FUSED_EARLY_PASSES;
            large &= kernel == FusedKernel.LARGE && axis.radices.length == 3;
        }
        return composite ? SHORT_COMPOSITE_REGISTERS : large ? LARGE_REGISTERS : Integer.MAX_VALUE;
    }

    /** The axes in the order they run, the last (X) first, those of length 1 left out. */
    List<Axis> axes() {
        return axes;
    }

    /** The steps of one transform along the buffer chain: per axis, one when fused or a convolution, else one per pass. */
    int passes() {
        return axes.stream().mapToInt(Axis::passes).sum();
    }

    /** The kernels of one transform ({@link Axis#kernels}). */
    int kernels() {
        return axes.stream().mapToInt(Axis::kernels).sum();
    }

    /** Every axis's twiddle tables, which the engine's graph 1 sends and graph 2 takes from it. */
    List<TornadoNativeArray> tables() {
        return axes.stream().flatMap(axis -> axis.tables.stream()).toList();
    }

    /**
     * Adds the transform in {@code direction} to {@code graph} along {@code chain}, the kernels' k + 1
     * buffers (kernel j reads {@code chain.get(j)} and writes {@code chain.get(j + 1)}): the first kernel
     * reads the input's layout, the last writes the output's and scales; registers the work-group
     * shapes in {@code target}; returns the task names.
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
            distinct.addAll(tables());
            graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, distinct.toArray());
        }
        List<String> tasks = new ArrayList<>();
        int at = 0;
        for (int x = 0; x < axes.size(); x++) {
            Axis axis = axes.get(x);
            boolean first = x == 0;
            boolean last = x == axes.size() - 1;
            FftDescriptor.Layout in = first ? axis.layout(descriptor.inputLayout()) : axis.packed();
            FftDescriptor.Layout out = last ? axis.layout(descriptor.outputLayout()) : axis.packed();
            String prefix = axes.size() == 1 && !columnsOnly ? "" : "a" + axis.axis;
            tasks.addAll(axis.addTasks(graph, prefix, direction, chain.subList(at, at + axis.passes() + 1), in, out,
                    last ? scale : 1, maxGroup, target, work));
            at += axis.passes();
        }
        return tasks;
    }

    /** The passes in one line: {@code mixed radix 1000 = 10 x 10 x 10: R10(span 1) R10(span 10) R10(span 100)}. */
    String notation() {
        if (axes.size() == 1 && descriptor.rank() == 1) {
            return "mixed radix " + axes.getFirst().notation();
        }
        StringBuilder s = new StringBuilder("mixed radix ").append(String.join(" x ",
                Arrays.stream(descriptor.shape()).mapToObj(Integer::toString).toList())).append(", the last axis first:");
        for (Axis axis : axes) {
            s.append(" axis ").append(axis.axis).append(' ').append(axis.notation()).append(';');
        }
        return s.substring(0, s.length() - 1);
    }

    /** The lines of {@code FftPlan.toString()} for this plan: {@link #notation}, then one per kernel. */
    String describe() {
        return notation() + '\n' + kernels(0);
    }

    /** One line per kernel, numbered from {@code first}. */
    String kernels(int first) {
        StringBuilder s = new StringBuilder();
        int kernel = first;
        for (int x = 0; x < axes.size(); x++) {
            Axis axis = axes.get(x);
            s.append(axis.describe(kernel, x == 0 && !descriptor.inputPacked(), x == axes.size() - 1
                    && !descriptor.outputPacked()));
            kernel += axis.kernels();
        }
        return s.toString();
    }

    /**
     * The transforms along one axis of length n: {@code transforms} of them, transform t at the place
     * (o, c) of o = t / inner and c = t mod inner. Along the last axis (rows) inner is the rows of one
     * array of the batch and o the batch index; along another (columns) inner is the positions of the
     * faster axes and o the batch index and the position in the slower ones.
     */
    static final class Axis {
        final int axis;
        final int n;
        private final int[] radices;
        /** Whether every pass runs in one kernel through local memory ({@link #fuses}). */
        final boolean fused;
        final List<TornadoNativeArray> tables;
        final boolean columns;
        final int inner;
        final int transforms;
        /** The product of the lengths of the slower axes. */
        private final int slower;
        private final FftDescriptor descriptor;
        /**
         * Where the length has a prime factor above 13, Bluestein's convolution along the axis: the
         * transforms of M points (a power of two) of each of its transforms, packed in the work arrays;
         * else null.
         */
        final Axis points;
        /**
         * Where a 1D transform is longer than the fused kernel takes and {@link MixedRadix#split} finds
         * n1 x n2 for it, the two lengths, and the transform runs as two fused steps (the four-step
         * algorithm, its transposition in the second step's stores): n2 transforms of n1 points along the
         * columns of the n1 x n2 array, then n1 of n2 along its rows, each element times {@code W_n^{j2 k1}}
         * as it is loaded, stored as the columns of n2 x n1. Where there is no such pair and
         * {@link MixedRadix#split3} finds a x b x c, the three lengths, and three fused steps (the same
         * algorithm with its first step, of a x b points along the columns, itself two steps): element
         * j = j1 + c j2 + b c j3 of a transform to k = k3 + a k2 + a b k1, first the a-point columns (j3 for
         * each j1 + c j2), then the b-point columns of each k3 (j2 for each j1), times
         * {@code W_{ab}^{j2 k3}}, then the c-point rows k2 + b k3 taken in the order k3 + a k2, times
         * {@code W_n^{j1 (k3 + a k2)}}, stored transposed. Else null.
         */
        final int[] split;
        private final TornadoNativeArray chirp;
        private final TornadoNativeArray spectrum;
        /** Whether the fused kernels keep their local memory in two planes ({@link MixedRadixPass#PLANAR}). */
        private final boolean planes;
        /** Whether the device is a GPU ({@link #wideMode()}). */
        private final boolean gpu;
        /** Whether this fused axis runs a real transform's split or merge too ({@link MixedRadix#fusesReal}). */
        private final boolean real;

        Axis(FftDescriptor descriptor, int axis, long localBytes, boolean planes, boolean gpu, boolean real) {
            int[] shape = descriptor.shape();
            this.descriptor = descriptor;
            this.planes = planes;
            this.gpu = gpu;
            this.real = real;
            this.axis = axis;
            this.n = shape[axis];
            boolean convolution = !smooth(n);
            int faster = 1;
            for (int a = axis + 1; a < shape.length; a++) {
                faster *= shape[a];
            }
            int slowerAxes = 1;
            for (int a = 0; a < axis; a++) {
                slowerAxes *= shape[a];
            }
            this.slower = slowerAxes;
            // Along the last axis of more than one point the rows; an axis whose faster axes are all of length 1 is one too.
            this.columns = faster > 1;
            this.inner = columns ? faster : slowerAxes;
            this.transforms = Math.multiplyExact(descriptor.batch(), slowerAxes * faster);
            Precision precision = descriptor.precision();
            if (convolution) {
                int m = Bluestein.convolutionLength(n);
                if (m > FftDescriptor.MAX_LENGTH || 2L * m * transforms > Integer.MAX_VALUE - 64) {
                    throw new IllegalArgumentException("shape: axis " + axis + " of " + Arrays.toString(shape) + " runs as a"
                            + " convolution of " + m + " points per transform, " + transforms + " transforms: more than"
                            + " an array can index (2^31 - 64 values)");
                }
                this.radices = new int[0];
                this.fused = false;
                this.split = null;
                this.points = new Axis(FftDescriptor.c2c(m).batch(transforms).precision(precision).build(), 0, localBytes, planes, gpu, false);
                this.chirp = Bluestein.chirp(n, precision);
                this.spectrum = Bluestein.spectrum(n, precision);
                List<TornadoNativeArray> list = new ArrayList<>(points.tables);
                list.add(chirp);
                list.add(spectrum);
                this.tables = List.copyOf(list);
                return;
            }
            this.points = null;
            this.chirp = null;
            this.spectrum = null;
            this.fused = fuses(n, precision, localBytes);
            // The chain the axis runs, chosen once: a fused kernel's may take the composite radices.
            this.radices = fused ? fusedRadices(n) : MixedRadix.radices(n);
            this.split = fused || descriptor.rank() != 1 ? null : steps(n, precision, localBytes);
            if (fused) {
                this.tables = List.of(real ? realTable(precision, n, radices) : fusedTable(precision, n, radices));
                return;
            }
            if (split != null) {
                // The first step's passes; each later step's passes and its twiddles, W_{n1 ... ni}.
                List<TornadoNativeArray> list = new ArrayList<>(List.of(fusedTable(precision, split[0], MixedRadix.radices(split[0]))));
                int before = split[0];
                for (int i = 1; i < split.length; i++) {
                    list.add(splitTable(precision, before, split[i]));
                    before *= split[i];
                }
                this.tables = List.copyOf(list);
                return;
            }
            List<TornadoNativeArray> list = new ArrayList<>();
            int span = 1;
            for (int radix : radices) {
                int r = radix;
                int p = span;
                list.add(TWIDDLES.computeIfAbsent(List.of(precision, r, p), key -> DeviceArrays.of(precision, twiddles(r, p))));
                span *= radix;
            }
            this.tables = List.copyOf(list);
        }

        /**
         * The fused kernel's table of the chain {@code radices} of n points with a real transform's
         * {@code W_N^e}, e = 0 .. n (N = 2n), after the passes' entries ({@link MixedRadixPass#REAL}),
         * shared by the plans of the JVM.
         */
        private static TornadoNativeArray realTable(Precision precision, int n, int[] radices) {
            return TWIDDLES.computeIfAbsent(List.of(precision, "real", n, Arrays.toString(radices)),
                    key -> DeviceArrays.of(precision, realTableValues(n, radices)));
        }

        /** {@link #realTable}'s values, in double: the passes' entries, then {@code W_{2n}^e}, e = 0 .. n. */
        static double[] realTableValues(int n, int[] radices) {
            return TwiddleTable.withRealTwiddles(fusedTwiddles(radices), n, n + 1);
        }

        /** The fused kernel's table of the chain {@code radices} of n points, shared by the plans of the JVM. */
        private static TornadoNativeArray fusedTable(Precision precision, int n, int[] radices) {
            return TWIDDLES.computeIfAbsent(List.of(precision, "fused", n, Arrays.toString(radices)),
                    key -> DeviceArrays.of(precision, fusedTwiddles(radices)));
        }

        /** The chain of a fused kernel of this axis of {@code points} points: a step's, or the whole axis's. */
        private int[] chainOf(int points) {
            return split == null ? radices : MixedRadix.radices(points);
        }

        /** The table of the later step of n1 x n2 points ({@link #splitTwiddles}), shared by the plans of the JVM. */
        private static TornadoNativeArray splitTable(Precision precision, int n1, int n2) {
            return TWIDDLES.computeIfAbsent(List.of(precision, "split", n1, n2),
                    key -> DeviceArrays.of(precision, splitTwiddles(n1, n2)));
        }

        /**
         * The steps along the buffer chain: one when fused or a convolution (whose M-point transforms run
         * in the work arrays), else one per pass.
         */
        int passes() {
            return fused || points != null ? 1 : split != null ? split.length : radices.length;
        }

        /** The kernels: {@link #passes}, or a convolution's pad, filter and crop around two runs of its M-point kernels. */
        int kernels() {
            return points == null ? passes() : 3 + 2 * points.passes();
        }

        /** Values of each of the two work arrays a convolution along this axis takes (0 without one). */
        long workValues() {
            return points == null ? 0 : 2L * points.n * transforms;
        }

        /** The stride and distance of o of the packed array (stride 1, the n inner elements of o's). */
        FftDescriptor.Layout packed() {
            return new FftDescriptor.Layout(1, n * inner);
        }

        /**
         * The stride and distance of o of a caller's array in {@code layout} (element e of transform b
         * at b distance + e stride): its own where o is the batch index; along a middle axis, where o
         * also counts the slower axis, only where the batch lies packed (the first and last axes to run
         * are never middle ones).
         */
        FftDescriptor.Layout layout(FftDescriptor.Layout layout) {
            if (!columns || slower == 1) {
                return layout;
            }
            long size = descriptor.size();
            if (descriptor.batch() > 1 && layout.distance() != size * layout.stride()) {
                throw new IllegalStateException("axis " + axis + " of " + descriptor + " reads or writes a caller's array");
            }
            return new FftDescriptor.Layout(layout.stride(), n * inner * layout.stride());
        }

        /**
         * Adds this axis's kernels along {@code chain} (passes() + 1 buffers), the first reading
         * {@code in}'s stride and distance, the last writing {@code out}'s and scaling by {@code scale}.
         */
        List<String> addTasks(TaskGraph graph, String prefix, Direction direction, List<TornadoNativeArray> chain,
                              FftDescriptor.Layout in, FftDescriptor.Layout out, double scale, int maxGroup,
                              GridScheduler target, List<TornadoNativeArray> work) {
            int flags = (direction == Direction.INVERSE ? MixedRadixPass.INVERSE : 0) | (columns ? MixedRadixPass.COLUMNS : 0)
                    | (real ? MixedRadixPass.REAL : 0);
            String name = graph.getTaskGraphName();
            String base = Engine.taskBase(graph);
            List<String> tasks = new ArrayList<>();
            if (points != null) {
                return addConvolution(graph, prefix, direction, chain, in, out, scale, maxGroup, target, work);
            }
            if (fused) {
                tasks.add(addFused(graph, base + prefix + "f", chain.get(0), chain.get(1), tables.getFirst(), n, transforms,
                        inner, in, out, scale, flags, maxGroup, target));
                return tasks;
            }
            if (split != null && split.length == 3) {
                // n = a b c, element j1 + c j2 + b c j3 of a transform: the a-point columns (j3 for each
                // j1 + c j2) into the packed work array; the b-point columns of each k3 (j2 for each j1),
                // twiddled by W_ab^{j2 k3}, in blocks of b c; then the rows k2 + b k3 of c points (j1), taken
                // in the order k3 + a k2 and twiddled by W_n^{j1 (k3 + a k2)}, into k3 + a k2 + a b k1.
                int a = split[0];
                int b = split[1];
                int c = split[2];
                int period = a << MixedRadixPass.PERIOD_SHIFT;
                FftDescriptor.Layout whole = new FftDescriptor.Layout(1, n);
                FftDescriptor.Layout block = new FftDescriptor.Layout(1, b * c);
                tasks.add(addFused(graph, base + prefix + "s0", chain.get(0), chain.get(1), tables.get(0), a,
                        Math.multiplyExact(transforms, b * c), b * c, in, whole, 1, flags | MixedRadixPass.COLUMNS,
                        maxGroup, target));
                tasks.add(addFused(graph, base + prefix + "s1", chain.get(1), chain.get(2), tables.get(1), b,
                        Math.multiplyExact(transforms, a * c), c, block, block, 1,
                        flags | MixedRadixPass.COLUMNS | MixedRadixPass.TWIDDLE | period, maxGroup, target));
                tasks.add(addFused(graph, base + prefix + "s2", chain.get(2), chain.get(3), tables.get(2), c,
                        Math.multiplyExact(transforms, a * b), a * b, whole, out, scale,
                        flags | MixedRadixPass.TRANSPOSE | MixedRadixPass.TWIDDLE | period, maxGroup, target));
                return tasks;
            }
            if (split != null) {
                // n = n1 n2, element j1 n2 + j2 of a transform: first the columns (j1 for each j2) into the
                // packed work array; then its rows (j2 for each k1), twiddled, into k1 + n1 k2.
                int n1 = split[0];
                int n2 = split[1];
                FftDescriptor.Layout between = new FftDescriptor.Layout(1, n);
                tasks.add(addFused(graph, base + prefix + "s0", chain.get(0), chain.get(1), tables.get(0), n1,
                        Math.multiplyExact(transforms, n2), n2, in, between, 1, flags | MixedRadixPass.COLUMNS, maxGroup, target));
                tasks.add(addFused(graph, base + prefix + "s1", chain.get(1), chain.get(2), tables.get(1), n2,
                        Math.multiplyExact(transforms, n1), n1, between, out, scale,
                        flags | MixedRadixPass.TRANSPOSE | MixedRadixPass.TWIDDLE, maxGroup, target));
                return tasks;
            }
            int span = 1;
            for (int p = 0; p < radices.length; p++) {
                int radix = radices[p];
                boolean last = p == radices.length - 1;
                FftDescriptor.Layout from = p == 0 ? in : packed();
                FftDescriptor.Layout to = last ? out : packed();
                int items = Math.multiplyExact(n / radix, transforms);
                String task = prefix + "r" + p;
                addPass(graph, base + task, radix, chain.get(p), chain.get(p + 1), tables.get(p), span, items, from, to,
                        last ? scale : 1, flags);
                tasks.add(Bluestein.grid(target, name, base + task, items, Math.min(GROUP, maxGroup)));
                span *= radix;
            }
            return tasks;
        }

        /**
         * Bluestein's convolution along the axis ({@link Bluestein} for its steps): pad from the chain's
         * first buffer (in {@code in}'s geometry) into a work array, the forward M-point kernels, filter,
         * the inverse M-point kernels, crop into the chain's second buffer (in {@code out}'s), scaling.
         * The inverse conjugates the input as it pads and the output as it crops.
         */
        private List<String> addConvolution(TaskGraph graph, String prefix, Direction direction, List<TornadoNativeArray> chain,
                                            FftDescriptor.Layout in, FftDescriptor.Layout out, double scale, int maxGroup,
                                            GridScheduler target, List<TornadoNativeArray> work) {
            String name = graph.getTaskGraphName();
            String base = Engine.taskBase(graph);
            int m = points.n;
            int mBits = Integer.numberOfTrailingZeros(m);
            int sign = direction == Direction.FORWARD ? 1 : -1;
            int columnsFlag = columns ? 1 : 0;
            int padded = Math.multiplyExact(m, transforms);
            int outputs = Math.multiplyExact(n, transforms);
            int k = points.passes();
            TornadoNativeArray src = chain.get(0);
            TornadoNativeArray dst = chain.get(1);
            List<String> tasks = new ArrayList<>();
            FftDescriptor.Layout packed = points.packed();
            if (src instanceof DoubleArray doubles) {
                graph.task(base + prefix + "pad", ChirpDouble::pad, new KernelContext(), doubles, (DoubleArray) work.get(0),
                        (DoubleArray) chirp, n, mBits, (double) sign, padded, inner, in.stride(), in.distance(), columnsFlag);
            } else {
                graph.task(base + prefix + "pad", Chirp::pad, new KernelContext(), (FloatArray) src, (FloatArray) work.get(0),
                        (FloatArray) chirp, n, mBits, (float) sign, padded, inner, in.stride(), in.distance(), columnsFlag);
            }
            tasks.add(Bluestein.grid(target, name, base + prefix + "pad", padded, maxGroup));
            tasks.addAll(points.addTasks(graph, prefix + "f", Direction.FORWARD, Bluestein.alternate(work, 0, k), packed, packed,
                    1, maxGroup, target, List.of()));
            TornadoNativeArray filtered = work.get(k % 2);
            if (filtered instanceof DoubleArray doubles) {
                graph.task(base + prefix + "filter", ChirpDouble::filter, new KernelContext(), doubles, (DoubleArray) spectrum,
                        mBits, padded);
            } else {
                graph.task(base + prefix + "filter", Chirp::filter, new KernelContext(), (FloatArray) filtered,
                        (FloatArray) spectrum, mBits, padded);
            }
            tasks.add(Bluestein.grid(target, name, base + prefix + "filter", padded, maxGroup));
            tasks.addAll(points.addTasks(graph, prefix + "i", Direction.INVERSE, Bluestein.alternate(work, k, k), packed, packed,
                    1, maxGroup, target, List.of()));
            TornadoNativeArray result = work.get(2 * k % 2);
            if (result instanceof DoubleArray doubles) {
                graph.task(base + prefix + "crop", ChirpDouble::crop, new KernelContext(), doubles, (DoubleArray) dst,
                        (DoubleArray) chirp, n, mBits, (double) sign, scale, outputs, inner, out.stride(), out.distance(),
                        columnsFlag);
            } else {
                graph.task(base + prefix + "crop", Chirp::crop, new KernelContext(), (FloatArray) result, (FloatArray) dst,
                        (FloatArray) chirp, n, mBits, (float) sign, (float) scale, outputs, inner, out.stride(), out.distance(),
                        columnsFlag);
            }
            tasks.add(Bluestein.grid(target, name, base + prefix + "crop", outputs, maxGroup));
            return tasks;
        }

        /**
         * Adds the fused kernel as a task of the plan's precision, {@code src} to {@code dst}: every pass of
         * {@code transforms} of {@code points} points, at the places {@code inner} and {@code flags} give
         * them, with the groups the device takes; returns the task's name.
         */
        private String addFused(TaskGraph graph, String task, TornadoNativeArray src, TornadoNativeArray dst,
                                TornadoNativeArray table, int points, int transforms, int inner, FftDescriptor.Layout in,
                                FftDescriptor.Layout out, double scale, int flags, int maxGroup, GridScheduler target) {
            Precision precision = descriptor.precision();
            int[] radices = chainOf(points);
            Group group = group(points, radices, transforms, maxGroup, across(flags));
            int per = group.per();
            int lanes = group.lanes();
            int all = stepTwiddles(STEP_TWIDDLES, points, flags) | per << MixedRadixPass.PER_SHIFT | group.layout()
                    | (group.buffers() == 1 ? MixedRadixPass.IN_PLACE : 0) | (planes ? MixedRadixPass.PLANAR : 0);
            int word = radixWord(radices);
            int local = group.values(points);
            FusedKernel kernel = FusedKernel.of(radices);
            if (src instanceof DoubleArray doubles) {
                graph.task(task, switch (kernel) {
                    case PLAIN -> MixedRadixPassDouble::fused;
                    case COMPOSITE -> MixedRadixPassDouble::fusedComposite;
                    case LARGE -> MixedRadixPassDouble::fusedLarge;
                    case PRIME -> MixedRadixPassDouble::fusedPrime;
                }, new KernelContext(), doubles, (DoubleArray) dst, (DoubleArray) table, points, word, transforms,
                        inner, in.stride(), in.distance(), out.stride(), out.distance(), scale, all, local);
            } else {
                graph.task(task, switch (kernel) {
                    case PLAIN -> MixedRadixPass::fused;
                    case COMPOSITE -> MixedRadixPass::fusedComposite;
                    case LARGE -> MixedRadixPass::fusedLarge;
                    case PRIME -> MixedRadixPass::fusedPrime;
                }, new KernelContext(), (FloatArray) src, (FloatArray) dst, (FloatArray) table, points, word, transforms,
                        inner, in.stride(), in.distance(), out.stride(), out.distance(), (float) scale, all, local);
            }
            int groups = (transforms + lanes - 1) / lanes;
            WorkerGrid1D worker = new WorkerGrid1D(groups * lanes * per);
            worker.setLocalWork(lanes * per, 1, 1);
            target.addWorkerGrid(graph.getTaskGraphName() + "." + task, worker);
            return task;
        }

        /** Adds one pass as a task of the plan's precision: {@link MixedRadixPass}'s kernel, or its double twin's. */
        private void addPass(TaskGraph graph, String task, int radix, TornadoNativeArray src, TornadoNativeArray dst,
                             TornadoNativeArray tw, int span, int items, FftDescriptor.Layout in, FftDescriptor.Layout out,
                             double scale, int flags) {
            if (src instanceof DoubleArray doubles) {
                graph.task(task, MixedRadixPassDouble.kernel(radix), new KernelContext(), doubles, (DoubleArray) dst,
                        (DoubleArray) tw, n, span, items, inner, in.stride(), in.distance(), out.stride(), out.distance(),
                        scale, flags);
            } else {
                graph.task(task, MixedRadixPass.kernel(radix), new KernelContext(), (FloatArray) src, (FloatArray) dst,
                        (FloatArray) tw, n, span, items, inner, in.stride(), in.distance(), out.stride(), out.distance(),
                        (float) scale, flags);
            }
        }

        /** The axis's passes: {@code 1000 = 10 x 10 x 10: R10(span 1) R10(span 10) R10(span 100)}. */
        String notation() {
            if (points != null) {
                return n + ": Bluestein, a convolution of M = " + points.notation();
            }
            if (split != null && split.length == 3) {
                return n + " = " + split[0] + " x " + split[1] + " x " + split[2] + " in three fused steps, columns ("
                        + chain(split[0]) + "), then columns twiddled (" + chain(split[1]) + "), then rows twiddled and"
                        + " stored transposed (" + chain(split[2]) + ")";
            }
            if (split != null) {
                return n + " = " + split[0] + " x " + split[1] + " in two fused steps, columns (" + chain(split[0])
                        + "), then rows twiddled and stored transposed (" + chain(split[1]) + ")";
            }
            return chain(n, radices);
        }

        /** The passes of a transform of n points: {@code 1000 = 8 x 5 x 5 x 5: R8(span 1) R5(span 8) ...}. */
        private static String chain(int n) {
            return chain(n, MixedRadix.radices(n));
        }

        /** The passes {@code radices} of a transform of n points. */
        private static String chain(int n, int[] radices) {
            StringBuilder s = new StringBuilder().append(n).append(" = ");
            s.append(String.join(" x ", Arrays.stream(radices).mapToObj(Integer::toString).toList())).append(':');
            int span = 1;
            for (int radix : radices) {
                s.append(" R").append(radix).append("(span ").append(span).append(')');
                span *= radix;
            }
            return s.toString();
        }

        /**
         * The group of this axis's fused kernel of {@code transforms} transforms of {@code points} points along
         * {@code radices}, in the buffers {@link #BUFFERS_PROPERTY} gives it in this axis's layout: the one
         * place the kernel's task and the plan's description take it from.
         */
        private Group group(int points, int[] radices, int transforms, int maxGroup, boolean across) {
            Precision precision = descriptor.precision();
            return Group.of(wideMode(), buffers(BUFFERS, points, radices, precision, planes), points, radices, precision,
                    transforms, maxGroup, across);
        }

        /** A fused kernel's groups, local memory and table, for {@link #describe}. */
        private String fusedShape(int points, long count, boolean across) {
            Precision precision = descriptor.precision();
            // No device's limit here: GROUP caps the groups but for a count of PER_PROPERTY, capped by PER_MASK.
            Group group = group(points, chainOf(points), (int) Math.min(count, Integer.MAX_VALUE), Integer.MAX_VALUE, across);
            int lanes = group.lanes();
            int layout = group.layout();
            return lanes + " transform" + (lanes == 1 ? "" : "s") + " of " + group.per() + " work-items per group (at most;"
                    + " fewer where the device allows fewer), " + localBytes(layout, group.values(points), precision)
                    + " bytes of local memory (" + (group.buffers() == 1 ? "one buffer a transform, passes in place"
                    : "two buffers a transform") + (layout == MixedRadixPass.PAD ? ", padded"
                    : layout == MixedRadixPass.SWIZZLE ? ", swizzled" : "") + (planes ? ", in two planes" : "") + "), "
                    + (count + lanes - 1) / lanes + " groups, twiddles from one table of " + (points - 1);
        }

        /**
         * The {@link #WIDE_PROPERTY} mode of this axis's fused kernels: the property's, but under auto true
         * for three steps, and on a GPU for the columns {@link #wideColumns} takes. Three steps' groups moved
         * runs of 10 to 24 values (192 x 128 x 128); as wide as 48 KB holds they took, on an H100 (kernel ms, OpenCL / PTX, medians of two runs), 3 x 2^20 x 6 from
         * 0.859 / 0.765 to 0.745 / 0.646 and 3 x 2^18 x 10 in double from 0.592 / 0.468 to 0.460 / 0.406;
         * 10^7 x 2 0.907 / 0.678 to 0.698 / 0.747. The columns of a cube, in groups as along rows, move runs
         * of 8 to 25 values in two buffers a transform, which hold a multiprocessor to a third of its warps;
         * wide, on an H200 (kernel ms, OpenCL / PTX, every column axis wide against as along rows, v0.45):
         * 384^3 0.879 / 0.953 against 1.12 / 1.15, 192^3 x 4 0.424 / 0.394 against 0.539 / 0.411, 100^3 x 8
         * 0.146 / 0.149 against 0.154 / 0.155; but 96 x 100 x 7 x 32 0.0636 / 0.0691 against 0.0584 / 0.0664
         * (its columns of 100 are 7 apart, and its 22400 columns of 96 make 350 wide groups, fewer than the
         * H200's multiprocessors hold at once), and the transposed step of 12288 = 96 x 128 0.241 / 0.270
         * against 0.226 / 0.266, so those stay as the runs say. On the 2-core CPU through PoCL wide columns
         * were slower (3D 100^3 x 8, ms of a call, two rounds: 113 and 122 against 83 and 107).
         */
        private String wideMode() {
            if (!WIDE.equals("auto")) {
                return WIDE;
            }
            boolean three = split != null && split.length == 3;
            return three || split == null && gpu && wideColumns(descriptor, axis) ? "true" : WIDE;
        }

        /** Whether a fused kernel of these flags reads or writes across its transforms (columns, a transposed store). */
        private static boolean across(int flags) {
            return (flags & (MixedRadixPass.COLUMNS | MixedRadixPass.TRANSPOSE)) != 0;
        }

        /** One line per kernel, numbered from {@code first}, with whether the first reads and the last writes a layout of its own. */
        String describe(int first, boolean readsLayout, boolean writesLayout) {
            StringBuilder s = new StringBuilder();
            String along = descriptor.rank() == 1 ? "" : columns
                    ? ", along axis " + axis + " (" + transforms + " columns, " + inner + " apart)"
                    : ", along axis " + axis + " (" + transforms + " rows)";
            if (points != null) {
                int m = points.n;
                s.append("  kernel ").append(first).append(": pad: x_j c_j, c_j = e^{-i pi j^2/").append(n)
                        .append("} (conjugated inverse), zero-padded to ").append(m).append(" points").append(along)
                        .append(", ").append((long) m * transforms).append(" work-items");
                if (readsLayout) {
                    s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
                }
                s.append('\n').append(points.describe(first + 1, false, false));
                int filter = first + 1 + points.passes();
                s.append("  kernel ").append(filter).append(": filter: times the spectrum of the chirp filter (").append(m)
                        .append(" points), ").append((long) m * transforms).append(" work-items\n");
                s.append(points.describe(filter + 1, false, false).replace("radix", "inverse radix")
                        .replace("every pass", "inverse, every pass"));
                s.append("  kernel ").append(filter + 1 + points.passes()).append(": crop: c_k y_k, the first ").append(n)
                        .append(" of ").append(m).append(" points").append(along).append(", ")
                        .append((long) n * transforms).append(" work-items");
                if (writesLayout) {
                    s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
                }
                return s.append('\n').toString();
            }
            if (split != null && split.length == 3) {
                int a = split[0];
                int b = split[1];
                int c = split[2];
                s.append("  kernel ").append(first).append(": step 1 of 3, ").append((long) b * c).append(" transforms of ")
                        .append(a).append(" along the columns of ").append(a).append(" x ").append((long) b * c).append(", ")
                        .append(fusedShape(a, (long) b * c * transforms, true));
                if (readsLayout) {
                    s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
                }
                s.append("\n  kernel ").append(first + 1).append(": step 2 of 3, ").append((long) a * c).append(" transforms of ")
                        .append(b).append(" along the columns of each of the ").append(a).append(" blocks of ").append(b)
                        .append(" x ").append(c).append(", element j2 of block k3 times W_").append((long) a * b)
                        .append("^{j2 k3} as it is loaded, ").append(fusedShape(b, (long) a * c * transforms, true));
                s.append("\n  kernel ").append(first + 2).append(": step 3 of 3, ").append((long) a * b).append(" transforms of ")
                        .append(c).append(" along the rows, row k2 + ").append(b).append(" k3 as transform k3 + ").append(a)
                        .append(" k2, element j1 times W_").append(n).append("^{j1 (k3 + ").append(a).append(" k2)} as it is")
                        .append(" loaded, stored transposed (k3 + ").append(a).append(" k2 + ").append((long) a * b)
                        .append(" k1), ").append(fusedShape(c, (long) a * b * transforms, true));
                if (writesLayout) {
                    s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
                }
                return s.append('\n').toString();
            }
            if (split != null) {
                int n1 = split[0];
                int n2 = split[1];
                s.append("  kernel ").append(first).append(": step 1 of 2, ").append(n2).append(" transforms of ").append(n1)
                        .append(" along the columns of ").append(n1).append(" x ").append(n2).append(", ")
                        .append(fusedShape(n1, (long) n2 * transforms, true));
                if (readsLayout) {
                    s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
                }
                s.append("\n  kernel ").append(first + 1).append(": step 2 of 2, ").append(n1).append(" transforms of ")
                        .append(n2).append(" along the rows, element j2 of row k1 times W_").append(n).append("^{j2 k1} as")
                        .append(" it is loaded (a product of two table entries), stored transposed (k1 + ").append(n1)
                        .append(" k2), ").append(fusedShape(n2, (long) n1 * transforms, true));
                if (writesLayout) {
                    s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
                }
                return s.append('\n').toString();
            }
            if (fused) {
                s.append("  kernel ").append(first).append(": every pass in one work-group").append(along).append(", ")
                        .append(fusedShape(n, transforms, columns));
                if (real) {
                    s.append(", the real transform's ").append(descriptor.direction() == Direction.FORWARD
                            ? "split in its store (the " + (n + 1) + " bins of each row)"
                            : "merge in its load (from the " + (n + 1) + " bins of each row)");
                }
                if (readsLayout) {
                    s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
                }
                if (writesLayout) {
                    s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
                }
                return s.append('\n').toString();
            }
            int span = 1;
            for (int p = 0; p < radices.length; p++) {
                int radix = radices[p];
                long items = (long) n / radix * transforms;
                s.append("  kernel ").append(first + p).append(": radix ").append(radix).append(", span ").append(span)
                        .append(along).append(", ").append(items).append(" work-items (one butterfly each)");
                if (span > 1) {
                    s.append(", twiddles W_").append((long) span * radix).append(" from a table of ").append((radix - 1) * span);
                }
                if (p == 0 && readsLayout) {
                    s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
                }
                if (p == radices.length - 1 && writesLayout) {
                    s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
                }
                s.append('\n');
                span *= radix;
            }
            return s.toString();
        }
    }
}
