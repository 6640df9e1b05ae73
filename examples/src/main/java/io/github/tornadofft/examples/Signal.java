package io.github.tornadofft.examples;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.SplittableRandom;

/**
 * The data of the tour: random input, the twiddle table, and the check against reference-fft.
 * Complex values are interleaved floats (re, im) in one {@link FloatArray}, as every kernel reads them.
 */
public final class Signal {

    private Signal() {
    }

    /** Random complex values in [-1, 1), {@code points} of them, drawn from {@code seed}. */
    public static FloatArray random(long points, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        FloatArray data = new FloatArray((int) (2 * points));
        for (int i = 0; i < data.getSize(); i++) {
            data.set(i, (float) (2 * random.nextDouble() - 1));
        }
        return data;
    }

    /**
     * {@code W_n^e = e^{-2 pi i e / n}} for e = 0..n-1, interleaved, from exact values: entry e of the
     * table every kernel of the tour reads its twiddles from (a W_r^e with r dividing n is entry e n/r).
     */
    public static FloatArray twiddles(int n) {
        FloatArray table = new FloatArray(2 * n);
        for (int e = 0; e < n; e++) {
            table.set(2 * e, (float) Twiddles.cos2pi(e, n));
            table.set(2 * e + 1, (float) -Twiddles.sin2pi(e, n));
        }
        return table;
    }

    /**
     * The relative L2 error of {@code actual} against reference-fft's forward transform of
     * {@code input} (in double precision) along {@code shape}, C order (the last axis contiguous),
     * for {@code batch} arrays of that shape one after the other.
     */
    public static double error(FloatArray input, FloatArray actual, int batch, int... shape) {
        double[] expected = new double[input.getSize()];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = input.get(i);
        }
        int[] full = new int[shape.length + 1];
        int[] axes = new int[shape.length];
        full[0] = batch;
        for (int a = 0; a < shape.length; a++) {
            full[a + 1] = shape[a];
            axes[a] = a + 1;
        }
        ReferenceFft.c2c(expected, full, axes, Direction.FORWARD, Norm.BACKWARD);
        return relativeError(actual, expected);
    }

    /** ||actual - expected|| / ||expected||; infinite where anything is NaN or the lengths differ. */
    public static double relativeError(FloatArray actual, double[] expected) {
        if (actual.getSize() != expected.length) {
            return Double.POSITIVE_INFINITY;
        }
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < expected.length; i++) {
            double d = actual.get(i) - expected[i];
            diff += d * d;
            norm += expected[i] * expected[i];
        }
        double error = Math.sqrt(diff / norm);
        return Double.isNaN(error) ? Double.POSITIVE_INFINITY : error;
    }
}
