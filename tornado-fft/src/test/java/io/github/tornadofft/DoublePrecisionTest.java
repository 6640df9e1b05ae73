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
import java.util.function.Consumer;
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
 * <p>What is particular to double: the long transforms, layouts, buffers and resident arrays of
 * doubles, {@code appendTo} with DoubleArrays, real transforms and Bluestein's lengths in double, the
 * refusal of the other precision's data and of devices without fp64. The lengths and shapes of the
 * float suite run in double in {@code Fft1dPlanTest} and {@code FftNdPlanTest}; the bound is
 * {@link Signals#tolerance(long, Precision)}.
 */
@Tag("device")
@ExtendWith(Seed.class)
class DoublePrecisionTest {

    private static double tolerance(long n) {
        return Signals.tolerance(n, Precision.DOUBLE);
    }

    private static double[] random(long values) {
        return Signals.random(Precision.DOUBLE, values);
    }

    private static double[] poisoned(long values) {
        double[] data = new double[(int) values];
        Arrays.fill(data, Double.NaN);
        return data;
    }

    private static void assertClose(double[] actual, double[] expected, double bound, String what) {
        Signals.assertWithin(actual, expected, bound, what);
    }

    private static double[] reference(double[] input, int[] shape, int batch, Direction direction, Norm norm) {
        return Signals.reference(input, shape, batch, direction, norm);
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

    @Test
    void aLongTransformMatchesTheReferenceBothWays() {
        // 2^22 and 2^24 points (64 and 256 MiB): several passes with every twiddle of the table's both
        // parts; the bound there is 1e-12, this test's 1.1e-14.
        check(new int[] {1 << 22}, 1, Direction.INVERSE, Norm.ORTHO);
        check(new int[] {1 << 24}, 1, Direction.FORWARD, Norm.BACKWARD);
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
        // Kept for the rest of the run (Signals.keep): TornadoVM may still refer to an array a graph has used.
        DoubleArray data = Signals.keep(DoubleArray.fromArray(host));
        DoubleArray spectrum = Signals.keep(new DoubleArray((int) d.floats()));
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
        // 2D and 3D with the rows first (RowsFirst) and, for rows longer than a group, with the split
        // between the rows' passes and the others', batches.
        return Stream.of(Arguments.of(new int[] {2}, 3), Arguments.of(new int[] {64}, 5), Arguments.of(new int[] {4096}, 2),
                Arguments.of(new int[] {1 << 16}, 1), Arguments.of(new int[] {1 << 20}, 1), Arguments.of(new int[] {64, 64}, 2),
                Arguments.of(new int[] {8, 256}, 1), Arguments.of(new int[] {16, 16, 16}, 3), Arguments.of(new int[] {32, 4, 128}, 1),
                Arguments.of(new int[] {2, 1 << 15}, 1));
    }

    @ParameterizedTest(name = "{0} batch {1}")
    @MethodSource("realShapes")
    void realTransformsMatchTheReferenceBothWays(int[] shape, int batch) {
        assertRealTransformsMatchTheReference(shape, batch, plan -> { });
    }

    /**
     * Asserts r2c and c2r of {@code shape} in double, a batch of {@code batch}, against the reference (c2r
     * leaving its input as it was), letting {@code checkPlan} look at each plan before it runs.
     */
    static void assertRealTransformsMatchTheReference(int[] shape, int batch, Consumer<FftPlan> checkPlan) {
        int[] batched = new int[shape.length + 1];
        batched[0] = batch;
        System.arraycopy(shape, 0, batched, 1, shape.length);
        int[] axes = IntStream.rangeClosed(1, shape.length).toArray();
        long points = Signals.points(shape);
        FftDescriptor r2c = FftDescriptor.r2c(shape).batch(batch).precision(Precision.DOUBLE).build();
        double[] real = random(r2c.inputFloats());
        double[] spectrum = poisoned(r2c.outputFloats());
        try (FftPlan plan = FftPlan.create(r2c, TestDevice.get())) {
            checkPlan.accept(plan);
            plan.execute(Direction.FORWARD, real, 0, spectrum, 0);
        }
        assertClose(spectrum, ReferenceFft.r2c(real, batched, axes, Norm.BACKWARD), tolerance(points),
                "r2c " + Arrays.toString(shape) + " batch " + batch);

        FftDescriptor c2r = FftDescriptor.c2r(shape).batch(batch).norm(Norm.FORWARD).precision(Precision.DOUBLE).build();
        double[] half = ReferenceFft.r2c(random(c2r.outputFloats()), batched, axes, Norm.BACKWARD);
        double[] before = half.clone();
        double[] out = poisoned(c2r.outputFloats());
        try (FftPlan plan = FftPlan.create(c2r, TestDevice.get())) {
            checkPlan.accept(plan);
            plan.execute(Direction.INVERSE, half, 0, out, 0);
        }
        assertClose(out, ReferenceFft.c2r(half, batched, axes, Norm.FORWARD), tolerance(points),
                "c2r " + Arrays.toString(shape) + " batch " + batch);
        assertArrayEquals(before, half, "c2r's input");
    }

    @Test
    void otherLengthsMatchTheReferenceThroughBluestein() {
        // Bluestein's chirp, filter and crop in double: primes, products of primes above 13 (391 = 17 x 23,
        // 1003 = 17 x 59), a length whose M is 2^17. (Lengths of no prime factor above 13: MixedRadixPlanTest.)
        for (int n : new int[] {17, 97, 391, 1003, 40961}) {
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
