package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.Arrays;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 1D transforms whose lengths have no prime factor above 13 and are not powers of two, as chains of
 * mixed-radix passes on the device ({@link MixedRadix}), held to the reference FFT in float and in double.
 *
 * <p>The bounds: float {@link Signals#tolerance(long, Precision)}, as
 * for the powers of two: log2 n rounds up over the passes' radices (a pass of radix R costs about
 * log2 R roundings, as the register passes do).
 */
@Tag("device")
@ExtendWith(Seed.class)
class MixedRadixPlanTest {

    /** The lengths to 300 that take the mixed-radix passes: 13-smooth, not powers of two. */
    static int[] lengthsTo300() {
        return IntStream.rangeClosed(3, 300).filter(n -> Integer.bitCount(n) != 1 && MixedRadix.smooth(n)).toArray();
    }

    /** Plans {@code d}, runs it in {@code direction} on {@code input}; as doubles. */
    static double[] execute(FftDescriptor d, Direction direction, double[] input) {
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            return Signals.execute(plan, direction, input);
        }
    }

    static double[] reference(double[] packed, int n, int batch, Direction direction, Norm norm) {
        double[] data = packed.clone();
        ReferenceFft.c2c1d(data, 0, n, 1, batch, n, direction, norm);
        return data;
    }

    /** Asserts the error within the precision's bound; returns its ratio to the bound. */
    static double check(double[] actual, double[] expected, long n, Precision precision, String what) {
        double bound = Signals.tolerance(n, precision);
        double error = Signals.relativeError(actual, expected);
        assertTrue(error < bound, () -> String.format("%s: relative L2 error %.3g >= %.3g, %s", what, error, bound, Seed.tag()));
        return error / bound;
    }

    /** One batch of {@code d} (packed) against the reference in {@code direction}; returns the error's ratio to the bound. */
    static double checkPacked(FftDescriptor d, Direction direction, Norm norm) {
        int n = d.shape()[0];
        double[] input = Signals.random(d.precision(), d.inputFloats());
        double[] out = execute(d, direction, input);
        return check(out, reference(input, n, d.batch(), direction, norm), n, d.precision(),
                d + " " + direction);
    }

    /**
     * Every length to 300 of prime factors 2, 3, 5, 7, 11 and 13 but the powers of two, float forward, double for
     * every fourth, batch 2; the worst ratio of error to bound is printed. Each plan compiles kernels of
     * its own (a second on PoCL), so a run takes every other length, the half its seed picks (both runs
     * cover all), and every length with {@code -D}{@value LengthSweepTest#PROPERTY}{@code =all}, as the
     * GPU bundle runs it.
     */
    @Test
    void everyThirteenSmoothLengthTo300MatchesTheReference() {
        double worst = 0;
        int worstN = 0;
        double worstDouble = 0;
        int[] lengths = lengthsTo300();
        boolean all = System.getProperty(LengthSweepTest.PROPERTY, "").strip().equals("all");
        int half = (int) Math.floorMod(Seed.RUN, 2L);
        for (int at = 0; at < lengths.length; at++) {
            if (!all && at % 2 != half) {
                continue;
            }
            int n = lengths[at];
            double ratio = checkPacked(FftDescriptor.c2c(n).batch(2).build(), Direction.FORWARD, Norm.BACKWARD);
            if (ratio > worst) {
                worst = ratio;
                worstN = n;
            }
            if (at % 4 == half) {
                worstDouble = Math.max(worstDouble, checkPacked(FftDescriptor.c2c(n).batch(2).precision(Precision.DOUBLE)
                        .build(), Direction.FORWARD, Norm.BACKWARD));
            }
        }
        System.out.printf("[mixed radix] %s of %d lengths to 300: worst float error %.2f of its bound (n=%d), double %.2f%n",
                all ? "all" : (half == 0 ? "the even-placed half" : "the odd-placed half"), lengths.length, worst, worstN,
                worstDouble);
    }

    @ParameterizedTest(name = "n={0}")
    @Tag("sideBySide")
    @ValueSource(ints = {1000, 1536, 3000, 3072, 4000, 4802, 6144, 12288, 3 << 18, 390625, 1000000, 3 << 20, 1001, 2197, 2816,
        11 << 16})
    void longerLengthsMatchTheReferenceBothWays(int n) {
        // Fused (one kernel) in two buffers to 3072 in float and 1536 in double: 1000 = 10 10 10, 1536 = 16
        // 16 6, 3000 = 20 15 10, 3072 = 16 16 12 (in two planes all but fusedLarge's 3000 in one, in place;
        // CI runs this test side by side too); in one buffer, in place, to 6144 in float (4000 = 20 20 10,
        // 4802 = 2 7 7 7 7, 6144 = 24 16 16) and 3072 in double (3000, 3072): each fused kernel both ways.
        // Beyond, two fused steps: 12288 = 96 x 128, 3 x 2^18 = 768 x 1024, 5^8 = 625 x 625, 10^6 = 1000 x
        // 1000 (in double 4000 = 50 x 80, 4802 = 49 x 98, 6144 = 64 x 96 too). Beyond those, three fused
        // steps: 3 x 2^20 = 192 x 128 x 128 in float, 3 x 2^18 = 128 x 96 x 64 in double. Radix 11 and 13:
        // fusedPrime's 1001 = 13 11 7 and 2816 = 11 16 16; in two fused steps 13^3 = 2197 = 13 x 169 and
        // 11 x 2^16 = 704 x 1024.
        int batch = n <= 6144 ? 3 : 1;
        for (Precision precision : Signals.ARITHMETIC) {
            if (precision == Precision.DOUBLE && n > 12288 && n != 390625 && n != 3 << 18) {
                continue;
            }
            FftDescriptor d = FftDescriptor.c2c(n).batch(batch).precision(precision).build();
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                for (Direction direction : Direction.values()) {
                    double[] input = Signals.random(precision, d.inputFloats());
                    double[] out = Signals.execute(plan, direction, input);
                    double[] expected = reference(input, n, batch, direction, Norm.BACKWARD);
                    double ratio = check(out, expected, n, precision, precision + " " + direction + " n=" + n);
                    System.out.printf("[mixed radix] n=%d %s %s: relative L2 error %.3g, %.2f of the bound%n", n,
                            precision, direction, Signals.relativeError(out, expected), ratio);
                }
            }
        }
    }

    @ParameterizedTest(name = "batch={0}")
    @ValueSource(ints = {1, 7, 100})
    void everyTransformOfABatchIsTransformed(int batch) {
        checkPacked(FftDescriptor.c2c(60).batch(batch).build(), Direction.FORWARD, Norm.BACKWARD);
        checkPacked(FftDescriptor.c2c(60).batch(batch).precision(Precision.DOUBLE).build(), Direction.INVERSE, Norm.BACKWARD);
    }

    @Test
    void everyNormalisationScalesLikeNumpyBothWays() {
        for (Precision precision : Signals.ARITHMETIC) {
            for (Norm norm : Norm.values()) {
                FftDescriptor d = FftDescriptor.c2c(100).batch(2).norm(norm).precision(precision).build();
                try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                    for (Direction direction : Direction.values()) {
                        double[] input = Signals.random(precision, d.inputFloats());
                        check(Signals.execute(plan, direction, input), reference(input, 100, 2, direction, norm), 100, precision,
                                precision + " " + norm + " " + direction);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 12, 1000, 4000})
    void inPlaceMatchesTheReferenceBothWays(int n) {
        // 3, 12, 1000: one fused kernel, reading and writing the one array (a group holds its transforms
        // whole before it stores them); 4000: two fused steps (50 x 80), through a scratch array.
        for (Precision precision : Signals.ARITHMETIC) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(2).inPlace(true).precision(precision).build();
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                for (Direction direction : Direction.values()) {
                    double[] input = Signals.random(precision, d.inputFloats());
                    double[] data = Signals.executeInPlace(plan, direction, input);
                    check(data, reference(input, n, 2, direction, Norm.BACKWARD), n, precision,
                            precision + " in place " + direction + " n=" + n);
                }
            }
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {7, 45, 4000})
    void stridedAndPaddedLayoutsAreReadAndWritten(int n) {
        // 4000 in two fused steps: the first reads the input's layout, the second writes the output's.
        // Input: element e of transform b at 3 e + (3 n + 5) b; output: the batch innermost (stride 3, distance 1).
        int batch = 3;
        int distance = 3 * n + 5;
        for (Precision precision : Signals.ARITHMETIC) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(batch).inputLayout(3, distance).outputLayout(batch, 1)
                    .precision(precision).build();
            double[] input = Signals.random(precision, d.inputFloats());
            double[] packed = new double[2 * n * batch];
            for (int b = 0; b < batch; b++) {
                for (int e = 0; e < n; e++) {
                    packed[2 * (b * n + e)] = input[2 * (3 * e + distance * b)];
                    packed[2 * (b * n + e) + 1] = input[2 * (3 * e + distance * b) + 1];
                }
            }
            double[] expected = reference(packed, n, batch, Direction.FORWARD, Norm.BACKWARD);
            double[] out = execute(d, Direction.FORWARD, input);
            double[] gathered = new double[2 * n * batch];
            for (int b = 0; b < batch; b++) {
                for (int k = 0; k < n; k++) {
                    gathered[2 * (b * n + k)] = out[2 * (k * batch + b)];
                    gathered[2 * (b * n + k) + 1] = out[2 * (k * batch + b) + 1];
                }
            }
            check(gathered, expected, n, precision, precision + " layouts n=" + n);
        }
    }

    @Test
    void aLengthPastTheFusedKernelRunsAsTwoFusedSteps() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(12288).batch(2).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("mixed radix 12288 = 96 x 128 in two fused steps, columns (96 = 8 x 4 x 3: R8(span 1)"
                    + " R4(span 8) R3(span 32)), then rows twiddled and stored transposed (128 = "), text);
            assertEquals(2, plan.kernelsPerTransform(), text);
            assertTrue(text.contains("kernel 0: step 1 of 2, 128 transforms of 96 along the columns of 96 x 128"), text);
            assertTrue(text.contains("kernel 1: step 2 of 2, 96 transforms of 128 along the rows, element j2 of row k1 times"
                    + " W_12288^{j2 k1}"), text);
        }
    }

    @Test
    void appendsToACallersTaskGraphInBothPrecisions() throws Exception {
        int n = 1000;
        for (Precision precision : Signals.ARITHMETIC) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(2).direction(Direction.INVERSE).precision(precision).build();
            double[] host = Signals.random(precision, d.floats());
            TornadoNativeArray data = DeviceArrays.of(precision, host);
            TornadoNativeArray spectrum = DeviceArrays.allocate(precision, (int) d.floats());
            TaskGraph graph = new TaskGraph("user" + precision.name().toLowerCase(java.util.Locale.ROOT))
                    .transferToDevice(DataTransferMode.EVERY_EXECUTION, spectrum, data);
            double[] out = new double[(int) d.floats()];
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                GridScheduler grid = new GridScheduler();
                if (precision == Precision.DOUBLE) {
                    plan.appendTo(graph, (DoubleArray) data, (DoubleArray) spectrum, grid);
                } else {
                    plan.appendTo(graph, Signals.keep((FloatArray) data), Signals.keep((FloatArray) spectrum), grid);
                }
                graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
                try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                    execution.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
                }
            }
            for (int i = 0; i < out.length; i++) {
                out[i] = spectrum instanceof DoubleArray doubles ? doubles.get(i) : ((FloatArray) spectrum).get(i);
            }
            check(out, reference(host, n, 2, Direction.INVERSE, Norm.BACKWARD), n, precision, precision + " appended");
        }
    }

    @Test
    void thirteenSmoothLengthsRunAsMixedRadixPassesNotAsAConvolution() {
        // 1000 fits the fused kernel's local memory in two buffers (in one, in place, where it is in two
        // planes: MixedRadix.BUFFERS_PROPERTY), 6144 only in one: one kernel;
        // 12288 fits in neither, and runs as two fused steps (aLengthPastTheFusedKernelRunsAsTwoFusedSteps).
        // 1001 = 13 x 11 x 7 and 11^3 = 1331 fuse (fusedPrime); 13^3 = 2197, whose third 13 no fused kernel
        // takes, runs as two steps.
        // A length with no pair of factors to 1536 runs as three (MixedRadixTest: the plan; longerLengths...: the result).
        String[][] cases = {
                {"1000", "mixed radix 1000 = 10 x 10 x 10: R10(span 1) R10(span 10) R10(span 100)", "1"},
                {"6144", "mixed radix 6144 = 24 x 16 x 16: R24(span 1) R16(span 24) R16(span 384)", "1"},
                {"12288", "mixed radix 12288 = 96 x 128 in two fused steps", "2"},
                {"1001", "mixed radix 1001 = 13 x 11 x 7: R13(span 1) R11(span 13) R7(span 143)", "1"},
                {"1331", "mixed radix 1331 = 11 x 11 x 11: R11(span 1) R11(span 11) R11(span 121)", "1"},
                {"2197", "mixed radix 2197 = 13 x 169 in two fused steps", "2"}};
        for (String[] c : cases) {
            try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(Integer.parseInt(c[0])).build(), TestDevice.get())) {
                String text = plan.toString();
                assertTrue(text.contains(c[1]), text);
                assertTrue(!text.contains("Bluestein"), text);
                assertEquals(Integer.parseInt(c[2]), plan.kernelsPerTransform(), text);
                long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
                assertEquals(plan.kernelsPerTransform(), kernels, text);
                assertEquals(c[2].equals("1"), text.contains("every pass in one work-group"), text);
                assertEquals(c[2].equals("2"), text.contains("step 2 of 2"), text);
                assertTrue(!c[0].equals("6144") || text.contains("one buffer a transform, passes in place"), text);
                assertTrue(!c[0].equals("1000") || text.contains(text.contains("in two planes")
                        ? "one buffer a transform, passes in place" : "two buffers a transform"), text);
                assertEquals(0, plan.passes().size(), "no planner passes");
            }
        }
        // Lengths with a prime factor above 13 keep the convolution (4099 too: MixedRadixTest, without compiling it).
        for (int n : new int[] {17, 19}) {
            try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(n).build(), TestDevice.get())) {
                assertTrue(plan.toString().contains("Bluestein: " + n + " points"), plan.toString());
            }
        }
    }
}
