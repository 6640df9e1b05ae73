package io.github.tornadofft.bench;

import java.util.Arrays;

/**
 * The half spectrum of a real signal in numpy's {@code rfftn} layout: interleaved complex, C order, the
 * last axis of length L holding the bins 0 to L/2 (the rest are their conjugates). Its one rule: on
 * the planes where the last axis's bin is its own mirror (0, and L/2 for an even L), the values over the other axes
 * are Hermitian, X[-k] = conj(X[k]), for they are the spectrum of a real signal's sums.
 */
public final class HalfSpectrum {

    private HalfSpectrum() {
    }

    /** Complex values of the half spectrum of a real signal of {@code shape}: the last axis L becomes L/2 + 1. */
    public static long values(int[] shape) {
        long n = 1;
        for (int i = 0; i < shape.length - 1; i++) {
            n *= shape[i];
        }
        return n * (shape[shape.length - 1] / 2 + 1);
    }

    /**
     * Makes the half spectrum at {@code offset} in {@code x} that of a real signal of {@code shape}: on
     * the planes of the last axis's bins 0 and L/2, each value of index -k (over the other axes, modulo
     * their lengths) becomes the conjugate of the value of index k, for the lower of the two flat indices,
     * and a value that is its own mirror loses its imaginary part. Every engine's c2r then computes the
     * same real signal (cuFFT and VkFFT leave the result of any other input unspecified).
     *
     * @throws IllegalArgumentException naming {@code shape} where the last axis is below 1, or
     *                                  {@code x} where it is too short
     */
    public static void makeHermitian(float[] x, int offset, int[] shape) {
        forEachMirror(x.length, offset, shape, (at, to) -> {
            if (to < 0) {
                x[at + 1] = 0;
            } else {
                x[to] = x[at];
                x[to + 1] = -x[at + 1];
            }
        });
    }

    /** {@link #makeHermitian(float[], int, int[])} of a float64 half spectrum. */
    public static void makeHermitian(double[] x, int offset, int[] shape) {
        forEachMirror(x.length, offset, shape, (at, to) -> {
            if (to < 0) {
                x[at + 1] = 0;
            } else {
                x[to] = x[at];
                x[to + 1] = -x[at + 1];
            }
        });
    }

    /** What {@link #forEachMirror} calls: the value at {@code at} and its mirror at {@code to}, or -1 for itself. */
    private interface Mirror {
        void pair(int at, int to);
    }

    /**
     * The pairs that make a half spectrum of {@code length} values from {@code offset} Hermitian: the
     * position of each value on the planes of bins 0 and L/2 whose mirror is at a higher flat index, with
     * that mirror's; or with -1, a value that is its own mirror.
     */
    private static void forEachMirror(int length, int offset, int[] shape, Mirror mirror) {
        int rank = shape.length;
        int last = shape[rank - 1];
        if (last < 1) {
            throw new IllegalArgumentException("shape: the last axis must be at least 1, got " + Arrays.toString(shape));
        }
        if (offset < 0 || length - offset < 2 * values(shape)) {
            throw new IllegalArgumentException("x: " + 2 * values(shape) + " values from offset " + offset + " for "
                    + Arrays.toString(shape) + ", got " + length);
        }
        int h = last / 2 + 1;
        int[] lead = Arrays.copyOf(shape, rank - 1);
        long m = values(shape) / h;
        // Bin L/2 is its own mirror only for an even L.
        for (int bin : last % 2 == 0 ? new int[] {0, last / 2} : new int[] {0}) {
            for (long j = 0; j < m; j++) {
                long to = mirror(j, lead);
                int at = (int) (offset + 2 * (j * h + bin));
                if (to == j) {
                    mirror.pair(at, -1);
                } else if (to > j) {
                    mirror.pair(at, (int) (offset + 2 * (to * h + bin)));
                }
            }
        }
    }

    /** The flat C-order index of -k, each component modulo its axis, where {@code flat} is that of k. */
    static long mirror(long flat, int[] axes) {
        long result = 0;
        long scale = 1;
        for (int a = axes.length - 1; a >= 0; a--) {
            int n = axes[a];
            int k = (int) (flat % n);
            flat /= n;
            result += scale * ((n - k) % n);
            scale *= n;
        }
        return result;
    }
}
