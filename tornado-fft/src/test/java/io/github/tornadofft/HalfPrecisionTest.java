package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Half-precision storage ({@link Precision#HALF}): fp16 values in and out, float arithmetic on the
 * device, held to the double reference of the same fp16 input.
 *
 * <p>Which half of each device test runs depends on the device under test: on one with fp16 loads and
 * stores (TornadoVM's PTX and CUDA backends) the transforms run and are checked; on any other (PoCL's
 * CPU device, NVIDIA's OpenCL driver: no {@code cl_khr_fp16}) the test asserts that the plan is refused
 * by name, so CI on PoCL tests the refusals and the GPU bundle the transforms. On PTX, the plans whose
 * passes stage their stores (1D beyond one group) are refused by name too (Engine.checkHalfStores). The host-side rules
 * (descriptor checks, extension lists, the other precisions' refusal of fp16 data) run everywhere.
 */
@Tag("device")
@ExtendWith(Seed.class)
class HalfPrecisionTest {

    /**
     * The bound on the relative L2 error of one transform of n points by a plan of k kernels: fp16's unit
     * roundoff 2^-11 for each kernel's rounding of what it stores (each component within 2^-11 of itself,
     * so the whole vector too; the rounding of one kernel passes through the later ones' unitary steps
     * unchanged in norm), plus float's bound for the arithmetic ({@link Signals#tolerance(long)}). The input
     * is exact: the reference transforms the same fp16 values. Rounding to nearest gives about
     * sqrt(k) 2^-11 / sqrt(3) on random data, 0.58 of the bound for k = 1 and 0.41 for k = 2; arithmetic
     * in fp16 fails it.
     */
    static double tolerance(long n, int kernels) {
        return kernels * 0x1p-11 + Signals.tolerance(n);
    }

    private static boolean reported;

    /** Whether the device under test takes HALF plans. */
    private static boolean fp16() {
        try {
            Devices.requireFp16(TestDevice.get());
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * On a device without fp16, asserts that a plan of {@code d} is refused by name, naming the device,
     * and returns false; on one with it, returns true.
     */
    private static boolean runsOn(FftDescriptor d) {
        TornadoDevice device = TestDevice.get();
        if (fp16()) {
            if (device.getTornadoVMBackend() != TornadoVMBackendType.PTX) {
                return true;
            }
            // TornadoVM 5.2's PTX backend: plans whose passes stage their fp16 stores are refused (Engine.checkHalfStores).
            try (FftPlan plan = FftPlan.create(d, device)) {
                return true;
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith("shape: HALF on TornadoVM 5.2's PTX backend takes transforms whose passes"),
                        e.getMessage());
                System.out.println("[HalfPrecisionTest] refused on PTX, as planned: " + Arrays.toString(d.shape()));
                return false;
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(d, device));
        assertTrue(e.getMessage().startsWith("precision: HALF needs fp16 loads and stores"), e.getMessage());
        assertTrue(e.getMessage().contains(device.getPhysicalDevice().getDeviceName()), e.getMessage());
        if (!reported) {
            reported = true;
            System.out.println("[HalfPrecisionTest] HALF refused on " + device.getPhysicalDevice().getDeviceName() + " ("
                    + device.getTornadoVMBackend() + "): the tests here check that refusal; the transforms run on PTX and CUDA");
        }
        return false;
    }

    /** Fresh uniform random values in [-1, 1), as fp16 bits (exactly representable, never all zero). */
    static short[] random(long values) {
        SplittableRandom random = Seed.random();
        short[] data = new short[(int) values];
        for (int i = 0; i < data.length; i++) {
            data[i] = Float.floatToFloat16((float) (2 * random.nextDouble() - 1));
        }
        data[0] = Float.floatToFloat16(0.5f);
        return data;
    }

    /** fp16 bits widened to double. */
    static double[] widen(short[] halves) {
        double[] wide = new double[halves.length];
        for (int i = 0; i < halves.length; i++) {
            wide[i] = Float.float16ToFloat(halves[i]);
        }
        return wide;
    }

    /** An array of fp16 NaNs: what a kernel fails to write stays NaN and fails the comparison. */
    static short[] poisoned(long values) {
        short[] data = new short[(int) values];
        Arrays.fill(data, Float.floatToFloat16(Float.NaN));
        return data;
    }

    /** Runs {@code d} once in {@code direction} into a poisoned output, and asserts it within the bound of its kernels. */
    private static void check(FftDescriptor d, Direction direction, short[] input, double[] expected, long n, String what) {
        short[] out = poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(direction, input, 0, out, 0);
            Signals.assertWithin(widen(out), expected, tolerance(n, plan.kernelsPerTransform()),
                    what + ", " + plan.kernelsPerTransform() + " kernels (HALF)");
        }
    }

    static Stream<Arguments> shapes() {
        // Every size class of the float suite: one pass of one group (2, 64, 4096), one pass over several
        // groups and several passes (2^16, 2^20), batches; 2D and 3D with X fused into a strided pass and
        // without; the largest of 2^24 points.
        return Stream.of(Arguments.of(new int[] {2}, 5), Arguments.of(new int[] {64}, 3), Arguments.of(new int[] {4096}, 4),
                Arguments.of(new int[] {1 << 16}, 2), Arguments.of(new int[] {1 << 20}, 1), Arguments.of(new int[] {64, 64}, 2),
                Arguments.of(new int[] {512, 1024}, 1), Arguments.of(new int[] {16, 32, 64}, 2),
                Arguments.of(new int[] {128, 128, 128}, 1), Arguments.of(new int[] {4096, 4096}, 1));
    }

    @ParameterizedTest(name = "{0} batch {1}")
    @MethodSource("shapes")
    void everySizeClassMatchesTheReferenceBothWays(int[] shape, int batch) {
        for (Direction direction : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).precision(Precision.HALF).build();
            if (!runsOn(d)) {
                return;
            }
            short[] input = random(d.floats());
            short[] before = input.clone();
            double[] expected = Signals.reference(widen(input), shape, batch, direction, Norm.BACKWARD);
            check(d, direction, input, expected, Signals.points(shape), direction + " " + Arrays.toString(shape) + " batch " + batch);
            assertArrayEquals(before, input, "the caller's input");
        }
    }

    @Test
    void aRoundTripReturnsTheInputWithinTwoRoundings() {
        int[] shape = {1 << 14};
        FftDescriptor d = FftDescriptor.c2c(shape).batch(3).norm(Norm.ORTHO).precision(Precision.HALF).build();
        if (!runsOn(d)) {
            return;
        }
        short[] input = random(d.floats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            short[] spectrum = poisoned(d.floats());
            short[] back = poisoned(d.floats());
            plan.forward(input, spectrum);
            plan.inverse(spectrum, back);
            Signals.assertWithin(widen(back), widen(input), 2 * tolerance(1 << 14, plan.kernelsPerTransform()), "round trip (HALF)");
        }
    }

    @Test
    void inPlaceAndStridedLayoutsWork() {
        FftDescriptor inPlace = FftDescriptor.c2c(1 << 16).batch(2).precision(Precision.HALF).inPlace(true).build();
        if (!runsOn(inPlace)) {
            return;
        }
        short[] data = random(inPlace.floats());
        double[] expected = Signals.reference(widen(data), new int[] {1 << 16}, 2, Direction.FORWARD, Norm.BACKWARD);
        try (FftPlan plan = FftPlan.create(inPlace, TestDevice.get())) {
            plan.execute(Direction.FORWARD, data, 0, data, 0);
            Signals.assertWithin(widen(data), expected, tolerance(1 << 16, plan.kernelsPerTransform()), "in place 2^16 x 2 (HALF)");
        }

        // Input: element e of transform b at 3 e + 1000 b; output packed.
        int n = 256;
        int batch = 3;
        FftDescriptor strided = FftDescriptor.c2c(n).batch(batch).precision(Precision.HALF).inputLayout(3, 1000).build();
        short[] input = random(strided.inputFloats());
        double[] packed = new double[2 * n * batch];
        for (int b = 0; b < batch; b++) {
            for (int e = 0; e < n; e++) {
                packed[2 * (b * n + e)] = Float.float16ToFloat(input[2 * (3 * e + 1000 * b)]);
                packed[2 * (b * n + e) + 1] = Float.float16ToFloat(input[2 * (3 * e + 1000 * b) + 1]);
            }
        }
        check(strided, Direction.FORWARD, input, Signals.reference(packed, new int[] {n}, batch, Direction.FORWARD, Norm.BACKWARD), n,
                "strided input");
    }

    @Test
    void residentArraysSegmentsAndAppendToCarryFp16() throws Exception {
        int n = 1 << 12;
        FftDescriptor d = FftDescriptor.c2c(n).batch(2).precision(Precision.HALF).build();
        if (!runsOn(d)) {
            return;
        }
        short[] input = random(d.floats());
        double[] expected = Signals.reference(widen(input), new int[] {n}, 2, Direction.FORWARD, Norm.BACKWARD);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            double bound = tolerance(n, plan.kernelsPerTransform());
            MemorySegment out = MemorySegment.ofArray(poisoned(d.floats()));
            plan.execute(Direction.FORWARD, MemorySegment.ofArray(input), out);
            Signals.assertWithin(widen(out.toArray(java.lang.foreign.ValueLayout.JAVA_SHORT)), expected, bound,
                    "MemorySegment (HALF)");

            HalfFloatArray resident = plan.halfInput();
            MemorySegment.copy(MemorySegment.ofArray(input), 0, resident.getSegment(), 0, 2L * input.length);
            plan.execute();
            Signals.assertWithin(widen(plan.halfOutput().toShortArray()), expected, bound, "resident (HALF)");

            HalfFloatArray data = Signals.keep(new HalfFloatArray(input.length));
            MemorySegment.copy(MemorySegment.ofArray(input), 0, data.getSegment(), 0, 2L * input.length);
            HalfFloatArray spectrum = Signals.keep(new HalfFloatArray(input.length));
            TaskGraph graph = new TaskGraph("user16").transferToDevice(DataTransferMode.EVERY_EXECUTION, data);
            GridScheduler grid = new GridScheduler();
            plan.appendTo(Direction.FORWARD, graph, data, spectrum, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                execution.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
            }
            Signals.assertWithin(widen(spectrum.toShortArray()), expected, bound, "appendTo (HALF)");
        }
    }

    @Test
    void valuesBeyondFp16sRangeBecomeInfinitiesOfTheirSign() {
        // A constant -60000 (fp16's largest finite magnitude is 65504): bin 0 of the forward transform is
        // 64 x -60000 in float, stored as -infinity (fp16's rounding of a value beyond its range); the other
        // bins are zero to float rounding (within float's bound times the output's norm, 3.84e6), finite,
        // and no NaN appears.
        int n = 64;
        FftDescriptor d = FftDescriptor.c2c(n).precision(Precision.HALF).build();
        if (!runsOn(d)) {
            return;
        }
        short[] input = new short[2 * n];
        for (int e = 0; e < n; e++) {
            input[2 * e] = Float.floatToFloat16(-60000f);
        }
        short[] halves = poisoned(2 * n);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.forward(input, halves);
        }
        double[] out = widen(halves);
        assertEquals(Double.NEGATIVE_INFINITY, out[0], "bin 0, real");
        for (int i = 1; i < out.length; i++) {
            assertTrue(Double.isFinite(out[i]) && Math.abs(out[i]) < Signals.tolerance(n) * n * 60000, "value " + i + ": " + out[i]);
        }
    }

    @Test
    void otherPrecisionsDataIsRefusedAndNothingIsWritten() {
        FftDescriptor floats = FftDescriptor.c2c(64).build();
        try (FftPlan plan = FftPlan.create(floats, TestDevice.get())) {
            short[] out = new short[128];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.forward(new short[128], out));
            assertTrue(e.getMessage().startsWith("in: a FLOAT plan takes float[]"), e.getMessage());
            assertTrue(e.getMessage().endsWith("got short[]"), e.getMessage());
            assertArrayEquals(new short[128], out, "out after a refused call");
            IllegalStateException s = assertThrows(IllegalStateException.class, plan::halfInput);
            assertTrue(s.getMessage().contains("input() / output()"), s.getMessage());
        }
        FftDescriptor halves = FftDescriptor.c2c(64).precision(Precision.HALF).build();
        if (!runsOn(halves)) {
            return;
        }
        try (FftPlan plan = FftPlan.create(halves, TestDevice.get())) {
            float[] out = new float[128];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.execute(Direction.FORWARD, new float[128], 0, out, 0));
            assertTrue(e.getMessage().startsWith("in: a HALF plan takes short[] of fp16 bits or HalfFloatArray"), e.getMessage());
            assertArrayEquals(new float[128], out, "out after a refused call");
            e = assertThrows(IllegalArgumentException.class,
                    () -> plan.appendTo(new TaskGraph("g"), new FloatArray(128), new FloatArray(128), new GridScheduler()));
            assertTrue(e.getMessage().startsWith("in: a HALF plan takes a HalfFloatArray"), e.getMessage());
            IllegalStateException s = assertThrows(IllegalStateException.class, plan::output);
            assertTrue(s.getMessage().contains("halfInput() / halfOutput()"), s.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> plan.forward(new short[127], new short[128]));
            assertTrue(e.getMessage().startsWith("in: expected 128 fp16 values"), e.getMessage());
        }
    }

    @Test
    void halfTakesComplexPowerOfTwoAxesOnly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftPlan.checkHalf(FftDescriptor.r2c(64).precision(Precision.HALF).build()));
        assertTrue(e.getMessage().startsWith("precision: HALF takes complex (c2c) transforms"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FftPlan.checkHalf(FftDescriptor.c2c(64, 100).precision(Precision.HALF).build()));
        assertTrue(e.getMessage().startsWith("shape: a HALF plan takes axes that are powers of two; got [64, 100]"), e.getMessage());
        // The same refusals from create, on any device, before the device's own check.
        e = assertThrows(IllegalArgumentException.class,
                () -> FftPlan.create(FftDescriptor.c2c(1000).precision(Precision.HALF).build(), TestDevice.get()));
        assertTrue(e.getMessage().startsWith("shape: a HALF plan takes axes"), e.getMessage());
        FftPlan.checkHalf(FftDescriptor.c2c(2, 4096, 8).precision(Precision.HALF).build());
    }

    @Test
    void creatingAndClosingHalfPlansInALoopKeepsDeviceMemoryFlat() {
        // fp16 arrays come from and go back to the same pool as float and double ones (HostBuffers, keyed by
        // precision), and a closed plan's engine is reused: the device bytes held stop growing after the
        // first cycle of each descriptor.
        int[][] shapes = {{4096}, {64, 64}, {16, 16, 16}};
        if (!runsOn(FftDescriptor.c2c(shapes[0]).precision(Precision.HALF).build())) {
            return;
        }
        long before = -1;
        for (int c = 0; c < 4 * shapes.length; c++) {
            FftDescriptor d = FftDescriptor.c2c(shapes[c % shapes.length]).batch(2).inPlace(c % 2 == 0)
                    .precision(Precision.HALF).build();
            short[] data = random(d.floats());
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                plan.forward(data, data);
            }
            if (c == shapes.length * 2 - 1) {
                before = FftPlan.deviceBytesHeld();
            }
        }
        assertEquals(before, FftPlan.deviceBytesHeld(), "device bytes held after the first two cycles of each shape");
    }

    @Test
    void onPtxOnlyPlansThatStoreFromRegistersAreTaken() {
        // An H100-like profile: 4096 points are one group (direct stores); 2^16 in two passes, the first
        // staging its stores through local memory; 2D and 3D of short rows store directly.
        DeviceProfile gpu = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30);
        for (int[] shape : new int[][] {{4096}, {4096, 4096}, {256, 256, 256}, {64, 64}}) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(2).precision(Precision.HALF).build();
            Engine.checkHalfStores(d, Engine.planPasses(d, gpu), TornadoVMBackendType.PTX);
        }
        for (int[] shape : new int[][] {{1 << 16}, {1 << 20}, {8, 1 << 16}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> {
                        FftDescriptor d = FftDescriptor.c2c(shape).precision(Precision.HALF).build();
                        Engine.checkHalfStores(d, Engine.planPasses(d, gpu), TornadoVMBackendType.PTX);
                    });
            assertTrue(e.getMessage().startsWith("shape: HALF on TornadoVM 5.2's PTX backend takes transforms whose passes store"
                    + " straight from registers") && e.getMessage().contains("use a device of the CUDA backend"), e.getMessage());
        }
    }

    @Test
    void theExtensionListDecidesFp16OnOpenCl() {
        assertTrue(Devices.names("cl_khr_fp64 cl_khr_fp16 cl_khr_int64_base_atomics", "cl_khr_fp16"));
        assertFalse(Devices.names("cl_khr_fp64 cl_khr_fp16_extra", "cl_khr_fp16"));
        assertFalse(Devices.names("", "cl_khr_fp16"));
    }

    @Test
    void aHalfPlanHoldsHalfTheBytesOfAFloatPlan() {
        FftDescriptor half = FftDescriptor.c2c(1 << 16).batch(4).precision(Precision.HALF).build();
        assertEquals(FftPlan.deviceBytesNeeded(FftDescriptor.c2c(1 << 16).batch(4).build()) / 2, FftPlan.deviceBytesNeeded(half));
        assertEquals(Precision.HALF, Precision.parse("Half"));
        assertEquals(2, Precision.HALF.bytes());
    }
}
