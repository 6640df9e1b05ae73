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

/** Test data and the yardstick every device result is held to. */
final class Signals {

    /** fp32 results must land this close to the double-precision reference, relative L2. */
    static final double FLOAT_TOLERANCE = 1e-5;

    /** Seeds differ every run; a failure message prints the seed to reproduce it. */
    static final long SEED = System.nanoTime();
    private static final SplittableRandom ROOT = new SplittableRandom(SEED);

    private Signals() {
    }

    /** Fresh uniform random complex values in [-1, 1), never all zero. */
    static float[] random(long floats) {
        SplittableRandom random = ROOT.split();
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

    static void assertClose(float[] actual, double[] expected, String what) {
        assertEquals(expected.length, actual.length, what + ": floats in the result");
        double error = relativeError(actual, expected);
        assertTrue(error < FLOAT_TOLERANCE, () -> String.format("%s: relative L2 error %.3g >= %.0e (seed %d)", what,
                error, FLOAT_TOLERANCE, SEED));
    }

    /**
     * Plans the shape forward and inverse on the device under test, lets {@code checkPlan} look at
     * each plan before it runs, and asserts both transforms of fresh random data (outputs poisoned)
     * against the reference; batch 3 for small shapes, 1 for large ones.
     */
    static void assertBothDirectionsMatchTheReference(int[] shape, Consumer<FftPlan> checkPlan, String what) {
        long points = 1;
        for (int n : shape) {
            points *= n;
        }
        int batch = points <= 4096 ? 3 : 1;
        for (Direction direction : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).build();
            float[] input = random(d.floats());
            float[] out = poisoned(d.floats());
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                checkPlan.accept(plan);
                plan.execute(input, out);
            }
            assertClose(out, reference(input, shape, batch, direction, Norm.BACKWARD),
                    what + ", " + direction + " " + Arrays.toString(shape) + " batch " + batch);
        }
    }
}
