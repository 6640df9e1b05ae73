package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;

import io.github.tornadofft.api.FftDescriptor.Layout;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.github.tornadofft.Signals.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batches in other layouts than packed (stride and distance, as cuFFT and FFTW take them): the
 * transform reads and writes exactly the layout's positions, as the reference computes it on the
 * packed data, and leaves every other position of the arrays as it was. The first pass reads the
 * input's layout and the last writes the output's, so the cases cover plans of one pass and of
 * several, along X and along strided axes (2D, 3D, a fused X axis).
 */
@Tag("device")
@Tag("aligned")
@ExtendWith(Seed.class)
class LayoutTest {

    /** A shape, a batch, the input's and the output's layout (stride, distance), and the direction. */
    static Stream<Arguments> layouts() {
        return Stream.of(
                // Padded transforms: one pass, then several (a first pass in one layout, a last in another).
                Arguments.of(new int[] {16}, 5, new Layout(2, 40), new Layout(2, 40), Direction.FORWARD),
                Arguments.of(new int[] {1024}, 3, new Layout(1, 1100), new Layout(1, 1024), Direction.INVERSE),
                Arguments.of(new int[] {1 << 17}, 2, new Layout(3, 3 << 17), new Layout(1, (1 << 17) + 9), Direction.FORWARD),
                // Batch innermost (stride = batch, distance 1), into it and out of it.
                Arguments.of(new int[] {256}, 4, new Layout(4, 1), new Layout(1, 256), Direction.FORWARD),
                Arguments.of(new int[] {64}, 6, new Layout(1, 64), new Layout(6, 1), Direction.FORWARD),
                Arguments.of(new int[] {2}, 3, new Layout(3, 1), new Layout(5, 1), Direction.INVERSE),
                // 2D and 3D: the stride applies to the C-order index within a transform.
                Arguments.of(new int[] {32, 64}, 2, new Layout(2, 2 * 2048 + 5), new Layout(2, 2 * 2048 + 5), Direction.FORWARD),
                Arguments.of(new int[] {8, 16, 32}, 2, new Layout(1, 4096 + 7), new Layout(2, 1), Direction.INVERSE),
                // A strided axis of several passes, the last of them writing the layout.
                Arguments.of(new int[] {1 << 14, 4}, 2, new Layout(1, (1 << 16) + 3), new Layout(3, 3 << 16), Direction.FORWARD));
    }

    @ParameterizedTest(name = "{0} x {1}: in {2}, out {3}, {4}")
    @MethodSource("layouts")
    void readsAndWritesOnlyTheLayoutsPositions(int[] shape, int batch, Layout in, Layout out, Direction direction) {
        assertReadsAndWritesOnlyTheLayoutsPositions(FftDescriptor.c2c(shape).batch(batch).direction(direction)
                .inputLayout(in.stride(), in.distance()).outputLayout(out.stride(), out.distance()).build(), plan -> { });
    }

    /**
     * Runs an out-of-place plan of {@code d} (looked at by {@code checkPlan} first) on a fresh batch
     * placed in the input's layout, with values of their own in its gaps and the output's layout
     * poisoned, and asserts the reference's result at the output's positions, the input untouched and
     * every other output position as it was.
     */
    static void assertReadsAndWritesOnlyTheLayoutsPositions(FftDescriptor d, Consumer<FftPlan> checkPlan) {
        float[] packed = Signals.random(d.floats());
        float[] input = Signals.random(d.inputFloats());        // the gaps hold values of their own
        place(packed, input, d, d.inputLayout());
        float[] inputBefore = input.clone();
        float[] output = Signals.random(d.outputFloats());
        poison(output, d, d.outputLayout());
        float[] outputBefore = output.clone();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            checkPlan.accept(plan);
            plan.execute(input, output);
        }
        assertArrayEquals(inputBefore, input, "the input of an out-of-place transform is not written");
        assertClose(pick(output, d, d.outputLayout()),
                Signals.reference(packed, d.shape(), d.batch(), d.direction(), Norm.BACKWARD), d.size(), d.toString());
        assertGapsKept(outputBefore, output, d, d.outputLayout());
    }

    @Test
    void transformsInPlaceInALayout() {
        int n = 512;
        int batch = 3;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).inPlace(true).layout(2, 2 * n + 6).build();
        float[] packed = Signals.random(d.floats());
        float[] data = Signals.random(d.inputFloats());
        place(packed, data, d, d.inputLayout());
        float[] before = data.clone();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(data, data);
        }
        assertClose(pick(data, d, d.outputLayout()), Signals.reference1d(packed, n, batch, Direction.FORWARD, Norm.BACKWARD),
                n, d.toString());
        assertGapsKept(before, data, d, d.outputLayout());
    }

    @Test
    void appendsToACallersTaskGraphInALayout() throws Exception {
        int n = 4096;
        int batch = 2;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).inputLayout(2, 2 * n).outputLayout(1, n + 16).build();
        float[] packed = Signals.random(d.floats());
        float[] host = Signals.random(d.inputFloats());
        place(packed, host, d, d.inputLayout());
        FloatArray data = Signals.keep(FloatArray.fromArray(host));
        FloatArray spectrum = Signals.keep(new FloatArray((int) d.outputFloats()));
        spectrum.init(Float.NaN);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            GridScheduler grid = new GridScheduler();
            TaskGraph graph = new TaskGraph("strided").transferToDevice(DataTransferMode.EVERY_EXECUTION, data);
            plan.appendTo(graph, data, spectrum, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, spectrum);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                CompilerFlags.apply(execution.withDevice(TestDevice.get()).withGridScheduler(grid), TestDevice.get())
                        .execute();
            }
        }
        assertClose(pick(spectrum.toHeapArray(), d, d.outputLayout()),
                Signals.reference1d(packed, n, batch, Direction.FORWARD, Norm.BACKWARD), n, d.toString());
    }

    @Test
    void aLayoutCostsNoKernelAndIsPrinted() {
        FftDescriptor d = FftDescriptor.c2c(1024).batch(2).inputLayout(2, 2048).build();
        FftDescriptor packed = FftDescriptor.c2c(1024).batch(2).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get());
             FftPlan reference = FftPlan.create(packed, TestDevice.get())) {
            assertEquals(reference.kernelsPerTransform(), plan.kernelsPerTransform(), plan.toString());
            assertTrue(plan.toString().contains("reads the input's layout (stride 2, distance 2048)"), plan.toString());
            assertEquals(2 * (2048 + 1023 * 2 + 1), plan.input().getSize());
        }
    }

    @Test
    void rejectsArraysOfThePackedLengthForALayoutAndLeavesThemUntouched() {
        FftDescriptor d = FftDescriptor.c2c(16).batch(2).inputLayout(2, 32).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            float[] packed = Signals.random(d.floats());
            float[] copy = packed.clone();
            float[] out = new float[(int) d.outputFloats()];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.execute(packed, out));
            assertTrue(e.getMessage().startsWith("in: expected " + d.inputFloats()), e.getMessage());
            assertArrayEquals(copy, packed);
        }
    }

    /** Writes the packed batch into {@code array} at the layout's positions. */
    private static void place(float[] packed, float[] array, FftDescriptor d, Layout layout) {
        forEachElement(d, (b, e) -> {
            int at = (int) (2 * layout.index(b, e));
            int from = (int) (2 * (b * d.size() + e));
            array[at] = packed[from];
            array[at + 1] = packed[from + 1];
        });
    }

    /** The values at the layout's positions, packed. */
    private static float[] pick(float[] array, FftDescriptor d, Layout layout) {
        float[] packed = new float[(int) d.floats()];
        forEachElement(d, (b, e) -> {
            int at = (int) (2 * layout.index(b, e));
            int to = (int) (2 * (b * d.size() + e));
            packed[to] = array[at];
            packed[to + 1] = array[at + 1];
        });
        return packed;
    }

    /** NaN at the layout's positions: what the transform fails to write fails the comparison. */
    private static void poison(float[] array, FftDescriptor d, Layout layout) {
        forEachElement(d, (b, e) -> {
            int at = (int) (2 * layout.index(b, e));
            array[at] = Float.NaN;
            array[at + 1] = Float.NaN;
        });
    }

    /** Every position outside the layout holds what it held before. */
    private static void assertGapsKept(float[] before, float[] after, FftDescriptor d, Layout layout) {
        boolean[] inLayout = new boolean[after.length];
        forEachElement(d, (b, e) -> {
            int at = (int) (2 * layout.index(b, e));
            inLayout[at] = true;
            inLayout[at + 1] = true;
        });
        int gaps = 0;
        for (int i = 0; i < after.length; i++) {
            if (!inLayout[i]) {
                gaps++;
                if (Float.floatToRawIntBits(before[i]) != Float.floatToRawIntBits(after[i])) {
                    throw new AssertionError("position " + i + " outside the layout changed: " + before[i] + " -> "
                            + after[i] + " (" + d + ")");
                }
            }
        }
        assertEquals(after.length - 2 * d.size() * d.batch(), gaps, "positions outside the layout");
    }

    private interface ElementVisitor {
        void visit(int b, long e);
    }

    private static void forEachElement(FftDescriptor d, ElementVisitor visitor) {
        for (int b = 0; b < d.batch(); b++) {
            for (long e = 0; e < d.size(); e++) {
                visitor.visit(b, e);
            }
        }
    }
}
