package io.github.tornadofft.cli;

import io.github.tornadofft.api.Precision;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;

import java.io.PrintWriter;
import java.util.Random;

/**
 * What {@code ./fft} does without {@code --in}: a random 32x32x32 complex64 transform on the chosen
 * engine, checked against reference-fft in double precision.
 */
final class Demo {

    static final int N = 32;
    static final double TOLERANCE = 1e-5;

    private Demo() {
    }

    /** Runs the demo and reports it on {@code err}; 0 when the error is within tolerance, else 1. */
    static int run(Engine engine, Precision precision, PrintWriter err) {
        int[] shape = {N, N, N};
        NpyData input = randomComplex64(shape, new Random());
        Transform transform = new Transform(Transform.Kind.C2C, shape, 3, Direction.FORWARD, Norm.BACKWARD,
                precision == null ? Precision.FLOAT : precision, 0);
        err.println("demo: random complex64 " + Shapes.format(shape) + ", checked against reference-fft (double)");
        Engine.Result result = engine.run(transform, input);
        Report.run(err, engine, transform, result);
        double error = relativeL2(result.output().asDoubles(), reference(transform, input));
        boolean pass = error <= TOLERANCE;
        err.printf("relative L2 error: %.3e (%s, tolerance %.0e)%n", error, pass ? "ok" : "FAILED", TOLERANCE);
        return pass ? 0 : 1;
    }

    private static NpyData randomComplex64(int[] shape, Random random) {
        float[] values = new float[(int) (2 * Shapes.elements(shape))];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) (2 * random.nextDouble() - 1);
        }
        return NpyData.ofFloats(shape, true, values);
    }

    private static double[] reference(Transform t, NpyData input) {
        double[] expected = input.asDoubles().clone();
        ReferenceFft.c2c(expected, t.shape(), t.axes(), t.direction(), t.norm());
        return expected;
    }

    /** ||actual - expected|| / ||expected||; NaN when either holds a NaN. */
    static double relativeL2(double[] actual, double[] expected) {
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < expected.length; i++) {
            double d = actual[i] - expected[i];
            diff += d * d;
            norm += expected[i] * expected[i];
        }
        return Math.sqrt(diff / norm);
    }
}
