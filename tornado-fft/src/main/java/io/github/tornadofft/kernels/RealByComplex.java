package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Real transforms of any length by the natural route: the real rows as complex values, a complex
 * transform of the whole shape, and the half of the spectrum a real transform keeps. For the shapes the
 * split and merge of {@link RealTransform} do not take (an odd last axis N, one whose N/2 or another
 * axis has a prime factor above 7, a 2D or 3D one in place that is not all powers of two); they cost a
 * complex transform of N points where the split takes one of N/2.
 *
 * <p>r2c: {@link #widen} the rows to complex values (imaginary parts 0), transform, {@link #keepHalf}:
 * bins 0 to N/2 of each row (numpy's {@code rfftn}). c2r: {@link #weighHalf}, transform (inverse),
 * {@link #realPart}. numpy's {@code irfftn} transforms the other axes first and then each row by
 * {@code irfft}, which reads bins 0 and N/2 by their real parts and the bins between twice (as
 * themselves and as their conjugates); as the real part is linear, that is the real part of the inverse
 * transform of the whole shape of {@code W[k] = c_k X[k]} for k &lt;= N/2 and 0 above, with c_k = 1 for
 * bin 0 and for bin N/2 (N even) and 2 between. No bin needs its mirror, in any number of axes.
 *
 * <p>Each kernel takes one work-item per value it writes; rows are the spectrum's or the signal's
 * along the last axis, over every other axis and the batch. The complex arrays between are packed (N
 * points a row); the caller's real rows lie {@code xRow} floats apart (N packed, 2 (N/2 + 1) padded in
 * place) and its spectrum rows N/2 + 1 complex values apart. This file is also the source of
 * {@code RealByComplexDouble}, the same kernels in double (module fft-codegen's {@code PrecisionTwin}).
 */
public final class RealByComplex {

    private RealByComplex() {
    }

    /**
     * r2c's first step: {@code z[r][j] = x[r][j] + 0 i}.
     *
     * @param x     the real rows, row r from float {@code r xRow}
     * @param z     the complex rows, packed (N points a row)
     * @param n     N, the points of a row
     * @param xRow  floats from one real row to the next
     * @param total N times the rows: work-items beyond it do nothing
     */
    public static void widen(KernelContext ctx, FloatArray x, FloatArray z, int n, int xRow, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int r = gid / n;
            int j = gid - r * n;
            z.set(2 * gid, x.get(r * xRow + j));
            z.set(2 * gid + 1, 0f);
        }
    }

    /**
     * r2c's last step: bins 0 to N/2 of each transformed row, {@code x[r][k] = z[r][k]}.
     *
     * @param z     the transformed rows, packed (N points a row)
     * @param x     the spectrum, N/2 + 1 complex values a row
     * @param n     N, the points of a row
     * @param total (N/2 + 1) times the rows: work-items beyond it do nothing
     */
    public static void keepHalf(KernelContext ctx, FloatArray z, FloatArray x, int n, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int bins = n / 2 + 1;
            int r = gid / bins;
            int k = gid - r * bins;
            int at = 2 * (r * n + k);
            x.set(2 * gid, z.get(at));
            x.set(2 * gid + 1, z.get(at + 1));
        }
    }

    /**
     * c2r's first step: {@code z[r][k] = c_k x[r][k]} for k &lt;= N/2 (c_k = 1 for bin 0 and for bin N/2
     * of an even N, 2 between), 0 above.
     *
     * @param x     the spectrum, N/2 + 1 complex values a row
     * @param z     the complex rows, packed (N points a row)
     * @param n     N, the points of a row
     * @param total N times the rows: work-items beyond it do nothing
     */
    public static void weighHalf(KernelContext ctx, FloatArray x, FloatArray z, int n, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int r = gid / n;
            int k = gid - r * n;
            float re = 0f;
            float im = 0f;
            if (2 * k <= n) {
                float c = k == 0 || 2 * k == n ? 1f : 2f;
                int at = 2 * (r * (n / 2 + 1) + k);
                re = c * x.get(at);
                im = c * x.get(at + 1);
            }
            z.set(2 * gid, re);
            z.set(2 * gid + 1, im);
        }
    }

    /**
     * c2r's last step: {@code x[r][j] = Re z[r][j]}.
     *
     * @param z     the transformed rows, packed (N points a row)
     * @param x     the real rows, row r from float {@code r xRow}
     * @param n     N, the points of a row
     * @param xRow  floats from one real row to the next
     * @param total N times the rows: work-items beyond it do nothing
     */
    public static void realPart(KernelContext ctx, FloatArray z, FloatArray x, int n, int xRow, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int r = gid / n;
            int j = gid - r * n;
            x.set(r * xRow + j, z.get(2 * gid));
        }
    }
}
