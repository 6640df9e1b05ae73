package io.github.tornadofft.kernels;

import io.github.tornadofft.reference.Direction;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Builds the twiddle table one Stockham pass reads (radix r, span p), from exact double-precision
 * values, so every twiddle is accurate to float rounding ({@code W_m^e = e^{-2 pi i e / m}}).
 *
 * <p>Three parts, interleaved complex:
 * <ol>
 *   <li>{@code G[x] = W_r^x}, x &lt; r: the twiddles between the butterfly steps inside the pass,
 *       one load each ({@code W_{P R'}^y = G[y r / (P R')]});</li>
 *   <li>{@code A[m K + k1] = W_{pr}^{m k1}}, m &lt; r, k1 &lt; K;</li>
 *   <li>{@code B[m (p / K) + k2] = W_{pr}^{m k2 K}}, m &lt; r, k2 &lt; p / K;</li>
 * </ol>
 * with {@code K = 2^kBits(p)} about the square root of p. The twiddle of element m of a line with
 * {@code k = i mod p} is {@code A[m K + k mod K] * B[m (p/K) + k / K]}: adjacent lines read adjacent
 * entries of A and the same entry of B, so the reads of a warp are one run or one broadcast instead
 * of a gather across a table of size n. A and B hold {@code 2 r sqrt(p)} values, not {@code r p}.
 */
public final class TwiddleTable {

    private TwiddleTable() {
    }

    /** log2 of K, the length of the low part of k, for a pass of span p (a power of two). */
    public static int kBits(int span) {
        return (Integer.numberOfTrailingZeros(span) + 1) / 2;
    }

    /** The table of a pass of radix r and span p (powers of two). */
    public static FloatArray forPass(int r, int span) {
        int k = 1 << kBits(span);
        int b = span / k;
        long order = (long) span * r;
        FloatArray table = new FloatArray(2 * (r + (span > 1 ? r * k + r * b : 0)));
        int at = 0;
        for (int x = 0; x < r; x++) {
            at = put(table, at, x, r);
        }
        if (span > 1) {
            for (int m = 0; m < r; m++) {
                for (int k1 = 0; k1 < k; k1++) {
                    at = put(table, at, (long) m * k1, order);
                }
            }
            for (int m = 0; m < r; m++) {
                for (int k2 = 0; k2 < b; k2++) {
                    at = put(table, at, (long) m * k2 * k, order);
                }
            }
        }
        return table;
    }

    private static int put(FloatArray table, int at, long e, long order) {
        table.set(at, (float) Twiddles.cos2pi(e, order));
        table.set(at + 1, (float) -Twiddles.sin2pi(e, order));
        return at + 2;
    }

    /** Plain one-level table of W_n^k, k < n, in the given direction (for the direct DFT). */
    public static FloatArray full(int n, Direction direction) {
        float[] values = Twiddles.tableF(n, direction);
        return FloatArray.fromArray(values);
    }
}
