package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.enums.MMAShape;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

/**
 * One radix-R Stockham stage of a batch of 1D transforms of N points as tensor-core matrix products
 * (the Tensor-Core FFT seed's idea): fp16 operands, fp32 accumulation, through {@code KernelContext}'s
 * {@code mma.sync.m16n8k16} (PTX backend).
 *
 * <p><b>The product.</b> A warp computes 16 x 16 real outputs {@code D = A0 B0 + A1 B1}: B0 holds 8
 * complex columns of 16 inputs each, real and imaginary parts interleaved along a row (16 x 16 halves),
 * B1 the same columns times i ({@code (-im, re)}), A0 and A1 the real and imaginary parts of the DFT
 * matrix (the forward transform's; the inverse puts {@code -i x} in B1, which conjugates them). Then
 * {@code D[q][2c] = Re (F x_c)[q]} and {@code D[q][2c+1] = Im (F x_c)[q]}: the output comes
 * out interleaved, as our arrays hold complex values, so {@code mmaStore} writes it in place. K = 16
 * is the radix; a stage of radix R &lt; 16 (2, 4, 8) packs 16 / R transforms into one product with A
 * block-diagonal, each block the R-point DFT matrix. Each 16 x 8 half of D is two M16N8K16 products
 * (four per warp and stage; twelve in the split mode).
 *
 * <p><b>Stockham, decimation in time.</b> Stage s has span L (the product of the earlier radices, 1
 * first) and radix R; with L' = LR, column c = r + (N/L') q2 of a transform (r &lt; N/L', q2 &lt; L)
 * reads its R inputs at {@code r + (N/L') j + (N/L) q2}, j &lt; R, times {@code W_{L'}^{j q2}} (the
 * inverse conjugates), and writes output q1 at {@code c + (N/R) q1}. Rows of the output are runs of
 * N/R contiguous values, which is what {@code mmaStore} writes: a 16 x 8 tile at (row, column) of a
 * matrix of row length {@code 2N/R} floats. The last stage (L' = N) writes natural order.
 *
 * <p><b>Where the results go.</b> TornadoVM 5.2 stores an MMA result only with {@code mmaStore} to a
 * global float array: a fragment's values cannot be read in the kernel nor written to local memory.
 * So every stage is a kernel of its own that reads its inputs from global memory, applies the
 * twiddles in fp32 and rounds to fp16 as it fills the B tiles in local memory (fp16 stores, {@code
 * cvt.rn.f16.f32}: TornadoVM's PTX backend has no float-to-bits reinterpretation, so the rounding is
 * the hardware's), and writes fp32 results to global memory; {@link #toHalf} turns the last stage's
 * fp32 output into the plan's fp16 output (and {@link #scaleBy} applies a norm's factor to a FLOAT
 * plan's).
 *
 * <p><b>Split mode</b> ({@link #stageSplit}): each fp32 input {@code x = hi + lo} with {@code hi = fp16(x)}
 * and {@code lo = fp16(x - hi)}, and each matrix entry likewise; the products {@code Ahi Bhi + Ahi Blo
 * + Alo Bhi}, accumulated in fp32, lose only {@code Alo Blo} (2^-24 relative) and lo's own rounding
 * (2^-24 of x), so a stage is as accurate as an fp32 radix-16 butterfly where the values lie in fp16's
 * normal range (2^-14 to 65504); the plan scales the matrices by powers of two to keep them there
 * ({@code TensorCores}).
 *
 * <p><b>Layout of the work.</b> Groups of {@link #GROUP} work-items, four warps; warp w of group g takes
 * unit {@code 4g + w}: 8 adjacent columns of 16 / R adjacent transforms. A warp past the last unit
 * repeats the last one (same values to the same places), so no branch divides a warp or a group. Local
 * memory: the four matrices (A0, A1 and their lo parts, 2 KiB, as int pairs for {@code mmaLoadA}) and per
 * warp eight B tiles of 16 x 8 halves (2 KiB, fp16 values for {@code mmaLoadBSwizzled}, whose rows 8 to
 * 15 lie swapped in pairs: {@link #row}), 10 KiB a group.
 */
public final class TensorCoreStage {

    /** Work-items per group: four warps. */
    public static final int GROUP = 128;
    /** Warps per group. */
    public static final int WARPS = GROUP / 32;
    /** Complex columns per unit (one warp's product). */
    public static final int COLUMNS = 8;
    /** ints of one 16 x 16 fp16 matrix (two halves to an int). */
    public static final int MATRIX_INTS = 128;
    /** ints of the four matrices a stage uses: Re F, Im F, then their lo parts. */
    public static final int MATRICES_INTS = 4 * MATRIX_INTS;
    /** halves of one B tile: 16 rows of 4 complex values. */
    static final int TILE = 128;
    /** halves of one warp's tiles: x and i x, hi and lo, each as two tiles of 4 columns. */
    static final int WARP_TILES = 8 * TILE;

    private TensorCoreStage() {
    }

    /**
     * A first stage (no twiddles) from fp16 input to fp32 output.
     *
     * @param a       the stage's matrices ({@link #MATRICES_INTS}, fp16 pairs: Re F, Im F; the lo parts unused)
     * @param n       transform length N
     * @param radix   R
     * @param inverse 1 for the inverse transform (conjugate matrices, through the i x tile), else 0
     * @param units   warps with work: batch x N / 128
     * @param shift   floats to add to every {@code mmaStore} column: TornadoVM 5.2's {@code mmaStore} adds the JVM's
     *                float[] header to the address, not its own arrays' ({@code TensorCores#STORE_SHIFT})
     */
    public static void firstFp16(KernelContext ctx, HalfFloatArray in, FloatArray out, IntArray a, int n, int radix, int inverse,
                                 int units, int shift) {
        int[] matrices = ctx.allocateIntLocalArray(MATRICES_INTS);
        HalfFloat[] tiles = ctx.allocateHalfFloatLocalArray(WARPS * WARP_TILES);
        int lane = ctx.localIdx & 31;
        int warp = ctx.localIdx >> 5;
        int unit = Math.min(ctx.groupIdx * WARPS + warp, units - 1);
        int columnBlocks = n / radix / COLUMNS;
        int transform = unit / columnBlocks * (16 / radix);
        int c0 = unit % columnBlocks * COLUMNS;
        int base = warp * WARP_TILES;
        float f = inverse == 1 ? -1f : 1f;
        for (int i = ctx.localIdx; i < 2 * MATRIX_INTS; i += GROUP) {
            matrices[i] = a.get(i);
        }
        // a constant trip count, which ptxas unrolls: every lane's loads in flight at once
        for (int i = 0; i < 16 * COLUMNS / 32; i++) {
            int v = lane + 32 * i;
            int col = v & 7;
            int k = v >> 3;
            int at = 2 * ((transform + k / radix) * n + c0 + col + n / radix * (k % radix));
            float re = in.get(at).getFloat32();
            float im = in.get(at + 1).getFloat32();
            int slot = base + (col >> 2) * TILE + row(k) * 8 + 2 * (col & 3);
            tiles[slot] = new HalfFloat(re);
            tiles[slot + 1] = new HalfFloat(im);
            tiles[slot + 2 * TILE] = new HalfFloat(-f * im);
            tiles[slot + 2 * TILE + 1] = new HalfFloat(f * re);
        }
        ctx.localBarrier();
        multiply(ctx, matrices, tiles, 2 * base, out, transform * radix, 2 * c0 + shift, 2 * n / radix);
    }

    /**
     * A stage from fp32 input to fp32 output, its inputs rounded once to fp16 after the scale and twiddle.
     *
     * @param tw      {@code W_{L'}^{j q2}} at {@code (j - 1) L + q2} (interleaved, forward sign; unused when span = 1)
     * @param span    L
     * @param scale   a factor on every input before its twiddle (on the last stage, what undoes the matrices' scales)
     */
    public static void stageFp16(KernelContext ctx, FloatArray in, FloatArray out, IntArray a, FloatArray tw, int n, int radix,
                                 int span, int inverse, float scale, int units, int shift) {
        int[] matrices = ctx.allocateIntLocalArray(MATRICES_INTS);
        HalfFloat[] tiles = ctx.allocateHalfFloatLocalArray(WARPS * WARP_TILES);
        int lane = ctx.localIdx & 31;
        int warp = ctx.localIdx >> 5;
        int unit = Math.min(ctx.groupIdx * WARPS + warp, units - 1);
        int columnBlocks = n / radix / COLUMNS;
        int transform = unit / columnBlocks * (16 / radix);
        int c0 = unit % columnBlocks * COLUMNS;
        int base = warp * WARP_TILES;
        int runs = n / (span * radix);
        float f = inverse == 1 ? -1f : 1f;
        for (int i = ctx.localIdx; i < 2 * MATRIX_INTS; i += GROUP) {
            matrices[i] = a.get(i);
        }
        // a constant trip count, which ptxas unrolls: every lane's loads in flight at once
        for (int i = 0; i < 16 * COLUMNS / 32; i++) {
            int v = lane + 32 * i;
            int col = v & 7;
            int k = v >> 3;
            int j = k % radix;
            int c = c0 + col;
            int q2 = c / runs;
            int at = 2 * ((transform + k / radix) * n + c % runs + runs * j + runs * radix * q2);
            float re = scale * in.get(at);
            float im = scale * in.get(at + 1);
            if (j > 0 && q2 > 0) {
                int w = 2 * ((j - 1) * span + q2);
                float wr = tw.get(w);
                float wi = f * tw.get(w + 1);
                float t = re * wr - im * wi;
                im = re * wi + im * wr;
                re = t;
            }
            int slot = base + (col >> 2) * TILE + row(k) * 8 + 2 * (col & 3);
            tiles[slot] = new HalfFloat(re);
            tiles[slot + 1] = new HalfFloat(im);
            tiles[slot + 2 * TILE] = new HalfFloat(-f * im);
            tiles[slot + 2 * TILE + 1] = new HalfFloat(f * re);
        }
        ctx.localBarrier();
        multiply(ctx, matrices, tiles, 2 * base, out, transform * radix, 2 * c0 + shift, 2 * n / radix);
    }

    /**
     * {@link #stageFp16} in the split mode: fp32 in, fp32 out, every input and matrix entry as fp16 hi +
     * lo, three products of the four. lo is what the hi store's rounding lost, read back from the tile.
     */
    public static void stageSplit(KernelContext ctx, FloatArray in, FloatArray out, IntArray a, FloatArray tw, int n, int radix,
                                  int span, int inverse, float scale, int units, int shift) {
        int[] matrices = ctx.allocateIntLocalArray(MATRICES_INTS);
        HalfFloat[] tiles = ctx.allocateHalfFloatLocalArray(WARPS * WARP_TILES);
        int lane = ctx.localIdx & 31;
        int warp = ctx.localIdx >> 5;
        int unit = Math.min(ctx.groupIdx * WARPS + warp, units - 1);
        int columnBlocks = n / radix / COLUMNS;
        int transform = unit / columnBlocks * (16 / radix);
        int c0 = unit % columnBlocks * COLUMNS;
        int base = warp * WARP_TILES;
        int runs = n / (span * radix);
        float f = inverse == 1 ? -1f : 1f;
        for (int i = ctx.localIdx; i < MATRICES_INTS; i += GROUP) {
            matrices[i] = a.get(i);
        }
        // a constant trip count, which ptxas unrolls: every lane's loads in flight at once
        for (int i = 0; i < 16 * COLUMNS / 32; i++) {
            int v = lane + 32 * i;
            int col = v & 7;
            int k = v >> 3;
            int j = k % radix;
            int c = c0 + col;
            int q2 = c / runs;
            int at = 2 * ((transform + k / radix) * n + c % runs + runs * j + runs * radix * q2);
            float re = scale * in.get(at);
            float im = scale * in.get(at + 1);
            if (j > 0 && q2 > 0) {
                int w = 2 * ((j - 1) * span + q2);
                float wr = tw.get(w);
                float wi = f * tw.get(w + 1);
                float t = re * wr - im * wi;
                im = re * wi + im * wr;
                re = t;
            }
            int slot = base + (col >> 2) * TILE + row(k) * 8 + 2 * (col & 3);
            tiles[slot] = new HalfFloat(re);
            tiles[slot + 1] = new HalfFloat(im);
            float lr = re - tiles[slot].getFloat32();
            float li = im - tiles[slot + 1].getFloat32();
            tiles[slot + 2 * TILE] = new HalfFloat(-f * im);
            tiles[slot + 2 * TILE + 1] = new HalfFloat(f * re);
            tiles[slot + 4 * TILE] = new HalfFloat(lr);
            tiles[slot + 4 * TILE + 1] = new HalfFloat(li);
            tiles[slot + 6 * TILE] = new HalfFloat(-f * li);
            tiles[slot + 6 * TILE + 1] = new HalfFloat(f * lr);
        }
        ctx.localBarrier();
        multiplySplit(ctx, matrices, tiles, 2 * base, out, transform * radix, 2 * c0 + shift, 2 * n / radix);
    }

    /** The fp32 results of the last stage times the norm's factor, rounded to fp16: {@code out[i] = fp16(factor in[i])}. */
    public static void toHalf(KernelContext ctx, FloatArray in, HalfFloatArray out, float factor, int count) {
        int i = ctx.globalIdx;
        if (i < count) {
            // the product first: TornadoVM 5.2's PTX backend cannot compile a memory read inside new HalfFloat(...)
            float value = factor * in.get(i);
            out.set(i, new HalfFloat(value));
        }
    }

    /** The fp32 results of the last stage times the norm's factor: {@code out[i] = factor in[i]}. */
    public static void scaleBy(KernelContext ctx, FloatArray in, FloatArray out, float factor, int count) {
        int i = ctx.globalIdx;
        if (i < count) {
            out.set(i, factor * in.get(i));
        }
    }

    /**
     * Where row k of a B tile lies: {@code mmaLoadBSwizzled} reads row k of a 16 x 8 tile at byte
     * {@code 16 k XOR 16 (k >> 3)} of it (TornadoVM's stride-32 swizzle, which leaves rows 0 to 7 in
     * place and swaps rows 8 and 9, 10 and 11, ...).
     */
    public static int row(int k) {
        return k ^ (k >> 3);
    }

    /**
     * The warp's product {@code D = Re F . x + Im F . (i x)} for its 8 columns (two 16 x 8 halves),
     * stored at (row {@code row}, column {@code col}) of {@code out} read as rows of {@code rowFloats}.
     * {@code tileBytes}: where the warp's tiles start in {@code tiles}, in bytes.
     */
    private static void multiply(KernelContext ctx, int[] matrices, HalfFloat[] tiles, int tileBytes, FloatArray out, int row,
                                 int col, int rowFloats) {
        HalfFloat[] fr = ctx.mmaLoadA(matrices, 16, 0);
        HalfFloat[] fi = ctx.mmaLoadA(matrices, 16, 4 * MATRIX_INTS);
        HalfFloat[] x0 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes);
        HalfFloat[] x1 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 2 * TILE);
        HalfFloat[] ix0 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 4 * TILE);
        HalfFloat[] ix1 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 6 * TILE);
        float[] d0 = ctx.mmaFragment(0f);
        float[] d1 = ctx.mmaFragment(0f);
        d0 = ctx.mma(fr, x0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(fi, ix0, d0, MMAShape.M16N8K16);
        d1 = ctx.mma(fr, x1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(fi, ix1, d1, MMAShape.M16N8K16);
        ctx.mmaStore(d0, out, row, col, rowFloats);
        ctx.mmaStore(d1, out, row, col + 8, rowFloats);
    }

    /** {@link #multiply} with hi and lo parts: {@code Flo xhi + Fhi xlo + Fhi xhi}, real and imaginary. */
    private static void multiplySplit(KernelContext ctx, int[] matrices, HalfFloat[] tiles, int tileBytes, FloatArray out, int row,
                                      int col, int rowFloats) {
        HalfFloat[] fr = ctx.mmaLoadA(matrices, 16, 0);
        HalfFloat[] fi = ctx.mmaLoadA(matrices, 16, 4 * MATRIX_INTS);
        HalfFloat[] gr = ctx.mmaLoadA(matrices, 16, 8 * MATRIX_INTS);
        HalfFloat[] gi = ctx.mmaLoadA(matrices, 16, 12 * MATRIX_INTS);
        HalfFloat[] x0 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes);
        HalfFloat[] x1 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 2 * TILE);
        HalfFloat[] ix0 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 4 * TILE);
        HalfFloat[] ix1 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 6 * TILE);
        HalfFloat[] y0 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 8 * TILE);
        HalfFloat[] y1 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 10 * TILE);
        HalfFloat[] iy0 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 12 * TILE);
        HalfFloat[] iy1 = ctx.mmaLoadBSwizzled(tiles, 16, tileBytes + 14 * TILE);
        float[] d0 = ctx.mmaFragment(0f);
        float[] d1 = ctx.mmaFragment(0f);
        // the small terms first, so that the large ones are added to a sum of their size
        d0 = ctx.mma(gr, x0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(gi, ix0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(fr, y0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(fi, iy0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(fr, x0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(fi, ix0, d0, MMAShape.M16N8K16);
        d1 = ctx.mma(gr, x1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(gi, ix1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(fr, y1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(fi, iy1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(fr, x1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(fi, ix1, d1, MMAShape.M16N8K16);
        ctx.mmaStore(d0, out, row, col, rowFloats);
        ctx.mmaStore(d1, out, row, col + 8, rowFloats);
    }
}
