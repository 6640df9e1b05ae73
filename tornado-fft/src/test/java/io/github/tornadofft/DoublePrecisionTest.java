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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.nio.DoubleBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Double-precision transforms on the TornadoVM device ({@link Precision#DOUBLE}), held to the reference
 * FFT, which computes in double too.
 *
 * <p>The bound, {@link #tolerance}: 2^-52 (1 + log2 n), twice double's unit roundoff per stage, for the
 * device's rounding and the reference's own, which is of the same order now that both are double (a
 * float result against a double reference needs only its own). 9.8e-15 at 2^20, 1.1e-14 at 2^24: under
 * 1e-13 and 1e-12 by an order of magnitude, and a kernel that computed anything in float (a twiddle
 * table rounded to float, a float constant in a butterfly) fails it by eight orders.
 */
@Tag("device")
@ExtendWith(Seed.class)
class DoublePrecisionTest {

    /** The relative L2 error bound of one double transform of n points against the double reference. */
    static double tolerance(long n) {
        return 0x1p-52 * (1 + Signals.log2(n));
    }

    static double[] random(long values) {
        SplittableRandom random = Seed.random();
        double[] data = new double[(int) values];
        for (int i = 0; i < data.length; i++) {
            data[i] = 2 * random.nextDouble() - 1;
        }
        data[0] = 0.5;
        return data;
    }

    static double[] poisoned(long values) {
        double[] data = new double[(int) values];
        Arrays.fill(data, Double.NaN);
        return data;
    }

    static void assertClose(double[] actual, double[] expected, double bound, String what) {
        double error = Signals.relativeError(actual, expected);
        // The margin, in the test's report: how tight the bound is on this device.
        System.out.printf("%s: relative L2 error %.3g, %.2f of the bound%n", what, error, error / bound);
        assertTrue(error < bound, () -> String.format("%s: relative L2 error %.3g >= %.3g, %s", what, error, bound,
                Seed.tag()));
    }

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

    private static double[] run(FftDescriptor d, double[] input) {
        double[] out = poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(d.direction(), input, 0, out, 0);
        }
        return out;
    }

    private static void check(int[] shape, int batch, Direction direction, Norm norm) {
        FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).norm(norm).precision(Precision.DOUBLE)
                .build();
        double[] input = random(d.floats());
        long points = Signals.points(shape);
        assertClose(run(d, input), reference(input, shape, batch, direction, norm), tolerance(points),
                direction + " " + Arrays.toString(shape) + " batch " + batch + " " + norm);
    }

    static Stream<Arguments> everyPowerOfTwo() {
        // Every length from 2 to 2^20, each case near 2^16 complex values.
        return IntStream.rangeClosed(1, 20).mapToObj(bits -> Arguments.of(1 << bits, Math.max(1, (1 << 16) >> bits)));
    }

    @ParameterizedTest(name = "n={0} batch={1}")
    @MethodSource("everyPowerOfTwo")
    void everyPowerOfTwoMatchesTheReference(int n, int batch) {
        // Forward at every length, inverse at every other (the same kernels, conjugated).
        check(new int[] {n}, batch, Direction.FORWARD, Norm.BACKWARD);
        if (Integer.numberOfTrailingZeros(n) % 2 == 1) {
            check(new int[] {n}, batch, Direction.INVERSE, Norm.BACKWARD);
        }
    }

    @Test
    void aLongTransformMatchesTheReferenceBothWays() {
        // 2^22 and 2^24 points (64 and 256 MiB): several passes with every twiddle of the table's both
        // parts; the bound there is 1e-12, this test's 1.1e-14.
        check(new int[] {1 << 22}, 1, Direction.INVERSE, Norm.ORTHO);
        check(new int[] {1 << 24}, 1, Direction.FORWARD, Norm.BACKWARD);
    }

    static Stream<Arguments> shapes() {
        // The float suite's kinds of shape: squares, oblongs, cubes, a fused X of two steps, batches.
        return Stream.of(Arguments.of(new int[] {64, 64}, 3), Arguments.of(new int[] {1024, 1024}, 1),
                Arguments.of(new int[] {8, 512}, 2), Arguments.of(new int[] {4096, 16}, 2),
                Arguments.of(new int[] {16, 16, 16}, 3), Arguments.of(new int[] {64, 64, 64}, 1),
                Arguments.of(new int[] {2, 512, 256}, 1), Arguments.of(new int[] {32, 64, 512}, 1),
                Arguments.of(new int[] {128, 128, 128}, 1));
    }

    @ParameterizedTest(name = "{0} batch {1}")
    @MethodSource("shapes")
    void twoAndThreeDimensionsMatchTheReference(int[] shape, int batch) {
        check(shape, batch, Direction.FORWARD, Norm.BACKWARD);
        check(shape, batch, Direction.INVERSE, Norm.FORWARD);
    }

    @Test
    void aRoundTripReturnsTheInput() {
        int[] shape = {32, 32, 32};
        FftDescriptor d = FftDescriptor.c2c(shape).batch(2).norm(Norm.ORTHO).precision(Precision.DOUBLE).inPlace(true).build();
        double[] input = random(d.floats());
        double[] data = input.clone();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.forward(data);
            plan.inverse(data);
        }
        assertClose(data, input, 2 * tolerance(Signals.points(shape)), "round trip " + Arrays.toString(shape));
    }

    @Test
    void stridedLayoutsReadAndWriteOnlyTheirPositions() {
        // Input: element e of transform b at 3 e + 1000 b (interleaved with others); output packed.
        int n = 256;
        int batch = 3;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).precision(Precision.DOUBLE).inputLayout(3, 1000).build();
        double[] input = random(d.inputFloats());
        double[] packed = new double[2 * n * batch];
        for (int b = 0; b < batch; b++) {
            for (int e = 0; e < n; e++) {
                packed[2 * (b * n + e)] = input[2 * (3 * e + 1000 * b)];
                packed[2 * (b * n + e) + 1] = input[2 * (3 * e + 1000 * b) + 1];
            }
        }
        double[] before = input.clone();
        assertClose(run(d, input), reference(packed, new int[] {n}, batch, Direction.FORWARD, Norm.BACKWARD),
                tolerance(n), "strided input");
        assertArrayEquals(before, input, "the caller's input");
    }

    @Test
    void buffersAndResidentArraysCarryDoubles() {
        int n = 4096;
        FftDescriptor d = FftDescriptor.c2c(n).batch(2).precision(Precision.DOUBLE).build();
        double[] input = random(d.floats());
        double[] expected = reference(input, new int[] {n}, 2, Direction.FORWARD, Norm.BACKWARD);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            DoubleBuffer out = DoubleBuffer.allocate((int) d.floats());
            plan.execute(Direction.FORWARD, DoubleBuffer.wrap(input), out);
            assertClose(out.array(), expected, tolerance(n), "DoubleBuffer");

            DoubleArray resident = plan.doubleInput();
            for (int i = 0; i < input.length; i++) {
                resident.set(i, input[i]);
            }
            plan.execute();
            assertClose(plan.doubleOutput().toHeapArray(), expected, tolerance(n), "resident");
        }
    }

    @Test
    void appendsDoubleKernelsToACallersGraph() throws Exception {
        int n = 1 << 14;
        FftDescriptor d = FftDescriptor.c2c(n).precision(Precision.DOUBLE).build();
        double[] host = random(d.floats());
        DoubleArray data = DoubleArray.fromArray(host);
        DoubleArray spectrum = new DoubleArray((int) d.floats());
        TaskGraph graph = new TaskGraph("user64").transferToDevice(DataTransferMode.EVERY_EXECUTION, data)
                .task("twice", DoublePrecisionTest::scaleByTwo, data);
        GridScheduler grid = new GridScheduler();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.appendTo(graph, data, spectrum, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                execution.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
            }
        }
        double[] doubled = host.clone();
        for (int i = 0; i < doubled.length; i++) {
            doubled[i] *= 2;
        }
        assertClose(spectrum.toHeapArray(), reference(doubled, new int[] {n}, 1, Direction.FORWARD, Norm.BACKWARD),
                tolerance(n), "user kernel then the double FFT");
    }

    /** A caller's own kernel: doubles every value. */
    static void scaleByTwo(DoubleArray data) {
        for (@Parallel int i = 0; i < data.getSize(); i++) {
            data.set(i, 2 * data.get(i));
        }
    }

    @Test
    void theWrongPrecisionIsRefusedAndNothingIsWritten() {
        FftDescriptor doubles = FftDescriptor.c2c(64).precision(Precision.DOUBLE).build();
        FftDescriptor floats = FftDescriptor.c2c(64).build();
        try (FftPlan plan = FftPlan.create(doubles, TestDevice.get())) {
            float[] out = new float[128];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.execute(Direction.FORWARD, new float[128], 0, out, 0));
            assertTrue(e.getMessage().startsWith("in: a DOUBLE plan takes double[]"), e.getMessage());
            assertArrayEquals(new float[128], out, "out after a refused call");
            e = assertThrows(IllegalArgumentException.class,
                    () -> plan.appendTo(new TaskGraph("g"), new FloatArray(128), new FloatArray(128), new GridScheduler()));
            assertTrue(e.getMessage().startsWith("in: a DOUBLE plan takes a DoubleArray"), e.getMessage());
            IllegalStateException s = assertThrows(IllegalStateException.class, plan::input);
            assertTrue(s.getMessage().contains("doubleInput()"), s.getMessage());
        }
        try (FftPlan plan = FftPlan.create(floats, TestDevice.get())) {
            double[] out = new double[128];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.forward(new double[128], out));
            assertTrue(e.getMessage().startsWith("in: a FLOAT plan takes float[]"), e.getMessage());
            assertArrayEquals(new double[128], out, "out after a refused call");
            IllegalStateException s = assertThrows(IllegalStateException.class, plan::doubleOutput);
            assertTrue(s.getMessage().contains("input() / output()"), s.getMessage());
        }
    }

    static Stream<Arguments> realShapes() {
        // 1D with the split fused into the one pass (short rows) and as a kernel of its own (long ones),
        // 2D and 3D (the split between the rows' passes and the others'), batches.
        return Stream.of(Arguments.of(new int[] {2}, 3), Arguments.of(new int[] {64}, 5), Arguments.of(new int[] {4096}, 2),
                Arguments.of(new int[] {1 << 16}, 1), Arguments.of(new int[] {1 << 20}, 1), Arguments.of(new int[] {64, 64}, 2),
                Arguments.of(new int[] {8, 256}, 1), Arguments.of(new int[] {16, 16, 16}, 3), Arguments.of(new int[] {32, 4, 128}, 1));
    }

    @ParameterizedTest(name = "{0} batch {1}")
    @MethodSource("realShapes")
    void realTransformsMatchTheReferenceBothWays(int[] shape, int batch) {
        int[] batched = new int[shape.length + 1];
        batched[0] = batch;
        System.arraycopy(shape, 0, batched, 1, shape.length);
        int[] axes = IntStream.rangeClosed(1, shape.length).toArray();
        long points = Signals.points(shape);
        FftDescriptor r2c = FftDescriptor.r2c(shape).batch(batch).precision(Precision.DOUBLE).build();
        double[] real = random(r2c.inputFloats());
        double[] spectrum = poisoned(r2c.outputFloats());
        try (FftPlan plan = FftPlan.create(r2c, TestDevice.get())) {
            plan.execute(Direction.FORWARD, real, 0, spectrum, 0);
        }
        assertClose(spectrum, ReferenceFft.r2c(real, batched, axes, Norm.BACKWARD), tolerance(points),
                "r2c " + Arrays.toString(shape) + " batch " + batch);

        FftDescriptor c2r = FftDescriptor.c2r(shape).batch(batch).norm(Norm.FORWARD).precision(Precision.DOUBLE).build();
        double[] half = ReferenceFft.r2c(random(c2r.outputFloats()), batched, axes, Norm.BACKWARD);
        double[] before = half.clone();
        double[] out = poisoned(c2r.outputFloats());
        try (FftPlan plan = FftPlan.create(c2r, TestDevice.get())) {
            plan.execute(Direction.INVERSE, half, 0, out, 0);
        }
        assertClose(out, ReferenceFft.c2r(half, batched, axes, Norm.FORWARD), tolerance(points),
                "c2r " + Arrays.toString(shape) + " batch " + batch);
        assertArrayEquals(before, half, "c2r's input");
    }

    @Test
    void otherLengthsMatchTheReferenceThroughBluestein() {
        // Bluestein's chirp, filter and crop in double: primes, a power of three, a length whose M is 2^17.
        for (int n : new int[] {3, 97, 243, 1000, 40961}) {
            int batch = n < 1000 ? 4 : 1;
            check(new int[] {n}, batch, Direction.FORWARD, Norm.BACKWARD);
            check(new int[] {n}, batch, Direction.INVERSE, Norm.ORTHO);
        }
    }

    @Test
    void theDevicesExtensionListDecidesFp64() {
        assertTrue(Devices.hasFp64("cl_khr_byte_addressable_store cl_khr_fp64 cl_khr_int64_base_atomics"));
        assertTrue(!Devices.hasFp64("cl_khr_fp16 cl_khr_fp64_extra cl_khr_int64_base_atomics"));
        assertTrue(!Devices.hasFp64(""));
    }

    @Test
    void aDoublePlanHoldsTwiceTheBytes() {
        FftDescriptor d = FftDescriptor.c2c(4096).batch(4).precision(Precision.DOUBLE).build();
        assertEquals(2 * FftPlan.deviceBytesNeeded(FftDescriptor.c2c(4096).batch(4).build()), FftPlan.deviceBytesNeeded(d));
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            assertTrue(plan.toString().contains("4096"), plan.toString());
        }
    }
}
