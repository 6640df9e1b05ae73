package io.github.tornadofft.reference;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * cos(2 pi k/n) and sin(2 pi k/n) to 50 digits by Taylor series in BigDecimal: an oracle that shares
 * nothing with {@link Twiddles}.
 */
final class ExactTrig {
    private ExactTrig() {}

    private static final MathContext MC = new MathContext(60);
    private static final BigDecimal PI = new BigDecimal(
            "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899863");
    private static final BigDecimal EPS = new BigDecimal("1e-58");

    /** {cos, sin} of 2 pi k/n, each as the BigDecimal value. */
    static BigDecimal[] cosSin(long k, long n) {
        long r = Math.floorMod(k, n);
        if ((4 * r) % n == 0) { // a multiple of a quarter turn: exact, where the series would leave 1e-60
            int q = (int) (4 * r / n);
            BigDecimal[] axis = {BigDecimal.ONE, BigDecimal.ZERO, BigDecimal.ONE.negate(), BigDecimal.ZERO};
            return new BigDecimal[] {axis[q], axis[(q + 3) % 4]};
        }
        if (2 * r > n) {
            r -= n; // angle in [-pi, pi] keeps the series short
        }
        BigDecimal x = PI.multiply(BigDecimal.valueOf(2 * r), MC).divide(BigDecimal.valueOf(n), MC);
        BigDecimal x2 = x.multiply(x, MC);
        BigDecimal cos = BigDecimal.ZERO, sin = BigDecimal.ZERO;
        BigDecimal term = BigDecimal.ONE; // x^m / m!
        for (int m = 0; term.abs().compareTo(EPS) > 0 || m < 4; m += 2) {
            // term = (-1)^(m/2) x^m / m!
            cos = cos.add(term, MC);
            BigDecimal odd = term.multiply(x, MC).divide(BigDecimal.valueOf(m + 1), MC);
            sin = sin.add(odd, MC);
            term = odd.multiply(x, MC).divide(BigDecimal.valueOf(m + 2), MC).negate();
        }
        return new BigDecimal[] {cos, sin};
    }

    /** {hi, lo} with hi + lo the value to about 106 bits. */
    static double[] doubleDouble(BigDecimal v) {
        double hi = v.doubleValue();
        double lo = v.subtract(new BigDecimal(hi), MC).doubleValue();
        return new double[] {hi, lo};
    }
}
