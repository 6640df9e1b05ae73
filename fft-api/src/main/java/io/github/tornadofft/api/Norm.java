package io.github.tornadofft.api;

import java.util.Locale;

/**
 * How a transform is scaled, exactly as numpy's {@code norm=} argument.
 *
 * <table>
 *   <caption>factor applied to the unnormalized transform of total size n</caption>
 *   <tr><th>mode</th><th>forward</th><th>inverse</th></tr>
 *   <tr><td>{@link #BACKWARD} (numpy's default)</td><td>1</td><td>1/n</td></tr>
 *   <tr><td>{@link #ORTHO}</td><td>1/sqrt(n)</td><td>1/sqrt(n)</td></tr>
 *   <tr><td>{@link #FORWARD}</td><td>1/n</td><td>1</td></tr>
 * </table>
 */
public enum Norm {
    /** No scaling forward, 1/n inverse. */
    BACKWARD,
    /** 1/sqrt(n) both ways: the transform is unitary. */
    ORTHO,
    /** 1/n forward, no scaling inverse. */
    FORWARD;

    /**
     * The factor to multiply the unnormalized transform of total size {@code n} by.
     *
     * @param n the number of points transformed (the product of the transformed axes' lengths), at least 1
     * @param d the direction of the transform
     * @return 1, 1/n or 1/sqrt(n)
     * @throws IllegalArgumentException if {@code n < 1} or {@code d} is null
     */
    public double scale(long n, Direction d) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        if (d == null) {
            throw new IllegalArgumentException("d (direction) must not be null");
        }
        return switch (this) {
            case ORTHO -> 1.0 / Math.sqrt((double) n);
            case BACKWARD -> d == Direction.FORWARD ? 1.0 : 1.0 / n;
            case FORWARD -> d == Direction.FORWARD ? 1.0 / n : 1.0;
        };
    }

    /** numpy's name for this mode: "backward", "ortho" or "forward". */
    public String numpyName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads numpy's name for a mode.
     *
     * @param s "backward", "ortho" or "forward", in any case
     * @throws IllegalArgumentException naming 'norm' and the allowed values for anything else
     */
    public static Norm parse(String s) {
        if (s != null) {
            for (Norm n : values()) {
                if (n.numpyName().equalsIgnoreCase(s.trim())) {
                    return n;
                }
            }
        }
        throw new IllegalArgumentException(
                "norm must be one of \"backward\", \"ortho\", \"forward\" (any case), got "
                        + (s == null ? "null" : "\"" + s + "\""));
    }
}
