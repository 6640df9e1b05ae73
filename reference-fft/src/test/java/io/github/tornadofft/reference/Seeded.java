package io.github.tornadofft.reference;

import java.util.Random;

/**
 * Fresh random inputs for each test, from a seed taken from the clock. Failure messages carry
 * {@link #tag()} so that a failing input can be rebuilt with {@code new Seeded(seed)}.
 */
final class Seeded {
    final long seed;
    private final Random random;

    Seeded() {
        this(System.nanoTime());
    }

    Seeded(long seed) {
        this.seed = seed;
        this.random = new Random(seed);
    }

    /** "seed=..." for assertion messages. */
    String tag() {
        return "seed=" + seed;
    }

    /** n standard normal values, never all zero. */
    double[] real(int n) {
        double[] x = new double[n];
        boolean nonzero = false;
        for (int i = 0; i < n; i++) {
            x[i] = random.nextGaussian();
            nonzero |= x[i] != 0;
        }
        if (!nonzero) {
            x[0] = 1;
        }
        return x;
    }

    /** n complex values, interleaved (2n doubles). */
    double[] complex(int n) {
        return real(2 * n);
    }

    /** A uniform double in [-1, 1). */
    double scalar() {
        return 2 * random.nextDouble() - 1;
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    static float[] toFloat(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }

    static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
