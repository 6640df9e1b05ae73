package io.github.tornadofft.api;

/** Arithmetic precision of a transform. */
public enum Precision {
    FLOAT, DOUBLE;

    /**
     * Parses "float" or "double", case-insensitive.
     *
     * @throws IllegalArgumentException naming {@code precision} for anything else (null included)
     */
    public static Precision parse(String text) {
        for (Precision p : values()) {
            if (p.name().equalsIgnoreCase(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("precision: expected float or double, got '" + text + "'");
    }
}
