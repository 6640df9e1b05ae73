package io.github.tornadofft.api;

/** Arithmetic precision of a transform. */
public enum Precision {
    /** IEEE 754 binary32: numpy's float32 and complex64. */
    FLOAT(Float.BYTES),
    /** IEEE 754 binary64: numpy's float64 and complex128. */
    DOUBLE(Double.BYTES);

    private final int bytes;

    Precision(int bytes) {
        this.bytes = bytes;
    }

    /** Bytes of one real value (half a complex one): 4 or 8. */
    public int bytes() {
        return bytes;
    }

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
