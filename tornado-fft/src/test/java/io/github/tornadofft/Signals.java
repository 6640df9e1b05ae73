package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;

import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Test data and the yardstick every device result is held to. The data is random, from {@link Seed}:
 * a test class that draws it registers {@code @ExtendWith(Seed.class)}.
 */
final class Signals {

    private Signals() {
    }

    /**
     * The bound on the relative L2 error of one float transform of n points (n: the points of one
     * transform, the product of its axes' lengths) against the double-precision reference: float's
     * unit roundoff 2^-24 times (1 + log2 n), as an FFT's error grows with its log2 n stages; 1.2e-7 at
     * n = 2, 7.7e-7 at 2^12, 1.5e-6 at 2^24. Measured on PoCL's CPU device: 2.8e-8 at n = 2, 1.4e-7 at
     * 2^12, 2.6e-7 at 2^24, the suite's relative L2 checks at 0.14 to 0.27 of their bounds (0.49 at
     * most over 400 seeds of a single 2-point transform); the bench's H100 runs (OpenCL and PTX):
     * 1.4e-7 at 2^12, 2.5e-7 at 2^26 and 2^27. An error 10 times those fails at every size. A check
     * through k transforms (a round trip, linearity) allows k times the bound.
     */
    static double tolerance(long n) {
        return 0x1p-24 * (1 + log2(n));
    }

    /** log2 n rounded up, 0 for n = 1. */
    static int log2(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("n: at least 1, got " + n);
        }
        return 64 - Long.numberOfLeadingZeros(n - 1);
    }

    /** The points of one transform of the shape: the product of its lengths. */
    static long points(int... shape) {
        long n = 1;
        for (int length : shape) {
            n *= length;
        }
        return n;
    }

    /** Fresh uniform random complex values in [-1, 1), never all zero. */
    static float[] random(long floats) {
        SplittableRandom random = Seed.random();
        float[] data = new float[(int) floats];
        for (int i = 0; i < data.length; i++) {
            data[i] = (float) (2 * random.nextDouble() - 1);
        }
        data[0] = 0.5f;
        return data;
    }

    /** An array of NaNs: what a kernel fails to write stays NaN and fails the comparison. */
    static float[] poisoned(long floats) {
        float[] data = new float[(int) floats];
        java.util.Arrays.fill(data, Float.NaN);
        return data;
    }

    /** Arrays the tests hand to TornadoVM themselves; see {@link #keep}. */
    private static final List<FloatArray> KEPT = new ArrayList<>();

    /**
     * Keeps an array a test hands to TornadoVM alive for the rest of the run: TornadoVM's PTX backend
     * may leave its host memory pinned, and a later array allocated over that range would fail to
     * copy (the plans recycle their own arrays for the same reason, see HostBuffers).
     */
    static synchronized FloatArray keep(FloatArray array) {
        KEPT.add(array);
        return array;
    }

    /** The values, widened to double. */
    static double[] widen(float[] values) {
        double[] wide = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            wide[i] = values[i];
        }
        return wide;
    }

    /** The reference result for a batch of 1D transforms of length n. */
    static double[] reference1d(float[] input, int n, int batch, Direction direction, Norm norm) {
        double[] data = widen(input);
        ReferenceFft.c2c1d(data, 0, n, 1, batch, n, direction, norm);
        return data;
    }

    /** The reference result for a batch of transforms of the given shape (all its axes). */
    static double[] reference(float[] input, int[] shape, int batch, Direction direction, Norm norm) {
        double[] data = widen(input);
        int[] full = new int[shape.length + 1];
        full[0] = batch;
        System.arraycopy(shape, 0, full, 1, shape.length);
        int[] axes = new int[shape.length];
        for (int a = 0; a < shape.length; a++) {
            axes[a] = a + 1;
        }
        ReferenceFft.c2c(data, full, axes, direction, norm);
        return data;
    }

    /** ||actual - expected|| / ||expected||, infinite if anything is NaN or the lengths differ. */
    static double relativeError(float[] actual, double[] expected) {
        return relativeError(widen(actual), expected);
    }

    /** {@link #relativeError(float[], double[])} of a double result. */
    static double relativeError(double[] actual, double[] expected) {
        if (actual.length != expected.length) {
            return Double.POSITIVE_INFINITY;
        }
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < expected.length; i++) {
            double d = actual[i] - expected[i];
            diff += d * d;
            norm += expected[i] * expected[i];
        }
        double error = Math.sqrt(diff / norm);
        return Double.isNaN(error) ? Double.POSITIVE_INFINITY : error;
    }

    static double relativeError(float[] actual, float[] expected) {
        return relativeError(actual, widen(expected));
    }

    /** Asserts the result of one transform of n points within {@link #tolerance}(n) of the expected values. */
    static void assertClose(float[] actual, double[] expected, long n, String what) {
        assertWithin(actual, expected, tolerance(n), what);
    }

    /** Asserts the relative L2 error of the result below the bound. */
    static void assertWithin(float[] actual, double[] expected, double bound, String what) {
        assertEquals(expected.length, actual.length, what + ": floats in the result");
        double error = relativeError(actual, expected);
        assertTrue(error < bound, () -> String.format("%s: relative L2 error %.3g >= %.3g, %s", what, error, bound,
                Seed.tag()));
    }

    /**
     * Plans the shape forward and inverse on the device under test, lets {@code checkPlan} look at
     * each plan before it runs, and asserts both transforms of fresh random data (outputs poisoned)
     * against the reference; batch 3 for small shapes, 1 for large ones.
     */
    static void assertBothDirectionsMatchTheReference(int[] shape, Consumer<FftPlan> checkPlan, String what) {
        long points = points(shape);
        int batch = points <= 4096 ? 3 : 1;
        for (Direction direction : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).build();
            float[] input = random(d.floats());
            float[] out = poisoned(d.floats());
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                checkPlan.accept(plan);
                plan.execute(input, out);
            }
            assertClose(out, reference(input, shape, batch, direction, Norm.BACKWARD), points,
                    what + ", " + direction + " " + Arrays.toString(shape) + " batch " + batch);
        }
    }
}
