package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plan's life: created and closed in loops, shared by threads, used in both directions. Memory is
 * measured after a first round has filled the cache: what the cache holds is bounded by its limits,
 * and nothing may grow with the number of cycles after that.
 */
@Tag("device")
@ExtendWith(Seed.class)
class PlanLifecycleTest {

    // Powers of two one pass and several, 2D, 3D; mixed radix fused (1000) and pass by pass (4000).
    private static final int[][] SHAPES = {{256}, {4096}, {16, 16}, {8, 8, 8}, {1 << 14}, {1000}, {4000}, {11, 12}};

    @Test
    void aSecondPlanOfTheSameDescriptorReusesTheFirstOnesEngine() {
        FftDescriptor d = FftDescriptor.c2c(1024).batch(2).build();
        FftPlan first = FftPlan.create(d, TestDevice.get());
        Object engine = first.input();
        first.close();
        try (FftPlan second = FftPlan.create(d, TestDevice.get());
             FftPlan third = FftPlan.create(d, TestDevice.get())) {
            assertSame(engine, second.input(), "the closed plan's engine serves the next plan");
            assertNotSame(second.input(), third.input(), "two open plans never share an engine");
            assertTrue(second.buildNanos() < first.buildNanos(), "a reused engine compiles nothing: "
                    + second.buildNanos() / 1e6 + " ms against " + first.buildNanos() / 1e6);
        }
    }

    @Test
    void creatingAndClosingPlansInALoopKeepsHeapAndDeviceMemoryFlat() {
        for (boolean inPlace : new boolean[] {false, true}) {
            cycle(2 * SHAPES.length, inPlace);   // fills the cache with each shape's engine, in both precisions
            long heapBefore = heapAfterGc();
            long deviceBefore = FftPlan.deviceBytesHeld();
            int cycles = 4 * SHAPES.length;
            cycle(cycles, inPlace);
            long heapGrowth = heapAfterGc() - heapBefore;
            long deviceGrowth = FftPlan.deviceBytesHeld() - deviceBefore;
            // Before engines were reused, each cycle kept ~1.5 MiB of TornadoVM's compiler graphs.
            assertTrue(heapGrowth < 6L << 20, (inPlace ? "in place" : "out of place") + ": heap grew by "
                    + (heapGrowth >> 10) + " KiB over " + cycles + " cycles");
            assertEquals(0, deviceGrowth, (inPlace ? "in place" : "out of place") + ": device bytes held grew");
        }
    }

    /**
     * The same for real transforms over their routes: 1D 1000 (the split or merge inside the mixed-radix
     * kernel), 2D 12 x 10 and 3D 6 x 10 x 12 (the mixed-radix rows first or last, scratch spectra of their
     * own), 2D 16 x 32 (the power-of-two rows first), both kinds.
     */
    @Test
    void realPlansInALoopKeepHeapAndDeviceMemoryFlat() {
        int[][] shapes = {{1000}, {12, 10}, {6, 10, 12}, {16, 32}};
        realCycle(2 * shapes.length, shapes);   // fills the cache with each shape's engines
        long heapBefore = heapAfterGc();
        long deviceBefore = FftPlan.deviceBytesHeld();
        int cycles = 4 * shapes.length;
        realCycle(cycles, shapes);
        long heapGrowth = heapAfterGc() - heapBefore;
        assertTrue(heapGrowth < 6L << 20, "heap grew by " + (heapGrowth >> 10) + " KiB over " + cycles + " cycles");
        assertEquals(0, FftPlan.deviceBytesHeld() - deviceBefore, "device bytes held grew");
    }

    /** Creates, runs and closes an r2c and a c2r plan of each shape in turn, each checked against the reference. */
    private static void realCycle(int cycles, int[][] shapes) {
        for (int c = 0; c < cycles; c++) {
            int[] shape = shapes[c % shapes.length];
            int[] full = new int[shape.length + 1];
            full[0] = 2;
            System.arraycopy(shape, 0, full, 1, shape.length);
            int[] axes = java.util.stream.IntStream.rangeClosed(1, shape.length).toArray();
            FftDescriptor r2c = FftDescriptor.r2c(shape).batch(2).build();
            double[] x = Signals.random(Precision.FLOAT, r2c.inputFloats());
            Signals.assertClose(Signals.execute(r2c, x), io.github.tornadofft.reference.ReferenceFft.r2c(x, full, axes,
                    Norm.BACKWARD), r2c.size(), Precision.FLOAT, "r2c cycle " + c);
            FftDescriptor c2r = FftDescriptor.c2r(shape).batch(2).build();
            double[] half = Signals.random(Precision.FLOAT, c2r.inputFloats());
            Signals.assertClose(Signals.execute(c2r, half), io.github.tornadofft.reference.ReferenceFft.c2r(half, full, axes,
                    Norm.BACKWARD), c2r.size(), Precision.FLOAT, "c2r cycle " + c);
        }
    }

    @Test
    void oneDescriptorComputesBothDirectionsInAnyOrder() {
        for (Direction first : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(32, 64).batch(2).direction(first).norm(Norm.ORTHO).build();
            float[] x = Signals.random(d.inputFloats());
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                for (Direction direction : new Direction[] {first.opposite(), first, first.opposite()}) {
                    float[] y = Signals.poisoned(d.outputFloats());
                    plan.execute(direction, x, 0, y, 0);
                    Signals.assertClose(y, Signals.reference(x, d.shape(), 2, direction, Norm.ORTHO), d.size(),
                            "plan built " + first + ", run " + direction);
                }
                float[] back = Signals.poisoned(d.inputFloats());
                float[] spectrum = new float[(int) d.outputFloats()];
                plan.forward(x, spectrum);
                plan.inverse(spectrum, back);
                Signals.assertClose(back, Signals.widen(x), d.size(), "ortho round trip");
            }
        }
    }

    @Test
    void threadsSharingOnePlanEachGetTheirOwnCorrectResult() throws Exception {
        for (boolean inPlace : new boolean[] {false, true}) {
            FftDescriptor d = FftDescriptor.c2c(512).batch(8).inPlace(inPlace).build();
            try (FftPlan plan = FftPlan.create(d, TestDevice.get());
                 ExecutorService pool = Executors.newFixedThreadPool(8)) {
                List<Future<Integer>> results = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    results.add(pool.submit(() -> {
                        int checked = 0;
                        for (int call = 0; call < 10; call++) {
                            Direction direction = call % 2 == 0 ? Direction.FORWARD : Direction.INVERSE;
                            float[] x = Signals.random(d.inputFloats());
                            float[] y = inPlace ? x.clone() : Signals.poisoned(d.outputFloats());
                            plan.execute(direction, inPlace ? y : x, 0, y, 0);
                            Signals.assertClose(y, Signals.reference1d(x, 512, 8, direction, Norm.BACKWARD), 512,
                                    Thread.currentThread().getName() + " call " + call + (inPlace ? " in place" : ""));
                            checked++;
                        }
                        return checked;
                    }));
                }
                int total = 0;
                for (Future<Integer> result : results) {
                    total += result.get();
                }
                assertEquals(80, total);
            }
        }
    }

    @Test
    void aClosedPlanRefusesEveryCallAndClosingTwiceIsHarmless() {
        FftDescriptor d = FftDescriptor.c2c(64).build();
        FftPlan plan = FftPlan.create(d, TestDevice.get());
        plan.close();
        plan.close();
        float[] data = new float[(int) d.inputFloats()];
        assertThrows(IllegalStateException.class, () -> plan.forward(data, data));
        assertThrows(IllegalStateException.class, plan::input);
        assertThrows(IllegalStateException.class, plan::output);
        assertThrows(IllegalStateException.class, plan::upload);
        assertThrows(IllegalStateException.class, plan::executeOnDevice);
        assertThrows(IllegalStateException.class, plan::passes);
        assertTrue(plan.toString().contains("closed"), plan.toString());
    }

    /** Creates, runs and closes plans in turn over the shapes, float and double taking turns. */
    private static void cycle(int cycles, boolean inPlace) {
        for (int c = 0; c < cycles; c++) {
            int[] shape = SHAPES[c / 2 % SHAPES.length];
            Precision precision = c % 2 == 0 ? Precision.FLOAT : Precision.DOUBLE;
            FftDescriptor d = FftDescriptor.c2c(shape).batch(2).inPlace(inPlace).precision(precision).build();
            double[] x = Signals.random(precision, d.inputFloats());
            Signals.assertClose(Signals.execute(d, x), Signals.reference(x, shape, 2, Direction.FORWARD, Norm.BACKWARD),
                    Signals.points(shape), precision, "cycle " + c);
        }
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
