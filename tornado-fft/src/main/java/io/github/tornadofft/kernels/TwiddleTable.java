package io.github.tornadofft.kernels;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Builds the twiddle table one Stockham pass reads (radix r, span p), as double-precision values
 * accurate to double rounding ({@code W_m^e = e^{-2 pi i e / m}}, from {@code Twiddles}' exact
 * argument reduction); a float plan rounds each entry once more to float, a double plan keeps them.
 *
 * <p>Three parts, interleaved complex:
 * <ol>
 *   <li>the twiddles between the butterfly steps inside the pass ({@link RegisterPass}: radices
 *       R, r2, r3): for step s of radix {@code rs} after steps whose radices multiply to P, one row
 *       per bit of the exponent, {@code T_s[t P + c] = W_{P rs}^{2^t c}}, 2^t &lt; rs, c &lt; P; T_2
 *       first, then T_3, in the first r entries. A work-item with {@code c = q mod P} reads entry c of
 *       each row and forms {@code W_{P rs}^{v c}} as the product of the rows of v's bits, so the reads
 *       of a warp are runs of adjacent entries, not a gather across a table of W_r;</li>
 *   <li>{@code A[m K + k1] = W_{pr}^{m k1}}, m &lt; r, k1 &lt; K, from entry r on;</li>
 *   <li>{@code B[m (p / K) + k2] = W_{pr}^{m k2 K}}, m &lt; r, k2 &lt; p / K;</li>
 * </ol>
 * with {@code K = 2^kBits(p)} about the square root of p. The twiddle of element m of a line with
 * {@code k = i mod p} is {@code A[m K + k mod K] * B[m (p/K) + k / K]}: adjacent lines read adjacent
 * entries of A and the same entry of B, so the reads of a warp are one run or one broadcast instead
 * of a gather across a table of size n. A and B hold {@code 2 r sqrt(p)} values, not {@code r p}. A
 * work-item's elements are m = q + j T (T work-items per line), and it reads the entries of m = q
 * and m = T, 2T, 4T, ... only: {@code W^{m k} = W^{q k}} times the product of those of j's bits.
 *
 * <p>Every entry is W rounded once to the plan's precision. A kernel multiplies a value by at most
 * 1 + log2(R) entries (or A-times-B products) instead of one, so its twiddle is within a few roundings
 * of the exact root however large the transform ({@code TwiddleTableTest} composes them as the kernels
 * do, in float and in double).
 */
public final class TwiddleTable {

    private TwiddleTable() {
    }

    /** log2 of K, the length of the low part of k, for a pass of span p (a power of two). */
    public static int kBits(int span) {
        return (Integer.numberOfTrailingZeros(span) + 1) / 2;
    }

    /**
     * The table of a pass of span p (a power of two) whose radix r is computed in register steps of
     * radices {@code sub} (R, r2, r3; their product is r).
     */
    public static double[] forPass(int[] sub, int span) {
        return forPass(sub, span, 1);
    }

    /**
     * The table of a pass as {@link #forPass(int[], int)}, for a first pass (span 1) into which an X axis of
     * {@code fused} points is fused: where that takes two steps (more points than the first register
     * radix), {@code W_fused^e}, e &lt; fused, follow from entry r on, for the twiddles between them.
     *
     * @throws IllegalArgumentException naming {@code span} where a fused axis of two steps meets a span
     *                                  other than 1
     */
    public static double[] forPass(int[] sub, int span, int fused) {
        int r = 1;
        for (int s : sub) {
            r *= s;
        }
        int k = 1 << kBits(span);
        int b = span / k;
        long order = (long) span * r;
        int fusedEntries = fusedEntries(sub, fused);
        if (fusedEntries > 0 && span != 1) {
            throw new IllegalArgumentException("span: 1 for a fused X axis of " + fused + " points, got " + span);
        }
        double[] table = new double[2 * (r + (span > 1 ? r * k + r * b : 0) + fusedEntries)];
        for (int e = 0, at = 2 * r; e < fusedEntries; e++) {
            at = put(table, at, e, fused);
        }
        int at = 0;
        int p = sub[0];
        for (int s = 1; s < sub.length; s++) {
            for (int v = 1; v < sub[s]; v *= 2) {
                for (int c = 0; c < p; c++) {
                    at = put(table, at, (long) v * c, (long) p * sub[s]);
                }
            }
            p *= sub[s];
        }
        // Entry r - 1 is no step's twiddle (they take fewer than r - R entries): (1, 0), the zero
        // RegisterPass.LATE_STORE reads.
        table[2 * r - 2] = 1;
        table[2 * r - 1] = 0;
        at = 2 * r;
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

    /**
     * The table of the single pass (span 1) that is the whole complex part, r points, of a real
     * transform of N = 2r points with its split or merge fused in ({@link RegisterPass#REAL}):
     * {@link #forRealPass(int[], int, int) forRealPass(sub, 1, 1)}: {@link #forPass(int[], int)}, then
     * {@code W_N^m}, m &lt; r, from entry r on (and W_N^0).
     */
    public static double[] forRealPass(int[] sub) {
        return forRealPass(sub, 1, 1);
    }

    /**
     * The table of the pass of radix r (register radices {@code sub}) and span {@code span} that ends the
     * complex part of a real transform of N = 2 r {@code lines} points, its split or merge inside
     * ({@link RegisterPass#REAL}: r2c's last pass, span = lines, or c2r's first, span 1):
     * {@link #forPass(int[], int)}, then {@code W_N^{m lines}} for m &lt; r and {@code W_N^i} for i &lt;
     * {@code lines}, so that bin b = i + m lines of line i takes W_N^b as the product of two entries.
     *
     * @throws IllegalArgumentException naming {@code span} or {@code lines} where they are not powers of two
     */
    public static double[] forRealPass(int[] sub, int span, int lines) {
        if (Integer.bitCount(span) != 1 || Integer.bitCount(lines) != 1) {
            throw new IllegalArgumentException("span, lines: powers of two, got " + span + ", " + lines);
        }
        int r = 1;
        for (int s : sub) {
            r *= s;
        }
        // W_N^{m lines} = W_{2r}^m, m < r; then W_N^i, i < lines.
        return withRealTwiddles(withRealTwiddles(forPass(sub, span), r, r), r * lines, lines);
    }

    /**
     * {@code table} followed by a real transform's twiddles {@code W_N^m}, m &lt; {@code count}, N = 2
     * {@code half}: what a kernel that runs the split or merge of N points after its own passes reads
     * (the register pass's {@link #forRealPass}, count N/2; the fused mixed-radix kernel's, count N/2 + 1).
     */
    public static double[] withRealTwiddles(double[] table, int half, int count) {
        double[] all = java.util.Arrays.copyOf(table, table.length + 2 * count);
        for (int m = 0, at = table.length; m < count; m++) {
            at = put(all, at, m, 2L * half);
        }
        return all;
    }

    /**
     * Entries of {@code W_fused} the table of a pass with register radices {@code sub} carries for a
     * fused X axis of {@code fused} points: all of them where its rows take two steps (more points than
     * the first register radix), else none ({@code fused} is 1 where there is no fused axis).
     */
    public static int fusedEntries(int[] sub, int fused) {
        return fused > sub[0] ? fused : 0;
    }

    /**
     * The two-level table of {@code W_order^m}, m &lt; order, as the products of two entries:
     * {@code W^r} for r &lt; 2^bits, then {@code W^{2^bits q}} for q up to order / 2^bits (the A and B
     * idea above for one whole transform, as the mixed-radix kernels' {@code TWIDDLE} reads it), each to
     * within double rounding.
     */
    public static double[] twoLevel(long order, int bits) {
        int low = 1 << bits;
        int high = (int) ((order + low - 1) / low);
        double[] table = new double[2 * (low + high)];
        int at = 0;
        for (int r = 0; r < low; r++) {
            at = put(table, at, r, order);
        }
        for (int q = 0; q < high; q++) {
            at = put(table, at, (long) q * low, order);
        }
        return table;
    }

    /**
     * The table {@link BlockFft#execute} reads for N = {@code n} points at E = {@code values} values a
     * work-item (N / E lines), to double rounding: first {@code W_E^j}, j &lt; E, interleaved (the DFT's inner
     * twiddles, the same for every work-item); then, for every span p = 1, 2, 4, ..., N / E that a pass may
     * have, the rows a pass at span p reads: {@code W_N^{2^b step}} for each bit b of log2 E and each line
     * t mod p &lt; p (step = (t mod p) N / (p E)), real parts row by row, then imaginary parts, so that
     * adjacent work-items read adjacent entries (one cache line a warp, where the plain table {@code W_N^k}
     * scattered them over up to 16). The rows of span p start at {@code 2 E + 2 log2(E) (p - 1)}.
     */
    public static double[] forBlock(int n, int values) {
        int logE = Integer.numberOfTrailingZeros(values);
        int lines = n / values;
        double[] table = new double[2 * values + 2 * logE * (2 * lines - 1)];
        for (int j = 0, at = 0; j < values; j++) {
            at = put(table, at, (long) j * lines, n);
        }
        for (int p = 1; p <= lines; p <<= 1) {
            int row = 2 * values + 2 * logE * (p - 1);
            for (int bit = 0; bit < logE; bit++) {
                for (int low = 0; low < p; low++) {
                    long k = ((long) low * (lines / p) << bit) % n;
                    table[row + bit * p + low] = Twiddles.cos2pi(k, n);
                    table[row + (bit + logE) * p + low] = -Twiddles.sin2pi(k, n);
                }
            }
        }
        return table;
    }

    private static int put(double[] table, int at, long e, long order) {
        table[at] = Twiddles.cos2pi(e, order);
        table[at + 1] = -Twiddles.sin2pi(e, order);
        return at + 2;
    }

    /**
     * Plain one-level table of {@code W_n^k}, {@code k < n}, in the given direction (for the direct DFT).
     *
     * @throws IllegalArgumentException if {@code n < 1} or {@code direction} is null
     */
    public static FloatArray full(int n, Direction direction) {
        float[] values = Twiddles.tableF(n, direction);
        return FloatArray.fromArray(values);
    }

    /**
     * The twiddles the split and merge kernels of a real transform of N points read ({@link RealTransform}), to double rounding: {@code W_N^k}, k below
     * {@link RealTransform#itemsPerRow(int) itemsPerRow(N)}, interleaved (entry 0, which item 0 does not need, is 1).
     *
     * @throws IllegalArgumentException naming {@code n} where it is not even and at least 2
     */
    public static double[] forRealSplit(int n) {
        if (n < 2 || n % 2 != 0) {
            throw new IllegalArgumentException("n: even, at least 2, got " + n);
        }
        int items = RealTransform.itemsPerRow(n);
        double[] table = new double[2 * items];
        for (int k = 0; k < items; k++) {
            table[2 * k] = Twiddles.cos2pi(k, n);
            // + 0: W_N^0 has the imaginary part +0, not -0.
            table[2 * k + 1] = -Twiddles.sin2pi(k, n) + 0.0;
        }
        return table;
    }
}
