package io.github.tornadofft.reference;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.util.Random;

/**
 * Random inputs for a test, reproducible from the run's seed: the system property
 * {@value #PROPERTY} (a long), or a fresh seed when it is absent or empty. A test class registers
 * its own ({@code @RegisterExtension final Seeded rnd = new Seeded();}); before each test the
 * generator restarts from the run's seed and the test's unique id, so a test draws the same values
 * alone or in the suite, and a failed test prints the seed to rerun it with (as does {@link #tag()}
 * in assertion messages). tornado-fft's tests read the same property (its test class Seed).
 */
final class Seeded implements BeforeEachCallback, TestWatcher {
    static final String PROPERTY = "tornado.fft.seed";

    /** The run's seed. */
    static final long SEED = runSeed();

    private Random random = new Random(SEED);

    private static long runSeed() {
        String value = System.getProperty(PROPERTY, "").strip();
        if (value.isEmpty()) {
            long fresh = System.nanoTime();
            System.out.println("[reference-fft tests] seed " + fresh + " (-D" + PROPERTY + "=" + fresh
                    + " draws the same inputs)");
            return fresh;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + ": a long, got '" + value + "'", e);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        random = new Random(SEED ^ context.getUniqueId().hashCode() * 0x9E3779B97F4A7C15L);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        String test = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        if (!context.getDisplayName().startsWith(context.getRequiredTestMethod().getName())) {
            test += " " + context.getDisplayName();   // a parameterized test's case
        }
        System.err.println("[reference-fft tests] " + test + " failed with " + tag());
    }

    /** "seed=... (rerun with -Dtornado.fft.seed=...)" for assertion messages. */
    String tag() {
        return "seed=" + SEED + " (rerun with -D" + PROPERTY + "=" + SEED + ")";
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
