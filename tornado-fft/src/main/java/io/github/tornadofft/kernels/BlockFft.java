package io.github.tornadofft.kernels;

import io.github.tornadofft.Devices;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.plan.DeviceProfile;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Objects;

/**
 * A block FFT for the caller's own kernels: complex float transforms of a power-of-two size, computed
 * by the work-items of one work-group together, with the data in the work-items' registers (the
 * cuFFTDx idea in Java). A kernel loads its data, does what it likes to it, calls {@link #execute},
 * does what it likes to the spectrum and stores it: one kernel, one trip through global memory,
 * where a chain of plans makes one per step.
 *
 * <p>Runs on every TornadoVM device; on an NVIDIA GPU the OpenCL and CUDA backends are the fast ones.
 * TornadoVM 5.2's PTX backend declares a kernel's private arrays {@code .local} and addresses their
 * elements through registers, and ptxas then keeps them in memory rather than registers (a 448-byte stack
 * frame for {@link #transform}, every index a constant): 5-7 times slower there (docs/PERFORMANCE.md).
 *
 * <p>The description is a value: size, direction, values per work-item E and transforms per
 * work-group T. It answers what the launch needs ({@link #groupSize()}, {@link #grid(int)}), the
 * local memory it takes ({@link #localFloats()}) and checks them against a device ({@link #check}).
 * Kernels cannot take objects, so a kernel takes the description as one int, {@link #word()}, and
 * the static methods below read it (TornadoVM compiles a kernel for the values of its int arguments,
 * so the sizes in the word are constants in the code it generates).
 *
 * <pre>{@code
 * BlockFft fft = BlockFft.of(1024).check(device);
 * FloatArray twiddles = fft.twiddles();
 * // in the kernel, ctx and fft (the word) among its arguments:
 * float[] re = new float[BlockFft.MAX_VALUES];
 * float[] im = new float[BlockFft.MAX_VALUES];
 * int offset = 2 * n * BlockFft.transform(ctx, fft);
 * BlockFft.load(ctx, data, offset, re, im, fft);     // or a loop over BlockFft.index(ctx, fft, i)
 * BlockFft.execute(ctx, re, im, twiddles, fft);
 * BlockFft.store(ctx, data, offset, re, im, fft);
 * }</pre>
 *
 * <p><b>Layout.</b> Work-item t of a transform (t below {@link #workItemsPerTransform()} = N / E, the
 * stride S) holds elements {@code t + S i}, i &lt; E, in {@code re[i]} and {@code im[i]}, before
 * and after {@link #execute}: input x[t + S i] in, output X[t + S i] out. Adjacent work-items hold
 * adjacent elements, so loads and stores in natural order are runs. This is the layout of the
 * cuFFTDx document's register execution ("n + stride i"), and the one a Stockham FFT of radix E
 * reads in its first pass and writes in its last.
 *
 * <p><b>Synchronisation.</b> {@link #execute} exchanges values between work-items through local
 * memory of its own ({@link #localFloats()} floats for each place a kernel calls it), synchronising
 * the group before each write to it and before each read: it may be called in a loop, and a kernel
 * that transforms twice (forward, a pointwise step, inverse) calls it in a loop of two, so that the
 * two share one allocation (the fused convolution in the examples). It does not synchronise after its
 * last read, and it does not touch the caller's arrays but {@code re} and {@code im}. Every work-item
 * of the group must call it (it holds barriers), also those of a last group's transforms that do not
 * exist: guard their loads and stores, not the call.
 *
 * <p><b>What TornadoVM 5.2 allows.</b> The data lives in the caller's private arrays because TornadoVM
 * 5.2 compiles an access to a local array passed into a method as an access to a heap array (the index
 * times the element size plus the array header, in elements of the local array: out of bounds), while
 * private arrays and local arrays a method allocates itself compile right. So there is no execution on
 * data in the caller's local memory yet (the cuFFTDx document's shared-memory API); the registers take
 * its place, and the workspace is the method's own.
 *
 * <p>The inverse is unnormalised, as cuFFTDx's: a forward and an inverse transform multiply by N.
 * The caller's {@code re} and {@code im} must hold {@link #MAX_VALUES} floats: a kernel cannot check
 * the length of a private array, and a shorter one is written past its end.
 */
public final class BlockFft {

    /** Largest size: a group of 256 work-items of 16 values, and 33 KB of local memory per transform. */
    public static final int MAX_SIZE = 4096;

    /** Most values per work-item, the length of the caller's {@code re} and {@code im} arrays. */
    public static final int MAX_VALUES = 16;

    /** Local memory a description may take: TornadoVM 5.2 gives a kernel at most 48 KB. */
    public static final int MAX_LOCAL_BYTES = 48 * 1024;

    private static final int SIZE_BITS = 4;
    private static final int VALUES_SHIFT = 4;
    private static final int VALUES_MASK = 7;
    private static final int INVERSE_BIT = 1 << 7;
    private static final int GROUP_SHIFT = 8;
    private static final int SPLIT_SHIFT = 16;
    private static final int FIRST_BIT = 1 << 18;

    private final int size;
    private final Direction direction;
    private final int valuesPerWorkItem;
    private final int transformsPerGroup;

    private BlockFft(int size, Direction direction, int valuesPerWorkItem, int transformsPerGroup) {
        this.size = size;
        this.direction = direction;
        this.valuesPerWorkItem = valuesPerWorkItem;
        this.transformsPerGroup = transformsPerGroup;
    }

    /**
     * A forward transform of {@code size} points, one transform per group, and values per work-item:
     * 16 where size is an even power of two from 16 (4^k), 8 where it is an odd one from 8, else the
     * size.
     *
     * @throws IllegalArgumentException naming {@code size} where it is not a power of two from 2 to
     *                                  {@value #MAX_SIZE}
     */
    public static BlockFft of(int size) {
        if (size < 2 || size > MAX_SIZE || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size: a power of two from 2 to " + MAX_SIZE + ", got " + size);
        }
        int values = size <= 4 ? size : Integer.numberOfTrailingZeros(size) % 2 == 0 ? 16 : 8;
        return new BlockFft(size, Direction.FORWARD, values, 1);
    }

    /** The same transform in {@code direction}. */
    public BlockFft direction(Direction direction) {
        return new BlockFft(size, Objects.requireNonNull(direction, "direction"), valuesPerWorkItem, transformsPerGroup);
    }

    /** The same transform, inverse (unnormalised). */
    public BlockFft inverse() {
        return direction(Direction.INVERSE);
    }

    /**
     * The same transform with E values per work-item: fewer work-items and more registers each.
     *
     * @throws IllegalArgumentException naming {@code valuesPerWorkItem} where it is not 2, 4, 8 or 16,
     *                                  or more than the size, or 16 where the size is an odd power of two
     */
    public BlockFft valuesPerWorkItem(int values) {
        if (values != 2 && values != 4 && values != 8 && values != 16 || values > size) {
            throw new IllegalArgumentException("valuesPerWorkItem: 2, 4, 8 or 16, at most the size " + size + ", got " + values);
        }
        if (values == 16 && Integer.numberOfTrailingZeros(size) % 2 != 0) {
            throw new IllegalArgumentException("valuesPerWorkItem: 16 takes a size that is an even power of two (its first "
                    + "pass would be of radix 2 or 8, which a 4 x 4 DFT does not contain), got size " + size + "; take 8");
        }
        return new BlockFft(size, direction, values, transformsPerGroup);
    }

    /**
     * The same transform with T transforms per work-group (small sizes fill a group with several).
     *
     * @throws IllegalArgumentException naming {@code transformsPerGroup} where it is not 1 to 255
     */
    public BlockFft transformsPerGroup(int transforms) {
        if (transforms < 1 || transforms > 255) {
            throw new IllegalArgumentException("transformsPerGroup: 1 to 255, got " + transforms);
        }
        return new BlockFft(size, direction, valuesPerWorkItem, transforms);
    }

    public int size() {
        return size;
    }

    public Direction direction() {
        return direction;
    }

    public int valuesPerWorkItem() {
        return valuesPerWorkItem;
    }

    public int transformsPerGroup() {
        return transformsPerGroup;
    }

    /** Work-items per transform, N / E: the stride S of the layout. */
    public int workItemsPerTransform() {
        return size / valuesPerWorkItem;
    }

    /** Work-items per group: T N / E. */
    public int groupSize() {
        return transformsPerGroup * workItemsPerTransform();
    }

    /**
     * Floats of local memory each place a kernel calls {@link #execute} allocates: 2N per transform of
     * the group (real parts, then imaginary parts) and one of padding after every 32; 33 KB for one
     * transform of 4096 points, none where a work-item holds the whole transform.
     */
    public int localFloats() {
        return size == valuesPerWorkItem ? 0 : transformsPerGroup * 2 * (size + (size >> 5));
    }

    /**
     * The int a kernel takes for this description: log2 N, log2 E, direction, T, log2 A of the DFT's
     * split and whether a first pass of radix A comes first, in bits (the kernel code only masks and
     * shifts).
     */
    public int word() {
        return Integer.numberOfTrailingZeros(size) | Integer.numberOfTrailingZeros(valuesPerWorkItem) << VALUES_SHIFT
                | (direction == Direction.INVERSE ? INVERSE_BIT : 0) | transformsPerGroup << GROUP_SHIFT
                | splitBits() << SPLIT_SHIFT | (firstPass() ? FIRST_BIT : 0);
    }

    /** Whether log2 E does not divide log2 N, so that a first pass of radix A (below) comes first. */
    private boolean firstPass() {
        return Integer.numberOfTrailingZeros(size) % Integer.numberOfTrailingZeros(valuesPerWorkItem) != 0;
    }

    /**
     * log2 A of the split E = A × B of the DFT of E values (A, B at most 4): A is the first pass's radix
     * where there is one (2^(log2 N mod log2 E)), else 2 for E = 2, 4 and 8 and 4 for 16.
     */
    private int splitBits() {
        int logE = Integer.numberOfTrailingZeros(valuesPerWorkItem);
        int rest = Integer.numberOfTrailingZeros(size) % logE;
        return rest != 0 ? rest : logE == 4 ? 2 : 1;
    }

    /**
     * The twiddles {@link #execute} reads, rounded to float: {@link TwiddleTable#forBlock} of this size and
     * values per work-item (the rows a pass reads, laid out so that adjacent work-items read adjacent floats).
     */
    public FloatArray twiddles() {
        double[] table = TwiddleTable.forBlock(size, valuesPerWorkItem);
        FloatArray floats = new FloatArray(table.length);
        for (int i = 0; i < table.length; i++) {
            floats.set(i, (float) table[i]);
        }
        return floats;
    }

    /**
     * The launch for {@code transforms} transforms: whole groups of {@link #groupSize()} work-items,
     * the last group's missing transforms included (their work-items must still call {@link #execute}).
     *
     * @throws IllegalArgumentException naming {@code transforms} where it is below 1
     */
    public WorkerGrid1D grid(int transforms) {
        if (transforms < 1) {
            throw new IllegalArgumentException("transforms: at least 1, got " + transforms);
        }
        int groups = (transforms + transformsPerGroup - 1) / transformsPerGroup;
        WorkerGrid1D grid = new WorkerGrid1D(Math.multiplyExact(groups, groupSize()));
        grid.setLocalWork(groupSize(), 1, 1);
        return grid;
    }

    /**
     * This description, if {@code device} can run it.
     *
     * @throws IllegalArgumentException naming {@code groupSize} or {@code localFloats}, the device and
     *                                  its limit, where the group or the local memory is too large
     */
    public BlockFft check(TornadoDevice device) {
        DeviceProfile profile = Devices.profile(device);
        if (groupSize() > profile.maxGroupSize()) {
            throw new IllegalArgumentException("groupSize: " + this + " takes " + groupSize() + " work-items, "
                    + profile.name() + " runs groups of at most " + profile.maxGroupSize()
                    + " (more values per work-item or fewer transforms per group take fewer)");
        }
        long local = Math.min(MAX_LOCAL_BYTES, profile.localBytes());
        if ((long) localFloats() * Float.BYTES > local) {
            throw new IllegalArgumentException("localFloats: " + this + " takes " + localFloats() * Float.BYTES
                    + " bytes of local memory, " + profile.name() + " gives a kernel at most " + local);
        }
        return this;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof BlockFft b && b.word() == word();
    }

    @Override
    public int hashCode() {
        return word();
    }

    @Override
    public String toString() {
        return "BlockFft(" + size + ", " + direction.name().toLowerCase(java.util.Locale.ROOT) + ", " + valuesPerWorkItem
                + " values per work-item, " + transformsPerGroup + " per group)";
    }

    // ---- in the caller's kernel -----------------------------------------------------------------

    /** log2 of the work-items per transform. */
    private static int strideBits(int fft) {
        return (fft & ((1 << SIZE_BITS) - 1)) - (fft >>> VALUES_SHIFT & VALUES_MASK);
    }

    /** The size N of the transform described by {@code fft}. */
    public static int points(int fft) {
        return 1 << (fft & ((1 << SIZE_BITS) - 1));
    }

    /** The values per work-item E of the transform described by {@code fft}: the loop bound over a work-item's values. */
    public static int values(int fft) {
        return 1 << (fft >>> VALUES_SHIFT & VALUES_MASK);
    }

    /** The transform this work-item computes: group index times T plus its place in the group. */
    public static int transform(KernelContext ctx, int fft) {
        return ctx.groupIdx * (fft >>> GROUP_SHIFT & 255) + (ctx.localIdx >> strideBits(fft));
    }

    /** The element of its transform that this work-item holds as value i: {@code t + S i}. */
    public static int index(KernelContext ctx, int fft, int i) {
        int s = strideBits(fft);
        return (ctx.localIdx & ((1 << s) - 1)) + (i << s);
    }

    /**
     * Loads this work-item's values of the transform whose element 0 is at float {@code offset} of
     * {@code src} (interleaved complex, natural order): {@code re[i], im[i] = x[t + S i]}.
     */
    public static void load(KernelContext ctx, FloatArray src, int offset, float[] re, float[] im, int fft) {
        for (int i = 0; i < values(fft); i++) {
            int k = offset + 2 * index(ctx, fft, i);
            re[i] = src.get(k);
            im[i] = src.get(k + 1);
        }
    }

    /** Stores this work-item's values as {@link #load} reads them. */
    public static void store(KernelContext ctx, FloatArray dst, int offset, float[] re, float[] im, int fft) {
        for (int i = 0; i < values(fft); i++) {
            int k = offset + 2 * index(ctx, fft, i);
            dst.set(k, re[i]);
            dst.set(k + 1, im[i]);
        }
    }

    /**
     * A whole kernel, and the shortest use of the others: {@code transforms} transforms of {@code in}
     * (packed, interleaved) to {@code out}, loaded, executed and stored. A group's missing transforms
     * (past {@code transforms}) compute transform 0 and store nothing. Launch with {@link #grid(int)}.
     */
    public static void transform(KernelContext ctx, FloatArray in, FloatArray out, FloatArray twiddles, int fft,
                                 int transforms) {
        float[] re = new float[MAX_VALUES];
        float[] im = new float[MAX_VALUES];
        int t = transform(ctx, fft);
        int offset = t < transforms ? 2 * points(fft) * t : 0;
        load(ctx, in, offset, re, im, fft);
        execute(ctx, re, im, twiddles, fft);
        if (t < transforms) {
            store(ctx, out, offset, re, im, fft);
        }
    }

    /**
     * The transform of the values the group's work-items hold (the layout above), in place: Stockham
     * passes of radix E, one DFT of E values per work-item and pass (a first pass of a smaller radix
     * where log2 E does not divide log2 N), each pass but the last followed by an exchange through local
     * memory, real and imaginary parts at once through 2N floats per transform (two barriers); the
     * last pass's outputs, which its DFT leaves in {@link #slotOf} order, are put in order in the
     * registers. The inverse runs as the conjugate of the forward transform of the conjugate values.
     *
     * @param twiddles {@link #twiddles()} of the description (its table depends on the size and the values
     *                 per work-item: another description's gives wrong results, which no kernel can check)
     */
    public static void execute(KernelContext ctx, float[] re, float[] im, FloatArray twiddles, int fft) {
        int logN = fft & ((1 << SIZE_BITS) - 1);
        int logE = fft >>> VALUES_SHIFT & VALUES_MASK;
        int values = 1 << logE;
        int s = logN - logE;
        // One local array, written and read at one place each (TornadoVM 5.2 cannot pass it to a method):
        // per transform N floats of real parts and then N of imaginary parts, one float of padding after
        // every 32 so that a pass's writes, E apart, spread over the banks.
        int region = (1 << logN) + (1 << logN >> 5);
        float[] work = ctx.allocateFloatLocalArray(s == 0 ? 1 : (fft >>> GROUP_SHIFT & 255) * 2 * region);
        int[] dest = new int[MAX_VALUES];
        // The work-item's index read once: TornadoVM 5.2 fails to compile this method (a dangling Pi
        // node when it copies the graph) where it reads ctx.localIdx twice.
        int local = ctx.localIdx;
        int t = local & ((1 << s) - 1);
        int base = (local >> s) * 2 * region;
        float sign = (fft & INVERSE_BIT) != 0 ? -1f : 1f;
        for (int i = 0; i < values; i++) {
            im[i] *= sign;
        }
        int logA = fft >>> SPLIT_SHIFT & 3;
        int spanBits = 0;
        while (spanBits < logN) {
            // The first pass of radix A where log2 E does not divide log2 N, else passes of radix E.
            boolean whole = spanBits != 0 || (fft & FIRST_BIT) == 0;
            pass(re, im, dest, twiddles, t, s, spanBits, logA, logE - logA, whole);
            spanBits += whole ? logE : logA;
            if (spanBits < logN) {
                // The pass's results to where the next pass reads them: values t + S i of the transform.
                ctx.localBarrier();
                for (int i = 0; i < values; i++) {
                    int d = base + dest[i] + (dest[i] >> 5);
                    work[d] = re[i];
                    work[d + region] = im[i];
                }
                ctx.localBarrier();
                for (int i = 0; i < values; i++) {
                    int r = t + (i << s);
                    int a = base + r + (r >> 5);
                    re[i] = work[a];
                    im[i] = work[a + region];
                }
            }
        }
        // The last pass left output m in register slotOf(m): to register m, conjugated back for the inverse.
        float[] xr = new float[MAX_VALUES];
        float[] xi = new float[MAX_VALUES];
        for (int i = 0; i < values; i++) {
            xr[i] = re[i];
            xi[i] = im[i];
        }
        for (int m = 0; m < values; m++) {
            int j = slotOf(m, logA, logE - logA);
            re[m] = xr[j];
            im[m] = xi[j] * sign;
        }
    }

    /**
     * A pass at span p = 2^spanBits of the DFT of E = A × B values (A = 2 or 4, B = 1, 2 or 4), split in
     * two steps (Cooley-Tukey inside the work-item's registers): element n = n2 + B n1 is in
     * register n; a DFT of A values over n1 for each n2 (output k1 in register n2 + B k1), each value
     * times W_E^{n2 k1} (from the table's head: constants written out would take TornadoVM
     * past the 600 nodes it inlines), a DFT of B values over the registers B k1 .. B k1 + B - 1 for each
     * k1 (output k2 in register B k1 + k2): output m = k1 + A k2 in register {@link #slotOf}(m).
     *
     * <p>A whole pass first twiddles element m of line t by W_{pE}^{m (t mod p)} = W_N^{m (t mod p) N / (pE)}
     * and sends output m to (t - t mod p) E + t mod p + m p ({@code dest}). The first pass of radix A
     * (span 1, where log2 E does not divide log2 N) is the first step alone: register n2 + B j holds
     * element j of line t + S n2 (S = N / E), exactly as the values were loaded, and its output k1 goes to
     * (t + S n2) A + k1. A and B are constants of the description, so every register index here is a
     * constant in the generated code whichever pass runs (the registers stay registers).
     */
    private static void pass(float[] re, float[] im, int[] dest, FloatArray twiddles, int t, int s, int spanBits,
                             int logA, int logB, boolean whole) {
        int logE = logA + logB;
        int b = 1 << logB;
        int p = 1 << spanBits;
        int low = t & (p - 1);
        // W_N^{m step} for every m from log2 E reads, W_N^{2^bit step} from the span's rows of the table
        // (adjacent work-items, adjacent floats), each product one multiplication (W^{m + 2^bit} =
        // W^m W^{2^bit}): global loads are what the GPU's load units queue on. Those of the first pass
        // (span 1) are W^0 = 1: a branch would take TornadoVM past its 600 nodes.
        int row = (2 << logE) + 2 * logE * (p - 1) + low;
        float[] wr = new float[MAX_VALUES];
        float[] wi = new float[MAX_VALUES];
        wr[0] = 1f;
        wi[0] = 0f;
        for (int bit = 0; bit < logE; bit++) {
            float c = twiddles.get(row + bit * p);
            float d = twiddles.get(row + (bit + logE) * p);
            for (int m = 0; m < 1 << bit; m++) {
                wr[m + (1 << bit)] = wr[m] * c - wi[m] * d;
                wi[m + (1 << bit)] = wr[m] * d + wi[m] * c;
            }
        }
        for (int m = 1; m < 1 << logE; m++) {
            rotate(re, im, m, wr[m], wi[m]);
        }
        for (int n2 = 0; n2 < b; n2++) {
            if (logA == 1) {
                dft2(re, im, n2, n2 + b);
            } else {
                dft4(re, im, n2, n2 + b, n2 + 2 * b, n2 + 3 * b);
            }
        }
        if (whole) {
            for (int k1 = 1; k1 < 1 << logA; k1++) {
                for (int n2 = 1; n2 < b; n2++) {
                    int w = 2 * n2 * k1;
                    rotate(re, im, n2 + b * k1, twiddles.get(w), twiddles.get(w + 1));
                }
            }
            for (int k1 = 0; k1 < 1 << logA; k1++) {
                int o = b * k1;
                if (logB == 1) {
                    dft2(re, im, o, o + 1);
                } else if (logB == 2) {
                    dft4(re, im, o, o + 1, o + 2, o + 3);
                }
            }
        }
        for (int j = 0; j < 1 << logE; j++) {
            int hi = j >> logB;
            int lo = j & (b - 1);
            dest[j] = whole ? ((t - low) << logE) + low + ((hi + (lo << logA)) << spanBits) : ((t + (lo << s)) << logA) + hi;
        }
    }

    /** The register a whole pass leaves output m in: B (m mod A) + m / A. */
    private static int slotOf(int m, int logA, int logB) {
        return (m & ((1 << logA) - 1)) << logB | m >> logA;
    }

    /** Register a times c + i d. */
    private static void rotate(float[] re, float[] im, int a, float c, float d) {
        float x = re[a];
        re[a] = x * c - im[a] * d;
        im[a] = x * d + im[a] * c;
    }

    private static void dft2(float[] re, float[] im, int a, int b) {
        float xr = re[a];
        float xi = im[a];
        re[a] = xr + re[b];
        im[a] = xi + im[b];
        re[b] = xr - re[b];
        im[b] = xi - im[b];
    }

    private static void dft4(float[] re, float[] im, int a, int b, int c, int d) {
        float r0 = re[a] + re[c];
        float i0 = im[a] + im[c];
        float r1 = re[a] - re[c];
        float i1 = im[a] - im[c];
        float r2 = re[b] + re[d];
        float i2 = im[b] + im[d];
        float r3 = im[b] - im[d];      // (b - d) times -i
        float i3 = re[d] - re[b];
        re[a] = r0 + r2;
        im[a] = i0 + i2;
        re[c] = r0 - r2;
        im[c] = i0 - i2;
        re[b] = r1 + r3;
        im[b] = i1 + i3;
        re[d] = r1 - r3;
        im[d] = i1 - i3;
    }
}
