package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class TwiddlesTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();

    /** |value - truth| in units of the last place of the truth (0 only if both are exactly 0). */
    private static double ulps(double value, BigDecimal truth) {
        if (truth.signum() == 0) {
            return value == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return new BigDecimal(value).subtract(truth).abs().doubleValue() / Math.ulp(truth.doubleValue());
    }

    @Test
    void cos2piAndSin2piAreWithinTwoUlpOfFiftyDigitValues() {
        for (int t = 0; t < 3000; t++) {
            long n = 1 + rnd.nextInt(t % 2 == 0 ? 2000 : 1 << 30);
            long k = (long) (rnd.scalar() * 4 * n);
            BigDecimal[] truth = ExactTrig.cosSin(k, n);
            double ec = ulps(Twiddles.cos2pi(k, n), truth[0]);
            double es = ulps(Twiddles.sin2pi(k, n), truth[1]);
            String at = "k=" + k + ", n=" + n + ", " + rnd.tag();
            assertTrue(ec <= 2, () -> "cos2pi " + ec + " ulp off at " + at);
            assertTrue(es <= 2, () -> "sin2pi " + es + " ulp off at " + at);
        }
    }

    @Test
    void quarterTurnsAreExact() {
        for (long n : new long[] {4, 8, 12, 1000, 1L << 40}) {
            long q = n / 4;
            assertEquals(1.0, Twiddles.cos2pi(0, n));
            assertEquals(0.0, Twiddles.sin2pi(0, n));
            assertEquals(0.0, Twiddles.cos2pi(q, n));
            assertEquals(1.0, Twiddles.sin2pi(q, n));
            assertEquals(-1.0, Twiddles.cos2pi(2 * q, n));
            assertEquals(0.0, Twiddles.sin2pi(2 * q, n));
            assertEquals(0.0, Twiddles.cos2pi(3 * q, n));
            assertEquals(-1.0, Twiddles.sin2pi(3 * q, n));
        }
        assertEquals(Math.sqrt(0.5), Twiddles.cos2pi(1, 8));
        assertEquals(Math.sqrt(0.5), Twiddles.sin2pi(1, 8));
    }

    @Test
    void periodicEvenOddAndScaleInvariantExactly() {
        for (int t = 0; t < 2000; t++) {
            long n = 1 + rnd.nextInt(100_000);
            long k = rnd.nextInt((int) n);
            String at = "k=" + k + ", n=" + n + ", " + rnd.tag();
            assertEquals(Twiddles.cos2pi(k, n), Twiddles.cos2pi(k + 3 * n, n), at);
            assertEquals(Twiddles.sin2pi(k, n), Twiddles.sin2pi(k - 5 * n, n), at);
            assertEquals(Twiddles.cos2pi(k, n), Twiddles.cos2pi(-k, n), at);
            assertEquals(-Twiddles.sin2pi(k, n) + 0.0, Twiddles.sin2pi(-k, n) + 0.0, at);
            assertEquals(Twiddles.cos2pi(k, n), Twiddles.cos2pi(7 * k, 7 * n), at);
            assertEquals(Twiddles.sin2pi(k, n), Twiddles.sin2pi(2 * k, 2 * n), at);
        }
    }

    @Test
    void tableHoldsTheRootsOfUnityWithTheDirectionsSign() {
        int n = 1 + rnd.nextInt(300);
        double[] fwd = Twiddles.table(n, Direction.FORWARD);
        double[] inv = Twiddles.table(n, Direction.INVERSE);
        assertEquals(2 * n, fwd.length);
        for (int k = 0; k < n; k++) {
            assertEquals(Twiddles.cos2pi(k, n), fwd[2 * k], "n=" + n);
            assertEquals(-Twiddles.sin2pi(k, n), fwd[2 * k + 1], "n=" + n);
            assertEquals(Twiddles.cos2pi(k, n), inv[2 * k], "n=" + n);
            assertEquals(Twiddles.sin2pi(k, n), inv[2 * k + 1], "n=" + n);
        }
    }

    @Test
    void tableFIsTheTableRoundedToFloat() {
        for (Direction d : Direction.values()) {
            double[] t = Twiddles.table(360, d);
            float[] f = Twiddles.tableF(360, d);
            for (int i = 0; i < t.length; i++) {
                assertEquals((float) t[i], f[i]);
            }
        }
    }

    @Test
    void rejectsSizesBelowOneAndNullDirection() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Twiddles.cos2pi(1, 0))
                .getMessage().contains("n"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Twiddles.table(-3, Direction.FORWARD))
                .getMessage().contains("n"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Twiddles.tableF(4, null))
                .getMessage().contains("direction"));
    }
}
