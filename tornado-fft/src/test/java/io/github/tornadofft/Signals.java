package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.reference.ReferenceFft;

import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

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

    /**
     * The bound on the relative L2 error of one transform of n points in {@code precision} against the
     * double reference: {@link #tolerance(long)} for float; for double 2^-52 (1 + log2 n), twice
     * double's unit roundoff per stage, for the device's rounding and the reference's own, which is of
     * the same order once both are double: 9.8e-15 at 2^20, 1.1e-14 at 2^24. Measured on PoCL and on an
     * H100 (OpenCL, PTX): at most 0.27 of it. A double kernel that computed anything in float (a table
     * rounded to float, a float constant in a butterfly) fails it by eight orders of magnitude.
     */
    static double tolerance(long n, Precision precision) {
        return precision == Precision.FLOAT ? tolerance(n) : 0x1p-52 * (1 + log2(n));
    }

    /**
     * The precisions the device computes in, FLOAT and DOUBLE, which every device path takes (HALF is
     * storage for c2c of power-of-two axes on fp16 devices only: {@code HalfPrecisionTest}).
     */
    static final List<Precision> ARITHMETIC = List.of(Precision.FLOAT, Precision.DOUBLE);

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

    /** Fresh uniform random complex values in [-1, 1) of {@code precision} (float values for FLOAT), held as doubles. */
    static double[] random(Precision precision, long values) {
        if (precision == Precision.FLOAT) {
            return widen(random(values));
        }
        SplittableRandom random = Seed.random();
        double[] data = new double[(int) values];
        for (int i = 0; i < data.length; i++) {
            data[i] = 2 * random.nextDouble() - 1;
        }
        data[0] = 0.5;
        return data;
    }

    /**
     * Runs {@code d} once on the device under test, in its direction, from {@code input} (values of its
     * precision) into a poisoned output, through the entry point of that precision ({@code float[]} or
     * {@code double[]}); returns the output as doubles.
     */
    static double[] execute(FftDescriptor d, double[] input) {
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            return execute(plan, d.direction(), input);
        }
    }

    /** Runs {@code plan} once in {@code direction}, as {@link #execute(FftDescriptor, double[])} does. */
    static double[] execute(FftPlan plan, Direction direction, double[] input) {
        FftDescriptor d = plan.descriptor();
        if (d.precision() == Precision.DOUBLE) {
            double[] out = new double[(int) d.outputFloats()];
            Arrays.fill(out, Double.NaN);
            plan.execute(direction, input, 0, out, 0);
            return out;
        }
        float[] in = new float[input.length];
        for (int i = 0; i < in.length; i++) {
            in[i] = (float) input[i];
        }
        float[] out = poisoned(d.outputFloats());
        plan.execute(direction, in, 0, out, 0);
        return widen(out);
    }

    /**
     * Runs {@code plan} (an in-place plan) once in {@code direction} on a copy of {@code input} (values of
     * its precision), through the entry point of that precision with the same array as input and
     * output; returns the result as doubles.
     */
    static double[] executeInPlace(FftPlan plan, Direction direction, double[] input) {
        if (plan.descriptor().precision() == Precision.DOUBLE) {
            double[] data = input.clone();
            plan.execute(direction, data, 0, data, 0);
            return data;
        }
        float[] floats = new float[input.length];
        for (int i = 0; i < input.length; i++) {
            floats[i] = (float) input[i];
        }
        plan.execute(direction, floats, 0, floats, 0);
        return widen(floats);
    }

    /** Asserts a result of one transform of n points within {@link #tolerance(long, Precision)}. */
    static void assertClose(double[] actual, double[] expected, long n, Precision precision, String what) {
        assertWithin(actual, expected, tolerance(n, precision), what + " (" + precision + ")");
    }

    /**
     * Asserts the relative L2 error of a result below the bound, and prints the margin (the error as a
     * fraction of the bound) into the test's report: how tight the bound is on the device.
     */
    static void assertWithin(double[] actual, double[] expected, double bound, String what) {
        double error = relativeError(actual, expected);
        System.out.printf("%s: relative L2 error %.3g, %.2f of the bound%n", what, error, error / bound);
        assertTrue(error < bound, () -> String.format("%s: relative L2 error %.3g >= %.3g, %s", what, error, bound,
                Seed.tag()));
    }

    /** An array of NaNs: what a kernel fails to write stays NaN and fails the comparison. */
    static float[] poisoned(long floats) {
        float[] data = new float[(int) floats];
        java.util.Arrays.fill(data, Float.NaN);
        return data;
    }

    /** Arrays the tests hand to TornadoVM themselves; see {@link #keep}. */
    private static final List<TornadoNativeArray> KEPT = new ArrayList<>();

    /**
     * Keeps an array a test hands to TornadoVM alive for the rest of the run: TornadoVM's PTX backend
     * may leave its host memory pinned, and a later array allocated over that range would fail to
     * copy (the plans recycle their own arrays for the same reason, see HostBuffers); on PoCL, an
     * array a caller's graph had used, left to the garbage collector, crashed the JVM in a later test.
     */
    static synchronized <T extends TornadoNativeArray> T keep(T array) {
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
        return reference(widen(input), shape, batch, direction, norm);
    }

    /** {@link #reference(float[], int[], int, Direction, Norm)} of double values (not changed). */
    static double[] reference(double[] input, int[] shape, int batch, Direction direction, Norm norm) {
        double[] data = input.clone();
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
     * against the reference; batch 3 for small shapes, 1 for large ones. In float;
     * {@link #assertBothDirectionsMatchTheReference(int[], Precision, Consumer, String)} for either precision.
     */
    static void assertBothDirectionsMatchTheReference(int[] shape, Consumer<FftPlan> checkPlan, String what) {
        assertBothDirectionsMatchTheReference(shape, Precision.FLOAT, checkPlan, what);
    }

    /** As {@link #assertBothDirectionsMatchTheReference(int[], Consumer, String)}, in {@code precision}. */
    static void assertBothDirectionsMatchTheReference(int[] shape, Precision precision, Consumer<FftPlan> checkPlan,
                                                      String what) {
        long points = points(shape);
        int batch = points <= 4096 ? 3 : 1;
        for (Direction direction : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).precision(precision).build();
            double[] input = random(precision, d.floats());
            double[] out;
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                checkPlan.accept(plan);
                out = execute(plan, direction, input);
            }
            assertClose(out, reference(input, shape, batch, direction, Norm.BACKWARD), points, precision,
                    what + ", " + direction + " " + Arrays.toString(shape) + " batch " + batch);
        }
    }
}
