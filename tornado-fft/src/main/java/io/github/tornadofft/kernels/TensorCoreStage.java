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
 * twiddles in fp32 and rounds to fp16 as it fills the B tiles in local memory, and writes fp32
 * results to global memory; {@link #toHalf} turns the last stage's fp32 output into the plan's fp16
 * output (and {@link #scale} applies a norm's factor to a FLOAT plan's).
 *
 * <p><b>Split mode</b> ({@link #split}): each fp32 input {@code x = hi + lo} with {@code hi = fp16(x)}
 * and {@code lo = fp16(x - hi)}, and each matrix entry likewise; the products {@code Ahi Bhi + Ahi Blo
 * + Alo Bhi}, accumulated in fp32, lose only {@code Alo Blo} (2^-24 relative) and lo's own rounding
 * (2^-24 of x), so a stage is as accurate as an fp32 radix-16 butterfly where the values lie in fp16's
 * normal range (2^-14 to 65504); the plan scales the matrices by powers of two to keep them there
 * ({@code TensorCores}).
 *
 * <p><b>Layout of the work.</b> Groups of {@link #GROUP} work-items, four warps; warp w of group g takes
 * unit {@code 4g + w}: 8 adjacent columns of 16 / R adjacent transforms. A warp past the last unit
 * repeats the last one (same values to the same places), so no branch divides a warp or a group. Local
 * memory: the four matrices (A0, A1 and their lo parts, 2 KiB) and per warp eight B tiles of 16 x 8
 * halves (2 KiB), 10 KiB a group.
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
    /** ints of one B tile: 16 rows of 4 complex values. */
    static final int TILE_INTS = 64;
    /** ints of one warp's tiles: x and i x, hi and lo, each as two tiles of 4 columns. */
    static final int WARP_INTS = 8 * TILE_INTS;

    private TensorCoreStage() {
    }

    /**
     * A stage from fp16 input ({@code in}, a first stage: no twiddles) to fp32 output.
     *
     * @param a     the stage's matrices ({@link #MATRICES_INTS}, fp16 pairs: Re F, Im F, lo parts unused)
     * @param n     transform length N
     * @param radix R
     * @param inverse 1 for the inverse transform (conjugate matrices, through the i x tile), else 0
     * @param units warps with work: batch x N / 128
     */
    public static void halfFirst(KernelContext ctx, HalfFloatArray in, FloatArray out, IntArray a, int n, int radix, int inverse,
                                 int units) {
        int[] matrices = ctx.allocateIntLocalArray(MATRICES_INTS);
        int[] tiles = ctx.allocateIntLocalArray(WARPS * WARP_INTS);
        int lane = ctx.localIdx & 31;
        int warp = ctx.localIdx >> 5;
        int unit = Math.min(ctx.groupIdx * WARPS + warp, units - 1);
        int perRow = 16 / radix;
        int columnBlocks = n / radix / COLUMNS;
        int transform = unit / columnBlocks * perRow;
        int c0 = unit % columnBlocks * COLUMNS;
        int base = warp * WARP_INTS;
        int flip = inverse << 15;
        for (int i = ctx.localIdx; i < 2 * MATRIX_INTS; i += GROUP) {
            matrices[i] = a.get(i);
        }
        for (int v = lane; v < 16 * COLUMNS; v += 32) {
            int col = v & 7;
            int k = v >> 3;
            int at = 2 * ((transform + k / radix) * n + c0 + col + n / radix * (k % radix));
            int re = in.get(at).getHalfFloatValue() & 0xFFFF;
            int im = in.get(at + 1).getHalfFloatValue() & 0xFFFF;
            int slot = base + (col >> 2) * TILE_INTS + k * 4 + (col & 3);
            tiles[slot] = re | im << 16;
            tiles[slot + 2 * TILE_INTS] = (im ^ 0x8000 ^ flip) | (re ^ flip) << 16;
        }
        ctx.localBarrier();
        multiply(ctx, matrices, tiles, base * 4, out, transform * radix, 2 * c0, 2 * n / radix);
    }

    /**
     * A stage from fp32 input to fp32 output, its inputs rounded once to fp16 after the twiddles.
     *
     * @param tw      {@code W_{L'}^{j q2}} at {@code (j - 1) L + q2} (interleaved, forward sign; unused when span = 1)
     * @param span    L
     * @param inverse 1 for the inverse transform (conjugate twiddles and matrices), else 0
     * @param scale   a factor on every input after its twiddle (on the last stage, what undoes the matrices' scales)
     */
    public static void half(KernelContext ctx, FloatArray in, FloatArray out, IntArray a, FloatArray tw, int n, int radix,
                            int span, int inverse, float scale, int units) {
        int[] matrices = ctx.allocateIntLocalArray(MATRICES_INTS);
        int[] tiles = ctx.allocateIntLocalArray(WARPS * WARP_INTS);
        int lane = ctx.localIdx & 31;
        int warp = ctx.localIdx >> 5;
        int unit = Math.min(ctx.groupIdx * WARPS + warp, units - 1);
        int perRow = 16 / radix;
        int columnBlocks = n / radix / COLUMNS;
        int transform = unit / columnBlocks * perRow;
        int c0 = unit % columnBlocks * COLUMNS;
        int base = warp * WARP_INTS;
        int runs = n / (span * radix);
        float sign = inverse == 1 ? -1f : 1f;
        int flip = inverse << 15;
        for (int i = ctx.localIdx; i < 2 * MATRIX_INTS; i += GROUP) {
            matrices[i] = a.get(i);
        }
        for (int v = lane; v < 16 * COLUMNS; v += 32) {
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
                float wi = sign * tw.get(w + 1);
                float t = re * wr - im * wi;
                im = re * wi + im * wr;
                re = t;
            }
            int hr = halfBits(re);
            int hi = halfBits(im);
            int slot = base + (col >> 2) * TILE_INTS + k * 4 + (col & 3);
            tiles[slot] = hr | hi << 16;
            tiles[slot + 2 * TILE_INTS] = (hi ^ 0x8000 ^ flip) | (hr ^ flip) << 16;
        }
        ctx.localBarrier();
        multiply(ctx, matrices, tiles, base * 4, out, transform * radix, 2 * c0, 2 * n / radix);
    }

    /**
     * {@link #half} in the split mode: fp32 in, fp32 out, every input and matrix entry as fp16 hi + lo,
     * three products of the four.
     */
    public static void split(KernelContext ctx, FloatArray in, FloatArray out, IntArray a, FloatArray tw, int n, int radix,
                             int span, int inverse, float scale, int units) {
        int[] matrices = ctx.allocateIntLocalArray(MATRICES_INTS);
        int[] tiles = ctx.allocateIntLocalArray(WARPS * WARP_INTS);
        int lane = ctx.localIdx & 31;
        int warp = ctx.localIdx >> 5;
        int unit = Math.min(ctx.groupIdx * WARPS + warp, units - 1);
        int perRow = 16 / radix;
        int columnBlocks = n / radix / COLUMNS;
        int transform = unit / columnBlocks * perRow;
        int c0 = unit % columnBlocks * COLUMNS;
        int base = warp * WARP_INTS;
        int runs = n / (span * radix);
        float sign = inverse == 1 ? -1f : 1f;
        int flip = inverse << 15;
        for (int i = ctx.localIdx; i < MATRICES_INTS; i += GROUP) {
            matrices[i] = a.get(i);
        }
        for (int v = lane; v < 16 * COLUMNS; v += 32) {
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
                float wi = sign * tw.get(w + 1);
                float t = re * wr - im * wi;
                im = re * wi + im * wr;
                re = t;
            }
            int hr = halfBits(re);
            int hi = halfBits(im);
            int lr = halfBits(re - halfValue(hr));
            int li = halfBits(im - halfValue(hi));
            int slot = base + (col >> 2) * TILE_INTS + k * 4 + (col & 3);
            tiles[slot] = hr | hi << 16;
            tiles[slot + 2 * TILE_INTS] = (hi ^ 0x8000 ^ flip) | (hr ^ flip) << 16;
            tiles[slot + 4 * TILE_INTS] = lr | li << 16;
            tiles[slot + 6 * TILE_INTS] = (li ^ 0x8000 ^ flip) | (lr ^ flip) << 16;
        }
        ctx.localBarrier();
        multiplySplit(ctx, matrices, tiles, base * 4, out, transform * radix, 2 * c0, 2 * n / radix);
    }

    /** The fp32 results of the last stage times the norm's factor, rounded to fp16: {@code out[i] = fp16(factor in[i])}. */
    public static void toHalf(KernelContext ctx, FloatArray in, HalfFloatArray out, float factor, int count) {
        int i = ctx.globalIdx;
        if (i < count) {
            out.set(i, new HalfFloat(factor * in.get(i)));
        }
    }

    /** The fp32 results of the last stage times the norm's factor: {@code out[i] = factor in[i]}. */
    public static void scale(KernelContext ctx, FloatArray in, FloatArray out, float factor, int count) {
        int i = ctx.globalIdx;
        if (i < count) {
            out.set(i, factor * in.get(i));
        }
    }

    /**
     * The warp's product {@code D = Re F . x + Im F . (i x)} for its 8 columns (two 16 x 8 halves),
     * stored at (row {@code row}, column {@code col}) of {@code out} read as rows of {@code rowFloats}.
     * {@code tileBytes}: where the warp's tiles start in {@code tiles}, in bytes.
     */
    private static void multiply(KernelContext ctx, int[] matrices, int[] tiles, int tileBytes, FloatArray out, int row,
                                 int col, int rowFloats) {
        HalfFloat[] fr = ctx.mmaLoadA(matrices, 16, 0);
        HalfFloat[] fi = ctx.mmaLoadA(matrices, 16, 4 * MATRIX_INTS);
        HalfFloat[] x0 = ctx.mmaLoadB(tiles, 16, tileBytes);
        HalfFloat[] x1 = ctx.mmaLoadB(tiles, 16, tileBytes + 4 * TILE_INTS);
        HalfFloat[] ix0 = ctx.mmaLoadB(tiles, 16, tileBytes + 8 * TILE_INTS);
        HalfFloat[] ix1 = ctx.mmaLoadB(tiles, 16, tileBytes + 12 * TILE_INTS);
        float[] d0 = ctx.mmaFragment(0f);
        float[] d1 = ctx.mmaFragment(0f);
        d0 = ctx.mma(fr, x0, d0, MMAShape.M16N8K16);
        d0 = ctx.mma(fi, ix0, d0, MMAShape.M16N8K16);
        d1 = ctx.mma(fr, x1, d1, MMAShape.M16N8K16);
        d1 = ctx.mma(fi, ix1, d1, MMAShape.M16N8K16);
        ctx.mmaStore(d0, out, row, col, rowFloats);
        ctx.mmaStore(d1, out, row, col + 8, rowFloats);
    }

    /** {@link #multiply} with hi and lo parts: {@code Fhi xhi + Flo xhi + Fhi xlo}, real and imaginary. */
    private static void multiplySplit(KernelContext ctx, int[] matrices, int[] tiles, int tileBytes, FloatArray out, int row,
                                      int col, int rowFloats) {
        HalfFloat[] fr = ctx.mmaLoadA(matrices, 16, 0);
        HalfFloat[] fi = ctx.mmaLoadA(matrices, 16, 4 * MATRIX_INTS);
        HalfFloat[] gr = ctx.mmaLoadA(matrices, 16, 8 * MATRIX_INTS);
        HalfFloat[] gi = ctx.mmaLoadA(matrices, 16, 12 * MATRIX_INTS);
        HalfFloat[] x0 = ctx.mmaLoadB(tiles, 16, tileBytes);
        HalfFloat[] x1 = ctx.mmaLoadB(tiles, 16, tileBytes + 4 * TILE_INTS);
        HalfFloat[] ix0 = ctx.mmaLoadB(tiles, 16, tileBytes + 8 * TILE_INTS);
        HalfFloat[] ix1 = ctx.mmaLoadB(tiles, 16, tileBytes + 12 * TILE_INTS);
        HalfFloat[] y0 = ctx.mmaLoadB(tiles, 16, tileBytes + 16 * TILE_INTS);
        HalfFloat[] y1 = ctx.mmaLoadB(tiles, 16, tileBytes + 20 * TILE_INTS);
        HalfFloat[] iy0 = ctx.mmaLoadB(tiles, 16, tileBytes + 24 * TILE_INTS);
        HalfFloat[] iy1 = ctx.mmaLoadB(tiles, 16, tileBytes + 28 * TILE_INTS);
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

    /**
     * {@code value} rounded to the nearest fp16 value, ties to even, as binary16 bits (the low 16 bits):
     * beyond 65520 in magnitude infinity, NaN a quiet NaN, below 2^-14 a subnormal. What {@link
     * Float#floatToFloat16} gives, in integer and float arithmetic a kernel has.
     */
    public static int halfBits(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = (bits >>> 16) & 0x8000;
        int abs = bits & 0x7FFFFFFF;
        int h;
        if (abs >= 0x477FF000) {
            h = abs > 0x7F800000 ? 0x7E00 : 0x7C00;
        } else if (abs < 0x38800000) {
            // 0.5 + |v| in float has the spacing 2^-24 of fp16's subnormals: the FPU rounds to nearest even
            h = Float.floatToRawIntBits(Float.intBitsToFloat(abs) + 0.5f) - 0x3F000000;
        } else {
            // rebias the exponent (127 - 15 = 112), round the 13 dropped bits to nearest even
            h = (abs - 0x38000000 + 0xFFF + ((abs >>> 13) & 1)) >>> 13;
        }
        return sign | h;
    }

    /** The float value of the fp16 bits {@code h} (low 16 bits; finite values). */
    public static float halfValue(int h) {
        int abs = h & 0x7FFF;
        float magnitude;
        if (abs < 0x400) {
            magnitude = abs * 5.9604645E-8f;
        } else {
            magnitude = Float.intBitsToFloat((abs << 13) + 0x38000000);
        }
        return (h & 0x8000) != 0 ? -magnitude : magnitude;
    }
}
