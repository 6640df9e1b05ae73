package io.github.tornadofft.kernels;

import io.github.tornadofft.reference.Direction;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Builds the twiddle table the kernels read: {@code W_n^e = e^{-2 pi i e / n}} for a transform of
 * size n, from exact double-precision values, so every twiddle is accurate to float rounding.
 *
 * <p>For {@code n <= 2^GROUP_BITS} it is the full table of {@code W_n}. Above that it has two levels
 * so that it stays small and cache-resident: {@code lo[e mod L]} followed by {@code hi[e / L]}, with
 * {@code W_n^e = lo * hi}. The high level {@code hi[h] = W_n^(h L) = W_(n/L)^h} is itself a full table
 * of a root of unity of order {@code n / L >= 2^GROUP_BITS}, so a kernel reads every twiddle inside
 * one pass (of radix at most {@code 2^GROUP_BITS}) from it with a single lookup.
 */
public final class TwiddleTable {

    private TwiddleTable() {
    }

    /** log2 of the largest pass radix (three register butterflies of MAX_REGS), served with single lookups. */
    public static final int GROUP_BITS = 3 * Integer.numberOfTrailingZeros(RegisterPass.MAX_REGS);

    /** log2 of the low-level length L for a transform of size n (n a power of two). */
    public static int loBits(int n) {
        int bits = Integer.numberOfTrailingZeros(n);
        return bits <= GROUP_BITS ? bits : Math.min((bits + 1) / 2, bits - GROUP_BITS);
    }

    /** Whether the table for size n has a high level. */
    public static boolean isSplit(int n) {
        return loBits(n) < Integer.numberOfTrailingZeros(n);
    }

    /** Forward twiddles for size n: lo[k] = W_n^k for k < L, then hi[h] = W_n^(h L) for h < n / L. */
    public static FloatArray forSize(int n) {
        int bits = Integer.numberOfTrailingZeros(n);
        int lo = 1 << loBits(n);
        int hi = isSplit(n) ? 1 << (bits - loBits(n)) : 0;
        FloatArray table = new FloatArray(2 * (lo + hi));
        for (int k = 0; k < lo; k++) {
            table.set(2 * k, (float) Twiddles.cos2pi(k, n));
            table.set(2 * k + 1, (float) -Twiddles.sin2pi(k, n));
        }
        for (int h = 0; h < hi; h++) {
            table.set(2 * (lo + h), (float) Twiddles.cos2pi((long) h * lo, n));
            table.set(2 * (lo + h) + 1, (float) -Twiddles.sin2pi((long) h * lo, n));
        }
        return table;
    }

    /** Plain one-level table of W_n^k, k < n, in the given direction (for the direct DFT). */
    public static FloatArray full(int n, Direction direction) {
        float[] values = Twiddles.tableF(n, direction);
        return FloatArray.fromArray(values);
    }
}
