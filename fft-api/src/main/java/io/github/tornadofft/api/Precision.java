package io.github.tornadofft.api;

/**
 * Precision of a transform's values: FLOAT and DOUBLE are also the arithmetic's; HALF is storage only
 * (fp16 values in memory, float arithmetic on the device).
 */
public enum Precision {
    /** IEEE 754 binary32: numpy's float32 and complex64. */
    FLOAT(Float.BYTES),
    /** IEEE 754 binary64: numpy's float64 and complex128. */
    DOUBLE(Double.BYTES),
    /**
     * IEEE 754 binary16 storage: numpy's float16 (a complex value is two of them, interleaved, which
     * numpy has no dtype for). Half the bytes of FLOAT in memory; the device computes in float and
     * rounds each value to fp16 once as it stores it.
     */
    HALF(Short.BYTES);

    private final int bytes;

    Precision(int bytes) {
        this.bytes = bytes;
    }

    /** Bytes of one real value (half a complex one): 2, 4 or 8. */
    public int bytes() {
        return bytes;
    }

    /**
     * Parses "float", "double" or "half", case-insensitive.
     *
     * @throws IllegalArgumentException naming {@code precision} for anything else (null included)
     */
    public static Precision parse(String text) {
        for (Precision p : values()) {
            if (p.name().equalsIgnoreCase(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("precision: expected float, double or half, got '" + text + "'");
    }
}
