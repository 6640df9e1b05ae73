package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the device transforms do with values IEEE arithmetic cannot carry through an FFT unchanged.
 * The contract, pinned here: a NaN in a transform's input makes every bin of that transform NaN; an
 * infinity leaves the other transforms of the batch exact, but its own transform's values are
 * unspecified (on PoCL and on the H100, with TornadoVM's default flags and without -cl-fast-relaxed-math,
 * they came out finite: do not rely on an infinity propagating); a transform whose true result exceeds float's range gives non-finite bins there
 * (an FFT's butterflies turn Inf into NaN through Inf - Inf, as any float FFT does, so "non-finite"
 * rather than "+Inf" is the promise); huge and tiny finite inputs whose results fit are transformed to
 * float accuracy, subnormals to within a subnormal of the reference (a GPU may flush them to zero).
 */
@Tag("device")
@ExtendWith(Seed.class)
class BadValuesTest {

    private static final int N = 256;
    private static final int BATCH = 3;

    @Test
    void aNaNMakesItsOwnTransformNaNAndLeavesTheOthersExact() {
        float[] x = Signals.random(2 * N * BATCH);
        x[2 * N + 17] = Float.NaN;   // transform 1, element 8, real part
        float[] y = forward(x);
        for (int i = 2 * N; i < 4 * N; i++) {
            assertTrue(Float.isNaN(y[i]), "bin " + (i - 2 * N) / 2 + " of the NaN transform: " + y[i]);
        }
        assertOthersExact(x, y, 1);
    }

    @Test
    void anInfinityLeavesTheOtherTransformsExact() {
        for (float inf : new float[] {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            float[] x = Signals.random(2 * N * BATCH);
            x[4 * N] = inf;              // transform 2, element 0
            float[] y = forward(x);
            assertOthersExact(x, y, 2);
        }
    }

    @Test
    void aResultBeyondFloatsRangeIsNonFiniteNotGarbage() {
        float[] x = new float[2 * N * BATCH];
        for (int i = 0; i < 2 * N; i += 2) {
            x[i] = 1e38f;                // transform 0: bin 0 is 256e38, beyond float's 3.4e38
        }
        x[2 * N] = 1f;                   // transform 1: an impulse
        float[] y = forward(x);
        assertFalse(Float.isFinite(y[0]), "bin 0 of 256 x 1e38: " + y[0]);
        for (int i = 2 * N; i < 4 * N; i += 2) {
            assertTrue(y[i] == 1f && y[i + 1] == 0f, "the impulse's transform is exact");
        }
    }

    @Test
    void hugeAndTinyFiniteInputsAreTransformedToFloatAccuracy() {
        for (float scale : new float[] {1e30f, 1e-30f}) {
            float[] x = Signals.random(2 * N * BATCH);
            for (int i = 0; i < x.length; i++) {
                x[i] *= scale;
            }
            Signals.assertClose(forward(x), Signals.reference1d(x, N, BATCH, Direction.FORWARD, Norm.BACKWARD), N,
                    "inputs of magnitude " + scale);
        }
    }

    @Test
    void subnormalInputsGiveResultsWithinASubnormalOfTheReference() {
        float[] x = Signals.random(2 * N * BATCH);
        for (int i = 0; i < x.length; i++) {
            x[i] *= 1e-40f;              // below float's smallest normal, 1.18e-38
        }
        float[] y = forward(x);
        double[] expected = Signals.reference1d(x, N, BATCH, Direction.FORWARD, Norm.BACKWARD);
        for (int i = 0; i < y.length; i++) {
            assertTrue(Float.isFinite(y[i]) && Math.abs(y[i] - expected[i]) < 1e-36,
                    "value " + i + ": " + y[i] + " against " + expected[i]);
        }
    }

    private static float[] forward(float[] x) {
        FftDescriptor d = FftDescriptor.c2c(N).batch(BATCH).build();
        float[] y = Signals.poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.forward(x, y);
        }
        return y;
    }

    /** Every transform but {@code bad} matches the reference. */
    private static void assertOthersExact(float[] x, float[] y, int bad) {
        for (int b = 0; b < BATCH; b++) {
            if (b == bad) {
                continue;
            }
            float[] in = java.util.Arrays.copyOfRange(x, 2 * N * b, 2 * N * (b + 1));
            float[] out = java.util.Arrays.copyOfRange(y, 2 * N * b, 2 * N * (b + 1));
            Signals.assertClose(out, Signals.reference1d(in, N, 1, Direction.FORWARD, Norm.BACKWARD), N, "transform " + b);
        }
    }
}
