package io.github.tornadofft.cli;

import java.util.StringJoiner;

/** Small helpers for C-order array shapes. */
final class Shapes {

    private Shapes() {
    }

    /**
     * Number of elements in an array of this shape (non-negative lengths), or {@link Long#MAX_VALUE}
     * where that does not fit a long (a header may claim any shape).
     */
    static long elements(int[] shape) {
        long n = 1;
        for (int s : shape) {
            if (s != 0 && n > Long.MAX_VALUE / s) {
                return Long.MAX_VALUE;
            }
            n *= s;
        }
        return n;
    }

    /** The shape as NumPy prints it: {@code (5,)}, {@code (2, 3)}, {@code ()}. */
    static String format(int[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringJoiner j = new StringJoiner(", ", "(", ")");
        for (int s : shape) {
            j.add(Integer.toString(s));
        }
        return j.toString();
    }
}
