package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Arrays;

import static io.github.tornadofft.Signals.assertWithin;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 1D transforms of lengths that are not powers of two and have a prime factor above 13 on the device
 * (Bluestein's convolution of M points, the least power of two of at least 2N - 1), held to the
 * reference FFT. The lengths whose prime factors are 2, 3, 5 and 7 run as mixed-radix passes
 * ({@code MixedRadixPlanTest}).
 */
@Tag("device")
@ExtendWith(Seed.class)
class BluesteinPlanTest {

    /**
     * The bound on the relative L2 error of one float transform of N points by Bluestein's
     * convolution: float's unit roundoff 2^-24 times (2 (1 + log2 M) + 4), two M-point transforms
     * ({@link Signals#tolerance} each) and four roundings of the chirp and filter products and tables;
     * 1.7e-6 at N = 1000 (M = 2048), 2.9e-6 at N = 10^6 + 3 (M = 2^21), 3.6e-6 at most (M = 2^27),
     * under 1e-5 everywhere. Measured on PoCL's CPU device: 1.5e-7 to 3.7e-7 (N = 3 to 10^6 + 3), at
     * most 0.13 of the bound.
     */
    static double bound(int n) {
        return 0x1p-24 * (2 * (1 + Signals.log2(Bluestein.convolutionLength(n))) + 4);
    }

    private static double[] reference(float[] input, int n, int batch, Direction direction, Norm norm) {
        return Signals.reference1d(input, n, batch, direction, norm);
    }

    private static float[] run(FftDescriptor d, Direction direction, float[] input) {
        float[] out = Signals.poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(direction, input, 0, out, 0);
        }
        return out;
    }

    /**
     * The lengths of {@link #everyLengthTo40AndChosenOnesTo300MatchTheReference}: every one to 40 that is
     * Bluestein's (17 is the least: every shorter length is a power of two or 13-smooth; M from 64 to
     * 128), then more lengths past 40 of every M to 512, those on both sides of a change of M (127, 129:
     * 256 and 512 points; 255 and 257 are in {@link #longerLengthsMatchTheReferenceBothWays}) and primes
     * to 300. A plan per length costs 1 to 1.5 s on a 2-core PoCL machine, which keeps this test near a
     * minute; {@code ChirpTest} checks the tables and their arithmetic for every length to 300 on the host.
     */
    static int[] chosenLengths() {
        int[] more = {46, 51, 62, 68, 85, 95, 97, 127, 129, 131, 164, 193, 211, 241, 251, 293, 299};
        return java.util.stream.IntStream.concat(
                java.util.stream.IntStream.rangeClosed(1, 40).filter(n -> Integer.bitCount(n) != 1 && !MixedRadix.smooth(n)),
                java.util.stream.IntStream.of(more)).toArray();
    }

    @Test
    void everyLengthTo40AndChosenOnesTo300MatchTheReference() {
        // Batch 2, directions and norms taking turns; the highest ratio of error to bound is printed.
        double worst = 0;
        int worstN = 0;
        for (int n : chosenLengths()) {
            Direction direction = n % 2 == 0 ? Direction.FORWARD : Direction.INVERSE;
            Norm norm = Norm.values()[n % 3];
            FftDescriptor d = FftDescriptor.c2c(n).batch(2).direction(direction).norm(norm).build();
            float[] input = Signals.random(d.inputFloats());
            float[] out = run(d, direction, input);
            double[] expected = reference(input, n, 2, direction, norm);
            assertWithin(out, expected, bound(n), direction + " " + norm + " n=" + n);
            double ratio = Signals.relativeError(out, expected) / bound(n);
            if (ratio > worst) {
                worst = ratio;
                worstN = n;
            }
        }
        System.out.printf("[bluestein] lengths to 300: worst error %.2f of its bound (n=%d)%n", worst, worstN);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {255, 257, 302, 1003, 1537, 4099, 65537, 1000003})
    void longerLengthsMatchTheReferenceBothWays(int n) {
        // Around a change of M (255 and 257: 512 and 1024), products of primes and primes, M from 512 to 2^21.
        int batch = n < 5000 ? 3 : 1;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            for (Direction direction : Direction.values()) {
                float[] input = Signals.random(d.inputFloats());
                float[] out = Signals.poisoned(d.outputFloats());
                plan.execute(direction, input, 0, out, 0);
                double[] expected = reference(input, n, batch, direction, Norm.BACKWARD);
                assertWithin(out, expected, bound(n), direction + " n=" + n);
                System.out.printf("[bluestein] n=%d M=%d %s: relative L2 error %.3g (bound %.3g)%n", n,
                        Bluestein.convolutionLength(n), direction, Signals.relativeError(out, expected), bound(n));
            }
        }
    }

    @ParameterizedTest(name = "batch={0}")
    @ValueSource(ints = {1, 7, 100})
    void everyTransformOfABatchIsTransformed(int batch) {
        int n = 37;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).build();
        float[] input = Signals.random(d.inputFloats());
        assertWithin(run(d, Direction.FORWARD, input), reference(input, n, batch, Direction.FORWARD, Norm.BACKWARD), bound(n),
                "batch " + batch);
    }

    @Test
    void everyNormalisationScalesLikeNumpyBothWays() {
        int n = 101;
        for (Norm norm : Norm.values()) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(2).norm(norm).build();
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                for (Direction direction : Direction.values()) {
                    float[] input = Signals.random(d.inputFloats());
                    float[] out = Signals.poisoned(d.outputFloats());
                    plan.execute(direction, input, 0, out, 0);
                    assertWithin(out, reference(input, n, 2, direction, norm), bound(n), norm + " " + direction);
                }
            }
        }
    }

    @Test
    void inverseAfterForwardGivesTheInputBack() {
        int n = 1003;
        FftDescriptor d = FftDescriptor.c2c(n).batch(3).build();
        float[] input = Signals.random(d.inputFloats());
        float[] spectrum = new float[(int) d.outputFloats()];
        float[] back = Signals.poisoned(d.inputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.forward(input, spectrum);
            plan.inverse(spectrum, back);
        }
        assertWithin(back, Signals.widen(input), 2 * bound(n), "round trip n=" + n);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {101, 4099})
    void inPlaceMatchesTheReferenceBothWays(int n) {
        // 101: M = 256, one pass in one work array; 4099: M = 16384, passes between two.
        FftDescriptor d = FftDescriptor.c2c(n).batch(2).inPlace(true).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            for (Direction direction : Direction.values()) {
                float[] input = Signals.random(d.inputFloats());
                float[] data = input.clone();
                plan.execute(direction, data, 0, data, 0);
                assertWithin(data, reference(input, n, 2, direction, Norm.BACKWARD), bound(n), "in place " + direction);
            }
        }
    }

    @Test
    void paddedAndInterleavedLayoutsAreReadAndWritten() {
        // Input: 3 transforms of 46 points, each 50 elements apart; output: the batch innermost (stride 3, distance 1).
        int n = 46;
        int batch = 3;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).inputLayout(1, 50).outputLayout(batch, 1).build();
        float[] input = Signals.random(d.inputFloats());
        float[] packed = new float[2 * n * batch];
        for (int b = 0; b < batch; b++) {
            System.arraycopy(input, 2 * 50 * b, packed, 2 * n * b, 2 * n);
        }
        double[] expected = reference(packed, n, batch, Direction.FORWARD, Norm.BACKWARD);
        float[] out = run(d, Direction.FORWARD, input);
        float[] gathered = new float[2 * n * batch];
        for (int b = 0; b < batch; b++) {
            for (int k = 0; k < n; k++) {
                gathered[2 * (b * n + k)] = out[2 * (k * batch + b)];
                gathered[2 * (b * n + k) + 1] = out[2 * (k * batch + b) + 1];
            }
        }
        assertWithin(gathered, expected, bound(n), "layouts");
    }

    @Test
    void appendsToACallersTaskGraph() throws Exception {
        int n = 1003;
        FftDescriptor d = FftDescriptor.c2c(n).batch(2).direction(Direction.INVERSE).build();
        float[] host = Signals.random(d.floats());
        FloatArray data = Signals.keep(FloatArray.fromArray(host));
        FloatArray spectrum = Signals.keep(new FloatArray(data.getSize()));
        spectrum.init(Float.NaN);
        TaskGraph graph = new TaskGraph("user")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, spectrum, data);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            GridScheduler grid = new GridScheduler();
            plan.appendTo(graph, data, spectrum, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                execution.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
            }
        }
        assertWithin(spectrum.toHeapArray(), reference(host, n, 2, Direction.INVERSE, Norm.BACKWARD), bound(n), "appended");
    }

    @Test
    void printsTheConvolutionAndEveryKernel() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(1003).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("Bluestein: 1003 points as a circular convolution of M = 2048 points"), text);
            assertTrue(text.contains("loads x_j c_j") && text.contains("stores times the filter's spectrum")
                    && text.contains("stores c_k y_k, scaled, the first 1003 of 2048 points") && text.contains("X("), text);
            long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
            assertEquals(plan.kernelsPerTransform(), kernels, text);
            assertEquals(plan.passes().size(), plan.kernelsPerTransform(),
                    "the M-point passes both ways, the chirp and the filter inside the first and last");
        }
    }

    @Test
    void aClosedPlansEngineServesTheNextAndTheCacheFreesItsDeviceMemory() {
        FftPlan.clearCache();
        long before = FftPlan.deviceBytesHeld();
        FftDescriptor d = FftDescriptor.c2c(999).batch(2).build();
        FftPlan first = FftPlan.create(d, TestDevice.get());
        Object engine = first.input();
        assertTrue(FftPlan.deviceBytesHeld() - before >= 2L * 2 * 1024 * 2 * Float.BYTES,
                "an open plan holds its work arrays: " + FftPlan.deviceBytesHeld());
        first.close();
        try (FftPlan second = FftPlan.create(d, TestDevice.get())) {
            assertSame(engine, second.input(), "the closed plan's engine serves the next plan");
        }
        FftPlan.clearCache();
        assertEquals(before, FftPlan.deviceBytesHeld(), "device bytes held after the cache is cleared");
    }

    @Test
    void refusesLengthsBeyondTwoTo26AndBatchesWhoseWorkArraysNoArrayHolds() {
        FftDescriptor tooLong = FftDescriptor.c2c((1 << 26) + 1).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(tooLong, TestDevice.get()));
        assertTrue(e.getMessage().startsWith("shape: ") && e.getMessage().contains("2^26"), e.getMessage());
        FftDescriptor tooMany = FftDescriptor.c2c(1003).batch(600_000).build();
        e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(tooMany, TestDevice.get()));
        assertTrue(e.getMessage().startsWith("batch: ") && e.getMessage().contains("2048"), e.getMessage());
    }

    @Test
    void rejectsArraysOfTheWrongLengthAndLeavesThemUntouched() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(34).batch(2).build(), TestDevice.get())) {
            float[] wrong = Signals.random(134);
            float[] copy = wrong.clone();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.execute(wrong, new float[136]));
            assertTrue(e.getMessage().startsWith("in: expected 136 floats"), e.getMessage());
            assertArrayEquals(copy, wrong);
        }
    }
}
