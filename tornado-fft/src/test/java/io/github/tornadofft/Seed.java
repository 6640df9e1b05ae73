package io.github.tornadofft;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.util.SplittableRandom;

/**
 * The random numbers of the tests, reproducible from the run's seed: the system property
 * {@value #PROPERTY} (a long), or a fresh seed when it is absent or empty. A test class that draws
 * random numbers registers it ({@code @ExtendWith(Seed.class)}); before each test the generator
 * restarts from the run's seed and the test's unique id, so a test draws the same values alone or in
 * the suite, and a failed test prints the seed to rerun it with. Outside a test of such a class there
 * is no generator: {@link #random()} refuses.
 */
public final class Seed implements BeforeEachCallback, AfterEachCallback, TestWatcher {

    public static final String PROPERTY = "tornado.fft.seed";

    /** The run's seed. */
    public static final long RUN = runSeed();

    /** The running test's generator. */
    private static SplittableRandom current;

    private static long runSeed() {
        String value = System.getProperty(PROPERTY, "").strip();
        if (value.isEmpty()) {
            long fresh = System.nanoTime();
            System.out.println("[tornado-fft tests] seed " + fresh + " (-D" + PROPERTY + "=" + fresh
                    + " draws the same inputs)");
            return fresh;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + ": a long, got '" + value + "'", e);
        }
    }

    /** The running test's generator. */
    public static synchronized SplittableRandom random() {
        if (current == null) {
            throw new IllegalStateException("no test's seed here: a test class that draws random numbers registers "
                    + "@ExtendWith(Seed.class)");
        }
        return current;
    }

    /** "seed=... (rerun with -Dtornado.fft.seed=...)", for assertion messages. */
    public static String tag() {
        return "seed=" + RUN + " (rerun with -D" + PROPERTY + "=" + RUN + ")";
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        synchronized (Seed.class) {
            current = new SplittableRandom(RUN ^ context.getUniqueId().hashCode() * 0x9E3779B97F4A7C15L);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        synchronized (Seed.class) {
            current = null;
        }
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        String test = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        if (!context.getDisplayName().startsWith(context.getRequiredTestMethod().getName())) {
            test += " " + context.getDisplayName();   // a parameterized test's case
        }
        System.err.println("[tornado-fft tests] " + test + " failed with " + tag());
    }
}
