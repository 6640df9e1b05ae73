package io.github.tornadofft.kernels;

import io.github.tornadofft.Seed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The split of float values into scaled fp16 parts, and the fp16 rounding model, on the JVM. */
@ExtendWith(Seed.class)
class HalfSplitTest {

    /** Vectors of 4 to 4096 values over magnitudes from 2^-140 to 2^127: every value within 2^-23 of the largest. */
    @Test
    void everyValueComesBackWithinFloatsRoundingOfTheLargest() {
        SplittableRandom random = Seed.random();
        for (int exponent = -140; exponent <= 127; exponent += 9) {
            for (int n : new int[] {4, 16, 4096}) {
                float[] x = new float[n + 2];
                float scale = Math.scalb(1f, exponent);
                for (int i = 0; i < x.length; i++) {
                    // values spread over six binades below the largest, some exactly zero
                    x[i] = i % 7 == 3 ? 0f : (float) ((random.nextDouble() * 2 - 1) * scale * Math.pow(2, -random.nextInt(6)));
                }
                float[] before = x.clone();
                HalfSplit.Parts parts = HalfSplit.split(x, 1, n);
                assertTrue(java.util.Arrays.equals(before, x), "the input is left as it was");
                double max = 0;
                for (int i = 0; i < n; i++) {
                    max = Math.max(max, Math.abs(x[1 + i]));
                }
                assertTrue(parts.hiScale() >= max && (parts.hiScale() < 2 * max || parts.hiScale() == Math.scalb(1f, 127)
                        || max < Float.MIN_NORMAL), parts.hiScale() + " for " + max);
                assertEquals(parts.hiScale(), Math.scalb(1f, Math.getExponent(parts.hiScale())), "a power of two");
                for (int i = 0; i < n; i++) {
                    double error = Math.abs((double) parts.value(i) - x[1 + i]);
                    assertTrue(error <= Math.scalb(max, -23) * (1 + 1e-6) + Float.MIN_VALUE,
                            "2^" + exponent + ", n=" + n + ", value " + i + ": " + x[1 + i] + " came back as " + parts.value(i)
                                    + ", " + Seed.tag());
                }
            }
        }
    }

    @Test
    void theLargestFloatsSplitToo() {
        float[] x = {Float.MAX_VALUE, -Float.MAX_VALUE / 3, 1f, Math.nextDown(Float.MAX_VALUE)};
        HalfSplit.Parts parts = HalfSplit.split(x, 0, x.length);
        assertEquals(Math.scalb(1f, 127), parts.hiScale());
        for (int i = 0; i < x.length; i++) {
            assertTrue(Math.abs((double) parts.value(i) - x[i]) <= Math.scalb((double) Float.MAX_VALUE, -23), "value " + i);
        }
    }

    @Test
    void zerosSplitToZerosWithUnitScales() {
        HalfSplit.Parts parts = HalfSplit.split(new float[] {0f, -0f, 0f}, 0, 3);
        assertEquals(1f, parts.hiScale());
        assertEquals(1f, parts.loScale());
        for (int i = 0; i < 3; i++) {
            assertEquals(0f, Math.abs(parts.value(i)));
        }
    }

    /** fp16 parts in the radix-4 DFT (entries ±1, ±i: exact in fp16), products summed in float: float-class results. */
    @Test
    void aRadix4DftOfSplitPartsHasFloatClassError() {
        SplittableRandom random = Seed.random();
        double worst = 0;
        for (int trial = 0; trial < 1000; trial++) {
            float[] re = new float[4];
            float[] im = new float[4];
            for (int i = 0; i < 4; i++) {
                re[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(9) - 4));
                im[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(9) - 4));
            }
            HalfSplit.Parts r = HalfSplit.split(re, 0, 4);
            HalfSplit.Parts m = HalfSplit.split(im, 0, 4);
            double errorSquared = 0;
            double normSquared = 0;
            for (int k = 0; k < 4; k++) {
                double er = 0;
                double ei = 0;
                float[] acc = new float[4];   // hi-re, hi-im, lo-re, lo-im sums, each in float as an MMA accumulates
                for (int t = 0; t < 4; t++) {
                    int q = (k * t) % 4;      // w^q, w = -i: 1, -i, -1, i
                    float wr = q == 0 ? 1 : q == 2 ? -1 : 0;
                    float wi = q == 1 ? -1 : q == 3 ? 1 : 0;
                    float hr = Float.float16ToFloat(r.hi()[t]);
                    float hm = Float.float16ToFloat(m.hi()[t]);
                    float lr = Float.float16ToFloat(r.lo()[t]);
                    float lm = Float.float16ToFloat(m.lo()[t]);
                    // the real and imaginary parts carry scales of their own: keep their products apart
                    acc[0] += wr * hr * r.hiScale() - wi * hm * m.hiScale();
                    acc[1] += wr * hm * m.hiScale() + wi * hr * r.hiScale();
                    acc[2] += wr * lr * r.loScale() - wi * lm * m.loScale();
                    acc[3] += wr * lm * m.loScale() + wi * lr * r.loScale();
                    er += wr * (double) re[t] - wi * (double) im[t];
                    ei += wr * (double) im[t] + wi * (double) re[t];
                }
                float yr = acc[0] + acc[2];
                float yi = acc[1] + acc[3];
                errorSquared += (yr - er) * (yr - er) + (yi - ei) * (yi - ei);
                normSquared += er * er + ei * ei;
            }
            if (normSquared > 0) {
                worst = Math.max(worst, Math.sqrt(errorSquared / normSquared));
            }
        }
        // float's unit roundoff is 2^-24 = 6.0e-8; a radix-4 step in float errs by a few of them
        assertTrue(worst < 4.8e-7, "worst relative L2 error " + worst + ", " + Seed.tag());
    }

    @Test
    void halfStorageRoundsToNearestAndOverflowsToInfinity() {
        assertEquals(HalfSplit.HALF_MAX, HalfSplit.toHalfAndBack(65504f));
        assertEquals(HalfSplit.HALF_MAX, HalfSplit.toHalfAndBack(65519f));
        assertEquals(Float.POSITIVE_INFINITY, HalfSplit.toHalfAndBack(65520f));
        assertEquals(Float.NEGATIVE_INFINITY, HalfSplit.toHalfAndBack(-1e6f));
        assertEquals(1f + 1f / 1024, HalfSplit.toHalfAndBack(1f + 1.5f / 2048), "ties to even");
        assertEquals(0f, HalfSplit.toHalfAndBack(Math.scalb(1f, -26)));
        assertTrue(Float.isNaN(HalfSplit.toHalfAndBack(Float.NaN)));
    }

    @Test
    void badInputIsRefusedByName() {
        float[] x = {1f, Float.POSITIVE_INFINITY, 2f};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HalfSplit.split(x, 0, 3));
        assertTrue(e.getMessage().startsWith("x: value 1 is Infinity"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HalfSplit.split(new float[] {Float.NaN}, 0, 1));
        assertTrue(e.getMessage().startsWith("x: value 0 is NaN"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HalfSplit.split(x, 2, 2));
        assertTrue(e.getMessage().startsWith("from, count: 2, 2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HalfSplit.split(null, 0, 0));
        assertTrue(e.getMessage().startsWith("x: null"), e.getMessage());
        assertEquals(0, HalfSplit.split(x, 3, 0).size());
    }
}
