package io.github.tornadofft.kernels;

import io.github.tornadofft.reference.Twiddles;
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
 * themselves: 0 and N/2, which are real (their imaginary parts are exactly 0), and N/4. A row has
 * {@link #itemsPerRow} items.
 *
 * <p>Both kernels work in place (the same array as input and output, the same row distance): an item
 * writes only the positions it has read, and {@code split} writes bin N/2 of a row of N/2 + 1 elements,
 * which the complex transform leaves free.
 */
public final class RealTransform {

    private RealTransform() {
    }

    /** Work-items per transform of N points: one per pair of bins, max(1, N/4). */
    public static int itemsPerRow(int n) {
        return Math.max(1, n / 4);
    }

    /**
     * The twiddles the items of a transform of N points read, from exact values: {@code W_N^k}, k below
     * {@link #itemsPerRow(int) itemsPerRow(N)}, interleaved (entry 0, which item 0 does not need, is 1).
     *
     * @throws IllegalArgumentException naming {@code n} where it is not an even power of two
     */
    public static FloatArray twiddles(int n) {
        if (n < 2 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("n: an even power of two, got " + n);
        }
        int items = itemsPerRow(n);
        FloatArray table = new FloatArray(2 * items);
        for (int k = 0; k < items; k++) {
            table.set(2 * k, (float) Twiddles.cos2pi(k, n));
            // + 0f: W_N^0 has the imaginary part +0, not -0.
            table.set(2 * k + 1, (float) -Twiddles.sin2pi(k, n) + 0f);
        }
        return table;
    }

    /**
     * The spectrum X (N/2 + 1 bins per row) from Z, the N/2-point transform of each real row read as
     * complex pairs, times {@code scale}.
     *
     * @param ctx   TornadoVM's kernel context: work-item {@code gid} takes item {@code gid mod items}
     *              of row {@code gid / items}, items = {@link #itemsPerRow}(N)
     * @param z     Z, interleaved complex, row b from complex index {@code b zRow}
     * @param x     X, interleaved complex, row b from complex index {@code b xRow} (may be {@code z},
     *              with {@code xRow = zRow})
     * @param w     {@link #twiddles}(N)
     * @param halfLength N/2, the length of the complex transform (a power of two; not {@code half}, a type in OpenCL C)
     * @param zRow  complex elements from one row of z to the next
     * @param xRow  complex elements from one row of x to the next
     * @param total work-items with work: rows times items; those beyond do nothing
     * @param scale the normalisation of the real transform of N points
     */
    public static void split(KernelContext ctx, FloatArray z, FloatArray x, FloatArray w, int halfLength, int zRow, int xRow,
                             int total, float scale) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int items = (halfLength + 1) / 2;    // max(1, halfLength / 2), halfLength being a power of two
            int row = gid / items;
            int k = gid - row * items;
            int zk = 2 * (row * zRow + k);
            int xk = 2 * (row * xRow + k);
            if (k == 0) {
                // Z[0] = E[0] + i O[0] with E[0], O[0] real: X[0] = E + O, X[N/2] = E - O.
                float e = z.get(zk);
                float o = z.get(zk + 1);
                x.set(xk, scale * (e + o));
                x.set(xk + 1, 0f);
                x.set(xk + 2 * halfLength, scale * (e - o));
                x.set(xk + 2 * halfLength + 1, 0f);
                if (halfLength >= 2) {
                    // k = N/4 pairs with itself, and W_N^{N/4} = -i: X[N/4] = conj Z[N/4].
                    int zq = zk + halfLength;
                    float re = z.get(zq);
                    float im = z.get(zq + 1);
                    x.set(xk + halfLength, scale * re);
                    x.set(xk + halfLength + 1, -scale * im);
                }
            } else {
                int m = halfLength - k;
                float ar = z.get(zk);
                float ai = z.get(zk + 1);
                // conj Z[N/2 - k]
                float cr = z.get(2 * (row * zRow + m));
                float ci = -z.get(2 * (row * zRow + m) + 1);
                // E = (Z[k] + conj Z[N/2-k]) / 2, O = (Z[k] - conj Z[N/2-k]) / 2i
                float er = 0.5f * (ar + cr);
                float ei = 0.5f * (ai + ci);
                float or = 0.5f * (ai - ci);
                float oi = -0.5f * (ar - cr);
                float wr = w.get(2 * k);
                float wi = w.get(2 * k + 1);
                float tr = wr * or - wi * oi;
                float ti = wr * oi + wi * or;
                // X[k] = E + W^k O; X[N/2-k] = conj(E - W^k O), as E and O are Hermitian and W^{N/2-k} = -conj W^k
                int xm = 2 * (row * xRow + m);
                x.set(xk, scale * (er + tr));
                x.set(xk + 1, scale * (ei + ti));
                x.set(xm, scale * (er - tr));
                x.set(xm + 1, scale * (ti - ei));
            }
        }
    }

    /**
     * Z' (N/2 complex values per row) from the half spectrum X (N/2 + 1 bins per row), times
     * {@code scale}: the unnormalised inverse transform of N/2 points of Z', read as floats, is
     * {@code scale} times the unnormalised inverse of the full spectrum. The imaginary parts of bins 0
     * and N/2 are not read (numpy's irfft ignores them too).
     *
     * @param ctx   TornadoVM's kernel context, as for {@link #split}
     * @param x     X, interleaved complex, row b from complex index {@code b xRow}
     * @param z     Z', interleaved complex, row b from complex index {@code b zRow} (may be {@code x},
     *              with {@code zRow = xRow})
     * @param w     {@link #twiddles}(N), conjugated here ({@code W_N^{-k}})
     * @param halfLength N/2 (a power of two)
     * @param xRow  complex elements from one row of x to the next
     * @param zRow  complex elements from one row of z to the next
     * @param total work-items with work: rows times items; those beyond do nothing
     * @param scale the normalisation of the real transform of N points
     */
    public static void merge(KernelContext ctx, FloatArray x, FloatArray z, FloatArray w, int halfLength, int xRow, int zRow,
                             int total, float scale) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int items = (halfLength + 1) / 2;    // max(1, halfLength / 2), halfLength being a power of two
            int row = gid / items;
            int k = gid - row * items;
            int xk = 2 * (row * xRow + k);
            int zk = 2 * (row * zRow + k);
            if (k == 0) {
                // Bins 0 and N/2 are real: Z'[0] = (X[0] + X[N/2]) + i (X[0] - X[N/2]).
                float first = x.get(xk);
                float last = x.get(xk + 2 * halfLength);
                if (halfLength >= 2) {
                    // Bin N/4 pairs with itself: Z'[N/4] = 2 conj X[N/4].
                    float re = x.get(xk + halfLength);
                    float im = x.get(xk + halfLength + 1);
                    z.set(zk + halfLength, 2f * scale * re);
                    z.set(zk + halfLength + 1, -2f * scale * im);
                }
                z.set(zk, scale * (first + last));
                z.set(zk + 1, scale * (first - last));
            } else {
                int m = halfLength - k;
                float xr = x.get(xk);
                float xi = x.get(xk + 1);
                // conj X[N/2 - k]
                float cr = x.get(2 * (row * xRow + m));
                float ci = -x.get(2 * (row * xRow + m) + 1);
                // A = X[k] + conj X[N/2-k], B = X[k] - conj X[N/2-k], C = W^{-k} B
                float ar = xr + cr;
                float ai = xi + ci;
                float br = xr - cr;
                float bi = xi - ci;
                float wr = w.get(2 * k);
                float wi = -w.get(2 * k + 1);
                float tr = wr * br - wi * bi;
                float ti = wr * bi + wi * br;
                // Z'[k] = A + i C; Z'[N/2-k] = conj(A - i C)
                int zm = 2 * (row * zRow + m);
                z.set(zk, scale * (ar - ti));
                z.set(zk + 1, scale * (ai + tr));
                z.set(zm, scale * (ar + ti));
                z.set(zm + 1, scale * (tr - ai));
            }
        }
    }
}
