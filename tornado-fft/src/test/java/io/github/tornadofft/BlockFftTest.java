package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.kernels.BlockFft;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The block FFT in a kernel written as a user would write one ({@link BlockFft#transform}: load,
 * execute, store), on the TornadoVM
 * device against the reference: every size in the forward direction, the inverse at the smallest,
 * middle and largest sizes, each number of values per work-item, several transforms per group with the
 * last group part empty, and the device checks.
 */
@Tag("device")
@ExtendWith(Seed.class)
class BlockFftTest {

    /** As many transforms per group as make about 64 work-items, at most 4. */
    private static BlockFft described(int n, Direction direction) {
        BlockFft fft = BlockFft.of(n).direction(direction);
        return fft.transformsPerGroup(Math.max(1, Math.min(4, 64 / fft.workItemsPerTransform())));
    }

    static Stream<Arguments> forward() {
        return IntStream.rangeClosed(1, 12).mapToObj(b -> Arguments.of(described(1 << b, Direction.FORWARD)));
    }

    static Stream<Arguments> others() {
        return Stream.of(
                described(2, Direction.INVERSE), described(32, Direction.INVERSE), described(512, Direction.INVERSE),
                described(4096, Direction.INVERSE),
                BlockFft.of(64).valuesPerWorkItem(2), BlockFft.of(2048).valuesPerWorkItem(4),
                BlockFft.of(4096).valuesPerWorkItem(8), BlockFft.of(1024).valuesPerWorkItem(8),
                BlockFft.of(512).valuesPerWorkItem(4), BlockFft.of(32).valuesPerWorkItem(2),
                BlockFft.of(128).valuesPerWorkItem(4).inverse().transformsPerGroup(3),
                BlockFft.of(256).valuesPerWorkItem(8).inverse(), BlockFft.of(16).transformsPerGroup(5),
                BlockFft.of(1024).transformsPerGroup(2).inverse()).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"forward", "others"})
    void matchesTheReference(BlockFft fft) throws Exception {
        if (fft.groupSize() > Devices.profile(TestDevice.get()).maxGroupSize()) {
            // Groups of 512 where the device stops at 256 (the CUDA backend): refused, by name.
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fft.check(TestDevice.get()));
            assertTrue(e.getMessage().startsWith("groupSize: "), e.getMessage());
            return;
        }
        fft.check(TestDevice.get());
        int n = fft.size();
        int transforms = 2 * fft.transformsPerGroup() + 1;
        float[] host = Signals.random(2L * n * transforms);
        float[] output = run(fft, host, transforms);
        Norm unscaled = fft.direction() == Direction.INVERSE ? Norm.FORWARD : Norm.BACKWARD;
        Signals.assertClose(output, Signals.reference1d(host, n, transforms, fft.direction(), unscaled), n,
                fft.toString());
    }

    /** Runs {@link BlockFft#transform} over {@code transforms} transforms of {@code host}; the output was poisoned. */
    static float[] run(BlockFft fft, float[] host, int transforms) throws Exception {
        FloatArray in = Signals.keep(FloatArray.fromArray(host));
        FloatArray out = Signals.keep(new FloatArray(host.length));
        out.init(Float.NaN);
        FloatArray twiddles = Signals.keep(fft.twiddles());
        TaskGraph graph = new TaskGraph("block" + Integer.toHexString(fft.word()))
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, in, twiddles)
                .task("fft", BlockFft::transform, new KernelContext(), in, out, twiddles, fft.word(), transforms)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        GridScheduler grid = new GridScheduler(graph.getTaskGraphName() + ".fft", fft.grid(transforms));
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
        }
        return out.toHeapArray();
    }

    /**
     * 2048 work-items: more than any device's group. Two transforms of 4096 points a group: 66 KB of local
     * memory, refused by that name where the device runs groups of 512 (by the group's size where it
     * stops at 256, which no description beyond 48 KB fits in).
     */
    @Test
    void refusesAGroupTheDeviceCannotRun() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BlockFft.of(4096).valuesPerWorkItem(2).check(TestDevice.get()));
        assertTrue(e.getMessage().startsWith("groupSize: ") && e.getMessage().contains("2048 work-items"), e.getMessage());
        BlockFft two = BlockFft.of(4096).transformsPerGroup(2);
        e = assertThrows(IllegalArgumentException.class, () -> two.check(TestDevice.get()));
        boolean groupTooLarge = two.groupSize() > Devices.profile(TestDevice.get()).maxGroupSize();
        String expected = groupTooLarge ? "groupSize: " : "localFloats: ";
        assertTrue(e.getMessage().startsWith(expected) && (groupTooLarge || e.getMessage().contains("at most 49152")),
                e.getMessage());
    }
}
