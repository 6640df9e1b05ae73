package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

/**
 * Exact twiddle factors: {@code cos(2 pi k/n)} and {@code sin(2 pi k/n)} to within double rounding for
 * any {@code k} and {@code n}.
 *
 * <p>Computing {@code Math.cos(2 * Math.PI * k / n)} directly loses accuracy as the angle grows, and
 * gets the exact zeros and ones wrong (cos(pi/2) is 6e-17, not 0). Here the fraction {@code k/n} is
 * first reduced, in exact integer arithmetic, into one octant: angle = o * 45 degrees + phi with
 * 0 &lt;= phi &lt; 45 degrees. Odd octants are measured back from the next multiple of 45 degrees, so
 * the library sine and cosine are only ever called on [0, pi/4], where both are accurate to an ulp,
 * and the symmetries of the circle (which are exact: swaps and sign flips) give the rest. The small
 * angle itself is formed with 2 pi and k/n carried to double-double precision.
 *
 * <p>Results are within 2 ulp of the true value (about 1.5 at worst in tests against 50-digit values),
 * exact at multiples of a quarter turn (cos2pi(1, 4) is 0.0), exactly periodic and symmetric
 * (cos2pi(-k, n) == cos2pi(k, n)), the same for equal fractions (k/n and 2k/2n), and, through
 * {@link StrictMath}, the same bits on every JVM.
 */
public final class Twiddles {
    private Twiddles() {}

    /** 2 pi = TWO_PI_HI + TWO_PI_LO to about 106 bits. */
    private static final double TWO_PI_HI = 2 * Math.PI;
    private static final double TWO_PI_LO = 2.4492935982947064e-16;

    /** The largest n accepted: 8n must not overflow a long. */
    private static final long MAX_N = Long.MAX_VALUE / 8;

    /**
     * cos(2 pi k / n), accurate to double rounding.
     *
     * @param k any value; only k mod n matters
     * @param n the number of steps in a full turn, 1 to Long.MAX_VALUE/8
     * @throws IllegalArgumentException if n is out of range
     */
    public static double cos2pi(long k, long n) {
        return octant(k, n, false);
    }

    /**
     * sin(2 pi k / n), accurate to double rounding.
     *
     * @param k any value; only k mod n matters
     * @param n the number of steps in a full turn, 1 to Long.MAX_VALUE/8
     * @throws IllegalArgumentException if n is out of range
     */
    public static double sin2pi(long k, long n) {
        return octant(k, n, true);
    }

    /**
     * The n roots of unity {@code e^{sign 2 pi i k/n}}, k = 0..n-1, interleaved: element 2k is the real
     * part, 2k+1 the imaginary part. {@code sign} is {@code d.sign()}.
     *
     * @throws IllegalArgumentException if n &lt; 1 or d is null
     */
    public static double[] table(int n, Direction d) {
        checkTable(n, d);
        double[] t = new double[2 * n];
        int sign = d.sign();
        for (int k = 0; k < n; k++) {
            t[2 * k] = cos2pi(k, n);
            t[2 * k + 1] = sign * sin2pi(k, n);
        }
        return t;
    }

    /**
     * {@link #table(int, Direction)} rounded to float (for device kernels).
     *
     * @throws IllegalArgumentException if n &lt; 1 or d is null
     */
    public static float[] tableF(int n, Direction d) {
        double[] t = table(n, d);
        float[] f = new float[t.length];
        for (int i = 0; i < t.length; i++) {
            f[i] = (float) t[i];
        }
        return f;
    }

    private static void checkTable(int n, Direction d) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        if (d == null) {
            throw new IllegalArgumentException("d (direction) must not be null");
        }
    }

    /**
     * cos or sin of 2 pi k/n. With x = 8k mod 8n, the octant is o = x / n and the remainder r = x mod n,
     * so the angle is o * pi/4 + phi with phi = 2 pi r/(8n), and pi/4 - phi = 2 pi (n - r)/(8n) = psi.
     */
    private static double octant(long k, long n, boolean wantSin) {
        if (n < 1 || n > MAX_N) {
            throw new IllegalArgumentException("n must be in [1, " + MAX_N + "], got " + n);
        }
        long x = 8 * Math.floorMod(k, n); // in [0, 8n)
        int o = (int) (x / n);
        long r = x - o * n;
        boolean even = (o & 1) == 0;
        // The small angle: phi in even octants, psi in odd ones; always in [0, pi/4].
        long num = even ? r : n - r; // the small angle is 2 pi num/(8n)
        double c;
        double s;
        if (num == n) { // exactly pi/4: cos and sin are the same correctly rounded number
            c = Math.sqrt(0.5);
            s = c;
        } else {
            // a = 2 pi num/(8n), with both the quotient and 2 pi carried to about 106 bits, so that a
            // itself is correctly rounded in practice
            double d = 8.0 * n;
            double f = num / d;
            double fLo = Math.fma(-f, d, num) / d;
            double a = Math.fma(TWO_PI_HI, f, TWO_PI_HI * fLo + TWO_PI_LO * f);
            c = StrictMath.cos(a);
            s = StrictMath.sin(a);
        }
        // (cos, sin) of the full angle, octant by octant:
        // 0: ( c, s)  1: ( s, c)  2: (-s, c)  3: (-c, s)  4: (-c,-s)  5: (-s,-c)  6: ( s,-c)  7: ( c,-s)
        double cos;
        double sin;
        switch (o) {
            case 0 -> { cos = c; sin = s; }
            case 1 -> { cos = s; sin = c; }
            case 2 -> { cos = -s; sin = c; }
            case 3 -> { cos = -c; sin = s; }
            case 4 -> { cos = -c; sin = -s; }
            case 5 -> { cos = -s; sin = -c; }
            case 6 -> { cos = s; sin = -c; }
            default -> { cos = c; sin = -s; }
        }
        // Exact zeros stay +0.0 so that tables compare cleanly.
        return (wantSin ? sin : cos) + 0.0;
    }
}
