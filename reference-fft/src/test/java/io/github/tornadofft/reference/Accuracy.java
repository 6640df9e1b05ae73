package io.github.tornadofft.reference;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Error measures for comparing transforms. */
final class Accuracy {
    private Accuracy() {}

    /** The tolerance on relative L2 error for double-precision transforms. */
    static final double TOL = 1e-13;

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
