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
     * Work-item {@code gid} writes output {@code gid}: element {@code gid mod n} of transform
     * {@code gid / n}, the sum over its transform's inputs, times {@code scale}.
     *
     * @param ctx   TornadoVM's kernel context: the work-item's global index
     * @param in    interleaved complex input, {@code total} values
     * @param out   interleaved complex output, {@code total} values
     * @param table {@code W_n^e} for {@code e < n}, interleaved, already in the transform's direction
     * @param n     points per transform
     * @param total n * batch: work-items beyond it do nothing
     * @param scale factor applied to every output
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
