package io.github.tornadofft.plan;

import io.github.tornadofft.kernels.RegisterPass;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Chooses how a power-of-two transform is computed: the passes over global memory, the axis and
 * radix of each, its register decomposition and the work-group shape, from the device's properties.
 *
 * <p>A transform that fits one work-group's local memory is one pass (the single work-group FFT of
 * the OpenCL seed). A larger one is split into passes of equal radix, each a strided batch of
 * radix-r DFTs whose work-groups take {@link #runLength} adjacent lines (at least
 * {@link DeviceProfile#coalesce}; on a GPU the first of several passes along X reads
 * {@link #FIRST_PASS_RUNS}), so every global access is a run of adjacent elements (the 3D seed's
 * 128-byte rule), or of 32 or 64 bytes where the data starts on 128-byte lines and that saves a
 * pass ({@link #runsFor}).
 */
public final class Planner {

    /** Data alignment (bytes) from which a GPU's passes take groups of at most {@link #ALIGNED_GROUP}. */
    public static final int ALIGNED_DATA = 128;

    /**
     * Most work-items per group of a GPU plan where the data is aligned to {@link #ALIGNED_DATA} bytes
     * and the plan needs no more passes for it.
     */
    static final int ALIGNED_GROUP = 256;

    private Planner() {
    }

    /**
     * The passes of a transform of the given shape (C order, every dimension a power of two) over a
     * batch: the contiguous axis X first, then Y and Z, each a {@link #planAxis} of its own. Axes of
     * length 1 need no pass; an array of one point still gets one (a copy that applies the scale).
     *
     * <p>A short X axis is fused into the first pass of the next axis (the 3D seed's X stages inside
     * the Y and Z kernels): where that pass's groups can hold whole rows of X and its work-items a
     * row in one or two register steps ({@link #fusingX}), it also computes the X DFTs
     * ({@link Pass#fused}) and X gets no pass of its own, if that leaves fewer kernels.
     *
     * <p>On a GPU whose arrays start on 128-byte lines in device memory an axis takes runs of 32 or 64
     * bytes where the whole plan needs a pass fewer for it ({@link #runsFor}), and the plan takes groups
     * of at most 256 work-items wherever that adds no pass ({@link #takesSmallerGroups}).
     */
    public static List<Pass> plan(int[] shape, int batch, DeviceProfile device) {
        return plan(shape, batch, device, false, passes -> 0);
    }

    /**
     * {@link #plan}, for a caller that runs {@code kernelsBeside.applyAsInt(passes)} kernels of its own
     * beside a plan's passes (an r2c whose split its last pass cannot take runs it in a kernel of its own):
     * short runs are taken only where they make the whole, passes and those kernels, shorter.
     */
    public static List<Pass> plan(int[] shape, int batch, DeviceProfile device, ToIntFunction<List<Pass>> kernelsBeside) {
        return plan(shape, batch, device, false, kernelsBeside);
    }

    /**
     * The passes of the axes other than X of a transform of the given shape over a batch, as
     * {@link #plan} would plan them with no X fused: what a real transform of that shape, with X already
     * transformed along its rows, still needs (an r2c runs them after its rows' passes, a c2r before).
     *
     * @throws IllegalArgumentException naming {@code shape} where it has one axis, or no other axis
     *                                  longer than 1
     */
    public static List<Pass> planLeading(int[] shape, int batch, DeviceProfile device) {
        long lines = 1;
        for (int a = 0; a < shape.length - 1; a++) {
            lines *= shape[a];
        }
        if (lines < 2) {
            throw new IllegalArgumentException("shape: axes other than X to plan, got " + Arrays.toString(shape));
        }
        return plan(shape, batch, device, true, passes -> 0);
    }

    private static List<Pass> plan(int[] shape, int batch, DeviceProfile device, boolean leadingOnly,
                                   ToIntFunction<List<Pass>> kernelsBeside) {
        List<Pass> plan = inSmallerGroupsWhereFree(shape, batch, device, false, leadingOnly);
        if (!takesShortRuns(device)) {
            return plan;
        }
        List<Pass> shorter = inSmallerGroupsWhereFree(shape, batch, device, true, leadingOnly);
        // Short runs only where the whole is shorter: not where they trade a fused X for a pass, nor where
        // their last pass cannot take a step the caller then runs as a kernel of its own.
        return shorter.size() + kernelsBeside.applyAsInt(shorter) < plan.size() + kernelsBeside.applyAsInt(plan) ? shorter : plan;
    }

    /**
     * Whether the plan may take shorter runs for a pass fewer ({@link #runsFor}): as the profile forces,
     * or on AUTO on a GPU whose arrays start on 128-byte lines, where a run of 32 or 64 bytes is whole
     * 32-byte sectors.
     */
    static boolean takesShortRuns(DeviceProfile device) {
        return switch (device.shortRuns()) {
            case ON -> true;
            case OFF -> false;
            case AUTO -> !device.cpu() && device.dataAlignment() >= ALIGNED_DATA;
        };
    }

    /**
     * {@link #planFor}, or where {@link #takesSmallerGroups} the same planned with groups of at most
     * {@link #ALIGNED_GROUP} work-items if that needs no more passes.
     */
    private static List<Pass> inSmallerGroupsWhereFree(int[] shape, int batch, DeviceProfile device, boolean shortRuns,
                                                       boolean leadingOnly) {
        List<Pass> plan = planFor(shape, batch, device, shortRuns, leadingOnly);
        if (takesSmallerGroups(device) && largestGroup(plan) > ALIGNED_GROUP) {
            List<Pass> smaller = planFor(shape, batch, device.withMaxGroupSize(ALIGNED_GROUP), shortRuns, leadingOnly);
            if (smaller.size() == plan.size()) {
                return smaller;
            }
        }
        return plan;
    }

    /**
     * Whether a GPU's plans take groups of at most {@link #ALIGNED_GROUP} work-items where that costs no
     * pass: where every run of a pass starts on a 128-byte line ({@link DeviceProfile#dataAlignment}).
     *
     * <p>A group of 512 (32 adjacent columns, the split exchange) is alone on a multiprocessor, and
     * its warps wait at its barriers together; two groups of 256 (16 columns, paired) overlap one's
     * loads with the other's butterflies. Their runs of 128 bytes are whole 32-byte sectors only where
     * the data starts on a 128-byte line: 16 bytes into a line, TornadoVM's default, each run touches
     * five sectors instead of four, and the smaller groups lose more than the overlap gains (measured:
     * docs/history/PERFORMANCE-diary.md, v0.13).
     */
    static boolean takesSmallerGroups(DeviceProfile device) {
        return !device.cpu() && device.dataAlignment() >= ALIGNED_DATA;
    }

    /** Work-items of the plan's largest group. */
    static int largestGroup(List<Pass> plan) {
        int largest = 0;
        for (Pass pass : plan) {
            largest = Math.max(largest, pass.groupSize());
        }
        return largest;
    }

    /**
     * {@link #plan} with the device's group limits as they are, and with {@code shortRuns} the short runs
     * of {@link #runsFor} where they save a pass; with {@code leadingOnly} the axes other than X alone,
     * X fused into none of them.
     */
    private static List<Pass> planFor(int[] shape, int batch, DeviceProfile device, boolean shortRuns, boolean leadingOnly) {
        List<Pass> plan = new ArrayList<>();
        long points = batch;
        for (int n : shape) {
            points *= n;
        }
        int x = shape[shape.length - 1];
        int stride = 1;
        for (int axis = 0; axis < shape.length; axis++) {
            int n = shape[shape.length - 1 - axis];
            if (n > 1 && (axis > 0 || !leadingOnly)) {
                // Along X every line is a transform of the batch; along Y, Z the batch does not matter.
                int lines = (int) (points / n);
                DeviceProfile along = shortRuns ? runsFor(axis, n, stride, lines, device) : device;
                List<Pass> passes = planAxis(axis, n, stride, lines, along, 0);
                List<Pass> fused = axis > 0 && stride == x && !leadingOnly ? fusingX(passes, axis, n, stride, lines, x, along) : null;
                if (fused != null && fused.size() < plan.size() + passes.size()) {
                    // X (planned alone so far) goes into this axis's first pass: one kernel fewer.
                    plan.clear();
                    plan.addAll(fused);
                } else {
                    plan.addAll(passes);
                }
            }
            stride *= n;
        }
        if (plan.isEmpty()) {
            plan.addAll(planAxis(0, 1, 1, batch, device, 0));
        }
        return List.copyOf(plan);
    }

    /**
     * Runs (complex floats; {@link DeviceProfile#runs} in the plan's values) a strided axis takes for a
     * pass fewer: 64 bytes, two whole 32-byte sectors.
     */
    static final int SHORT_RUNS = 8;

    /**
     * Runs (complex floats, as above) an axis along X of fewer than {@link #LONG_X_PASSES} passes takes for a pass fewer, in
     * groups of at most {@link #ALIGNED_GROUP}: 32 bytes, one sector.
     */
    static final int SHORTEST_RUNS = 4;

    /** Passes from which an axis along X takes runs of {@link #SHORT_RUNS} rather than {@link #SHORTEST_RUNS}. */
    static final int LONG_X_PASSES = 4;

    /**
     * The profile an axis is planned with where the plan takes short runs ({@link #takesShortRuns}): the
     * device's, or one with shorter runs where they need a pass fewer: {@link #SHORT_RUNS} along a
     * strided axis and along an X of at least {@link #LONG_X_PASSES} passes in the device's runs,
     * {@link #SHORTEST_RUNS} in groups of at most {@link #ALIGNED_GROUP} along a shorter X.
     *
     * <p>A tile of radix r in runs of 8 holds twice the radix of one in runs of 16: a strided axis of
     * 1024 points (8 columns of 1024, the split exchange, a group of 512) is one pass instead of two.
     * A pass fewer moves the whole array once less, which outweighs the shorter runs; on a strided axis
     * runs of 4 lose more to half-used sectors than runs of 8. Along X the first of several passes
     * already reads runs of 8 ({@link #FIRST_PASS_RUNS}) and passes of moderate radix run close to the
     * copy rate, so fewer passes gain less: in runs of 8 they need groups of 512 (the split exchange),
     * one to a multiprocessor, and gain nothing dependable; in runs of 4 (32 bytes, groups of at most
     * 256 that exchange in pairs, two to a multiprocessor) they save a launch and a little time. The
     * cap of 256 also keeps out the passes of radix 2048 in groups of 512, which are slower than the
     * three passes they replace. Where the data does not start on a 128-byte line a run of 64 bytes
     * touches three sectors instead of two and costs more than the pass it saves, which is why
     * {@link #takesShortRuns} asks for aligned data (measured: docs/history/PERFORMANCE-diary.md, v0.7
     * and v0.14).
     */
    static DeviceProfile runsFor(int axis, int n, int stride, int lines, DeviceProfile device) {
        int passes = planAxis(axis, n, stride, lines, device, 0).size();
        boolean shortX = stride == 1 && passes < LONG_X_PASSES;
        int runs = device.runs(shortX ? SHORTEST_RUNS : SHORT_RUNS);
        if (device.coalesce() <= runs) {
            return device;
        }
        // A shorter X in groups two of which share a multiprocessor; the others' groups as they come.
        DeviceProfile shorter = shortX ? device.withCoalesce(runs).withMaxGroupSize(ALIGNED_GROUP) : device.withCoalesce(runs);
        return planAxis(axis, n, stride, lines, shorter, 0).size() < passes ? shorter : device;
    }

    /**
     * The passes along one axis of length n whose points lie {@code stride} elements apart.
     *
     * <p>Along the contiguous axis a length that fits a work-group's local memory is one pass (the
     * single work-group FFT of the OpenCL seed). Along a strided axis a work-group holds
     * {@link #runLength} adjacent columns, so the single-pass limit is the capacity over that. A longer
     * axis is split into passes of equal radix, each a strided batch of radix-r DFTs whose groups take
     * {@link #runLength} adjacent lines or columns. Each pass then exchanges through local memory as
     * {@link #splitsForLongerRuns} says. With {@code firstBits} > 0 the first pass takes a first
     * register radix of 2^firstBits where it can ({@link #registerRadices(int, int, DeviceProfile,
     * boolean, int)}), for a fused X axis. On a CPU an axis with a wide radix is planned again in smaller
     * tiles ({@link #takesNarrowTiles}).
     */
    static List<Pass> planAxis(int axis, int n, int stride, int batch, DeviceProfile device, int firstBits) {
        List<Pass> plan = planAxisIn(axis, n, stride, batch, device, firstBits);
        if (takesNarrowTiles(stride, plan, device)) {
            return planAxisIn(axis, n, stride, batch, device.withTileBytes(DeviceProfile.CPU_WIDE_RADIX_TILE_BYTES), firstBits);
        }
        return plan;
    }

    /** Radix from which a strided or multi-pass axis on a CPU is planned in smaller tiles ({@link #takesNarrowTiles}). */
    static final int CPU_WIDE_RADIX = 512;

    /** Property that turns {@link #takesNarrowTiles} off ({@code false}), for A/B runs. */
    static final String NARROW_TILES_PROPERTY = "tornado.fft.cpu.narrowTiles";

    /**
     * Whether this axis, planned in the device's tiles, is planned again in tiles of at most
     * {@link DeviceProfile#CPU_WIDE_RADIX_TILE_BYTES}: on a CPU, where a pass of radix
     * {@value #CPU_WIDE_RADIX} or more is strided or one of several. Through PoCL on two cores such
     * passes ran faster in tiles of 64 KB than of 128 KB (2D 512² × 4 18-20%, 1D 2^18 in double 1.75×),
     * while the strided passes of smaller radix, 3D 256³'s, lost 8-10% in the smaller tiles, whose runs
     * were shorter (docs/history/PERFORMANCE-diary.md, v0.50 and v0.51).
     */
    static boolean takesNarrowTiles(int stride, List<Pass> plan, DeviceProfile device) {
        return device.cpu() && (stride > 1 || plan.size() > 1) && plan.stream().anyMatch(p -> p.radix() >= CPU_WIDE_RADIX)
                && DeviceProfile.Choice.of(NARROW_TILES_PROPERTY) != DeviceProfile.Choice.OFF;
    }

    private static List<Pass> planAxisIn(int axis, int n, int stride, int batch, DeviceProfile device, int firstBits) {
        boolean split = splitSavesPasses(n, stride, device);
        int capacity = device.localComplexCapacity(split);
        int runs = runLength(n, stride, device, capacity);
        int passes = passCount(n, stride, device, runs, capacity);
        int bits = Integer.numberOfTrailingZeros(n);
        List<Pass> plan = new ArrayList<>();
        int span = 1;
        for (int p = 0; p < passes; p++) {
            int rBits = bits / passes + (p < bits % passes ? 1 : 0);
            int r = 1 << rBits;
            boolean uneven = mayTakeUnevenSplit(stride, p, passes);
            if (!split && splitsForLongerRuns(n, stride, span, rBits, runs, device)) {
                plan.add(pass(axis, n, stride, r, span, batch, device, 2 * runs, device.localComplexCapacity(true), true,
                        uneven, p == 0 ? firstBits : 0));
            } else {
                // On a GPU the first of several paired passes along X reads shorter runs (its writes are staged).
                boolean first = p == 0 && stride == 1 && passes > 1 && !split && !device.cpu();
                int passRuns = first ? Math.min(runs, FIRST_PASS_RUNS) : runs;
                plan.add(pass(axis, n, stride, r, span, batch, device, passRuns, capacity, split, uneven, p == 0 ? firstBits : 0));
            }
            span *= r;
        }
        return List.copyOf(plan);
    }

    /**
     * The passes of this axis with the whole X axis of length x fused into the first ({@link Pass#fused}),
     * or null where it cannot take it. Rows in one register step first (no exchange but the
     * transposes): as planned, or planned again with the largest first register radix; else rows in
     * two steps: as planned, or planned again with a first radix of 8 (rows of up to 64). A plan made
     * again takes runs of whole rows.
     */
    private static List<Pass> fusingX(List<Pass> passes, int axis, int n, int stride, int batch, int x, DeviceProfile device) {
        if (device.fusion() == DeviceProfile.Choice.OFF || x > RegisterPass.MAX_FUSED) {
            return null;
        }
        DeviceProfile rows = device.coalesce() >= x ? device : device.withCoalesce(x);
        boolean twoSteps = device.fusion() == DeviceProfile.Choice.ON || !device.cpu();
        List<List<Pass>> candidates = new ArrayList<>();
        candidates.add(passes);
        candidates.add(planAxis(axis, n, stride, batch, rows, device.registerBits()));
        for (int steps = 1; steps <= (twoSteps ? 2 : 1); steps++) {
            if (steps == 2) {
                candidates.add(planAxis(axis, n, stride, batch, rows, Math.min(3, device.registerBits())));
            }
            for (List<Pass> candidate : candidates) {
                if (fusesX(candidate.get(0), x, steps)) {
                    List<Pass> fused = new ArrayList<>(candidate);
                    fused.set(0, candidate.get(0).withFused(x));
                    return fused;
                }
            }
        }
        return null;
    }

    /**
     * Whether the first strided pass can take the whole X axis of length x in at most {@code steps}
     * register steps: its groups must hold whole rows of X, its work-items a row (one step) or its
     * square root (two, {@link RegisterPass#maxFused}), and X must still be unplanned, which is the
     * case when every axis between X and this one has length 1.
     */
    private static boolean fusesX(Pass first, int x, int steps) {
        int longest = steps == 1 ? first.regs() : RegisterPass.maxFused(first.regs());
        return x > 1 && x <= longest && first.span() == 1 && first.cols() % x == 0;
    }

    /**
     * Whether every pass along this axis exchanges values through local memory one part at a time
     * ({@link DeviceProfile.Exchange}): as forced, or on AUTO on a GPU where the split exchange's
     * twice larger tile means fewer passes.
     */
    static boolean splitSavesPasses(int n, int stride, DeviceProfile device) {
        return switch (device.exchange()) {
            case PAIR -> false;
            case SPLIT -> true;
            case AUTO -> {
                if (device.cpu()) {
                    yield false;
                }
                int pair = device.localComplexCapacity(false);
                int split = device.localComplexCapacity(true);
                yield passCount(n, stride, device, runLength(n, stride, device, split), split)
                        < passCount(n, stride, device, runLength(n, stride, device, pair), pair);
            }
        };
    }

    /**
     * Whether a pass of radix 2^radixBits on pairs in runs of {@code runs} should rather take runs twice
     * as long through the split exchange (on AUTO, on a GPU): where its runs are shorter than 32 and
     * it reads and writes them scattered across the array, that is every pass but the first along X
     * (which stages its writes into contiguous blocks). Scattered runs of 16 values (128 bytes) leave
     * the memory system less busy than runs of 32, which pay for the split exchange's extra barriers;
     * the first pass along X, whose writes are already contiguous, would only pay the barriers, and runs
     * of 64 gain nothing over 32 (measured: docs/history/PERFORMANCE-diary.md, v0.3).
     */
    private static boolean splitsForLongerRuns(int n, int stride, int span, int radixBits, int runs,
                                               DeviceProfile device) {
        int longer = 2 * runs;
        // The longer run must exist: as many adjacent columns (strided axis) or lines (along X).
        int available = stride > 1 ? stride : n >> radixBits;
        return device.exchange() == DeviceProfile.Exchange.AUTO && !device.cpu() && runs < 32
                && (stride > 1 || span > 1) && longer <= available
                && (long) longer << radixBits <= device.localComplexCapacity(true)
                && fitsGroup(radixBits, longer, device, false);
    }

    /**
     * Adjacent lines or columns a work-group takes along this axis, the length of its runs of global
     * accesses: {@link DeviceProfile#coalesce} values or the longest run that needs no more passes, up
     * to 64 values on a strided axis and, on a GPU, 32 along X. A longer run halves the radix a group's
     * tile holds, so it is taken only where it adds no pass; at equal pass count longer runs use device
     * memory better (runs of 64 help the strided passes further). Along X, runs of 64 would need groups
     * of 512, one to a multiprocessor, and are slower than runs of 32. Shorter runs for a pass fewer
     * are the profile's choice ({@link #runsFor}). On a CPU longer runs help the strided axes too, but
     * along X they are slower, so X keeps the profile's runs (measured:
     * docs/history/PERFORMANCE-diary.md, v0.2 and v0.4 to v0.6).
     */
    static int runLength(int n, int stride, DeviceProfile device, int capacity) {
        int runs = device.coalesce();
        if (device.cpu() && stride == 1) {
            return runs;
        }
        int longest = device.runs(stride > 1 ? 64 : 32);
        int passes = passCount(n, stride, device, runs, capacity);
        while (2 * runs <= longest && passCount(n, stride, device, 2 * runs, capacity) == passes) {
            runs *= 2;
        }
        return runs;
    }

    /**
     * Whether pass p of {@code passes} along an axis may take the uneven register split
     * ({@link #registerRadices(int, int, DeviceProfile, boolean)}): a single pass, or the first of
     * several along X, which stages its writes into contiguous blocks. A later pass taking it would
     * read and write runs of 16 scattered across the array with one group of 512 per multiprocessor,
     * which costs more than the pass it saves; a single pass, or a first pass with staged writes,
     * keeps the gain (3D 512^3's Y and Z axes become one pass each). Measured:
     * docs/history/PERFORMANCE-diary.md, v0.4.
     */
    static boolean mayTakeUnevenSplit(int stride, int p, int passes) {
        return passes == 1 || stride == 1 && p == 0;
    }

    /**
     * Passes along an axis whose groups take {@code runs} adjacent lines or columns of a tile of
     * {@code capacity}: one if the axis fits a tile, else as few as radices that fit a group allow,
     * the first of them larger where {@link #mayTakeUnevenSplit} lets it take the uneven split.
     */
    private static int passCount(int n, int stride, DeviceProfile device, int runs, int capacity) {
        int bits = Integer.numberOfTrailingZeros(n);
        int singleBits = Math.min(Integer.numberOfTrailingZeros(capacity), 3 * device.registerBits());
        int cols = Math.min(stride, runs);
        int strideSingleBits = Math.min(singleBits, Integer.numberOfTrailingZeros(capacity / cols));
        if (stride == 1 ? bits <= singleBits
                : bits <= strideSingleBits && fitsGroup(bits, cols, device, mayTakeUnevenSplit(stride, 0, 1))) {
            return 1;
        }
        int maxBits = Math.min(singleBits, Integer.numberOfTrailingZeros(capacity / runs));
        int laterBits = largestFitting(maxBits, runs, device, false);
        int firstBits = largestFitting(maxBits, runs, device, mayTakeUnevenSplit(stride, 0, 2));
        return Math.min((bits + laterBits - 1) / laterBits, 1 + (bits - firstBits + laterBits - 1) / laterBits);
    }

    /** The largest radix bits up to {@code maxBits} whose work-items fit a group of {@code lanes} lines. */
    private static int largestFitting(int maxBits, int lanes, DeviceProfile device, boolean uneven) {
        int radixBits = maxBits;
        while (radixBits > 1 && !fitsGroup(radixBits, lanes, device, uneven)) {
            radixBits--;
        }
        return radixBits;
    }

    /**
     * Whether {@code lanes} lines of radix 2^radixBits fit one work-group's work-items, with the even
     * register split or, where {@code uneven} allows, the uneven one.
     */
    private static boolean fitsGroup(int radixBits, int lanes, DeviceProfile device, boolean uneven) {
        return itemsFit(registerRadices(radixBits, lanes, device, uneven)[0], radixBits, lanes, device);
    }

    private static boolean itemsFit(int regs, int radixBits, int lanes, DeviceProfile device) {
        return (long) (1 << radixBits) / regs * lanes <= device.maxGroupSize();
    }

    /**
     * The register radices of a radix-2^bits pass whose groups hold {@code lanes} lines: the even
     * split ({@link #registerRadices(int, int)}) where its work-items fit a group or {@code uneven}
     * is not allowed, else the largest first radix and the rest split evenly (512 = 8 x 8 x 8 needs 64
     * work-items a line, 16 x 8 x 4 only 32, so in groups of at most 512 work-items a strided 512-point
     * axis with runs of 16 is one pass instead of two).
     */
    static int[] registerRadices(int bits, int lanes, DeviceProfile device, boolean uneven) {
        return registerRadices(bits, lanes, device, uneven, 0, device.registerBits());
    }

    /**
     * {@link #registerRadices(int, int, DeviceProfile, boolean)} with radices of at most 2^maxBits, or
     * with {@code firstBits} > 0 a first radix of 2^firstBits (at most registerBits) and the rest split
     * evenly, wherever three steps allow it, as a fused X axis needs: rows of up to 16 points in one
     * work-item (16 first), or of up to 64 in two steps of the kernel with 8 values per work-item (8
     * first).
     */
    static int[] registerRadices(int bits, int lanes, DeviceProfile device, boolean uneven, int firstBits, int maxBits) {
        if (firstBits > 0 && bits <= 3 * firstBits) {
            return bits <= firstBits ? new int[] {1 << bits} : firstThenEven(firstBits, bits);
        }
        int[] even = registerRadices(bits, maxBits);
        if (bits <= maxBits || bits > 3 * maxBits || !uneven || itemsFit(even[0], bits, lanes, device)) {
            return even;
        }
        return firstThenEven(maxBits, bits);
    }

    /** A first register radix of 2^firstBits, then the rest of 2^bits split evenly into radices no larger. */
    private static int[] firstThenEven(int firstBits, int bits) {
        int[] rest = registerRadices(bits - firstBits, firstBits);
        int[] sub = new int[1 + rest.length];
        sub[0] = 1 << firstBits;
        System.arraycopy(rest, 0, sub, 1, rest.length);
        return sub;
    }

    private static Pass pass(int axis, int n, int stride, int r, int span, int batch, DeviceProfile device,
                             int runs, int capacity, boolean split, boolean uneven, int firstBits) {
        int lines = n / r;
        // Columns: adjacent positions of the faster axes (Y, Z) or adjacent lines (X), before the
        // group-size limit below; the register split is chosen for that many.
        int cols = stride > 1 ? Math.min(stride, runs) : Math.max(1, Math.min(Math.min(lines, runs), capacity / r));
        int bits = Integer.numberOfTrailingZeros(r);
        int maxBits = largestRegisterBits(bits, lines, stride, device);
        int[] sub = widensFirstStep(bits, maxBits, firstBits, device)
                ? firstThenEven(maxBits, bits)
                : registerRadices(bits, cols, device, uneven, firstBits, maxBits);
        int regs = sub[0]; // the first register radix is the largest (Pass)
        int itemsPerLine = r / regs;
        int target = device.targetGroupSize();
        int rows = 1;
        if (stride > 1) {
            // Rows: adjacent lines of the axis.
            while (cols > 1 && cols * itemsPerLine > device.maxGroupSize()) {
                cols /= 2;
            }
            while (rows * 2 <= lines
                    && cols * rows * 2 * itemsPerLine <= target
                    && cols * rows * 2 * r <= capacity) {
                rows *= 2;
            }
            return new Pass(axis, n, stride, r, span, cols, rows, regs, sub, split);
        }
        if (cols == lines) {
            // Whole transforms per group: add batch rows until the group is full.
            while (rows * 2 * cols * itemsPerLine <= target
                    && rows * 2 * cols * r <= capacity
                    && batch % (rows * 2) == 0) {
                rows *= 2;
            }
        }
        while (cols * rows * itemsPerLine > device.maxGroupSize() && cols > 1) {
            cols /= 2;
        }
        return new Pass(axis, n, stride, r, span, cols, rows, regs, sub, split);
    }

    /**
     * Adjacent lines the first of several passes along X takes on a GPU where it exchanges in pairs,
     * the length of its runs of reads (its writes are staged into contiguous blocks whatever the
     * runs): 8, 64 bytes, in groups of 128 work-items for radix 256, as cuFFT's first pass of 2^16
     * does. A run of 64 bytes is still two whole 32-byte sectors, and the smaller groups fit more to a
     * multiprocessor, so the pass is a little faster than in runs of 16; runs of 4 gain less (each read
     * is a single sector, and the blocks the staged writes make are half as long). cuFFT's pass:
     * docs/history/PERFORMANCE-diary.md, v0.8; measured: v0.10.
     */
    static final int FIRST_PASS_RUNS = 8;

    /**
     * Whether a pass of two register steps on a GPU takes the device's largest radix first and the
     * rest in one more step of radix 4 or more (64 = 16 x 4 instead of 8 x 8): half the work-items a
     * line, so groups half as large at the same registers a value, two of them to a multiprocessor
     * where one of the even split's fitted. Not for a transform alone on its group line, whose
     * register radices {@link #largestRegisterBits} narrows, nor where the first radix is set by a
     * fused X axis ({@code firstBits}); a pass that fuses a short X in one step takes it. It gains most
     * where the even split made groups of 512 (the strided passes of 2D transforms). Radix 32 as
     * 16 x 2 would leave each work-item eight radix-2 butterflies in the second step, which is slower
     * where X is fused, so a second radix of at least 4 is required and radix 32 stays 8 x 4
     * (measured: docs/history/PERFORMANCE-diary.md, v0.10).
     */
    static boolean widensFirstStep(int bits, int maxBits, int firstBits, DeviceProfile device) {
        return !device.cpu() && firstBits == 0 && maxBits == device.registerBits() && bits >= maxBits + 2
                && bits <= 2 * maxBits;
    }

    /** Fewest work-items a group must have for a GPU plan of one pass to store late ({@link #storesLate}). */
    static final int LATE_STORE_GROUP = 128;

    /**
     * Whether a GPU plan's kernel adds a zero read after its last exchange to every store address
     * ({@link RegisterPass#LATE_STORE}) and runs under the lower cap of {@link #lateStoreRegisters}
     * instead of {@link DeviceProfile#maxRegisters}: a plan of one pass of 16-value work-items whose
     * groups are each one transform of at least {@link #LATE_STORE_GROUP} work-items (the single-group
     * kernels of 2048 and 4096 points), unless the profile's {@link DeviceProfile#lateStore} says
     * otherwise (ON: every plan on any device, for tests and tuning runs).
     *
     * <p>NVIDIA's compilers otherwise compute a work-item's 32 store addresses (each a sign-extended
     * 64-bit sum, as TornadoVM translates an {@code int} index) before the butterflies and hold them:
     * in float 128 registers where 72 suffice, so that three groups of 256 share a multiprocessor
     * instead of two and the 2048- and 4096-point kernels hide more of their memory latency (lower caps
     * gain less). Kernels already at the copy ceiling (256 and 1024 points, groups of 64) have nothing
     * to gain and pay the extra load, and a plan of several passes cannot take the lower cap for one
     * kernel alone, since one cap serves all the kernels of the plan's task graph (measured:
     * docs/history/PERFORMANCE-diary.md, v0.11).
     *
     * <p>In double the held addresses make the kernels spill under the default cap of 128 (148-190
     * registers without a cap), and the zero read is what removes the spills: on an H200, 4096 points a
     * batch of 4096 took 0.155 ms through OpenCL and 0.159 through PTX under 128 with it, against 0.187
     * and 0.241 without it (cuFFT's Z2Z 0.139-0.142), and 2048 points 0.140 against 0.146-0.149 under
     * {@link DeviceProfile#DOUBLE_REGISTERS}; under 72 they spill again (0.25-0.30). On TornadoVM's CUDA
     * backend, whose NVRTC takes no cap from TornadoVM 5.2, the zero read alone pays in both precisions:
     * 0.0900 against 0.1025 ms at 4096 points in float, 0.167 against 0.219-0.225 in double
     * (docs/history/PERFORMANCE-diary.md, v0.49 and v0.50).
     *
     * @param nvidia whether the device is an NVIDIA GPU, through any of TornadoVM's backends (the
     *               compilers that hoist the store addresses); elsewhere {@code auto} leaves it out
     */
    public static boolean storesLate(List<Pass> plan, DeviceProfile device, boolean nvidia) {
        Pass only = plan.get(0);
        return switch (device.lateStore()) {
            case ON -> true;
            case OFF -> false;
            case AUTO -> nvidia && !device.cpu() && plan.size() == 1 && singleGroup(only);
        };
    }

    /**
     * Whether one pass of a plan of several passes stores late on its own, under the plan's cap: in double,
     * on an NVIDIA GPU, a pass of the shape {@link #storesLate(List, DeviceProfile, boolean)} takes alone (a
     * single-group kernel of 2048 or 4096 points, as the X pass of a 2D or 3D plan), where the profile's
     * {@link DeviceProfile#lateStore} is AUTO. Double's late-store cap is the default cap, so such a pass needs
     * nothing of the plan's other kernels. On an H200, with this pass alone storing late, 2D 4096² in double
     * took 0.459 / 0.479 / 0.461 ms (OpenCL / CUDA / PTX) against 0.486 / 0.535 / 0.540 with none, and 3D
     * 64 × 64 × 4096 0.452 / 0.466 / 0.467 against 0.477 / 0.519 / 0.536; 2D 2048² was level
     * (docs/history/PERFORMANCE-diary.md, v0.50). Float keeps such a pass as it is: there the late store pays
     * only under its own lower cap, which one kernel of several cannot take (level to 10% slower without it).
     */
    public static boolean storesLate(Pass pass, DeviceProfile device, boolean nvidia) {
        return device.lateStore() == DeviceProfile.Choice.AUTO && nvidia && !device.cpu() && device.valueBytes() == Double.BYTES
                && singleGroup(pass);
    }

    /** A pass of 16-value work-items whose groups are each one transform of at least {@link #LATE_STORE_GROUP} work-items. */
    private static boolean singleGroup(Pass pass) {
        return pass.regs() == RegisterPass.MAX_REGS && pass.cols() * pass.rows() == 1 && pass.groupSize() >= LATE_STORE_GROUP;
    }

    /**
     * The register cap of a plan that {@link #storesLate} on a device whose compiler takes one:
     * {@link DeviceProfile#LATE_STORE_REGISTERS} for values of 4 bytes a part (float, and half, whose
     * arithmetic is float), {@link DeviceProfile#LATE_STORE_DOUBLE_REGISTERS} for double.
     */
    public static int lateStoreRegisters(DeviceProfile device) {
        return device.valueBytes() == Double.BYTES ? DeviceProfile.LATE_STORE_DOUBLE_REGISTERS : DeviceProfile.LATE_STORE_REGISTERS;
    }

    /** Most work-items in a group of a plan that {@link #widensRegisters} gives more registers. */
    static final int DOUBLE_REGISTERS_GROUP = 128;

    /**
     * Whether a plan's kernels take {@link DeviceProfile#DOUBLE_REGISTERS} rather than the default cap:
     * double precision, on a GPU whose compiler takes the cap, every kernel in groups of at most
     * {@value #DOUBLE_REGISTERS_GROUP} work-items. Their 16 complex doubles a work-item take 148-168
     * registers (ptxas 13, sm_90, no cap) and spill under {@link DeviceProfile#MAX_REGISTERS}; at 168, groups
     * of 128 still leave three a multiprocessor. Groups of 256 (4096 points in double) would leave one,
     * and keep the default (measured: docs/history/PERFORMANCE-diary.md, v0.44). A plan that
     * {@link #storesLate} takes {@link #lateStoreRegisters} instead, whatever this says.
     *
     * @param capped whether the plan's kernels take the default register cap: the device's compiler takes a
     *               cap (an NVIDIA GPU) and none is chosen in the plan's options
     */
    public static boolean widensRegisters(List<Pass> plan, DeviceProfile device, boolean capped) {
        return capped && !device.cpu() && device.valueBytes() == Double.BYTES && !plan.isEmpty()
                && plan.stream().allMatch(p -> p.groupSize() <= DOUBLE_REGISTERS_GROUP);
    }

    /**
     * Work-items a GPU gives each transform that is a group line of its own (a single pass along X), so
     * that one load or store instruction covers 16 adjacent values (128 bytes) of a transform. A
     * transform held whole by one work-item leaves adjacent work-items 64 to 128 bytes apart on every
     * access, so each instruction touches a sector per work-item and the pass runs far below the copy
     * rate; spreading a transform over more, thinner work-items makes each access one contiguous run
     * (measured: docs/history/PERFORMANCE-diary.md, v0.6 to v0.8).
     */
    static final int ADJACENT_ITEMS = 16;

    /**
     * log2 of the largest register radix a pass of radix 2^bits may take: the device's, except on a GPU
     * for a transform alone on its group line (one pass along X), which keeps {@link #ADJACENT_ITEMS}
     * work-items, or as many as three register steps allow (2 for 4 points, 4 for 8 and 16, 8 for 32),
     * wherever they fit a group; a CPU runs a group as loops over its work-items and keeps them fat.
     */
    static int largestRegisterBits(int bits, int lines, int stride, DeviceProfile device) {
        int most = device.registerBits();
        if (device.cpu() || stride > 1 || lines > 1 || bits < 2) {
            return most;
        }
        int threeSteps = (bits + 2) / 3;
        int narrow = Math.min(most, Math.max(threeSteps, bits - Integer.numberOfTrailingZeros(ADJACENT_ITEMS)));
        return itemsFit(registerRadices(bits, narrow)[0], bits, 1, device) ? narrow : most;
    }

    /** Splits 2^bits into at most three register radices of at most 2^maxBits, largest first, evenly. */
    static int[] registerRadices(int bits, int maxBits) {
        if (bits == 0) {
            return new int[] {1};
        }
        int count = (bits + maxBits - 1) / maxBits;
        int[] sub = new int[count];
        for (int s = 0; s < count; s++) {
            sub[s] = 1 << (bits / count + (s < bits % count ? 1 : 0));
        }
        return sub;
    }
}
