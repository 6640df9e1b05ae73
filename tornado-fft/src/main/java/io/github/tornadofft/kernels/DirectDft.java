package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * The direct O(n^2) DFT: one work-item per output value, {@code X[k] = sum_j x[j] W_n^{jk}}.
 *
 * <p>The method TornadoVM's own benchmarks use; here it is the teaching baseline and an independent
 * check of the fast kernels for small sizes. Twiddles come from an exact table ({@code W_n^{jk}}
 * is {@code table[jk mod n]}), accumulation is in float.
 */
public final class DirectDft {

    private DirectDft() {
    }

    /**
     * @param table {@code W_n^e} for e < n, interleaved, already in the transform's direction
     * @param total n * batch: work-items beyond it do nothing
     */
    public static void dft(KernelContext ctx, FloatArray in, FloatArray out, FloatArray table, int n, int total,
                           float scale) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int k = gid % n;
            int base = gid - k;
            float sumRe = 0f;
            float sumIm = 0f;
            int e = 0;
            for (int j = 0; j < n; j++) {
                float xr = in.get(2 * (base + j));
                float xi = in.get(2 * (base + j) + 1);
                float wr = table.get(2 * e);
                float wi = table.get(2 * e + 1);
                sumRe += xr * wr - xi * wi;
                sumIm += xr * wi + xi * wr;
                e += k;
                if (e >= n) {
                    e -= n;
                }
            }
            out.set(2 * gid, sumRe * scale);
            out.set(2 * gid + 1, sumIm * scale);
        }
    }
}
