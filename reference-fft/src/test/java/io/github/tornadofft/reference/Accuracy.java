package io.github.tornadofft.reference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Error measures for comparing transforms. */
final class Accuracy {
    private Accuracy() {}

    /**
     * The bound on the relative L2 error of one double-precision transform of n points (n the
     * product of the transformed lengths): 4 eps (1 + log2 n), eps = 2^-53 the unit roundoff. An FFT's
     * error grows with its log2 n stages; measured over 2000 seeds per size, one transform against
     * the double-double DFT stays within 0.84 eps (1 + log2 n) (n = 3 and 9; 0.2 to 0.4 from n = 64 up),
     * a forward and inverse pair within 2 eps (1 + log2 n) (n = 2), so checks of several transforms
     * multiply the bound by their count. 8.9e-16 at n = 2, 9.3e-15 at n = 10^6.
     */
    static double tolerance(long n) {
        return 0x1p-51 * (1 + log2(n));
    }

    /** log2 n rounded up, 0 for n = 1. */
    static int log2(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("n: at least 1, got " + n);
        }
        return 64 - Long.numberOfLeadingZeros(n - 1);
    }

    /**
     * The bound on the relative L2 error of the float entry points, which transform in double and
     * round each value to float once: float's machine epsilon, 2^-23 (measured 1.6e-8 to 2.5e-8).
     */
    static final double FLOAT_ROUNDING = 0x1p-23;

    /**
     * sum x_i^2, compensated (Neumaier): accurate to a few ulps, where a plain sum of n terms errs by
     * up to n eps and would swamp the transform's own error in a check of energies.
     */
    static double sumOfSquares(double[] x) {
        double sum = 0, lost = 0;
        for (double v : x) {
            double term = v * v, t = sum + term;
            lost += Math.abs(sum) >= term ? (sum - t) + term : (term - t) + sum;
            sum = t;
        }
        return sum + lost;
    }

    /** ||a - b||_2 / ||b||_2 (b is the reference). */
    static double relL2(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new AssertionError("lengths differ: " + a.length + " vs " + b.length);
        }
        double num = 0, den = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            num += d * d;
            den += b[i] * b[i];
        }
        return den == 0 ? Math.sqrt(num) : Math.sqrt(num / den);
    }

    /** The same for float results against a double reference. */
    static double relL2(float[] a, double[] b) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i];
        }
        return relL2(d, b);
    }

    /** Asserts relL2(actual, expected) &lt;= tol, saying what was compared and with which seed. */
    static void assertClose(double[] actual, double[] expected, double tol, String what) {
        double e = relL2(actual, expected);
        assertTrue(e <= tol, () -> what + ": relative L2 error " + e + " > " + tol);
    }

    static void assertClose(float[] actual, double[] expected, double tol, String what) {
        double e = relL2(actual, expected);
        assertTrue(e <= tol, () -> what + ": relative L2 error " + e + " > " + tol);
    }
}
