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
 * <p>Runs on every TornadoVM device; on an NVIDIA GPU the OpenCL backend is the fast one
 * (TornadoVM's PTX backend keeps the private arrays in local memory: docs/PERFORMANCE.md).
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
 * the group before each write to it and before each read: it may be called in a loop. It does not synchronise after its last read, and
 * it does not touch the caller's arrays but {@code re} and {@code im}. Every work-item of the group
 * must call it (it holds barriers), also those of a last group's transforms that do not exist: guard
 * their loads and stores, not the call.
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

    /** Largest size: a group of 512 work-items of 8 values, and 16 KB of local memory per transform. */
    public static final int MAX_SIZE = 4096;

    /** Most values per work-item, the length of the caller's {@code re} and {@code im} arrays. */
    public static final int MAX_VALUES = 8;

    /** Local memory a description may take: TornadoVM 5.2 gives a kernel at most 48 KB. */
    public static final int MAX_LOCAL_BYTES = 48 * 1024;

    private static final int SIZE_BITS = 4;
    private static final int VALUES_SHIFT = 4;
    private static final int INVERSE_BIT = 1 << 6;
    private static final int GROUP_SHIFT = 8;
    private static final int FIRST_SHIFT = 16;

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
     * A forward transform of {@code size} points, {@code min(8, size)} values per work-item, one
     * transform per group.
     *
     * @throws IllegalArgumentException naming {@code size} where it is not a power of two from 2 to
     *                                  {@value #MAX_SIZE}
     */
    public static BlockFft of(int size) {
        if (size < 2 || size > MAX_SIZE || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size: a power of two from 2 to " + MAX_SIZE + ", got " + size);
        }
        return new BlockFft(size, Direction.FORWARD, Math.min(MAX_VALUES, size), 1);
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
     * @throws IllegalArgumentException naming {@code valuesPerWorkItem} where it is not 2, 4 or 8, or
     *                                  more than the size
     */
    public BlockFft valuesPerWorkItem(int values) {
        if (values != 2 && values != 4 && values != 8 || values > size) {
            throw new IllegalArgumentException("valuesPerWorkItem: 2, 4 or 8, at most the size " + size + ", got " + values);
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
     * Floats of local memory each call of {@link #execute} in a kernel allocates: N per transform of the
     * group (the real and imaginary parts pass in turn) and one of padding after every 32; 16.5 KB for
     * one transform of 4096 points.
     */
    public int localFloats() {
        return transformsPerGroup * (size + (size >> 5));
    }

    /**
     * The int a kernel takes for this description: log2 N, log2 E, direction, T and log2 of the first
     * pass's radix, in bits (the kernel code only masks and shifts).
     */
    public int word() {
        return Integer.numberOfTrailingZeros(size) | Integer.numberOfTrailingZeros(valuesPerWorkItem) << VALUES_SHIFT
                | (direction == Direction.INVERSE ? INVERSE_BIT : 0) | transformsPerGroup << GROUP_SHIFT
                | firstPassBits() << FIRST_SHIFT;
    }

    /** log2 of the first pass's radix where it is smaller than E (log2 N mod log2 E), else 0. */
    private int firstPassBits() {
        return Integer.numberOfTrailingZeros(size) % Integer.numberOfTrailingZeros(valuesPerWorkItem);
    }

    /** The twiddles {@link #execute} reads: {@code W_N^k}, k &lt; N, interleaved, to float rounding. */
    public FloatArray twiddles() {
        return TwiddleTable.full(size, Direction.FORWARD);
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
        return (fft & ((1 << SIZE_BITS) - 1)) - (fft >>> VALUES_SHIFT & 3);
    }

    /** The size N of the transform described by {@code fft}. */
    public static int points(int fft) {
        return 1 << (fft & ((1 << SIZE_BITS) - 1));
    }

    /** The values per work-item E of the transform described by {@code fft}: the loop bound over a work-item's values. */
    public static int values(int fft) {
        return 1 << (fft >>> VALUES_SHIFT & 3);
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
     * memory, the real parts and then the imaginary parts through N floats per transform. The inverse
     * runs as the conjugate of the forward transform of the conjugate values.
     *
     * @param twiddles {@link #twiddles()} of the description
     */
    public static void execute(KernelContext ctx, float[] re, float[] im, FloatArray twiddles, int fft) {
        int logN = fft & ((1 << SIZE_BITS) - 1);
        int logE = fft >>> VALUES_SHIFT & 3;
        int values = 1 << logE;
        int s = logN - logE;
        // One local array, written and read at one place each (TornadoVM 5.2 cannot pass it to a method):
        // N floats per transform (real parts, then imaginary parts through them), one float of padding
        // after every 32 so that a pass's writes, E apart, spread over the banks.
        int region = (1 << logN) + (1 << logN >> 5);
        float[] work = ctx.allocateFloatLocalArray((fft >>> GROUP_SHIFT & 255) * region);
        int[] dest = new int[MAX_VALUES];
        // The work-item's index read once: TornadoVM 5.2 fails to compile this method (a dangling Pi
        // node when it copies the graph) where it reads ctx.localIdx twice.
        int local = ctx.localIdx;
        int t = local & ((1 << s) - 1);
        int base = (local >> s) * region;
        boolean inverse = (fft & INVERSE_BIT) != 0;
        if (inverse) {
            conjugate(im, values);
        }
        int first = fft >>> FIRST_SHIFT & 3;
        int spanBits = 0;
        while (spanBits < logN) {
            if (spanBits == 0 && first != 0) {
                firstPass(re, im, dest, t, s, first, values);
                spanBits = first;
            } else {
                radixPass(re, im, dest, twiddles, t, spanBits, logN, logE);
                spanBits += logE;
            }
            if (spanBits < logN) {
                // The pass's results to where the next pass reads them: values t + S i of the transform.
                ctx.localBarrier();
                for (int i = 0; i < values; i++) {
                    int d = dest[i];
                    work[base + d + (d >> 5)] = re[i];
                }
                ctx.localBarrier();
                for (int i = 0; i < values; i++) {
                    int r = t + (i << s);
                    re[i] = work[base + r + (r >> 5)];
                }
                ctx.localBarrier();
                for (int i = 0; i < values; i++) {
                    int d = dest[i];
                    work[base + d + (d >> 5)] = im[i];
                }
                ctx.localBarrier();
                for (int i = 0; i < values; i++) {
                    int r = t + (i << s);
                    im[i] = work[base + r + (r >> 5)];
                }
            }
        }
        if (inverse) {
            conjugate(im, values);
        }
    }

    /**
     * A first pass of radix r = 2^first &lt; E at span 1: E / r lines a work-item, line i = t + S k in
     * registers k + m E/r; element m of line i goes to i r + m ({@code dest}).
     */
    private static void firstPass(float[] re, float[] im, int[] dest, int t, int s, int first, int values) {
        int r = 1 << first;
        int lines = values >> first;
        for (int k = 0; k < lines; k++) {
            if (r == 2) {
                dft2(re, im, k, k + lines);
            } else {
                dft4(re, im, k, k + lines, k + 2 * lines, k + 3 * lines);
            }
            for (int m = 0; m < r; m++) {
                dest[k + m * lines] = ((t + (k << s)) << first) + m;
            }
        }
    }

    /**
     * A pass of radix E at span p = 2^spanBits: line t, element m (register m) twiddled by
     * W_{pE}^{m (t mod p)} = W_N^{m (t mod p) N / (pE)}, goes to (t - t mod p) E + t mod p + m p ({@code dest}).
     */
    private static void radixPass(float[] re, float[] im, int[] dest, FloatArray twiddles, int t, int spanBits, int logN,
                          int logE) {
        int values = 1 << logE;
        int k = t & ((1 << spanBits) - 1);
        int step = k << (logN - spanBits - logE);
        for (int m = 1; m < values; m++) {
            int w = 2 * ((m * step) & ((1 << logN) - 1));
            float c = twiddles.get(w);
            float d = twiddles.get(w + 1);
            float x = re[m];
            re[m] = x * c - im[m] * d;
            im[m] = x * d + im[m] * c;
        }
        dft(re, im, 0, 1, values);
        for (int m = 0; m < values; m++) {
            dest[m] = ((t - k) << logE) + k + (m << spanBits);
        }
    }

    private static void conjugate(float[] im, int values) {
        for (int i = 0; i < values; i++) {
            im[i] = -im[i];
        }
    }

    /** The forward DFT of r values at registers o, o + step, ..., in place and in natural order. */
    private static void dft(float[] re, float[] im, int o, int step, int r) {
        if (r == 2) {
            dft2(re, im, o, o + step);
        } else if (r == 4) {
            dft4(re, im, o, o + step, o + 2 * step, o + 3 * step);
        } else {
            dft8(re, im, o, step);
        }
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

    /** DFT8 as two DFT4 of the even and odd values, joined by W_8^k. */
    private static void dft8(float[] re, float[] im, int o, int step) {
        // One call in a loop, not two: TornadoVM inlines execute only below 600 graph nodes.
        for (int half = 0; half < 2; half++) {
            int a = o + half * step;
            dft4(re, im, a, a + 2 * step, a + 4 * step, a + 6 * step);
        }
        float h = 0.70710677f;
        // Odd values times W_8^k: k = 1 is (1 - i) h, k = 2 is -i, k = 3 is -(1 + i) h.
        float o0r = re[o + step];
        float o0i = im[o + step];
        float o1r = (re[o + 3 * step] + im[o + 3 * step]) * h;
        float o1i = (im[o + 3 * step] - re[o + 3 * step]) * h;
        float o2r = im[o + 5 * step];
        float o2i = -re[o + 5 * step];
        float o3r = (im[o + 7 * step] - re[o + 7 * step]) * h;
        float o3i = -(re[o + 7 * step] + im[o + 7 * step]) * h;
        float e0r = re[o];
        float e0i = im[o];
        float e1r = re[o + 2 * step];
        float e1i = im[o + 2 * step];
        float e2r = re[o + 4 * step];
        float e2i = im[o + 4 * step];
        float e3r = re[o + 6 * step];
        float e3i = im[o + 6 * step];
        re[o] = e0r + o0r;
        im[o] = e0i + o0i;
        re[o + step] = e1r + o1r;
        im[o + step] = e1i + o1i;
        re[o + 2 * step] = e2r + o2r;
        im[o + 2 * step] = e2i + o2i;
        re[o + 3 * step] = e3r + o3r;
        im[o + 3 * step] = e3i + o3i;
        re[o + 4 * step] = e0r - o0r;
        im[o + 4 * step] = e0i - o0i;
        re[o + 5 * step] = e1r - o1r;
        im[o + 5 * step] = e1i - o1i;
        re[o + 6 * step] = e2r - o2r;
        im[o + 6 * step] = e2i - o2i;
        re[o + 7 * step] = e3r - o3r;
        im[o + 7 * step] = e3i - o3i;
    }
}
