package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Real transforms of even length N through a complex transform of N/2 points: the post-processing
 * step of real-to-complex ({@link #split}) and the pre-processing step of complex-to-real
 * ({@link #merge}).
 *
 * <p>A real signal x of N points, read as N/2 complex values {@code z[j] = x[2j] + i x[2j+1]}, has
 * the transform {@code Z = FFT_{N/2}(z)}, and then {@code Z[k] = E[k] + i O[k]}, with E and O the
 * transforms of the even and the odd samples. As x is real, {@code E[k] = (Z[k] + conj Z[N/2-k]) / 2}
 * and {@code O[k] = (Z[k] - conj Z[N/2-k]) / 2i} (indices mod N/2), and the spectrum of x is
 * {@code X[k] = E[k] + W_N^k O[k]}, {@code W_N = e^{-2 pi i / N}}, for k = 0..N/2; the other bins
 * are conjugates. {@link #merge} undoes this: from the half spectrum it forms
 * {@code Z'[k] = (X[k] + conj X[N/2-k]) + i W_N^{-k} (X[k] - conj X[N/2-k])}, whose unnormalised
 * inverse transform of N/2 points, read as floats, is the unnormalised inverse of X: N x.
 *
 * <p>Bins k and N/2 - k are made of the same two values, so one work-item computes both: item k of
 * a row, for 0 &lt; k &lt; N/4, reads each of its inputs once. Item 0 takes the bins that pair with
 * themselves: 0 and N/2, which are real (their imaginary parts are exactly 0), and N/4 where N/2 is
 * even. A row has {@link #itemsPerRow} items. N is any even length: the kernels' integer parameters
 * are constants once TornadoVM specialises them, so the remainders by N/2 and by the other axes'
 * lengths cost little whether those are powers of two or not.
 *
 * <p>Both kernels work in place (the same array as input and output, the same row distance): an item
 * writes only the positions it has read, and {@code split} writes bin N/2 of a row of N/2 + 1 elements,
 * which the complex transform leaves free.
 *
 * <p>Their twiddles: {@link TwiddleTable#forRealSplit}. This file is also the source of
 * {@code RealTransformDouble}, the same kernels in double, which the build writes from it (module
 * fft-codegen's {@code PrecisionTwin}).
 */
public final class RealTransform {

    private RealTransform() {
    }

    /** Work-items per transform of N points (N even): one per pair of bins, (N/2 + 1) / 2 (N/4 for a power of two from 4). */
    public static int itemsPerRow(int n) {
        return (n / 2 + 1) / 2;
    }

    /**
     * The row that pairs with {@code row}: the one at the negated indices of the other axes (mod their
     * lengths), {@code lead0 x lead1} rows to a transform ({@code row} itself in 1D, where both are 1).
     */
    static int mate(int row, int lead0, int lead1) {
        int i1 = row % lead1;
        int i0 = (row / lead1) % lead0;
        return row - i1 + (lead1 - i1) % lead1 + ((lead0 - i0) % lead0 - i0) * lead1;
    }

    /**
     * The spectrum X (N/2 + 1 bins per row) from Z, the complex transform of the real signal read as
     * complex pairs along its rows (N/2 points along them), times {@code scale}. In 2D and 3D, bin k of
     * a row pairs with bin N/2 - k of its {@link #mate}: {@code X[r][k] = E + W_N^k O} with
     * {@code E = (Z[r][k] + conj Z[r'][N/2-k]) / 2}, {@code O = (Z[r][k] - conj Z[r'][N/2-k]) / 2i}.
     * Item k of row r writes bins k of r and N/2 - k of r'; item 0 bins 0, N/2 and N/4 of r. In place
     * ({@code x} = {@code z}) only in 1D, where every item writes what it alone reads.
     *
     * @param ctx   TornadoVM's kernel context: work-item {@code gid} takes item {@code gid mod items}
     *              of row {@code gid / items}, items = {@link #itemsPerRow}(N)
     * @param z     Z, interleaved complex, row b from complex index {@code b zRow}
     * @param x     X, interleaved complex, row b from complex index {@code b xRow}
     * @param w     {@link TwiddleTable#forRealSplit}(N)
     * @param halfLength N/2, the length of the complex transform (not {@code half}, a type in OpenCL C)
     * @param zRow  complex elements from one row of z to the next
     * @param xRow  complex elements from one row of x to the next
     * @param total work-items with work: rows times items; those beyond do nothing
     * @param scale the normalisation of the real transform
     * @param lead0 length of the first of two other axes (3D), else 1
     * @param lead1 length of the other axis next to the rows' (2D, 3D), else 1
     */
    public static void split(KernelContext ctx, FloatArray z, FloatArray x, FloatArray w, int halfLength, int zRow, int xRow,
                             int total, float scale, int lead0, int lead1) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int items = (halfLength + 1) / 2;
            int row = gid / items;
            int k = gid - row * items;
            int mate = mate(row, lead0, lead1);
            int zk = 2 * (row * zRow + k);
            int xk = 2 * (row * xRow + k);
            // A = Z[r][k], C = conj Z[r'][N/2 - k] (Z[r'][0] for k = 0, Z being periodic)
            int zm = 2 * (mate * zRow + (halfLength - k) % halfLength);
            float ar = z.get(zk);
            float ai = z.get(zk + 1);
            float cr = z.get(zm);
            float ci = -z.get(zm + 1);
            // E = (A + C) / 2, O = (A - C) / 2i
            float er = 0.5f * (ar + cr);
            float ei = 0.5f * (ai + ci);
            float or = 0.5f * (ai - ci);
            float oi = -0.5f * (ar - cr);
            if (k == 0) {
                // W_N^0 = 1 and W_N^{N/2} = -1: X[r][0] = E + O, X[r][N/2] = E - O (real in 1D: exactly 0 imaginary).
                x.set(xk, scale * (er + or));
                x.set(xk + 1, scale * (ei + oi));
                x.set(xk + 2 * halfLength, scale * (er - or));
                x.set(xk + 2 * halfLength + 1, scale * (ei - oi));
                if (halfLength % 2 == 0) {
                    // k = N/4 pairs with itself, and W_N^{N/4} = -i: X[r][N/4] = E - i O = conj Z[r'][N/4].
                    int zq = 2 * (mate * zRow) + halfLength;
                    x.set(xk + halfLength, scale * z.get(zq));
                    x.set(xk + halfLength + 1, -scale * z.get(zq + 1));
                }
            } else {
                float wr = w.get(2 * k);
                float wi = w.get(2 * k + 1);
                float tr = wr * or - wi * oi;
                float ti = wr * oi + wi * or;
                // X[r][k] = E + W^k O; X[r'][N/2-k] = conj(E - W^k O), as W^{N/2-k} = -conj W^k
                int xm = 2 * (mate * xRow + halfLength - k);
                x.set(xk, scale * (er + tr));
                x.set(xk + 1, scale * (ei + ti));
                x.set(xm, scale * (er - tr));
                x.set(xm + 1, scale * (ti - ei));
            }
        }
    }

    /**
     * Z' (N/2 complex values per row) from the half spectrum X (N/2 + 1 bins per row), times
     * {@code scale}: the unnormalised inverse complex transform of Z' (N/2 points along the rows),
     * read as floats, is {@code scale} times the unnormalised inverse of the full spectrum. With
     * {@code A = X[r][k] + conj X[r'][N/2-k]}, {@code B = X[r][k] - conj X[r'][N/2-k]} (r' the
     * {@link #mate}), {@code Z'[r][k] = A + i W_N^{-k} B}. Bins 0 and N/2 count by their Hermitian parts,
     * {@code (X[r][0] + conj X[r'][0]) / 2} (their real parts in 1D), as numpy's {@code irfftn}, which
     * drops the imaginary parts after the other axes' inverse transforms: a real signal has no other.
     *
     * @param ctx   TornadoVM's kernel context, as for {@link #split}
     * @param x     X, interleaved complex, row b from complex index {@code b xRow}
     * @param z     Z', interleaved complex, row b from complex index {@code b zRow} (may be {@code x}
     *              in 1D, with {@code zRow = xRow})
     * @param w     {@link TwiddleTable#forRealSplit}(N), conjugated here ({@code W_N^{-k}})
     * @param halfLength N/2
     * @param xRow  complex elements from one row of x to the next
     * @param zRow  complex elements from one row of z to the next
     * @param total work-items with work: rows times items; those beyond do nothing
     * @param scale the normalisation of the real transform
     * @param lead0 as for {@link #split}
     * @param lead1 as for {@link #split}
     */
    public static void merge(KernelContext ctx, FloatArray x, FloatArray z, FloatArray w, int halfLength, int xRow, int zRow,
                             int total, float scale, int lead0, int lead1) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int items = (halfLength + 1) / 2;
            int row = gid / items;
            int k = gid - row * items;
            int mate = mate(row, lead0, lead1);
            int xk = 2 * (row * xRow + k);
            int zk = 2 * (row * zRow + k);
            if (k == 0) {
                int xm = 2 * mate * xRow;
                // The Hermitian parts of bins 0 and N/2: F = (X[r][0] + conj X[r'][0]) / 2, L likewise.
                float fr = 0.5f * (x.get(xk) + x.get(xm));
                float fi = 0.5f * (x.get(xk + 1) - x.get(xm + 1));
                float lr = 0.5f * (x.get(xk + 2 * halfLength) + x.get(xm + 2 * halfLength));
                float li = 0.5f * (x.get(xk + 2 * halfLength + 1) - x.get(xm + 2 * halfLength + 1));
                if (halfLength % 2 == 0) {
                    // Bin N/4 pairs with itself, and W_N^{-N/4} = i: Z'[r][N/4] = A - B = 2 conj X[r'][N/4].
                    z.set(zk + halfLength, 2f * scale * x.get(xm + halfLength));
                    z.set(zk + halfLength + 1, -2f * scale * x.get(xm + halfLength + 1));
                }
                // Z'[r][0] = (F + L) + i (F - L), as conj L' = L for the Hermitian part.
                z.set(zk, scale * ((fr + lr) - (fi - li)));
                z.set(zk + 1, scale * ((fi + li) + (fr - lr)));
            } else {
                int m = halfLength - k;
                float xr = x.get(xk);
                float xi = x.get(xk + 1);
                // conj X[r'][N/2 - k]
                int xm = 2 * (mate * xRow + m);
                float cr = x.get(xm);
                float ci = -x.get(xm + 1);
                // A = X[r][k] + conj X[r'][N/2-k], B = X[r][k] - conj X[r'][N/2-k], C = W^{-k} B
                float ar = xr + cr;
                float ai = xi + ci;
                float br = xr - cr;
                float bi = xi - ci;
                float wr = w.get(2 * k);
                float wi = -w.get(2 * k + 1);
                float tr = wr * br - wi * bi;
                float ti = wr * bi + wi * br;
                // Z'[r][k] = A + i C; Z'[r'][N/2-k] = conj(A - i C)
                int zm = 2 * (mate * zRow + m);
                z.set(zk, scale * (ar - ti));
                z.set(zk + 1, scale * (ai + tr));
                z.set(zm, scale * (ar + ti));
                z.set(zm + 1, scale * (tr - ai));
            }
        }
    }

    /**
     * Bins 0 and N/2 of every row of a 2D or 3D r2c spectrum (rows of N/2 + 1 bins, in place), from
     * the other axes' transform C of its packed column: the rows' real transforms leave bins 0 and N/2
     * of each row real, and the rows-first route ({@code RowsFirst}) carries bin N/2 as bin 0's
     * imaginary part through the other axes' passes, so bin 0 holds {@code C = F + i L}, F and L the
     * transforms of the two real columns. Both are Hermitian over the other axes:
     * {@code F[r] = (C[r] + conj C[r']) / 2} and {@code L[r] = (C[r] - conj C[r']) / 2i}, r' the
     * {@link #mate}. Item r writes bins 0 and N/2 of rows r and r' (an item whose row lies after its
     * mate does nothing), so every value is read before it is written.
     *
     * @param ctx   TornadoVM's kernel context: work-item {@code gid} takes row {@code gid}
     * @param x     the spectrum, interleaved complex, row b from complex index {@code b (halfLength + 1)}
     * @param halfLength N/2
     * @param rows  rows of the whole batch; work-items beyond do nothing
     * @param lead0 as for {@link #split}
     * @param lead1 as for {@link #split}
     */
    public static void unpackEdges(KernelContext ctx, FloatArray x, int halfLength, int rows, int lead0, int lead1) {
        int row = ctx.globalIdx;
        if (row < rows) {
            int mate = mate(row, lead0, lead1);
            if (row <= mate) {
                int a = 2 * row * (halfLength + 1);
                int b = 2 * mate * (halfLength + 1);
                float cr = x.get(a);
                float ci = x.get(a + 1);
                float dr = x.get(b);
                float di = x.get(b + 1);
                // F = (C + conj D) / 2, L = (C - conj D) / 2i, D = C[r']; rows r' take their conjugates.
                float fr = 0.5f * (cr + dr);
                float fi = 0.5f * (ci - di);
                float lr = 0.5f * (ci + di);
                float li = 0.5f * (dr - cr);
                x.set(a, fr);
                x.set(a + 1, fi);
                x.set(a + 2 * halfLength, lr);
                x.set(a + 2 * halfLength + 1, li);
                if (mate != row) {
                    x.set(b, fr);
                    x.set(b + 1, -fi);
                    x.set(b + 2 * halfLength, lr);
                    x.set(b + 2 * halfLength + 1, -li);
                }
            }
        }
    }
}
