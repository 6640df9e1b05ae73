package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Reads twiddle factors {@code W_n^e = e^{-2 pi i e / n}} inside a kernel.
 *
 * <p>The table (built on the host by {@link TwiddleTable}, from exact double-precision values) has
 * two levels so that it stays small and cache-resident at every size: {@code lo[e mod L]} followed
 * by {@code hi[e / L]}, with {@code W^e = lo * hi}. When {@code n <= L} the high level is the single
 * value 1 and is skipped at compile time.
 */
public final class TwiddleAccess {

    private TwiddleAccess() {
    }

    /**
     * Multiplies register slot {@code j} by {@code W_n^e}.
     *
     * @param loBits log2 of the low-level table length L
     * @param split  whether the table has a high level ({@code n > L}); a compile-time constant
     */
    public static void rotate(float[] re, float[] im, int j, FloatArray tw, int e, int loBits, boolean split) {
        int lo = e & ((1 << loBits) - 1);
        float wr = tw.get(2 * lo);
        float wi = tw.get(2 * lo + 1);
        if (split) {
            int hi = (1 << loBits) + (e >> loBits);
            float hr = tw.get(2 * hi);
            float hi2 = tw.get(2 * hi + 1);
            float t = wr * hr - wi * hi2;
            wi = wr * hi2 + wi * hr;
            wr = t;
        }
        float a = re[j];
        float b = im[j];
        re[j] = a * wr - b * wi;
        im[j] = a * wi + b * wr;
    }
}
