package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static io.github.tornadofft.Signals.assertClose;
import static io.github.tornadofft.Signals.assertWithin;
import static io.github.tornadofft.Signals.points;
import static io.github.tornadofft.Signals.tolerance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plans over several devices, held to the reference FFT: 3D transforms split into Z slabs (shares of
 * planes and of columns even and uneven, batches), batches of 2D transforms split into whole transforms,
 * on 1 to 4 logical devices. The devices are {@value #DEVICES_PROPERTY} ("B:D,B:D,...") taken in turn;
 * unset, the device under test ({@link TestDevice}) repeated, so that one PoCL device tests the
 * decomposition and the exchange.
 */
@Tag("device")
@ExtendWith(Seed.class)
class MultiDevicePlanTest {

    /** The devices the tests take in turn, "B:D" comma-separated; the same device may repeat. */
    static final String DEVICES_PROPERTY = "tornado.fft.devices";

    /** {@code n} logical devices: those of {@value #DEVICES_PROPERTY} in turn, or the device under test n times. */
    static List<TornadoDevice> devices(int n) {
        String specs = System.getProperty(DEVICES_PROPERTY, "").strip();
        List<TornadoDevice> listed = new ArrayList<>();
        if (specs.isEmpty()) {
            listed.add(TestDevice.get());
        } else {
            for (String spec : specs.split(",")) {
                listed.add(Devices.resolve(spec.strip()));
            }
        }
        List<TornadoDevice> devices = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            devices.add(listed.get(i % listed.size()));
        }
        return devices;
    }

    static Stream<Arguments> slabs() {
        // shape, batch, devices, chunk bytes, exchange. One device; Z and columns split evenly in two;
        // unevenly in three (3 + 3 + 2 planes, 43 + 43 + 42 columns, the shares ending mid-row), in chunks
        // of two planes and of 22 columns, the last short; four devices of one plane each and a batch; a
        // batch of three on three devices, one plane a chunk. The library's exchange (a plan per Z chunk,
        // where these all fit), and the buffer for two of them.
        return Stream.of(Arguments.of(new int[] {4, 8, 16}, 1, 1, 16L << 20, "auto"),
                Arguments.of(new int[] {8, 16, 8}, 1, 2, 16L << 20, "auto"), Arguments.of(new int[] {8, 16, 8}, 1, 3, 2048L, "auto"),
                Arguments.of(new int[] {4, 8, 8}, 2, 4, 16L << 20, "auto"), Arguments.of(new int[] {16, 4, 2}, 3, 3, 1L, "auto"),
                Arguments.of(new int[] {8, 16, 8}, 1, 3, 2048L, "buffer"), Arguments.of(new int[] {16, 4, 2}, 3, 3, 1L, "buffer"));
    }

    @ParameterizedTest(name = "{0} x {1} on {2} devices, chunks of {3} bytes, exchange {4}")
    @MethodSource("slabs")
    void slabsMatchTheReferenceBothWaysAndRoundTrip(int[] shape, int batch, int n, long chunkBytes, String exchange) {
        FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).build();
        float[] input = Signals.random(d.inputFloats());
        float[] spectrum = Signals.poisoned(d.outputFloats());
        float[] inverse = Signals.poisoned(d.outputFloats());
        float[] back = Signals.poisoned(d.outputFloats());
        try (SystemProperties where = SystemProperties.set(DeviceSplit.EXCHANGE_PROPERTY, exchange);
             FftPlan plan = FftPlan.create(d, devices(n), FftOptions.defaults(), chunkBytes)) {
            assertEquals(exchange.equals("auto"), plan.toString().contains("each the host array of its Z chunk's own plan"),
                    plan.toString());
            plan.forward(input, spectrum);
            plan.inverse(input, inverse);
            plan.inverse(spectrum, back);
        }
        String what = Arrays.toString(shape) + " x " + batch + " on " + n + " devices";
        long points = points(shape);
        assertClose(spectrum, Signals.reference(input, shape, batch, Direction.FORWARD, Norm.BACKWARD), points, "forward " + what);
        assertClose(inverse, Signals.reference(input, shape, batch, Direction.INVERSE, Norm.BACKWARD), points, "inverse " + what);
        assertWithin(back, Signals.widen(input), 2 * tolerance(points), "round trip " + what);
    }

    @Test
    void batchesOfTwoDimensionalTransformsSplitIntoWholeTransforms() {
        // 5 transforms on 3 devices: 2 + 2 + 1, in chunks of one transform (4 KiB), in place.
        int[] shape = {16, 32};
        FftDescriptor d = FftDescriptor.c2c(shape).batch(5).norm(Norm.ORTHO).inPlace(true).build();
        float[] input = Signals.random(d.inputFloats());
        float[] data = input.clone();
        try (FftPlan plan = FftPlan.create(d, devices(3), FftOptions.defaults(), 4096)) {
            plan.forward(data);
            assertClose(data, Signals.reference(input, shape, 5, Direction.FORWARD, Norm.ORTHO), points(shape), "forward 2D x 5");
            plan.inverse(data);
        }
        assertWithin(data, Signals.widen(input), 2 * tolerance(points(shape)), "round trip 2D x 5 on 3 devices");
    }

    @Test
    void printsTheSplitPerDeviceAndTheExchange() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(8, 16, 8).build(), devices(3), FftOptions.defaults(), 2048)) {
            String text = plan.toString();
            assertTrue(text.contains("on 3 devices"), text);
            for (String part : new String[] {"device 0: ", "Z planes 0..2 (3 of 8), pencils 0..42 (43 of 128",
                    "device 2: ", "Z planes 6..7 (2 of 8), pencils 86..127 (42 of 128", "exchange", "2D (Y, X) passes",
                    "Z passes", "{X("}) {
                assertTrue(text.contains(part), part + " in\n" + text);
            }
            assertEquals(3, plan.devices().size());
            assertTrue(plan.kernelsPerTransform() >= 2, "a 2D pass and a Z pass at least");
        }
    }

    @Test
    void closingFreesEveryDeviceBufferOfEveryDevice() {
        try (SystemProperties none = SystemProperties.set(EngineCache.IDLE_ENGINES_PROPERTY, "0")) {
            FftPlan.clearCache();
            long before = FftPlan.deviceBytesHeld();
            FftDescriptor d = FftDescriptor.c2c(8, 16, 8).build();
            float[] x = Signals.random(d.inputFloats());
            try (FftPlan plan = FftPlan.create(d, devices(2))) {
                plan.forward(x, new float[x.length]);
                assertTrue(FftPlan.deviceBytesHeld() > before, "an open plan holds its devices' buffers");
            }
            assertEquals(before, FftPlan.deviceBytesHeld(), "closed, with no cache: as before");
        }
    }

    @Test
    void reportsWhereTheTimeWent() {
        FftDescriptor d = FftDescriptor.c2c(8, 16, 8).build();
        try (FftPlan plan = FftPlan.create(d, devices(2)).withProfiler()) {
            IllegalStateException none = assertThrows(IllegalStateException.class, plan::lastSplitTimes);
            assertTrue(none.getMessage().contains("no transform yet"), none.getMessage());
            float[] x = Signals.random(d.inputFloats());
            plan.forward(x, new float[x.length]);
            SplitTimes times = plan.lastSplitTimes();
            assertTrue(times.wallNanos() > 0 && times.launchNanos() > 0 && times.transferNanos() > 0
                    && times.regroupNanos() > 0, times.toString());
            assertTrue(times.kernelNanos() > 0 && plan.lastKernelNanos() == times.kernelNanos(), times.toString());
            // Every value up and down in each of the two steps (no chunk is short here).
            assertEquals(4 * d.inputFloats() * Float.BYTES, times.bytesMoved(), times.toString());
            // Into the chunks, into the blocks (the Z chunks' own plans' arrays here), out to the caller.
            assertEquals(3 * d.inputFloats() * Float.BYTES, times.bytesCopied(), times.toString());
        }
    }

    @Test
    void refusesBadDeviceListsAndShapesNamingTheParameter() {
        FftDescriptor d = FftDescriptor.c2c(8, 8, 8).build();
        assertRefused("devices: at least one device", () -> FftPlan.create(d, List.of()));
        List<TornadoDevice> withNull = new ArrayList<>(devices(2));
        withNull.add(null);
        assertRefused("devices: entry 2 of 3 is null", () -> FftPlan.create(d, withNull));
        assertRefused("shape: ", () -> FftPlan.create(FftDescriptor.c2c(2, 64, 64).build(), devices(3)));
        assertRefused("batch: ", () -> FftPlan.create(FftDescriptor.c2c(64, 64).batch(2).build(), devices(3)));
        assertRefused("launch: CUDA_GRAPH", () -> FftPlan.create(d, devices(2), FftOptions.defaults().withLaunch(Launch.CUDA_GRAPH)),
                !Devices.capturesCudaGraphs(devices(2).get(0)));
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(4, 4, 4).build(), devices(2)); Arena confined = Arena.ofConfined()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, plan::upload);
            assertTrue(e.getMessage().startsWith("upload: a plan over 2 devices keeps no data"), e.getMessage());
            // The workers read and write the caller's segments: a confined one is refused before anything runs.
            MemorySegment mine = confined.allocate(512);
            MemorySegment shared = Arena.ofAuto().allocate(512);
            IllegalArgumentException in = assertThrows(IllegalArgumentException.class, () -> plan.execute(Direction.FORWARD, mine, shared));
            assertTrue(in.getMessage().startsWith("in: a plan over several devices reads and writes"), in.getMessage());
            IllegalArgumentException out = assertThrows(IllegalArgumentException.class, () -> plan.execute(Direction.FORWARD, shared, mine));
            assertTrue(out.getMessage().startsWith("out: "), out.getMessage());
        }
    }

    private static void assertRefused(String start, Runnable create) {
        assertRefused(start, create, true);
    }

    private static void assertRefused(String start, Runnable create, boolean applies) {
        if (!applies) {
            return;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, create::run);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
