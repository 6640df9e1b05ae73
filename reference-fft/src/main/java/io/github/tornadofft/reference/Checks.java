package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

/** Argument checks shared by the plans and {@link ReferenceFft}; every message names the parameter. */
final class Checks {
    private Checks() {}

    static IllegalArgumentException bad(String param, String allowed, Object got) {
        return new IllegalArgumentException(param + " must be " + allowed + ", got " + got);
    }

    static void notNull(Object o, String param) {
        if (o == null) {
            throw new IllegalArgumentException(param + " must not be null");
        }
    }

    /** The arguments of {@link Fft1d#transform(double[], int, int, Direction, double[])}. */
    static void line(double[] data, int offset, int stride, int n, Direction dir,
                     double[] scratch, int scratchLength) {
        notNull(data, "data");
        notNull(dir, "dir");
        notNull(scratch, "scratch");
        if (offset < 0) {
            throw bad("offset", "at least 0", offset);
        }
        if (stride < 1) {
            throw bad("stride", "at least 1", stride);
        }
        long last = offset + 2L * (n - 1) * stride + 1;
        if (last >= data.length) {
            throw new IllegalArgumentException("data is too short: " + n + " points from offset " + offset
                    + " with stride " + stride + " need index " + last + ", but data.length is " + data.length);
        }
        if (scratch.length < scratchLength) {
            throw bad("scratch.length", "at least " + scratchLength, scratch.length);
        }
    }
}
