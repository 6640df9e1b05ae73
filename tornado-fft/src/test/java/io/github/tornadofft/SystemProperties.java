package io.github.tornadofft;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * System properties a test sets (the planner's tuning properties are read when a plan is built),
 * put back as they were when it is closed.
 */
public final class SystemProperties implements AutoCloseable {

    private final Map<String, String> before = new LinkedHashMap<>();

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

    @Override
    public void close() {
        before.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
    }
}
