package io.github.tornadofft.kernels;

import io.github.tornadofft.Seed;
import io.github.tornadofft.reference.Twiddles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The per-pass twiddle table, read the way the kernels read it, against exact roots of unity. */
@ExtendWith(Seed.class)
class TwiddleTableTest {

    @Test
    void everyTwiddleAKernelFormsIsTheRootToAFewFloatRoundings() {
        SplittableRandom random = Seed.random();
        // Register radices (R, r2, r3) and span of passes the planner makes, steps of R / d included.
        int[][][] passes = {
            {{1}, {1}}, {{16}, {1}}, {{16, 16, 16}, {1}}, {{2}, {2}}, {{16, 16}, {256}}, {{16, 8}, {8192}},
            {{16, 16}, {65536}}, {{4, 4, 4}, {1 << 21}}, {{8, 4, 4}, {1}}, {{16, 16, 8}, {32}}, {{2, 2, 2}, {4}},
            {{16, 8, 4}, {1}}, {{16, 8, 4}, {256}}, {{16, 2}, {1}}, {{16, 4}, {64}}, {{8, 2}, {1}},
        };
        for (int[][] pass : passes) {
            int[] sub = pass[0];
            int span = pass[1][0];
            int r = sub[0] * (sub.length > 1 ? sub[1] : 1) * (sub.length > 2 ? sub[2] : 1);
            String name = "sub=" + java.util.Arrays.toString(sub) + " span=" + span;
            float[] table = narrow(TwiddleTable.forPass(sub, span));
            int kLen = 1 << TwiddleTable.kBits(span);
            int bLen = span / kLen;
            assertEquals(2 * (r + (span > 1 ? r * (kLen + bLen) : 0)), table.length, "size " + name);
            double worst = 0;
            for (int t = 0; t < 2000; t++) {
                if (sub.length > 1) {
                    // In-pass twiddle of step s (radix rs after steps of product P), input v of a butterfly
                    // with c = b mod P, formed as the kernel does: the product of W^{2^t c}, entry
                    // offset_s + t P + c, over the bits 2^t of v.
                    int step = 1 + random.nextInt(sub.length - 1);
                    int p = sub[0] * (step == 2 ? sub[1] : 1);
                    int offset = step == 2 ? Integer.numberOfTrailingZeros(sub[1]) * sub[0] : 0;
                    int radix = sub[step];
                    if (radix > 1) {
                        int v = 1 + random.nextInt(radix - 1);
                        int c = random.nextInt(p);
                        float[] w = {1f, 0f};
                        for (int bit = 0; 1 << bit < radix; bit++) {
                            int at = 2 * (offset + bit * p + c);
                            assertTrue(at + 1 < 2 * r - 2, name + ": in-pass entry at or beyond entry r - 1");
                            if ((v >> bit & 1) != 0) {
                                w = times(w, table[at], table[at + 1]);
                            }
                        }
                        worst = Math.max(worst, error(w[0], w[1], (long) v * c, (long) p * radix));
                    }
                }
                if (span == 1) {
                    continue;
                }
                // Twiddle on load of element m = q + j T of line k (T = r / R work-items per line), formed as
                // the kernel does: W^{q k} times W^{2^t T k} over the bits 2^t of j, each A[m K + k mod K]
                // times B[m span/K + k / K].
                int threads = r / sub[0];
                int q = random.nextInt(threads);
                int j = random.nextInt(sub[0]);
                int k = random.nextInt(span);
                float[] w = entry(table, r, q, k, kLen, bLen);
                for (int bit = 0; 1 << bit < sub[0]; bit++) {
                    if ((j >> bit & 1) != 0) {
                        float[] s = entry(table, r, (1 << bit) * threads, k, kLen, bLen);
                        w = times(w, s[0], s[1]);
                    }
                }
                worst = Math.max(worst, error(w[0], w[1], (long) (q + j * threads) * k, (long) r * span));
            }
            // One rounding per entry and per product, at most 1 + log2(16) products: a few float roundings.
            assertTrue(worst < 1e-6, name + ": worst twiddle error " + worst);
            // Entry r - 1, no step's twiddle, is the (1, 0) whose imaginary part is the late stores' zero.
            assertEquals(1f, table[2 * r - 2], "entry r - 1 " + name);
            assertEquals(0f, table[2 * r - 1], "entry r - 1 " + name);
        }
    }

    @Test
    void aPassWithARowOfXInTwoStepsCarriesW_XAfterItsOwnEntries() {
        // The first pass of a 64-point Y (8 x 8) with a fused X of 64 points: W_64^e from entry r = 64 on,
        // read as 2 r + 2 k1 c; a row of one step needs none.
        int[] sub = {8, 8};
        float[] table = narrow(TwiddleTable.forPass(sub, 1, 64));
        assertEquals(2 * (64 + 64), table.length);
        double worst = 0;
        for (int c = 0; c < 8; c++) {
            for (int k1 = 0; k1 < 8; k1++) {
                int at = 2 * 64 + 2 * k1 * c;
                worst = Math.max(worst, error(table[at], table[at + 1], (long) k1 * c, 64));
            }
        }
        assertTrue(worst < 3e-7, "worst W_64 error " + worst);
        assertEquals(2 * 64, TwiddleTable.forPass(sub, 1, 8).length);
        assertEquals(TwiddleTable.forPass(sub, 1).length, TwiddleTable.forPass(sub, 1, 1).length);
    }

    @Test
    void aRealTransformsOnePassCarriesW_NAfterItsOwnEntries() {
        // The one pass of a real transform of N = 2 r points: the pass's own table, then W_N^m, m < r, read
        // as 2 r + 2 m by the fused split and merge, then W_N^0 (its one line's W_N^i).
        for (int[] sub : new int[][] {{1}, {2, 2, 2}, {8, 8, 8}, {16, 16, 16}, {16, 8, 4}}) {
            float[] own = narrow(TwiddleTable.forPass(sub, 1));
            float[] table = narrow(TwiddleTable.forRealPass(sub));
            int r = own.length / 2;
            assertEquals(4 * r + 2, table.length, java.util.Arrays.toString(sub));
            assertEquals(1f, table[4 * r]);
            assertEquals(0f, table[4 * r + 1], 0f);
            for (int i = 0; i < 2 * r; i++) {
                assertEquals(own[i], table[i], "entry " + i / 2 + " of " + java.util.Arrays.toString(sub));
            }
            double worst = 0;
            for (int m = 0; m < r; m++) {
                worst = Math.max(worst, error(table[2 * r + 2 * m], table[2 * r + 2 * m + 1], m, 2L * r));
            }
            assertTrue(worst < 1e-7, "worst W_N error " + worst + " for " + java.util.Arrays.toString(sub));
        }
    }

    @Test
    void aRealTransformsEndPassOfSeveralCarriesW_NOfEveryBinAsTwoEntries() {
        // r2c's last pass (span = lines) or c2r's first (span 1) of N/2 = r lines points: after the pass's own
        // table, W_N^{m lines} (m < r) and W_N^i (i < lines), whose product in float is W_N^b of bin b = i + m lines,
        // read where the kernel reads them (realAt = 2 r + 2 r (K + span / K) floats for a span above 1).
        for (int[] sub : new int[][] {{16, 4}, {8, 8, 8}, {2}}) {
            int r = java.util.Arrays.stream(sub).reduce(1, (a, b) -> a * b);
            for (int lines : new int[] {2, 64, 1024}) {
                for (int span : new int[] {1, lines}) {
                    float[] table = narrow(TwiddleTable.forRealPass(sub, span, lines));
                    int kLen = 1 << TwiddleTable.kBits(span);
                    int realAt = 2 * r + (span > 1 ? 2 * r * (kLen + span / kLen) : 0);
                    assertEquals(narrow(TwiddleTable.forPass(sub, span)).length, realAt);
                    assertEquals(realAt + 2 * (r + lines), table.length);
                    long n = 2L * r * lines;
                    double worst = 0;
                    for (int m = 0; m < r; m++) {
                        for (int i = 0; i < lines; i += Math.max(1, lines / 16)) {
                            float wr = table[realAt + 2 * m];
                            float wi = table[realAt + 2 * m + 1];
                            float ur = table[realAt + 2 * r + 2 * i];
                            float ui = table[realAt + 2 * r + 2 * i + 1];
                            worst = Math.max(worst, error(wr * ur - wi * ui, wr * ui + wi * ur, i + (long) m * lines, n));
                        }
                    }
                    assertTrue(worst < 2.5e-7, "worst W_N error " + worst + " for " + java.util.Arrays.toString(sub)
                            + ", span " + span + ", lines " + lines);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> TwiddleTable.forRealPass(new int[] {4}, 3, 4));
    }

    /** A[m K + k mod K] * B[m span/K + k / K] in float, as the kernel reads the twiddle on load (B when span > K). */
    private static float[] entry(float[] table, int r, int m, int k, int kLen, int bLen) {
        int a = 2 * r + 2 * (m * kLen + (k & (kLen - 1)));
        float[] w = {table[a], table[a + 1]};
        if (bLen == 1) {
            return w;
        }
        int b = 2 * r + 2 * r * kLen + 2 * (m * bLen + k / kLen);
        return times(w, table[b], table[b + 1]);
    }

    /** The complex product w (re, im) in float, as the kernels compute it. */
    private static float[] times(float[] w, float re, float im) {
        return new float[] {w[0] * re - w[1] * im, w[0] * im + w[1] * re};
    }

    /** Distance from the exact forward root {@code W_order^e} (reference-fft's double-precision one). */
    private static double error(double re, double im, long e, long order) {
        return Math.hypot(re - Twiddles.cos2pi(e, order), im + Twiddles.sin2pi(e, order));
    }

    /** The table as a float plan holds it: each entry rounded once to float. */
    private static float[] narrow(double[] table) {
        float[] values = new float[table.length];
        for (int i = 0; i < table.length; i++) {
            values[i] = (float) table[i];
        }
        return values;
    }

    @Test
    void entriesAreExactToDoubleRounding() {
        // A double plan keeps the entries as built: each within an ulp or so of double of the exact root,
        // never a float-rounded value (whose error would be 1e-8).
        for (int[] sub : new int[][] {{16, 16, 16}, {8, 4, 4}}) {
            for (int span : new int[] {1, 256, 1 << 21}) {
                double[] table = TwiddleTable.forPass(sub, span);
                int r = sub[0] * sub[1] * sub[2];
                int kLen = 1 << TwiddleTable.kBits(span);
                double worst = 0;
                if (span > 1) {
                    for (int m = 0; m < r; m += 7) {
                        for (int k1 = 0; k1 < kLen; k1++) {
                            int a = 2 * r + 2 * (m * kLen + k1);
                            double angle = -2 * Math.PI * ((double) m * k1 / ((double) r * span));
                            worst = Math.max(worst, Math.hypot(table[a] - Math.cos(angle), table[a + 1] - Math.sin(angle)));
                        }
                    }
                }
                assertTrue(worst < 1e-15, "worst entry error " + worst + " sub " + java.util.Arrays.toString(sub) + " span " + span);
            }
        }
    }
}
