package io.github.tornadofft.bench.engines;

import java.util.Arrays;

/**
 * JTransforms' packed layout of a real transform ({@code realForward}'s output, {@code realInverse}'s
 * input) and numpy's {@code rfftn} half spectrum, one into the other. JTransforms keeps a real signal of
 * N floats in those N floats: each row along the last axis (length L) holds its bins 1 to L/2 - 1 as
 * (re, im) pairs at 2k, 2k + 1, and in its first two floats what it needs of bins 0 and L/2, the rest of
 * those being conjugates of another row's:
 *
 * <ul>
 *   <li>a row that is its own mirror (index -k = k over the other axes, modulo their lengths): bin 0's
 *       real part, then bin L/2's (both real there);
 *   <li>a lower row (the first half of its mirror pair): bin 0 as (re, im);
 *   <li>an upper row: bin L/2 as (im, re).
 * </ul>
 *
 * A row's missing bin is the conjugate of the same bin of its mirror row. Rows are ordered (slice, row)
 * in C order; a 1D signal is one row, a 2D one has one slice. "Lower" compares the row index first and,
 * where that is its own mirror (0 or half the rows), the slice index (FloatFFT_2D's and FloatFFT_3D's
 * realForward Javadoc).
 */
final class JTransformsPacking {

    private enum Side { SELF, LOWER, UPPER }

    private final int slices;
    private final int rows;
    private final int columns;
    private final int bins;

    /**
     * The packing of a real signal of {@code shape} (one to three axes, the last even and at least 2).
     *
     * @throws IllegalArgumentException naming {@code shape} where it is not such a shape
     */
    JTransformsPacking(int[] shape) {
        if (shape == null || shape.length < 1 || shape.length > 3 || shape[shape.length - 1] < 2
                || shape[shape.length - 1] % 2 != 0) {
            throw new IllegalArgumentException("shape: one to three axes, the last even and at least 2, got "
                    + Arrays.toString(shape));
        }
        int rank = shape.length;
        this.columns = shape[rank - 1];
        this.rows = rank >= 2 ? shape[rank - 2] : 1;
        this.slices = rank == 3 ? shape[0] : 1;
        this.bins = columns / 2 + 1;
    }

    /** Floats of one packed transform: the real signal's N. */
    int packedLength() {
        return slices * rows * columns;
    }

    /** Floats of one half spectrum: 2 (L/2 + 1) per row. */
    int spectrumLength() {
        return slices * rows * 2 * bins;
    }

    private Side side(int k1, int k2) {
        if (k2 != 0 && 2 * k2 != rows) {
            return 2 * k2 < rows ? Side.LOWER : Side.UPPER;
        }
        if (k1 != 0 && 2 * k1 != slices) {
            return 2 * k1 < slices ? Side.LOWER : Side.UPPER;
        }
        return Side.SELF;
    }

    /** The flat index of row (k1, k2)'s mirror, (-k1, -k2) modulo the lengths. */
    private int mirror(int k1, int k2) {
        return ((slices - k1) % slices) * rows + (rows - k2) % rows;
    }

    /** Writes the half spectrum of the packed transform at {@code from} in {@code packed} to {@code to} in {@code spectrum}. */
    void unpack(float[] packed, int from, float[] spectrum, int to) {
        for (int k1 = 0; k1 < slices; k1++) {
            for (int k2 = 0; k2 < rows; k2++) {
                int row = k1 * rows + k2;
                int a = from + row * columns;
                int x = to + row * 2 * bins;
                System.arraycopy(packed, a + 2, spectrum, x + 2, columns - 2);
                int m = from + mirror(k1, k2) * columns;
                int nyquist = x + 2 * (bins - 1);
                switch (side(k1, k2)) {
                    case SELF -> {
                        set(spectrum, x, packed[a], 0);
                        set(spectrum, nyquist, packed[a + 1], 0);
                    }
                    case LOWER -> {
                        set(spectrum, x, packed[a], packed[a + 1]);
                        set(spectrum, nyquist, packed[m + 1], -packed[m]); // conj of the mirror's (im, re)
                    }
                    case UPPER -> {
                        set(spectrum, nyquist, packed[a + 1], packed[a]);
                        set(spectrum, x, packed[m], -packed[m + 1]); // conj of the mirror's bin 0
                    }
                }
            }
        }
    }

    /**
     * Writes the packed form of the half spectrum at {@code from} in {@code spectrum} to {@code to} in
     * {@code packed}; the spectrum must be a real signal's (Hermitian where it must be), for the packed
     * form keeps only one of each conjugate pair.
     */
    void pack(float[] spectrum, int from, float[] packed, int to) {
        for (int k1 = 0; k1 < slices; k1++) {
            for (int k2 = 0; k2 < rows; k2++) {
                int row = k1 * rows + k2;
                int a = to + row * columns;
                int x = from + row * 2 * bins;
                System.arraycopy(spectrum, x + 2, packed, a + 2, columns - 2);
                int nyquist = x + 2 * (bins - 1);
                switch (side(k1, k2)) {
                    case SELF -> {
                        packed[a] = spectrum[x];
                        packed[a + 1] = spectrum[nyquist];
                    }
                    case LOWER -> {
                        packed[a] = spectrum[x];
                        packed[a + 1] = spectrum[x + 1];
                    }
                    case UPPER -> {
                        packed[a] = spectrum[nyquist + 1];
                        packed[a + 1] = spectrum[nyquist];
                    }
                }
            }
        }
    }

    private static void set(float[] x, int at, float re, float im) {
        x[at] = re;
        x[at + 1] = im;
    }
}
