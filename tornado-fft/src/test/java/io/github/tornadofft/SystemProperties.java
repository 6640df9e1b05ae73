package io.github.tornadofft;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * System properties a test sets (the planner's tuning properties are read when a plan is built),
 * put back as they were when it is closed.
 */
public final class SystemProperties implements AutoCloseable {

    private final Map<String, String> before = new LinkedHashMap<>();
    private boolean clearCache;

    private SystemProperties() {
    }

    /** Sets {@code name, value, name, value, ...}; close the result to restore them. */
    public static SystemProperties set(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("namesAndValues: pairs of name and value, got " + namesAndValues.length + " strings");
        }
        SystemProperties properties = new SystemProperties();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            String name = namesAndValues[i];
            if (!properties.before.containsKey(name)) {
                properties.before.put(name, System.getProperty(name));
            }
            System.setProperty(name, namesAndValues[i + 1]);
        }
        return properties;
    }

    /**
     * {@link #set} for properties a plan's engine reads but its cache key does not hold (a route's switch,
     * such as {@code tornado.fft.real.passesFused}): the engine cache is cleared now and again on close, so
     * no plan reuses an engine built under the other value.
     */
    public static SystemProperties setForNewEngines(String... namesAndValues) {
        FftPlan.clearCache();
        SystemProperties properties = set(namesAndValues);
        properties.clearCache = true;
        return properties;
    }

    /**
     * For a {@code @RegisterExtension} static field: sets {@code name, value, ...} before the test
     * class's first test and restores them after its last.
     */
    public static Extension duringClass(String... namesAndValues) {
        return new ClassScope(namesAndValues.clone());
    }

    private static final class ClassScope implements BeforeAllCallback, AfterAllCallback {
        private final String[] namesAndValues;
        private SystemProperties set;

        ClassScope(String[] namesAndValues) {
            this.namesAndValues = namesAndValues;
        }

        @Override
        public void beforeAll(ExtensionContext context) {
            set = SystemProperties.set(namesAndValues);
        }

        @Override
        public void afterAll(ExtensionContext context) {
            set.close();
        }
    }

    @Override
    public void close() {
        before.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
        if (clearCache) {
            FftPlan.clearCache();
        }
    }
}
