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
        int[][] passes = {{1, 1}, {16, 1}, {4096, 1}, {2, 2}, {256, 256}, {128, 8192}, {256, 65536}, {64, 1 << 21}};
        for (int[] pass : passes) {
            int r = pass[0];
            int span = pass[1];
            FloatArray table = TwiddleTable.forPass(r, span);
            int kLen = 1 << TwiddleTable.kBits(span);
            int bLen = span / kLen;
            assertEquals(2 * (r + (span > 1 ? r * (kLen + bLen) : 0)), table.getSize(), "size r=" + r + " span=" + span);
            double worst = 0;
            for (int t = 0; t < 2000; t++) {
                // In-pass twiddle G[x] = W_r^x.
                int x = random.nextInt(r);
                worst = Math.max(worst, error(table.get(2 * x), table.get(2 * x + 1), x, r));
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
            assertTrue(worst < 3e-7, "r=" + r + " span=" + span + ": worst twiddle error " + worst);
        }
    }

    /** Distance from the exact forward root {@code W_order^e} (reference-fft's double-precision one). */
    private static double error(double re, double im, long e, long order) {
        return Math.hypot(re - Twiddles.cos2pi(e, order), im + Twiddles.sin2pi(e, order));
    }
}
