package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The split's decomposition, chunks, exchange and gather, without a device: each chunk's transform runs
 * on the host in double precision (reference-fft), so the result must match the whole transform to
 * float's rounding, whatever the split.
 */
@ExtendWith(Seed.class)
class SplitPlanTest {

    /** A chunk's transform on the host: what the device plan of {@code descriptor} would compute. */
    static final class HostStage implements SplitPlan.Stage {
        final FftDescriptor descriptor;
        final int device;
        private final Arena arena = Arena.ofShared();
        private final MemorySegment input;
        private final MemorySegment output;
        /** Device whose runs throw, or -1. */
        private final int failOn;
        boolean closed;
        int runs;

        HostStage(int device, FftDescriptor descriptor, int failOn) {
            this.device = device;
            this.descriptor = descriptor;
            this.failOn = failOn;
            this.input = arena.allocate(descriptor.inputFloats() * Float.BYTES);
            this.output = arena.allocate(descriptor.outputFloats() * Float.BYTES);
            // What a fresh device array may hold: anything, here NaN, which must never reach a result.
            input.fill((byte) 0xFF);
            output.fill((byte) 0xFF);
        }

        @Override
        public MemorySegment input() {
            return input;
        }

        @Override
        public MemorySegment output() {
            return output;
        }

        @Override
        public void upload() {
        }

        @Override
        public void run(Direction direction) {
            if (device == failOn) {
                throw new IllegalStateException("execute: TornadoVM failed: out of resources");
            }
            runs++;
            float[] floats = input.toArray(ValueLayout.JAVA_FLOAT);
            double[] data = Signals.widen(floats);
            FftDescriptor.Layout layout = descriptor.inputLayout();
            if (descriptor.rank() == 1) {
                ReferenceFft.c2c1d(data, 0, (int) descriptor.size(), layout.stride(), descriptor.batch(), layout.distance(),
                        direction, descriptor.norm());
            } else {
                int[] shape = descriptor.shape();
                int[] full = new int[shape.length + 1];
                full[0] = descriptor.batch();
                System.arraycopy(shape, 0, full, 1, shape.length);
                int[] axes = new int[shape.length];
                Arrays.setAll(axes, a -> a + 1);
                ReferenceFft.c2c(data, full, axes, direction, descriptor.norm());
            }
            for (int i = 0; i < data.length; i++) {
                output.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) data[i]);
            }
        }

        @Override
        public void download() {
        }

        @Override
        public long kernelNanos() {
            return -1;
        }

        @Override
        public void close() {
            closed = true;
            arena.close();
        }
    }

    /** The stages a split plan made, in order. */
    static final class HostStages implements SplitPlan.Stages {
        final List<HostStage> made = new ArrayList<>();
        final int failOn;
        final int refuseAfter;

        HostStages(int failOn, int refuseAfter) {
            this.failOn = failOn;
            this.refuseAfter = refuseAfter;
        }

        @Override
        public SplitPlan.Stage create(int device, FftDescriptor descriptor) {
            if (made.size() == refuseAfter) {
                throw new IllegalStateException("plan: TornadoVM failed to compile");
            }
            HostStage stage = new HostStage(device, descriptor, failOn);
            made.add(stage);
            return stage;
        }
    }

    private static SplitPlan plan(FftDescriptor d, int devices, long chunkBytes, HostStages stages) {
        return plan(d, devices, chunkBytes, DeviceSplit.defaultInFlight(devices), false, stages);
    }

    private static SplitPlan plan(FftDescriptor d, int devices, long chunkBytes, int inFlight, boolean planBlocks,
                                  HostStages stages) {
        return new SplitPlan(DeviceSplit.of(d, DeviceSplitTest.devices(devices), chunkBytes, inFlight, planBlocks), stages);
    }

    static Stream<Arguments> cases() {
        // shape, batch, devices, chunk bytes, chunks in flight: even and uneven shares of planes and columns,
        // a column share that ends mid-row, devices without columns, one plane a chunk, batches of 3D, 2D
        // and 1D; chunks of 2 MiB (HostCopyTest covers copies in slices); one, two and
        // three chunks in flight per device.
        return Stream.of(Arguments.of(new int[] {4, 8, 16}, 1, 1, 1L << 20, 2), Arguments.of(new int[] {8, 16, 8}, 1, 2, 3000L, 2),
                Arguments.of(new int[] {8, 16, 8}, 1, 3, 3000L, 3), Arguments.of(new int[] {8, 16, 8}, 1, 3, 1L, 2),
                Arguments.of(new int[] {4, 8, 8}, 2, 4, 700L, 1), Arguments.of(new int[] {16, 4, 2}, 3, 3, 200L, 3),
                Arguments.of(new int[] {4, 1, 2}, 2, 4, 8L, 2), Arguments.of(new int[] {32, 2, 64}, 1, 3, 1L << 20, 2),
                Arguments.of(new int[] {16, 32}, 5, 3, 5000L, 2), Arguments.of(new int[] {64}, 7, 4, 1000L, 3),
                Arguments.of(new int[] {2, 2}, 3, 3, 1L, 2), Arguments.of(new int[] {16, 256, 256}, 1, 2, 16L << 20, 2));
    }

    @ParameterizedTest(name = "{0} x {1} on {2}, chunks of {3} bytes, {4} in flight")
    @MethodSource("cases")
    void theSplitTransformMatchesTheWholeTransformBothWays(int[] shape, int batch, int devices, long chunkBytes, int inFlight) {
        for (Direction direction : Direction.values()) {
            // Inverse with a plan per Z chunk where it fits (Exchange.PLANS), forward with the exchange buffer.
            boolean planBlocks = direction == Direction.INVERSE;
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).norm(Norm.ORTHO).build();
            float[] input = Signals.random(d.inputFloats());
            float[] out = Signals.poisoned(d.outputFloats());
            HostStages stages = new HostStages(-1, -1);
            try (SplitPlan plan = plan(d, devices, chunkBytes, inFlight, planBlocks, stages)) {
                plan.execute(direction, MemorySegment.ofArray(input), 0, MemorySegment.ofArray(out), 0);
                SplitTimes times = plan.lastTimes();
                assertEquals(plan.workers(), times.workers());
                assertTrue(times.wallNanos() > 0 && times.regroupNanos() > 0 && times.bytesMoved() > 0, times.toString());
            }
            Signals.assertWithin(out, Signals.reference(input, shape, batch, direction, Norm.ORTHO), 1e-6,
                    direction + " " + Arrays.toString(shape) + " x " + batch + " on " + devices);
            assertTrue(stages.made.stream().allMatch(s -> s.closed), "closing the plan closes every stage");
        }
    }

    @Test
    void eachDeviceHasAPlanPerChunkInFlightAndStep() {
        HostStages stages = new HostStages(-1, -1);
        FftDescriptor d = FftDescriptor.c2c(8, 16, 8).build();
        try (SplitPlan plan = plan(d, 3, 1, stages)) {
            assertEquals(6, plan.workers());
            assertEquals(12, stages.made.size(), "3 devices x 2 in flight x 2 steps");
            for (int device = 0; device < 3; device++) {
                int id = device;
                assertEquals(4, stages.made.stream().filter(s -> s.device == id).count());
            }
        }
        // Three in flight, three planes a device: three workers per device, each with a plan per step.
        HostStages three = new HostStages(-1, -1);
        try (SplitPlan plan = plan(FftDescriptor.c2c(9, 16, 8).build(), 3, 1, 3, false, three)) {
            assertEquals(9, plan.workers());
            assertEquals(18, three.made.size(), "3 devices x 3 in flight x 2 steps");
        }
        // One plane of one column: one chunk per step, one worker.
        HostStages single = new HostStages(-1, -1);
        try (SplitPlan plan = plan(FftDescriptor.c2c(1, 1, 1).build(), 1, 1 << 20, single)) {
            assertEquals(1, plan.workers());
            assertEquals(2, single.made.size());
        }
    }

    @Test
    void theHostCopiesTheDataFourTimesThroughABufferThreeThroughZPlansTwiceForABatch() {
        // Chunks that divide the shares evenly, so no copy carries an empty part.
        FftDescriptor d = FftDescriptor.c2c(8, 16, 8).build();
        long bytes = d.inputFloats() * Float.BYTES;
        float[] x = Signals.random(d.inputFloats());
        for (boolean planBlocks : new boolean[] {false, true}) {
            try (SplitPlan plan = plan(d, 2, 16L << 20, 2, planBlocks, new HostStages(-1, -1))) {
                plan.execute(Direction.FORWARD, MemorySegment.ofArray(x), 0, MemorySegment.ofArray(new float[x.length]), 0);
                assertEquals((planBlocks ? 3 : 4) * bytes, plan.lastTimes().bytesCopied(), plan.split().exchange().toString());
            }
        }
        FftDescriptor batch = FftDescriptor.c2c(16, 32).batch(4).build();
        float[] y = Signals.random(batch.inputFloats());
        try (SplitPlan plan = plan(batch, 2, 16L << 20, new HostStages(-1, -1))) {
            plan.execute(Direction.FORWARD, MemorySegment.ofArray(y), 0, MemorySegment.ofArray(new float[y.length]), 0);
            assertEquals(2 * batch.inputFloats() * Float.BYTES, plan.lastTimes().bytesCopied());
        }
    }

    @Test
    void withAPlanPerZChunkTheBlocksAreThosePlansInputs() {
        // 16 x 32 x 8 on 2 devices in chunks of 2 KiB: 8 planes a device in 8 chunks of one, 128 columns
        // a device in 8 Z chunks of 16, each with a plan: 2 workers x 1 plan + 8 a device.
        FftDescriptor d = FftDescriptor.c2c(16, 32, 8).build();
        HostStages stages = new HostStages(-1, -1);
        float[] input = Signals.random(d.inputFloats());
        float[] out = Signals.poisoned(d.outputFloats());
        try (SplitPlan plan = plan(d, 2, 2048, 2, true, stages)) {
            assertEquals(DeviceSplit.Exchange.PLANS, plan.split().exchange());
            assertEquals(2 * (2 + 8), stages.made.size());
            assertEquals(4, plan.workers());
            plan.execute(Direction.FORWARD, MemorySegment.ofArray(input), 0, MemorySegment.ofArray(out), 0);
            plan.execute(Direction.FORWARD, MemorySegment.ofArray(input), 0, MemorySegment.ofArray(out), 0);
            List<HostStage> zPlans = stages.made.stream().filter(s -> s.descriptor.rank() == 1).toList();
            assertEquals(16, zPlans.size());
            assertTrue(zPlans.stream().allMatch(s -> s.runs == 2), "each Z chunk's plan ran once a call");
        }
        Signals.assertWithin(out, Signals.reference(input, new int[] {16, 32, 8}, 1, Direction.FORWARD, Norm.BACKWARD), 1e-6,
                "a plan per Z chunk");
        assertTrue(stages.made.stream().allMatch(s -> s.closed), "closing the plan closes every Z chunk's plan");
    }

    @Test
    void inPlaceAndFromOffsetsGiveTheSameResult() {
        for (int[] shape : new int[][] {{8, 4, 4}, {16, 16}}) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(3).inPlace(true).build();
            int n = (int) d.inputFloats();
            float[] input = Signals.random(n);
            float[] data = new float[n + 10];
            System.arraycopy(input, 0, data, 6, n);
            try (SplitPlan plan = plan(d, 3, 400, new HostStages(-1, -1))) {
                MemorySegment segment = MemorySegment.ofArray(data);
                plan.execute(Direction.FORWARD, segment, 6 * Float.BYTES, segment, 6 * Float.BYTES);
            }
            Signals.assertWithin(Arrays.copyOfRange(data, 6, 6 + n),
                    Signals.reference(input, shape, 3, Direction.FORWARD, Norm.BACKWARD), 1e-6, "in place " + Arrays.toString(shape));
            assertTrue(Arrays.equals(new float[6], Arrays.copyOf(data, 6)), "nothing before the offset is written");
            assertTrue(Arrays.equals(new float[4], Arrays.copyOfRange(data, 6 + n, n + 10)), "nothing after the data is written");
        }
    }

    @Test
    void aFailingDeviceFailsTheCallNamingIt() {
        HostStages stages = new HostStages(1, -1);
        FftDescriptor d = FftDescriptor.c2c(8, 8, 8).build();
        try (SplitPlan plan = plan(d, 3, 1, stages)) {
            float[] data = Signals.random(d.inputFloats());
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> plan.execute(Direction.FORWARD, MemorySegment.ofArray(data), 0, MemorySegment.ofArray(data), 0));
            assertTrue(e.getMessage().startsWith("execute: device 1 of 3: ") && e.getMessage().contains("out of resources"),
                    e.getMessage());
        }
    }

    @Test
    void aStageThatCannotBeMadeClosesThoseMadeBefore() {
        HostStages stages = new HostStages(-1, 5);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> plan(FftDescriptor.c2c(8, 8, 8).build(), 3, 1, stages));
        assertTrue(e.getMessage().contains("compile"), e.getMessage());
        assertEquals(5, stages.made.size());
        assertTrue(stages.made.stream().allMatch(s -> s.closed));
    }
}
