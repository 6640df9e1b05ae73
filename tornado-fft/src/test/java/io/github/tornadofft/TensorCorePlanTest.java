package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import io.github.tornadofft.kernels.TensorCoreStage;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plans with tensor-core stages ({@link Compute#TENSOR_CORES}) on the device: fp16 operands for HALF
 * data, the split mode for FLOAT data, against the double reference.
 *
 * <p>On a device of TornadoVM's PTX backend the transforms run and are checked (the GPU bundle); on any
 * other (PoCL in CI) each test asserts that the plan is refused by name, naming the backend and the
 * device, before anything is allocated. The model of the stages and the host-side rules are tested on
 * the JVM ({@link TensorCoresTest}).
 */
@Tag("device")
@ExtendWith(Seed.class)
class TensorCorePlanTest {

    private static final FftOptions TENSOR_CORES = FftOptions.defaults().withCompute(Compute.TENSOR_CORES);
    private static boolean reported;

    /**
     * The bound for the split mode (FLOAT data): twice float's ({@link Signals#tolerance(long)}), what the
     * issue asks of it; the model of the stages gives 0.12 of it.
     */
    static double splitTolerance(long n) {
        return 2 * Signals.tolerance(n);
    }

    /**
     * The bound for fp16 operands (HALF data, exact fp16 input): fp16's unit roundoff 2^-11 for each
     * stage's rounding of its operands (data and matrix entries) and for the output's, plus float's
     * bound; the model of the stages gives about 0.2 of it.
     */
    static double halfTolerance(int n) {
        return (TensorCores.radices(n).length + 1) * 0x1p-11 + Signals.tolerance(n);
    }

    /** On a device not of the PTX backend, asserts the refusal of {@code d} by name and returns false. */
    private static boolean runsOn(FftDescriptor d) {
        TornadoDevice device = TestDevice.get();
        if (device.getTornadoVMBackend() == TornadoVMBackendType.PTX) {
            return true;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(d, device, TENSOR_CORES));
        assertTrue(e.getMessage().startsWith("compute: TENSOR_CORES needs TornadoVM's PTX backend"), e.getMessage());
        assertTrue(e.getMessage().contains(device.getPhysicalDevice().getDeviceName()), e.getMessage());
        assertTrue(e.getMessage().contains(device.getTornadoVMBackend().toString()), e.getMessage());
        if (!reported) {
            reported = true;
            System.out.println("[TensorCorePlanTest] TENSOR_CORES refused on " + device.getPhysicalDevice().getDeviceName() + " ("
                    + device.getTornadoVMBackend() + "): the tests here check that refusal; the transforms run on PTX");
        }
        return false;
    }

    static Stream<Arguments> sizes() {
        // Every stage plan: a first stage of radix 8 (2^7), 2 (2^9, 2^17), 4 (2^14) or none (2^8, 2^12,
        // 2^16, 2^20), batches that fill several groups and one that leaves warps idle (2^7 x 2: one unit).
        return Stream.of(Arguments.of(128, 2), Arguments.of(256, 5), Arguments.of(512, 8), Arguments.of(4096, 64),
                Arguments.of(1 << 14, 4), Arguments.of(1 << 16, 3), Arguments.of(1 << 17, 8), Arguments.of(1 << 20, 1));
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("sizes")
    void bothModesMatchTheReferenceBothWays(int n, int batch) {
        for (Precision precision : new Precision[] {Precision.FLOAT, Precision.HALF}) {
            for (Direction direction : Direction.values()) {
                FftDescriptor d = FftDescriptor.c2c(n).batch(batch).direction(direction).precision(precision).build();
                if (!runsOn(d)) {
                    return;
                }
                String what = direction + " " + n + " x " + batch + " (" + precision + ", tensor cores)";
                try (FftPlan plan = FftPlan.create(d, TestDevice.get(), TENSOR_CORES)) {
                    assertTrue(plan.toString().contains("tensor cores " + n), plan.toString());
                    if (precision == Precision.FLOAT) {
                        float[] input = Signals.random(d.floats());
                        float[] before = input.clone();
                        float[] out = Signals.poisoned(d.floats());
                        plan.execute(direction, input, 0, out, 0);
                        assertArrayEquals(before, input, "the caller's input");
                        Signals.assertWithin(Signals.widen(out), Signals.reference(input, new int[] {n}, batch, direction,
                                Norm.BACKWARD), splitTolerance(n), what);
                    } else {
                        short[] input = HalfPrecisionTest.random(d.floats());
                        short[] before = input.clone();
                        short[] out = HalfPrecisionTest.poisoned(d.floats());
                        plan.execute(direction, input, 0, out, 0);
                        assertArrayEquals(before, input, "the caller's input");
                        Signals.assertWithin(HalfPrecisionTest.widen(out), Signals.reference(HalfPrecisionTest.widen(input),
                                new int[] {n}, batch, direction, Norm.BACKWARD), halfTolerance(n), what);
                    }
                }
            }
        }
    }

    /**
     * Each stage kernel on its own against {@link TensorCoresTest#stage}, which does its roundings the same
     * way: what differs is only the order of the fp32 sums inside {@code mma.sync} (and the model's exact
     * products), within 2^-20 of the output's norm. Where a kernel's fragments are mapped wrong the error
     * is of order 1, and the first outputs that differ are printed.
     */
    @ParameterizedTest(name = "{0} radix {2} span {3}")
    @MethodSource("stages")
    void eachStageKernelMatchesTheModelOfItsStage(String kernel, int n, int radix, int span, int batch) {
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).build();
        if (!runsOn(d)) {
            return;
        }
        Precision precision = kernel.equals("stageSplit") ? Precision.FLOAT : Precision.HALF;
        for (Direction direction : Direction.values()) {
            float[] input = Signals.random(d.floats());
            if (kernel.equals("firstFp16")) {
                for (int i = 0; i < input.length; i++) {
                    input[i] = Float.float16ToFloat(Float.floatToFloat16(input[i]));
                }
            }
            float scale = span == 1 ? 1f : 2f;
            float[] expected = TensorCoresTest.stage(input, n, batch, radix, span, scale, direction, precision);
            float[] actual = runStage(kernel, input, n, batch, radix, span, scale, direction, precision);
            double error = Signals.relativeError(actual, Signals.widen(expected));
            String what = kernel + " " + direction + " N " + n + " radix " + radix + " span " + span;
            System.out.printf("[TensorCorePlanTest] %s: relative L2 error against the model %.3g%n", what, error);
            if (!(error < 0x1p-20)) {
                int shown = 0;
                for (int i = 0; i < actual.length && shown < 24; i++) {
                    if (!(Math.abs(actual[i] - expected[i]) <= 1e-3 * Math.abs(expected[i]) + 1e-4)) {
                        System.out.printf("  float %d (complex %d %s): got %.6g, model %.6g%n", i, i / 2, i % 2 == 0 ? "re" : "im",
                                actual[i], expected[i]);
                        shown++;
                    }
                }
            }
            if (!(error < 0x1p-20) && span == 1 && direction == Direction.FORWARD) {
                probe(kernel, n, batch, radix, precision);
            }
            assertTrue(error < 0x1p-20, what + ": error " + error);
        }
    }

    /** Prints what the kernel makes of unit impulses at complex positions 0, 1, 16 and 17i: its outputs that are not 0. */
    private static void probe(String kernel, int n, int batch, int radix, Precision precision) {
        int[] positions = {0, 1, 16, 17};
        for (int p = 0; p < positions.length; p++) {
            float[] input = new float[2 * n * batch];
            input[2 * positions[p] + (p == 3 ? 1 : 0)] = 1;
            float[] out = runStage(kernel, input, n, batch, radix, 1, 1f, Direction.FORWARD, precision);
            StringBuilder s = new StringBuilder("  probe " + (p == 3 ? "i at " : "1 at ") + positions[p] + ":");
            int shown = 0;
            for (int i = 0; i < out.length && shown < 40; i++) {
                if (out[i] != 0) {
                    s.append(String.format(" [%d%s]=%.3g", i / 2, i % 2 == 0 ? "re" : "im", out[i]));
                    shown++;
                }
            }
            System.out.println(s);
        }
    }

    static Stream<Arguments> stages() {
        return Stream.of(Arguments.of("stageSplit", 256, 16, 1, 1), Arguments.of("stageSplit", 256, 16, 16, 1),
                Arguments.of("stageSplit", 128, 8, 1, 2), Arguments.of("stageFp16", 4096, 16, 256, 2),
                Arguments.of("firstFp16", 256, 16, 1, 3), Arguments.of("firstFp16", 512, 2, 1, 8));
    }

    /** One stage kernel run alone on the device under test (PTX), from {@code input} (fp16 for firstFp16). */
    private static float[] runStage(String kernel, float[] input, int n, int batch, int radix, int span, float scale,
                                    Direction direction, Precision precision) {
        FloatArray out = Signals.keep(new FloatArray(input.length));
        out.init(Float.NaN);
        IntArray a = Signals.keep(IntArray.fromArray(TensorCores.matrix(radix, TensorCores.matrixScale(radix, precision))));
        FloatArray tw = Signals.keep(FloatArray.fromArray(span == 1 ? new float[2] : TensorCores.twiddles(radix, span)));
        int inverse = direction == Direction.INVERSE ? 1 : 0;
        int units = batch * n / (16 * TensorCoreStage.COLUMNS);
        String graphName = "tcstage" + (++graphs);
        System.setProperty(graphName + ".t.device", Devices.spec(TestDevice.get()));
        TaskGraph graph = new TaskGraph(graphName);
        if (kernel.equals("firstFp16")) {
            HalfFloatArray in = Signals.keep(new HalfFloatArray(input.length));
            for (int i = 0; i < input.length; i++) {
                in.set(i, new HalfFloat(input[i]));
            }
            graph.transferToDevice(DataTransferMode.EVERY_EXECUTION, in, a, tw)
                    .task("t", TensorCoreStage::firstFp16, new KernelContext(), in, out, a, n, radix, inverse, units,
                            TensorCores.STORE_SHIFT);
        } else {
            FloatArray in = Signals.keep(FloatArray.fromArray(input));
            graph.transferToDevice(DataTransferMode.EVERY_EXECUTION, in, a, tw);
            if (kernel.equals("stageSplit")) {
                graph.task("t", TensorCoreStage::stageSplit, new KernelContext(), in, out, a, tw, n, radix, span, inverse, scale, units,
                        TensorCores.STORE_SHIFT);
            } else {
                graph.task("t", TensorCoreStage::stageFp16, new KernelContext(), in, out, a, tw, n, radix, span, inverse, scale, units,
                        TensorCores.STORE_SHIFT);
            }
        }
        System.clearProperty(graphName + ".t.device");
        graph.transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        GridScheduler grid = new GridScheduler();
        WorkerGrid1D worker = new WorkerGrid1D((units + TensorCoreStage.WARPS - 1) / TensorCoreStage.WARPS * TensorCoreStage.GROUP);
        worker.setLocalWork(TensorCoreStage.GROUP, 1, 1);
        grid.addWorkerGrid(graphName + ".t", worker);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return out.toHeapArray();
    }

    private static int graphs;

    @Test
    void roundTripsInPlaceAndOrthoReturnTheInput() {
        int n = 1 << 12;
        FftDescriptor d = FftDescriptor.c2c(n).batch(6).norm(Norm.ORTHO).inPlace(true).build();
        if (!runsOn(d)) {
            return;
        }
        float[] input = Signals.random(d.floats());
        float[] data = input.clone();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get(), TENSOR_CORES)) {
            plan.forward(data);
            Signals.assertWithin(Signals.widen(data), Signals.reference(input, new int[] {n}, 6, Direction.FORWARD, Norm.ORTHO),
                    splitTolerance(n), "in place, ORTHO, forward (split mode)");
            plan.inverse(data);
            Signals.assertWithin(Signals.widen(data), Signals.widen(input), 2 * splitTolerance(n), "round trip (split mode)");
        }
        FftDescriptor half = FftDescriptor.c2c(n).batch(2).precision(Precision.HALF).build();
        short[] x = HalfPrecisionTest.random(half.floats());
        try (FftPlan plan = FftPlan.create(half, TestDevice.get(), TENSOR_CORES)) {
            short[] spectrum = HalfPrecisionTest.poisoned(half.floats());
            short[] back = HalfPrecisionTest.poisoned(half.floats());
            plan.forward(x, spectrum);
            plan.inverse(spectrum, back);
            Signals.assertWithin(HalfPrecisionTest.widen(back), HalfPrecisionTest.widen(x), 2 * halfTolerance(n),
                    "round trip (fp16 operands)");
        }
    }

    @Test
    void appendToPutsTheStagesInTheCallersGraph() throws Exception {
        int n = 4096;
        FftDescriptor d = FftDescriptor.c2c(n).batch(4).build();
        if (!runsOn(d)) {
            return;
        }
        float[] input = Signals.random(d.floats());
        FloatArray data = Signals.keep(FloatArray.fromArray(input));
        FloatArray spectrum = Signals.keep(new FloatArray(input.length));
        spectrum.init(Float.NaN);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get(), TENSOR_CORES)) {
            TaskGraph graph = new TaskGraph("usertc").transferToDevice(DataTransferMode.EVERY_EXECUTION, data);
            GridScheduler grid = new GridScheduler();
            plan.appendTo(Direction.FORWARD, graph, data, spectrum, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                execution.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
            }
        }
        Signals.assertWithin(Signals.widen(spectrum.toHeapArray()), Signals.reference(input, new int[] {n}, 4, Direction.FORWARD,
                Norm.BACKWARD), splitTolerance(n), "appendTo (split mode)");
    }

    @Test
    void creatingAndClosingTensorCorePlansInALoopKeepsDeviceMemoryFlat() {
        // The work arrays come from and go back to HostBuffers, the tables are shared for the JVM, and a
        // closed plan's engine is reused: the device bytes held stop growing after the first two cycles of
        // each descriptor; clearing the cache gives back every byte the loop took.
        FftDescriptor[] descriptors = {FftDescriptor.c2c(4096).batch(2).build(),
            FftDescriptor.c2c(4096).batch(2).precision(Precision.HALF).inPlace(true).build(),
            FftDescriptor.c2c(1 << 14).batch(4).build()};
        if (!runsOn(descriptors[0])) {
            return;
        }
        FftPlan.clearCache();
        long start = FftPlan.deviceBytesHeld();
        long before = -1;
        for (int c = 0; c < 4 * descriptors.length; c++) {
            FftDescriptor d = descriptors[c % descriptors.length];
            try (FftPlan plan = FftPlan.create(d, TestDevice.get(), TENSOR_CORES)) {
                if (d.precision() == Precision.HALF) {
                    short[] data = HalfPrecisionTest.random(d.floats());
                    plan.forward(data, data);
                } else {
                    plan.forward(Signals.random(d.floats()), new float[(int) d.floats()]);
                }
            }
            if (c == descriptors.length * 2 - 1) {
                before = FftPlan.deviceBytesHeld();
            }
        }
        assertEquals(before, FftPlan.deviceBytesHeld(), "device bytes held after the first two cycles of each descriptor");
        FftPlan.clearCache();
        assertEquals(start, FftPlan.deviceBytesHeld(), "device bytes held once the cache is cleared");
    }

    @Test
    void theSplitModeKeepsFloatAccuracyWhereFp16OperandsDoNot() {
        // The same float data through both modes of one size: the split mode within float's class, fp16
        // operands about 2^-12 per stage (their error is at least 100 times the split mode's).
        int n = 1 << 16;
        FftDescriptor d = FftDescriptor.c2c(n).build();
        if (!runsOn(d)) {
            return;
        }
        float[] input = Signals.random(d.floats());
        double[] expected = Signals.reference(input, new int[] {n}, 1, Direction.FORWARD, Norm.BACKWARD);
        float[] split = Signals.poisoned(d.floats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get(), TENSOR_CORES)) {
            plan.forward(input, split);
        }
        FftDescriptor half = FftDescriptor.c2c(n).precision(Precision.HALF).build();
        short[] halves = new short[input.length];
        for (int i = 0; i < input.length; i++) {
            halves[i] = Float.floatToFloat16(input[i]);
        }
        short[] out = HalfPrecisionTest.poisoned(half.floats());
        try (FftPlan plan = FftPlan.create(half, TestDevice.get(), TENSOR_CORES)) {
            plan.forward(halves, out);
        }
        double splitError = Signals.relativeError(split, expected);
        double halfError = Signals.relativeError(HalfPrecisionTest.widen(out), expected);
        System.out.printf("[TensorCorePlanTest] 2^16, the same float data: split mode %.3g, fp16 operands %.3g%n", splitError,
                halfError);
        assertTrue(splitError < splitTolerance(n), "split mode " + splitError);
        assertTrue(halfError > 100 * splitError, "fp16 operands " + halfError + " against split " + splitError);
    }

    @Test
    void valuesBeyondFp16sRangeBecomeInfinitiesNotGarbage() {
        // HALF: a constant 30000 along 256 points; bin 0 is 256 x 30000, beyond fp16's 65504, and comes out
        // +infinity; every other bin is finite and 0 to the rounding of the fp16 matrices (their rows sum to
        // 0 within 2^-12 of a row's scale: within 2^-10 of bin 0 here). No NaN anywhere: the stages' scales
        // keep every operand within fp16's range (TensorCores), and only the last kernel's store overflows.
        int n = 256;
        FftDescriptor d = FftDescriptor.c2c(n).precision(Precision.HALF).build();
        if (!runsOn(d)) {
            return;
        }
        short[] input = new short[2 * n];
        for (int i = 0; i < n; i++) {
            input[2 * i] = Float.floatToFloat16(30000f);
        }
        short[] out = HalfPrecisionTest.poisoned(d.floats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get(), TENSOR_CORES)) {
            plan.forward(input, out);
        }
        assertEquals(Float.POSITIVE_INFINITY, Float.float16ToFloat(out[0]), "bin 0, 256 x 30000");
        for (int i = 1; i < out.length; i++) {
            float v = Float.float16ToFloat(out[i]);
            assertFalse(Float.isNaN(v) || Float.isInfinite(v), "value " + i + " is " + v);
            assertTrue(Math.abs(v) < 256 * 30000 * 0x1p-10, "value " + i + " is " + v);
        }
    }

    @Test
    void otherBackendsAndDescriptorsAreRefusedByNameBeforeAnythingRuns() {
        TornadoDevice device = TestDevice.get();
        long held = FftPlan.deviceBytesHeld();
        // The descriptor's rules hold on every device (the backend's is checked first, so on PoCL only it shows).
        for (FftDescriptor d : new FftDescriptor[] {FftDescriptor.c2c(4096).precision(Precision.DOUBLE).build(),
            FftDescriptor.c2c(64, 64).build(), FftDescriptor.c2c(512).batch(3).build()}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftPlan.create(d, device, TENSOR_CORES));
            String expected = device.getTornadoVMBackend() == TornadoVMBackendType.PTX
                    ? Arrays.asList("precision:", "shape:", "batch:").toString() : "compute:";
            assertTrue(expected.contains(e.getMessage().substring(0, e.getMessage().indexOf(':') + 1)), e.getMessage());
        }
        assertEquals(held, FftPlan.deviceBytesHeld(), "device memory after the refusals");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftOptions.defaults().withCompute(null));
        assertTrue(e.getMessage().startsWith("compute:"), e.getMessage());
    }
}
