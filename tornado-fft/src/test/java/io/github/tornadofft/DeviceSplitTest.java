package io.github.tornadofft;

import io.github.tornadofft.DeviceSplit.Device;
import io.github.tornadofft.DeviceSplit.Range;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The arithmetic of a plan over several devices, without a device: shares, chunks, exchange blocks, refusals. */
class DeviceSplitTest {

    private static final long MIB = 1 << 20;

    /** {@code n} devices of their own, with no heap limit. */
    static List<Device> devices(int n) {
        List<Device> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(new Device("d" + i, "device " + i, 0));
        }
        return list;
    }

    @Test
    void sharesDifferByOneAtMostAndTheFirstAreLonger() {
        assertEquals(List.of(new Range(0, 3), new Range(3, 6), new Range(6, 8)), DeviceSplit.split(8, 3));
        assertEquals(List.of(new Range(0, 4), new Range(4, 8)), DeviceSplit.split(8, 2));
        assertEquals(List.of(new Range(0, 1), new Range(1, 2), new Range(2, 2)), DeviceSplit.split(2, 3));
    }

    @Test
    void aThreeDimensionalTransformIsCutIntoZSlabsAndColumnShares() {
        DeviceSplit split = DeviceSplit.of(FftDescriptor.c2c(8, 16, 8).build(), devices(3), 16 * MIB);
        assertEquals(DeviceSplit.Kind.SLABS, split.kind());
        assertEquals(List.of(new Range(0, 3), new Range(3, 6), new Range(6, 8)),
                List.of(split.slab(0), split.slab(1), split.slab(2)));
        assertEquals(List.of(new Range(0, 43), new Range(43, 86), new Range(86, 128)),
                List.of(split.columns(0), split.columns(1), split.columns(2)));
        assertEquals(FftDescriptor.c2c(16, 8).batch(split.chunkUnits()).build(), split.unitDescriptor());
        int pencils = split.chunkColumns();
        assertEquals(FftDescriptor.c2c(8).batch(pencils).layout(pencils, 1).build(), split.columnDescriptor());
    }

    @Test
    void aBatchOfTwoDimensionalTransformsIsCutIntoWholeTransforms() {
        DeviceSplit split = DeviceSplit.of(FftDescriptor.c2c(16, 32).batch(5).direction(Direction.INVERSE).build(),
                devices(3), 16 * MIB);
        assertEquals(DeviceSplit.Kind.TRANSFORMS, split.kind());
        assertEquals(List.of(2, 2, 1), List.of(split.units(0), split.units(1), split.units(2)));
        assertEquals(0, split.columnChunks(0));
        assertEquals(FftDescriptor.c2c(16, 32).batch(split.chunkUnits()).direction(Direction.INVERSE).build(),
                split.unitDescriptor());
        assertEquals(2L * 16 * 32 * 2, split.unitOffset(1, 0), "device 1 starts at transform 2");
    }

    static Stream<Arguments> splits() {
        return Stream.of(Arguments.of(new int[] {8, 16, 8}, 1, 3, 3 * 1024L), Arguments.of(new int[] {8, 16, 8}, 1, 2, 16 * MIB),
                Arguments.of(new int[] {4, 8, 8}, 2, 4, 700L), Arguments.of(new int[] {16, 4, 2}, 3, 3, 1L),
                Arguments.of(new int[] {4, 1, 2}, 1, 4, 8L), Arguments.of(new int[] {32, 32}, 7, 4, 9000L),
                Arguments.of(new int[] {64}, 9, 2, 1L), Arguments.of(new int[] {1024, 1024, 1024}, 1, 4, 16 * MIB),
                Arguments.of(new int[] {2048, 1024, 1024}, 1, 2, 16 * MIB));
    }

    @ParameterizedTest(name = "{0} x {1} on {2}, chunks of {3} bytes")
    @MethodSource("splits")
    void theChunksCoverEveryUnitAndColumnOnce(int[] shape, int batch, int n, long chunkBytes) {
        DeviceSplit split = DeviceSplit.of(FftDescriptor.c2c(shape).batch(batch).build(), devices(n), chunkBytes);
        int planes = split.kind() == DeviceSplit.Kind.SLABS ? shape[0] : batch;
        int covered = 0;
        int columns = 0;
        List<Integer> blocks = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            assertEquals(covered, split.slab(d).start(), "shares follow one another");
            covered += split.slab(d).size();
            int unit = 0;
            for (int k = 0; k < split.unitChunks(d); k++) {
                assertEquals(unit, split.unitChunkStart(k));
                int end = split.unitChunkEnd(d, k);
                assertTrue(end > unit && end - unit <= split.chunkUnits(), "chunk " + k + " of device " + d);
                unit = end;
            }
            assertEquals(split.units(d), unit, "device " + d + "'s chunks hold its units");
            for (int j = 0; j < split.columnChunks(d); j++) {
                assertEquals(columns, split.columnChunkStart(d, j), "column chunks follow one another");
                int size = split.columnChunkEnd(d, j) - split.columnChunkStart(d, j);
                assertTrue(size > 0 && size <= split.chunkColumns());
                columns += size;
                blocks.add(split.block(d, j));
            }
        }
        assertEquals(planes, covered);
        if (split.kind() == DeviceSplit.Kind.SLABS) {
            assertEquals(shape[1] * shape[2], columns, "every column in one chunk");
            List<Integer> expected = new ArrayList<>();
            for (int b = 0; b < split.blocks(); b++) {
                expected.add(b);
            }
            assertEquals(expected, blocks, "one exchange block per column chunk, in order");
            assertEquals(2L * shape[0] * batch * split.chunkColumns(), split.blockFloats());
        }
    }

    @Test
    void theLargestTransformIsAddressedBeyondWhatAnIntCounts() {
        FftDescriptor d = FftDescriptor.c2c(2048, 1024, 1024).build();   // 16 GiB of complex64
        assertEquals(1L << 32, d.inputFloats());
        DeviceSplit split = DeviceSplit.of(d, devices(2), 16 * MIB);
        assertEquals(1L << 31, split.unitOffset(1, 0), "device 1 starts at plane 1024, 2^31 floats in");
        assertEquals(d.inputFloats(), split.unitOffset(1, split.units(1) - 1) + split.unitFloats(), "the last plane ends the data");
        assertEquals(d.inputFloats(), split.blocks() * split.blockFloats(), "the exchange blocks hold every value once");
        assertTrue(FftPlan.deviceBytesNeeded(split.unitDescriptor()) < 256 * MIB, "a chunk's plan stays small on the device");
    }

    @Test
    void unitsOfAThreeDimensionalBatchAreTheDevicesPlanesOfEachTransform() {
        DeviceSplit split = DeviceSplit.of(FftDescriptor.c2c(8, 4, 2).batch(2).build(), devices(3), 16 * MIB);
        // Device 1 has planes 3..5: units 0..2 are those of transform 0, 3..5 those of transform 1.
        assertEquals(6, split.units(1));
        assertEquals(4, split.unitPlane(1, 1));
        assertEquals(0, split.unitTransform(1, 2));
        assertEquals(1, split.unitTransform(1, 3));
        assertEquals((1L * 8 + 3) * 16, split.unitOffset(1, 3), "transform 1, plane 3, of 8 complex values each");
    }

    @Test
    void chunksHoldWhatTheTargetAllowsInTwoChunksAtLeast() {
        assertEquals(13, DeviceSplit.chunkSize(65, MIB, 16 * MIB, 2), "65 planes of 1 MiB: 5 chunks of 13");
        assertEquals(32, DeviceSplit.chunkSize(64, MIB, 1024 * MIB, 2), "two chunks at least");
        assertEquals(1, DeviceSplit.chunkSize(1, MIB, 1024 * MIB, 2), "one unit, one chunk");
        assertEquals(1, DeviceSplit.chunkSize(3, MIB, 1, 2), "one unit at least");
        assertEquals(2, DeviceSplit.chunkSize(3, MIB, 2 * MIB, 2), "3 units in chunks of 2: the last is short");
        assertEquals(22, DeviceSplit.chunkSize(64, MIB, 1024 * MIB, 3), "three chunks at least where three are in flight");
        assertEquals(64, DeviceSplit.chunkSize(64, MIB, 1024 * MIB, 1), "one chunk where one is in flight");
    }

    @Test
    void chunksShrinkUntilEveryDeviceHoldsItsPlans() {
        FftDescriptor d = FftDescriptor.c2c(64, 256, 256).build();
        DeviceSplit free = DeviceSplit.of(d, devices(2), 16 * MIB);
        long heap = 40 * MIB;
        DeviceSplit fitted = DeviceSplit.of(d, List.of(new Device("a", "a", heap), new Device("b", "b", heap)), 16 * MIB);
        assertTrue(free.deviceBytes(0) > heap, "the test needs a heap the default chunks overflow: " + free.deviceBytes(0));
        assertTrue(fitted.chunkUnits() < free.chunkUnits(), fitted.chunkUnits() + " planes a chunk");
        assertTrue(fitted.deviceBytes(0) <= heap && fitted.deviceBytes(1) <= heap);
    }

    @Test
    void aDeviceListedTwiceHoldsThePlansOfBothEntries() {
        FftDescriptor d = FftDescriptor.c2c(64, 256, 256).build();
        long heap = 40 * MIB;
        DeviceSplit apart = DeviceSplit.of(d, List.of(new Device("a", "a", heap), new Device("b", "b", heap)), 16 * MIB);
        DeviceSplit shared = DeviceSplit.of(d, List.of(new Device("a", "a", heap), new Device("a", "a", heap)), 16 * MIB);
        assertTrue(shared.chunkUnits() < apart.chunkUnits());
        assertTrue(shared.deviceBytes(0) + shared.deviceBytes(1) <= heap);
    }

    @Test
    void refusesAHeapThatCannotHoldOnePlaneAChunk() {
        // Planes of 512 KiB: four chunks in flight (the default on two devices) of one plane take 6 MiB with
        // their outputs and scratch.
        FftDescriptor d = FftDescriptor.c2c(4, 256, 256).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSplit.of(d,
                List.of(new Device("a", "GPU A", 64 * MIB), new Device("b", "GPU B", MIB)), 16 * MIB));
        assertTrue(e.getMessage().startsWith("devices: ") && e.getMessage().contains("GPU B")
                && e.getMessage().contains("it has 1 MiB"), e.getMessage());
    }

    @Test
    void refusesAnEmptyDeviceList() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeviceSplit.of(FftDescriptor.c2c(8, 8, 8).build(), Collections.emptyList(), MIB));
        assertTrue(e.getMessage().startsWith("devices: at least one"), e.getMessage());
    }

    @Test
    void refusesFewerZPlanesThanDevices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeviceSplit.of(FftDescriptor.c2c(2, 64, 64).build(), devices(3), MIB));
        assertTrue(e.getMessage().startsWith("shape: ") && e.getMessage().contains("has 2 for 3 devices"), e.getMessage());
    }

    @Test
    void refusesABatchOfFewerTransformsThanDevices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeviceSplit.of(FftDescriptor.c2c(64, 64).batch(3).build(), devices(4), MIB));
        assertTrue(e.getMessage().startsWith("batch: ") && e.getMessage().contains("3 for 4 devices"), e.getMessage());
    }

    @Test
    void refusesWhatTheSplitDoesNotTake() {
        assertRefused("descriptor: ", FftDescriptor.r2c(1024).batch(4).build());
        assertRefused("precision: ", FftDescriptor.c2c(8, 8, 8).precision(Precision.DOUBLE).build());
        assertRefused("inputLayout: ", FftDescriptor.c2c(64).batch(4).inputLayout(1, 80).build());
        assertRefused("outputLayout: ", FftDescriptor.c2c(64).batch(4).outputLayout(4, 1).build());
    }

    private static void assertRefused(String parameter, FftDescriptor d) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSplit.of(d, devices(2), MIB));
        assertTrue(e.getMessage().startsWith(parameter), e.getMessage());
    }

    @Test
    void theChunkPropertyIsInMiBAndPositive() {
        try (SystemProperties p = SystemProperties.set(DeviceSplit.CHUNK_PROPERTY, "4")) {
            assertEquals(4 * MIB, DeviceSplit.chunkBytesFromProperty());
        }
        try (SystemProperties p = SystemProperties.set(DeviceSplit.CHUNK_PROPERTY, "0")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, DeviceSplit::chunkBytesFromProperty);
            assertTrue(e.getMessage().startsWith(DeviceSplit.CHUNK_PROPERTY), e.getMessage());
        }
    }

    @Test
    void eightChunksAreInFlightOnTheHostByDefaultTwoToFourADevice() {
        assertEquals(4, DeviceSplit.defaultInFlight(1));
        assertEquals(4, DeviceSplit.defaultInFlight(2));
        assertEquals(2, DeviceSplit.defaultInFlight(3));
        assertEquals(2, DeviceSplit.defaultInFlight(4));
        assertEquals(2, DeviceSplit.defaultInFlight(8));
        assertEquals(4, DeviceSplit.of(FftDescriptor.c2c(64, 8, 8).build(), devices(2), MIB).inFlight());
        assertEquals(2, DeviceSplit.of(FftDescriptor.c2c(64, 8, 8).build(), devices(4), MIB).inFlight());
    }

    @Test
    void theInFlightPropertyTakesOneToEight() {
        assertEquals(DeviceSplit.defaultInFlight(2), DeviceSplit.inFlightFromProperty(2));
        try (SystemProperties p = SystemProperties.set(DeviceSplit.IN_FLIGHT_PROPERTY, "3")) {
            assertEquals(3, DeviceSplit.inFlightFromProperty(2));
            assertEquals(3, DeviceSplit.inFlightFromProperty(4));
        }
        for (String bad : new String[] {"0", "9"}) {
            try (SystemProperties p = SystemProperties.set(DeviceSplit.IN_FLIGHT_PROPERTY, bad)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSplit.inFlightFromProperty(2));
                assertTrue(e.getMessage().startsWith(DeviceSplit.IN_FLIGHT_PROPERTY + ": 1 to 8") && e.getMessage().endsWith(bad),
                        e.getMessage());
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeviceSplit.of(FftDescriptor.c2c(8, 8, 8).build(), devices(2), MIB, 0, true));
        assertTrue(e.getMessage().startsWith("inFlight: "), e.getMessage());
    }

    @Test
    void threeInFlightTakeThreePlansOfDeviceMemory() {
        FftDescriptor d = FftDescriptor.c2c(64, 256, 256).build();
        DeviceSplit two = DeviceSplit.of(d, devices(2), 4 * MIB, 2, false);
        DeviceSplit three = DeviceSplit.of(d, devices(2), 4 * MIB, 3, false);
        assertEquals(3, three.inFlight());
        assertEquals(two.chunkUnits(), three.chunkUnits(), "the chunks are as large");
        assertEquals(3 * two.deviceBytes(0), 2 * three.deviceBytes(0));
        assertTrue(three.describe(List.of("A", "B"), "{X}", "{Z}").contains("3 in flight per device"));
    }

    @Test
    void zChunksHaveAPlanEachWhereTheHeapsHoldThemAndThereAreFew() {
        // 64 x 256 x 256 on 2 devices, chunks of 2 MiB: 8 Z chunks a device.
        FftDescriptor d = FftDescriptor.c2c(64, 256, 256).build();
        DeviceSplit buffer = DeviceSplit.of(d, devices(2), 2 * MIB, 2, false);
        DeviceSplit plans = DeviceSplit.of(d, devices(2), 2 * MIB, 2, true);
        assertEquals(DeviceSplit.Exchange.BUFFER, buffer.exchange());
        assertEquals(DeviceSplit.Exchange.PLANS, plans.exchange());
        assertEquals(8, plans.columnChunks(0));
        long unitPlans = 2 * FftPlan.deviceBytesNeeded(plans.unitDescriptor());
        long columnPlan = FftPlan.deviceBytesNeeded(plans.columnDescriptor());
        assertEquals(unitPlans + 2 * columnPlan, buffer.deviceBytes(0));
        assertEquals(unitPlans + 8 * columnPlan, plans.deviceBytes(0));
        assertTrue(plans.describe(List.of("A", "B"), "{X}", "{Z}").contains("each the host array of its Z chunk's own plan"));
        // A heap that holds the plans in flight but not one per Z chunk: the buffer.
        long heap = buffer.deviceBytes(0);
        DeviceSplit tight = DeviceSplit.of(d, List.of(new Device("a", "a", heap), new Device("b", "b", heap)), 2 * MIB, 2, true);
        assertEquals(DeviceSplit.Exchange.BUFFER, tight.exchange());
        assertEquals(buffer.chunkColumns(), tight.chunkColumns(), "the chunks stay as large");
        // More than MAX_PLAN_BLOCKS Z chunks a device (chunks of 1 MiB: 16): the buffer.
        assertEquals(DeviceSplit.Exchange.BUFFER, DeviceSplit.of(d, devices(2), MIB, 2, true).exchange());
        // A batch has no exchange.
        assertEquals(DeviceSplit.Exchange.BUFFER, DeviceSplit.of(FftDescriptor.c2c(64).batch(8).build(), devices(2), MIB, 2, true)
                .exchange());
    }

    @Test
    void theExchangePropertyTakesAutoOrBuffer() {
        assertTrue(DeviceSplit.planBlocksFromProperty());
        try (SystemProperties p = SystemProperties.set(DeviceSplit.EXCHANGE_PROPERTY, "buffer")) {
            assertEquals(false, DeviceSplit.planBlocksFromProperty());
        }
        try (SystemProperties p = SystemProperties.set(DeviceSplit.EXCHANGE_PROPERTY, "plans")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, DeviceSplit::planBlocksFromProperty);
            assertTrue(e.getMessage().startsWith(DeviceSplit.EXCHANGE_PROPERTY + ": auto or buffer"), e.getMessage());
        }
    }

    @Test
    void describesEachDeviceAndStep() {
        DeviceSplit split = DeviceSplit.of(FftDescriptor.c2c(8, 16, 8).build(), devices(3), 16 * MIB);
        String text = split.describe(List.of("A", "B", "C"), "{X(...)}", "{X(z)}");
        assertTrue(text.contains("device 2: C: Z planes 6..7 (2 of 8), pencils 86..127 (42 of 128"), text);
        assertTrue(text.contains("exchange") && text.contains("{X(z)}") && text.contains("{X(...)}"), text);
    }
}
