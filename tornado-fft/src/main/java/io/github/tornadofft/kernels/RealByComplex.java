package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Real transforms of any length by the natural route: two real transforms of the batch as the real and
 * imaginary parts of one complex transform of the whole shape, and the two half spectra parted from
 * its result. For the shapes the split and merge of {@link RealTransform} do not take (an odd last axis
 * N, one whose N/2 has a prime factor above 13, a 2D or 3D one in place that is not all powers of two):
 * ceil(B / 2) complex transforms for a batch of B, where widening each real transform to a complex one
 * would take B.
 *
 * <p>r2c: {@link #pair} transforms 2t and 2t + 1 of the batch into {@code z_t = x_2t + i x_2t+1} (the
 * last alone, imaginary parts 0, where B is odd), transform, {@link #part}: the transform of a real
 * signal is Hermitian, {@code X[-k] = conj X[k]} (k negated along every axis), so
 * {@code X_2t[k] = (Z[k] + conj Z[-k]) / 2} and {@code X_2t+1[k] = (Z[k] - conj Z[-k]) / 2i}, bins 0 to N/2
 * of each row (numpy's {@code rfftn}). c2r: {@link #pairHalves}, transform (inverse), {@link #unpair}.
 * numpy's {@code irfftn} transforms the other axes first and then each row by {@code irfft}, which
 * reads bins 0 and N/2 by their real parts and the bins between twice (as themselves and as their
 * conjugates); as the real part is linear, that is the real part of the inverse transform of the whole
 * shape of {@code W[k] = c_k X[k]} for k &lt;= N/2 and 0 above (c_k = 1 for bin 0 and for bin N/2 of an
 * even N, 2 between), which is the inverse transform of W's Hermitian part
 * {@code H[k] = (W[k] + conj W[-k]) / 2}, real. So {@code Z = H_2t + i H_2t+1} transforms into
 * {@code x_2t + i x_2t+1}: any input gives numpy's result.
 *
 * <p>Each kernel takes one work-item per complex value of the transforms between, or per bin it
 * writes. A transform has {@code rows} rows of N points along its last axis (1 in 1D); its rows are
 * numbered over the other axes, a middle axis of {@code middle} rows (the second of three; 1 in 1D and
 * 2D), so that row r's mirror -r is {@link #mirror}. The complex arrays between are packed (N points a
 * row); the caller's real rows lie {@code xRow} floats apart (N packed, 2 (N/2 + 1) padded in place)
 * and its spectrum rows N/2 + 1 complex values apart, the batch's transforms one after another. This
 * file is also the source of {@code RealByComplexDouble}, the same kernels in double (module
 * fft-codegen's {@code PrecisionTwin}).
 */
public final class RealByComplex {

    private RealByComplex() {
    }

    /**
     * {@code (length - i) mod length} for {@code 0 <= i < length}: index i negated along an axis. Here and
     * below no branch or comparison but the bound on the work-item: TornadoVM makes every int argument a
     * constant, and a comparison that folds to a constant then stops its OpenCL code generator ("logic
     * node (class=LogicConstantNode)"; a batch of 1 or a row of 1 point does that), so selections are
     * arithmetic: a sign bit, a minimum, a product with 0 or 1.
     */
    public static int negate(int i, int length) {
        int m = length - i;
        return m - length * (m / length);
    }

    /**
     * The row of -k of row r's k: each index along the axes before the last negated modulo its length,
     * the rows of a transform numbered as {@code r = r0 middle + r1} ({@code rows / middle} by
     * {@code middle}).
     */
    public static int mirror(int r, int rows, int middle) {
        int r0 = r / middle;
        return negate(r0, rows / middle) * middle + negate(r - r0 * middle, middle);
    }

    /**
     * r2c's first step: {@code z_t[p] = x_2t[p] + i x_2t+1[p]}, the second 0 where 2t + 1 is the batch.
     *
     * @param x     the real rows, row g (over the batch) from float {@code g xRow}
     * @param z     the complex transforms, packed (rows N points each)
     * @param n     N, the points of a row
     * @param xRow  floats from one real row to the next
     * @param rows  rows of a transform
     * @param batch B, the real transforms
     * @param total the complex values of z, ceil(B / 2) rows N: work-items beyond it do nothing
     */
    public static void pair(KernelContext ctx, FloatArray x, FloatArray z, int n, int xRow, int rows, int batch, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            z.set(2 * gid, x.get(signalIndex(gid, n, xRow, rows, batch, 0)));
            z.set(2 * gid + 1, partnered(gid, n, rows, batch) * x.get(signalIndex(gid, n, xRow, rows, batch, 1)));
        }
    }

    /**
     * Where value {@code gid} of the pairs z (its transform t, its point) lies in the real signals: in
     * transform 2t for {@code second} = 0, else in 2t + 1, or 2t again where 2t + 1 is the batch.
     */
    public static int signalIndex(int gid, int n, int xRow, int rows, int batch, int second) {
        int size = rows * n;
        int t = gid / size;
        int p = gid - t * size;
        int r = p / n;
        int b = Math.min(2 * t + second, batch - 1);
        return (b * rows + r) * xRow + p - r * n;
    }

    /** 1 where the pair of value {@code gid} has a second transform (2t + 1 in the batch), else 0. */
    public static int partnered(int gid, int n, int rows, int batch) {
        int t = gid / (rows * n);
        return Math.min(2 * t + 1, batch - 1) - 2 * t;
    }

    /**
     * r2c's last step: bins 0 to N/2 of each row of transform b = 2t + s from z_t: for s = 0
     * {@code (Z[k] + conj Z[-k]) / 2}, for s = 1 {@code (Z[k] - conj Z[-k]) / 2i}.
     *
     * @param z      the transformed pairs, packed (rows N points each)
     * @param x      the spectrum, N/2 + 1 complex values a row
     * @param n      N, the points of a row
     * @param rows   rows of a transform
     * @param middle rows of the middle axis ({@link #mirror})
     * @param total  the bins, B rows (N/2 + 1): work-items beyond it do nothing
     */
    public static void part(KernelContext ctx, FloatArray z, FloatArray x, int n, int rows, int middle, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int bins = n / 2 + 1;
            int g = gid / bins;
            int k = gid - g * bins;
            int b = g / rows;
            int r = g - b * rows;
            int pair = (b >> 1) * rows;
            int at = 2 * ((pair + r) * n + k);
            int mirrored = 2 * ((pair + mirror(r, rows, middle)) * n + negate(k, n));
            float ar = z.get(at);
            float ai = z.get(at + 1);
            float br = z.get(mirrored);
            float bi = z.get(mirrored + 1);
            // s = b & 1 picks one of the two exactly (a product with 0 or 1, a sum with 0).
            float s = b & 1;
            float e = 1 - s;
            x.set(2 * gid, e * (0.5f * (ar + br)) + s * (0.5f * (ai + bi)));
            x.set(2 * gid + 1, e * (0.5f * (ai - bi)) + s * (0.5f * (br - ar)));
        }
    }

    /**
     * c_k / 2 of W[k] = c_k X[k] at bin k of a row of N: 1/2 for bin 0 and for bin N/2 of an even N, 1
     * between, 0 above N/2, from sign bits ({@link #negate} says why).
     */
    private static float halfWeight(int k, int n) {
        int d = 2 * k - n;
        int inside = 1 - negative(-d);
        int edge = negative(k - 1) | (1 - negative(d | -d));
        return 0.5f * (inside * (2 - edge));
    }

    /**
     * 1 where {@code v} is negative, else 0: its sign bit. An arithmetic shift and a mask, not
     * {@code v >>> 31}: TornadoVM 5.2's OpenCL code generator writes Java's {@code >>>} on an int as C's
     * {@code >>} on a signed int, which copies the sign bit (-1, not 1).
     */
    private static int negative(int v) {
        return (v >> 31) & 1;
    }

    /**
     * c2r's first step: {@code z_t[k] = H_2t[k] + i H_2t+1[k]}, H_b the Hermitian part of
     * {@code W_b[k] = c_k X_b[k]} (k &lt;= N/2, 0 above; c_k = 1 for bin 0 and for bin N/2 of an even N,
     * 2 between), {@code H[k] = (W[k] + conj W[-k]) / 2}; H_2t+1 = 0 where 2t + 1 is the batch.
     *
     * @param x      the spectrum, N/2 + 1 complex values a row
     * @param z      the complex transforms, packed (rows N points each)
     * @param n      N, the points of a row
     * @param rows   rows of a transform
     * @param middle rows of the middle axis ({@link #mirror})
     * @param batch  B, the real transforms
     * @param total  the complex values of z, ceil(B / 2) rows N: work-items beyond it do nothing
     */
    public static void pairHalves(KernelContext ctx, FloatArray x, FloatArray z, int n, int rows, int middle, int batch,
                                  int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int size = rows * n;
            int t = gid / size;
            int p = gid - t * size;
            int r = p / n;
            int k = p - r * n;
            int bins = n / 2 + 1;
            int km = negate(k, n);
            float w = halfWeight(k, n);
            float wm = halfWeight(km, n);
            // Bins above N/2 weigh 0: read bin N/2 in their place (any bin of the row would do).
            int at = 2 * (r * bins + Math.min(k, n / 2));
            int atm = 2 * (mirror(r, rows, middle) * bins + Math.min(km, n / 2));
            int a = 2 * t * rows * bins * 2;
            int b = Math.min(2 * t + 1, batch - 1) * rows * bins * 2;
            float f = partnered(gid, n, rows, batch);
            float hr = w * x.get(a + at) + wm * x.get(a + atm);
            float hi = w * x.get(a + at + 1) - wm * x.get(a + atm + 1);
            float gr = f * (w * x.get(b + at) + wm * x.get(b + atm));
            float gi = f * (w * x.get(b + at + 1) - wm * x.get(b + atm + 1));
            z.set(2 * gid, hr - gi);
            z.set(2 * gid + 1, hi + gr);
        }
    }

    /**
     * c2r's last step: {@code x_2t[p] = Re z_t[p]}, {@code x_2t+1[p] = Im z_t[p]} (where 2t + 1 is in the batch).
     *
     * @param z     the transformed pairs, packed (rows N points each)
     * @param x     the real rows, row g (over the batch) from float {@code g xRow}
     * @param n     N, the points of a row
     * @param xRow  floats from one real row to the next
     * @param rows  rows of a transform
     * @param batch B, the real transforms
     * @param total the complex values of z, ceil(B / 2) rows N: work-items beyond it do nothing
     */
    public static void unpair(KernelContext ctx, FloatArray z, FloatArray x, int n, int xRow, int rows, int batch, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            // Where 2t + 1 is the batch, both go to 2t, the real part last.
            x.set(signalIndex(gid, n, xRow, rows, batch, 1), z.get(2 * gid + 1));
            x.set(signalIndex(gid, n, xRow, rows, batch, 0), z.get(2 * gid));
        }
    }
}
