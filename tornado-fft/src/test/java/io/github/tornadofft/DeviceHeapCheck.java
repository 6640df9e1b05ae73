package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Closing a plan frees its device memory, proved against a small device heap: the build runs this
 * class (named so that the other test runs leave it out) alone in a JVM whose TornadoVM heap is {@value #HEAP_MIB} MiB ({@code -Dtornado.device.memory}),
 * and creates and closes, with no cache, plans that need a third of it each, in both directions, out of
 * place and in place. One buffer left behind per plan (as out of place once was) exhausts the heap
 * within three cycles. With the cache, a new plan frees the idle engines whose memory it needs.
 */
@Tag("device")
@ExtendWith(Seed.class)
class DeviceHeapCheck {

    static final int HEAP_MIB = 256;

    @Test
    void createAndCloseLoopsFitASmallDeviceHeap() {
        assertEquals(HEAP_MIB + "MB", System.getProperty("tornado.device.memory"),
                "run in the build's device-heap execution (tornado.device.memory)");
        try (SystemProperties none = SystemProperties.set(EngineCache.IDLE_ENGINES_PROPERTY, "0")) {
            FftPlan.clearCache();
            for (boolean inPlace : new boolean[] {false, true}) {
                // 2^22 complex values: 32 MiB a buffer, about 96 MiB a plan out of place.
                FftDescriptor d = FftDescriptor.c2c(1 << 22).inPlace(inPlace).build();
                float[] x = Signals.random(d.inputFloats());
                float[] y = new float[(int) d.outputFloats()];
                for (int cycle = 0; cycle < 8; cycle++) {
                    try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                        plan.forward(x, y);
                        plan.inverse(y, y);
                        assertTrue(FftPlan.deviceBytesHeld() >= d.inputFloats() * Float.BYTES, "an open plan holds its buffers");
                    }
                    assertEquals(0, FftPlan.deviceBytesHeld(), "closed, with no cache: nothing held");
                }
            }
        }
    }

    /**
     * The natural route of a real transform holds two packed complex arrays of the whole shape beside the
     * caller's and the complex transform's own: r2c and c2r of 3 x 3^12 (odd), about 60 MiB a plan,
     * created and closed in turn.
     */
    @Test
    void realTransformsByTheNaturalRouteFreeTheirArrays() {
        assertEquals(HEAP_MIB + "MB", System.getProperty("tornado.device.memory"),
                "run in the build's device-heap execution (tornado.device.memory)");
        try (SystemProperties none = SystemProperties.set(EngineCache.IDLE_ENGINES_PROPERTY, "0")) {
            FftPlan.clearCache();
            for (FftDescriptor d : List.of(FftDescriptor.r2c(3, 531441).build(), FftDescriptor.c2r(3, 531441).build())) {
                float[] x = Signals.random(d.inputFloats());
                float[] y = new float[(int) d.outputFloats()];
                for (int cycle = 0; cycle < 6; cycle++) {
                    try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                        plan.execute(x, y);
                        assertTrue(FftPlan.deviceBytesHeld() >= 4 * d.size() * Float.BYTES,
                                "an open plan holds its two complex arrays of the whole shape\n" + plan);
                    }
                    assertEquals(0, FftPlan.deviceBytesHeld(), "closed, with no cache: nothing held");
                }
            }
        }
    }

    /**
     * A 2D real transform with its rows first or last holds a scratch spectrum beside the caller's arrays:
     * r2c and c2r of 2048 x 4096 (powers of two, {@link RowsFirst}) and of 2000 x 4000 (the mixed-radix
     * rows, {@link MixedRowsFirst}), about 100 MiB a plan, created and closed in turn.
     */
    @Test
    void realTransformsWithTheirRowsFirstFreeTheirArrays() {
        assertEquals(HEAP_MIB + "MB", System.getProperty("tornado.device.memory"),
                "run in the build's device-heap execution (tornado.device.memory)");
        try (SystemProperties none = SystemProperties.set(EngineCache.IDLE_ENGINES_PROPERTY, "0")) {
            FftPlan.clearCache();
            for (FftDescriptor d : List.of(FftDescriptor.r2c(2048, 4096).build(), FftDescriptor.c2r(2048, 4096).build(),
                    FftDescriptor.r2c(2000, 4000).build(), FftDescriptor.c2r(2000, 4000).build())) {
                float[] x = Signals.random(d.inputFloats());
                float[] y = new float[(int) d.outputFloats()];
                int rows = d.shape()[0];
                long spectrum = 2L * rows * (d.shape()[1] / 2 + 1) * Float.BYTES;
                for (int cycle = 0; cycle < 4; cycle++) {
                    try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                        assertTrue(plan.toString().contains("rows "), plan.toString());
                        plan.execute(x, y);
                        assertTrue(FftPlan.deviceBytesHeld() >= 3 * spectrum - 2L * rows * Float.BYTES,
                                "an open plan holds the real array and two spectra\n" + plan);
                    }
                    assertEquals(0, FftPlan.deviceBytesHeld(), "closed, with no cache: nothing held");
                }
            }
        }
    }

    /**
     * The cache's idle engines keep their device memory, up to 1024 MiB by default, more than this heap:
     * a new plan that needs what they hold frees the least recently used of them first, instead of
     * failing inside TornadoVM. Three plans of about 96 MiB each, of different shapes, created and closed
     * in turn: the third finds two idle engines holding 192 MiB of the 256.
     */
    @Test
    void aNewPlanTakesTheMemoryOfIdleEnginesItNeeds() {
        assertEquals(HEAP_MIB + "MB", System.getProperty("tornado.device.memory"),
                "run in the build's device-heap execution (tornado.device.memory)");
        FftPlan.clearCache();
        List<FftDescriptor> shapes = List.of(FftDescriptor.c2c(1 << 22).build(), FftDescriptor.c2c(1 << 21).batch(2).build(),
                FftDescriptor.c2c(2048, 2048).build());
        long heap = (long) HEAP_MIB << 20;
        try {
            for (int round = 0; round < 2; round++) {
                for (FftDescriptor d : shapes) {
                    float[] x = Signals.random(d.inputFloats());
                    float[] y = new float[(int) d.outputFloats()];
                    try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                        plan.forward(x, y);
                        assertTrue(FftPlan.deviceBytesHeld() <= heap, "within the heap: " + FftPlan.deviceBytesHeld());
                    }
                    assertTrue(FftPlan.deviceBytesHeld() > 0, "the closed plan's engine kept, idle");
                }
                assertTrue(EngineCache.idleEngines() < shapes.size(), "the oldest idle engine freed for the newest plan: "
                        + EngineCache.idleEngines() + " idle");
            }
        } finally {
            FftPlan.clearCache();
        }
        assertEquals(0, FftPlan.deviceBytesHeld(), "cleared: nothing held");
    }

    @Test
    void plansOverSeveralDevicesFreeTheirBuffersAndRefuseWhatTheHeapCannotHold() {
        assertEquals(HEAP_MIB + "MB", System.getProperty("tornado.device.memory"),
                "run in the build's device-heap execution (tornado.device.memory)");
        List<TornadoDevice> twice = List.of(TestDevice.get(), TestDevice.get());
        try (SystemProperties none = SystemProperties.set(EngineCache.IDLE_ENGINES_PROPERTY, "0")) {
            FftPlan.clearCache();
            // 32 MiB of data; the chunks in flight of both entries take most of the heap.
            FftDescriptor d = FftDescriptor.c2c(64, 256, 256).build();
            float[] x = Signals.random(d.inputFloats());
            float[] y = new float[x.length];
            for (int cycle = 0; cycle < 2; cycle++) {
                try (FftPlan plan = FftPlan.create(d, twice)) {
                    plan.forward(x, y);
                    assertTrue(FftPlan.deviceBytesHeld() > 128L << 20, "an open plan holds its chunks' buffers: "
                            + FftPlan.deviceBytesHeld() + "\n" + plan);
                }
                assertEquals(0, FftPlan.deviceBytesHeld(), "closed, with no cache: nothing held");
            }
            // Planes of 128 MiB: four chunks in flight (the default on two entries) of one plane need 1536 MiB.
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FftPlan.create(FftDescriptor.c2c(2, 4096, 4096).build(), twice));
            assertTrue(e.getMessage().startsWith("devices: ") && e.getMessage().contains("MiB for TornadoVM"), e.getMessage());
            assertEquals(0, FftPlan.deviceBytesHeld(), "a refused plan allocates nothing");
        }
    }
}
