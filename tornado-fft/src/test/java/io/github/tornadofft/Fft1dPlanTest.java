package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.github.tornadofft.Signals.assertClose;
import static io.github.tornadofft.Signals.assertWithin;
import static io.github.tornadofft.Signals.tolerance;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 1D power-of-two transforms on the TornadoVM device, held to the reference FFT. */
@Tag("device")
@ExtendWith(Seed.class)
class Fft1dPlanTest {

    private static float[] run(FftDescriptor descriptor, float[] input) {
        float[] out = Signals.poisoned(input.length);
        try (FftPlan plan = FftPlan.create(descriptor, TestDevice.get())) {
            plan.execute(input, out);
        }
        return out;
    }

    static Stream<Arguments> everyPowerOfTwo() {
        // Every length from 2 to 2^20 in float and in double, with a batch that keeps each case near a
        // million values (float) or 2^16 complex values (double, the same CI time).
        return IntStream.rangeClosed(1, 20).boxed().flatMap(bits -> {
            int n = 1 << bits;
            return Stream.of(Arguments.of(n, Math.max(1, Math.min(64, (1 << 16) / n)), Precision.FLOAT),
                    Arguments.of(n, Math.max(1, (1 << 16) / n), Precision.DOUBLE));
        });
    }

    /** {@link #everyPowerOfTwo}, in double every other length. */
    static Stream<Arguments> everyPowerOfTwoInverse() {
        return everyPowerOfTwo().filter(a -> a.get()[2] == Precision.FLOAT || Integer.numberOfTrailingZeros((int) a.get()[0]) % 2 == 1);
    }

    @ParameterizedTest(name = "n={0} batch={1} {2}")
    @MethodSource("everyPowerOfTwo")
    void forwardMatchesReferenceForEveryPowerOfTwo(int n, int batch, Precision precision) {
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).precision(precision).build();
        double[] input = Signals.random(precision, d.floats());
        Signals.assertClose(Signals.execute(d, input), Signals.reference(input, new int[] {n}, batch, Direction.FORWARD,
                Norm.BACKWARD), n, precision, "forward n=" + n);
    }

    @ParameterizedTest(name = "n={0} batch={1} {2}")
    @MethodSource("everyPowerOfTwoInverse")
    void inverseMatchesReferenceForEveryPowerOfTwo(int n, int batch, Precision precision) {
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).direction(Direction.INVERSE).precision(precision).build();
        double[] input = Signals.random(precision, d.floats());
        Signals.assertClose(Signals.execute(d, input), Signals.reference(input, new int[] {n}, batch, Direction.INVERSE,
                Norm.BACKWARD), n, precision, "inverse n=" + n);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1 << 21, 1 << 22, 1 << 24})
    void longTransformsMatchTheReferenceBothWays(int n) {
        // Beyond the million-point cases above, up to 128 MiB; longer ones (to 2^27) are checked by the
        // bench against the reference on the GPU, where they fit.
        for (Direction direction : Direction.values()) {
            float[] input = Signals.random(2L * n);
            float[] out = run(FftDescriptor.c2c(n).direction(direction).build(), input);
            assertClose(out, Signals.reference1d(input, n, 1, direction, Norm.BACKWARD), n, direction + " n=" + n);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 8, 64, 1024, 4096, 1 << 13, 1 << 17})
    void inverseAfterForwardGivesTheInputBack(int n) {
        int batch = 3;
        float[] input = Signals.random(2L * n * batch);
        float[] spectrum = run(FftDescriptor.c2c(n).batch(batch).build(), input);
        float[] back = run(FftDescriptor.c2c(n).batch(batch).direction(Direction.INVERSE).build(), spectrum);
        // backward norm: the inverse divides by n; two transforms, twice one's tolerance
        assertWithin(back, Signals.widen(input), 2 * tolerance(n), "round trip n=" + n);
    }

    @ParameterizedTest
    @EnumSource(Norm.class)
    void everyNormalisationScalesLikeNumpy(Norm norm) {
        for (Direction direction : Direction.values()) {
            int n = 512;
            float[] input = Signals.random(2L * n * 2);
            float[] out = run(FftDescriptor.c2c(n).batch(2).direction(direction).norm(norm).build(), input);
            assertClose(out, Signals.reference1d(input, n, 2, direction, norm), n, norm + " " + direction);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 256, 4096, 1 << 14, 1 << 15, 1 << 16, 1 << 20})
    void inPlaceMatchesTheReferenceBothWays(int n) {
        int batch = 2;
        for (Direction direction : Direction.values()) {
            float[] input = Signals.random(2L * n * batch);
            float[] data = input.clone();
            FftDescriptor d = FftDescriptor.c2c(n).batch(batch).direction(direction).inPlace(true).build();
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                plan.execute(data, data);
            }
            assertClose(data, Signals.reference1d(input, n, batch, direction, Norm.BACKWARD), n,
                    "in place " + direction + " n=" + n);
        }
    }

    @ParameterizedTest(name = "batch={0}")
    @ValueSource(ints = {1, 3, 7, 100})
    void oddAndLargeBatchesAreEachTransformed(int batch) {
        int n = 64;
        float[] input = Signals.random(2L * n * batch);
        float[] out = run(FftDescriptor.c2c(n).batch(batch).build(), input);
        assertClose(out, Signals.reference1d(input, n, batch, Direction.FORWARD, Norm.BACKWARD), n, "batch " + batch);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 64, 2048, 1 << 16, 1 << 20})
    void transformIsLinear(int n) {
        // F(a x + b y) = a F(x) + b F(y) for complex a, b, with F(x) and F(y) as the device computes them.
        float[] x = Signals.random(2L * n);
        float[] y = Signals.random(2L * n);
        double[] mixed = combine(x, y);
        float[] mix = new float[mixed.length];
        for (int i = 0; i < mix.length; i++) {
            mix[i] = (float) mixed[i];
        }
        FftDescriptor d = FftDescriptor.c2c(n).build();
        assertWithin(run(d, mix), combine(run(d, x), run(d, y)), 3 * tolerance(n), "linearity n=" + n);   // three transforms
    }

    /** a u + b v for interleaved complex u, v and the complex a = 0.75 - 0.25i, b = -1.5 + 0.5i. */
    private static double[] combine(float[] u, float[] v) {
        double ar = 0.75;
        double ai = -0.25;
        double br = -1.5;
        double bi = 0.5;
        double[] w = new double[u.length];
        for (int i = 0; i < w.length; i += 2) {
            w[i] = ar * u[i] - ai * u[i + 1] + br * v[i] - bi * v[i + 1];
            w[i + 1] = ar * u[i + 1] + ai * u[i] + br * v[i + 1] + bi * v[i];
        }
        return w;
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 256, 4096, 1 << 16, 1 << 20})
    void energyIsPreservedUpToN(int n) {
        // Parseval: the forward transform multiplies the energy by n, the inverse (1/n) divides it by n. The
        // energy's relative error is at most twice the values' relative L2 error.
        for (Direction direction : Direction.values()) {
            float[] x = Signals.random(2L * n);
            float[] fx = run(FftDescriptor.c2c(n).direction(direction).build(), x);
            double time = 0;
            double freq = 0;
            for (int i = 0; i < x.length; i++) {
                time += (double) x[i] * x[i];
                freq += (double) fx[i] * fx[i];
            }
            double expected = direction == Direction.FORWARD ? time * n : time / n;
            double error = Math.abs(freq - expected) / expected;
            assertTrue(error < 2 * tolerance(n), "Parseval " + direction + " n=" + n + ": relative error " + error + ", "
                    + Seed.tag());
        }
    }

    @Test
    void dataStaysOnTheDeviceBetweenExecutions() {
        int n = 1024;
        int batch = 4;
        float[] input = Signals.random(2L * n * batch);
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(n).batch(batch).inPlace(true).build(), TestDevice.get())) {
            for (int i = 0; i < input.length; i++) {
                plan.input().set(i, input[i]);
            }
            plan.upload();
            plan.executeOnDevice();     // F x
            plan.executeOnDevice();     // F F x = n * x reversed
            plan.download();
            float[] out = plan.output().toHeapArray();
            double[] expected = new double[input.length];
            for (int b = 0; b < batch; b++) {
                for (int k = 0; k < n; k++) {
                    int src = b * n + ((n - k) % n);
                    expected[2 * (b * n + k)] = (double) n * input[2 * src];
                    expected[2 * (b * n + k) + 1] = (double) n * input[2 * src + 1];
                }
            }
            assertWithin(out, expected, 2 * tolerance(n), "two resident executions");
        }
    }

    static Stream<Arguments> appendedPlans() {
        // One pass, and plans of two and three passes (scratch arrays, several work grids), into the
        // input's own array or another, both directions; the caller's execution plan with the kernels'
        // compiler flags or without them (the appended kernels must launch either way).
        return Stream.of(Arguments.of(new int[] {4096}, 2, false, Direction.FORWARD, true),
                Arguments.of(new int[] {4096}, 2, true, Direction.INVERSE, false),
                Arguments.of(new int[] {1 << 16}, 1, false, Direction.INVERSE, true),
                Arguments.of(new int[] {1 << 20}, 1, true, Direction.FORWARD, false),
                Arguments.of(new int[] {64, 64, 64}, 1, false, Direction.FORWARD, false),
                Arguments.of(new int[] {256, 1024}, 2, true, Direction.INVERSE, true));
    }

    @ParameterizedTest(name = "{0} batch={1} same array={2} {3} compiler flags={4}")
    @MethodSource("appendedPlans")
    void appendsToACallersTaskGraph(int[] shape, int batch, boolean sameArray, Direction direction, boolean flags)
            throws Exception {
        FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).inPlace(sameArray).build();
        float[] host = Signals.random(d.floats());
        FloatArray data = Signals.keep(FloatArray.fromArray(host));
        FloatArray spectrum = sameArray ? data : Signals.keep(new FloatArray(data.getSize()));
        TaskGraph graph = new TaskGraph("user");
        if (!sameArray) {
            // Poisoned on the device too: whatever the kernels do not write comes back as NaN.
            spectrum.init(Float.NaN);
            graph.transferToDevice(DataTransferMode.EVERY_EXECUTION, spectrum);
        }
        graph.transferToDevice(DataTransferMode.EVERY_EXECUTION, data)
                .task("double", Fft1dPlanTest::scaleByTwo, data);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            GridScheduler grid = new GridScheduler();
            plan.appendTo(graph, data, spectrum, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                execution.withDevice(TestDevice.get()).withGridScheduler(grid);
                if (flags) {
                    CompilerFlags.apply(execution, TestDevice.get());
                }
                execution.execute();
            }
            // The 4096-point plan is one kernel; the others chain several through scratch arrays.
            assertEquals(Arrays.equals(shape, new int[] {4096}), plan.passes().size() == 1, "passes of " + plan);
        }
        float[] doubled = host.clone();
        for (int i = 0; i < doubled.length; i++) {
            doubled[i] *= 2;
        }
        assertClose(spectrum.toHeapArray(), Signals.reference(doubled, shape, batch, direction, Norm.BACKWARD),
                Signals.points(shape),
                "user kernel then " + direction + " " + Arrays.toString(shape) + (sameArray ? " in place" : "")
                        + (flags ? "" : " without compiler flags"));
    }

    /**
     * One plan appended twice to one graph, forward then inverse (the convolution chain), and a second
     * plan after it: every task has a name of its own, and the round trip gives the input back. Powers
     * of two in one kernel and in several, mixed radix and Bluestein.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4096, 1 << 16, 1000, 1009})
    void onePlanAppendsInBothDirectionsToOneGraph(int n) throws Exception {
        int batch = 2;
        float[] host = Signals.random(2L * n * batch);
        FloatArray data = Signals.keep(FloatArray.fromArray(host));
        FloatArray spectrum = Signals.keep(new FloatArray(host.length));
        FloatArray back = Signals.keep(new FloatArray(host.length));
        FloatArray again = Signals.keep(new FloatArray(host.length));
        back.init(Float.NaN);
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).build();
        TaskGraph graph = new TaskGraph("twice" + n).transferToDevice(DataTransferMode.EVERY_EXECUTION, data);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get()); FftPlan other = FftPlan.create(d, TestDevice.get())) {
            GridScheduler grid = new GridScheduler();
            plan.appendTo(Direction.FORWARD, graph, data, spectrum, grid);
            plan.appendTo(Direction.INVERSE, graph, spectrum, back, grid);
            other.appendTo(Direction.FORWARD, graph, back, again, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, back, again);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                execution.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
            }
        }
        assertWithin(back.toHeapArray(), Signals.widen(host), 2 * tolerance(n), "forward then inverse, appended, n=" + n);
        assertWithin(again.toHeapArray(), Signals.reference(host, new int[] {n}, batch, Direction.FORWARD, Norm.BACKWARD),
                3 * tolerance(n), "a second plan after them, n=" + n);
    }

    /** A caller's own kernel: doubles every value. */
    static void scaleByTwo(FloatArray a) {
        for (@uk.ac.manchester.tornado.api.annotations.Parallel int i = 0; i < a.getSize(); i++) {
            a.set(i, 2 * a.get(i));
        }
    }

    @Test
    void kernelTestsRefuseToRunWhereAFailedCompilationWouldRunJava() {
        TestDevice.get();   // as the build runs them: bailouts are errors
        try (SystemProperties set = SystemProperties.set("tornado.recover.bailout", "True")) {
            IllegalStateException e = assertThrows(IllegalStateException.class, TestDevice::get);
            assertTrue(e.getMessage().startsWith("tornado.recover.bailout:"), e.getMessage());
        }
    }

    @Test
    void rejectsArraysOfTheWrongLengthAndLeavesThemUntouched() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(16).batch(2).build(), TestDevice.get())) {
            float[] wrong = Signals.random(60);
            float[] copy = wrong.clone();
            float[] out = new float[64];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.execute(wrong, out));
            assertTrue(e.getMessage().startsWith("in:"), e.getMessage());
            assertArrayEquals(copy, wrong);
        }
    }

    @Test
    void aClosedPlanRefusesToRun() {
        FftPlan plan = FftPlan.create(FftDescriptor.c2c(16).build(), TestDevice.get());
        plan.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> plan.execute(new float[32], new float[32]));
        assertTrue(e.getMessage().startsWith("plan:"), e.getMessage());
    }

    @Test
    void refusesOnOneDeviceWhatOnlyAPlanOverSeveralTakes() {
        FftDescriptor large = FftDescriptor.c2c(512, 1024, 1024).build();   // 2^29 elements: a descriptor, not a one-device plan
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(large, TestDevice.get()));
        assertTrue(e.getMessage().startsWith("shape: a plan on one device takes at most 2^27 elements per transform"), e.getMessage());
        assertTrue(e.getMessage().contains("FftPlan.create(descriptor, devices)"), e.getMessage());
        FftDescriptor wide = FftDescriptor.c2c(1 << 20).batch(1 << 11).build();   // 2^32 floats: no array holds them
        e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(wide, TestDevice.get()));
        assertTrue(e.getMessage().startsWith("batch:") && e.getMessage().contains("more than one array holds"), e.getMessage());
    }

    @Test
    void rejectsTransformsLargerThanTheDevice() {
        FftDescriptor d = FftDescriptor.c2c(1 << 27).batch(7).build();   // 7 GiB: over TornadoVM's 4 GiB heap
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(d, TestDevice.get()));
        assertTrue(e.getMessage().contains("batch:") || e.getMessage().contains("MiB"), e.getMessage());
    }

    @Test
    void printsItsDecompositionInTheSeedNotation() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(1 << 16).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("X(") && text.contains("no-tw"), text);
            assertTrue(Arrays.stream(text.split("\n")).filter(l -> l.contains("kernel")).count() == plan.passes().size(), text);
            assertTrue(text.contains("data on " + Devices.dataAlignment() + "-byte boundaries"), text);
        }
    }

    @Test
    void theDataAlignmentIsTornadoVmsArrayHeaderUnlessThePropertySaysOtherwise() {
        // Run with TornadoVM's default header (16 bytes) and, in the aligned-data execution, with 128.
        assertEquals(Math.min(256, Long.lowestOneBit(TornadoNativeArray.ARRAY_HEADER)), Devices.dataAlignment());
        try (SystemProperties set = SystemProperties.set(DeviceProfile.DATA_ALIGNMENT_PROPERTY, "16")) {
            assertEquals(16, Devices.dataAlignment());
            assertEquals(16, Devices.profile(TestDevice.get()).dataAlignment());
        }
        try (SystemProperties set = SystemProperties.set(DeviceProfile.DATA_ALIGNMENT_PROPERTY, "24")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Devices::dataAlignment);
            assertTrue(e.getMessage().contains(DeviceProfile.DATA_ALIGNMENT_PROPERTY) && e.getMessage().contains("power of two"),
                    e.getMessage());
        }
        try (SystemProperties set = SystemProperties.set(DeviceProfile.DATA_ALIGNMENT_PROPERTY, "128B")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Devices::dataAlignment);
            assertTrue(e.getMessage().contains(DeviceProfile.DATA_ALIGNMENT_PROPERTY) && e.getMessage().contains("an integer"),
                    e.getMessage());
        }
    }
}
