package io.github.tornadofft.kernels;

import io.github.tornadofft.reference.Twiddles;
import org.junit.jupiter.api.Test;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-pass twiddle table, read the way the kernels read it, against exact roots of unity. */
class TwiddleTableTest {

    @Test
    void everyTwiddleAKernelReadsIsTheRootToFloatRounding() {
        SplittableRandom random = new SplittableRandom();
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
            FloatArray table = TwiddleTable.forPass(sub, span);
            int kLen = 1 << TwiddleTable.kBits(span);
            int bLen = span / kLen;
            assertEquals(2 * (r + (span > 1 ? r * (kLen + bLen) : 0)), table.getSize(), "size " + name);
            double worst = 0;
            for (int t = 0; t < 2000; t++) {
                if (sub.length > 1) {
                    // In-pass twiddle of step s (radix rs after steps of product P), input v of a butterfly
                    // with c = b mod P, read as the kernel does: offset_s + (v - 1) P + c = W_{P rs}^{v c}.
                    int step = 1 + random.nextInt(sub.length - 1);
                    int p = sub[0] * (step == 2 ? sub[1] : 1);
                    int offset = step == 2 ? (sub[1] - 1) * sub[0] : 0;
                    int radix = sub[step];
                    if (radix > 1) {
                        int v = 1 + random.nextInt(radix - 1);
                        int c = random.nextInt(p);
                        int at = 2 * (offset + (v - 1) * p + c);
                        assertTrue(at + 1 < 2 * r, name + ": in-pass entry beyond the first r");
                        worst = Math.max(worst, error(table.get(at), table.get(at + 1), (long) v * c, (long) p * radix));
                    }
                }
                if (span == 1) {
                    continue;
                }
                // Twiddle on load: A[m K + k mod K] * B[m span/K + k / K] = W_{span r}^{m k}.
                int m = random.nextInt(r);
                int k = random.nextInt(span);
                int a = 2 * r + 2 * (m * kLen + (k & (kLen - 1)));
                int b = 2 * r + 2 * r * kLen + 2 * (m * bLen + k / kLen);
                double ar = table.get(a);
                double ai = table.get(a + 1);
                double br = table.get(b);
                double bi = table.get(b + 1);
                worst = Math.max(worst, error(ar * br - ai * bi, ar * bi + ai * br, (long) m * k, (long) r * span));
            }
            assertTrue(worst < 3e-7, name + ": worst twiddle error " + worst);
            // Entry r - 1, no step's twiddle, is the (1, 0) whose imaginary part is the late stores' zero.
            assertEquals(1f, table.get(2 * r - 2), "entry r - 1 " + name);
            assertEquals(0f, table.get(2 * r - 1), "entry r - 1 " + name);
        }
    }

    @Test
    void aPassWithARowOfXInTwoStepsCarriesW_XAfterItsOwnEntries() {
        // The first pass of a 64-point Y (8 x 8) with a fused X of 64 points: W_64^e from entry r = 64 on,
        // read as 2 r + 2 k1 c; a row of one step needs none.
        int[] sub = {8, 8};
        FloatArray table = TwiddleTable.forPass(sub, 1, 64);
        assertEquals(2 * (64 + 64), table.getSize());
        double worst = 0;
        for (int c = 0; c < 8; c++) {
            for (int k1 = 0; k1 < 8; k1++) {
                int at = 2 * 64 + 2 * k1 * c;
                worst = Math.max(worst, error(table.get(at), table.get(at + 1), (long) k1 * c, 64));
            }
        }
        assertTrue(worst < 3e-7, "worst W_64 error " + worst);
        assertEquals(2 * 64, TwiddleTable.forPass(sub, 1, 8).getSize());
        assertEquals(TwiddleTable.forPass(sub, 1).getSize(), TwiddleTable.forPass(sub, 1, 1).getSize());
    }

    /** Distance from the exact forward root {@code W_order^e} (reference-fft's double-precision one). */
    private static double error(double re, double im, long e, long order) {
        return Math.hypot(re - Twiddles.cos2pi(e, order), im + Twiddles.sin2pi(e, order));
    }
}
