package io.github.tornadofft.kernels;

import io.github.tornadofft.api.Direction;
import org.junit.jupiter.api.Test;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The block FFT's description on the host: what it answers, and what it refuses, naming the parameter. */
class BlockFftDescriptionTest {

    @Test
    void answersTheLaunchAndTheMemory() {
        BlockFft fft = BlockFft.of(1024).transformsPerGroup(2);
        assertEquals(16, fft.valuesPerWorkItem());
        assertEquals(64, fft.workItemsPerTransform());
        assertEquals(128, fft.groupSize());
        assertEquals(2 * 2 * (1024 + 32), fft.localFloats(), "real and imaginary parts of two transforms, padded");
        assertEquals(Direction.FORWARD, fft.direction());
        WorkerGrid1D grid = fft.grid(5);
        assertEquals(3 * 128, grid.getGlobalWork()[0], "three groups for five transforms, two a group");
        assertEquals(128, grid.getLocalWork()[0]);
        assertEquals(2 * 16 + 2 * 4 * (2 * 64 - 1), fft.twiddles().getSize(), "W_E^j, then log2 E rows for each span to N / E");
    }

    @Test
    void twiddleRowsHoldWhatEachSpanReads() {
        for (BlockFft fft : new BlockFft[]{BlockFft.of(1024), BlockFft.of(2048), BlockFft.of(4096).valuesPerWorkItem(4),
                BlockFft.of(8), BlockFft.of(2)}) {
            int n = fft.size();
            int e = fft.valuesPerWorkItem();
            int logE = Integer.numberOfTrailingZeros(e);
            int lines = fft.workItemsPerTransform();
            FloatArray table = fft.twiddles();
            for (int j = 0; j < e; j++) {
                assertTwiddle(table.get(2 * j), table.get(2 * j + 1), (long) j * lines, n, fft + " W_E^" + j);
            }
            for (int p = 1; p <= lines; p <<= 1) {
                int row = 2 * e + 2 * logE * (p - 1);
                for (int bit = 0; bit < logE; bit++) {
                    for (int low = 0; low < p; low++) {
                        long k = ((long) low * lines / p << bit) % n;
                        assertTwiddle(table.get(row + bit * p + low), table.get(row + (bit + logE) * p + low), k, n,
                                fft + " span " + p + " bit " + bit + " line " + low);
                    }
                }
            }
            assertEquals(2 * e + 2 * logE * (2 * lines - 1), table.getSize(), fft.toString());
        }
    }

    private static void assertTwiddle(float re, float im, long k, int n, String what) {
        double angle = -2 * Math.PI * k / n;
        assertEquals(Math.cos(angle), re, 1e-7, what + " (real part)");
        assertEquals(Math.sin(angle), im, 1e-7, what + " (imaginary part)");
    }

    @Test
    void smallSizesTakeAsManyValuesAsPoints() {
        assertEquals(2, BlockFft.of(2).valuesPerWorkItem());
        assertEquals(4, BlockFft.of(4).valuesPerWorkItem());
        assertEquals(1, BlockFft.of(8).workItemsPerTransform());
        assertEquals(8, BlockFft.of(32).valuesPerWorkItem(), "an odd power of two: 8, whose 2 x 4 DFT holds its first pass");
        assertEquals(16, BlockFft.of(64).valuesPerWorkItem());
        assertEquals(0, BlockFft.of(16).localFloats(), "one work-item holds the transform: no exchange");
    }

    @Test
    void theWordTellsDescriptionsApart() {
        BlockFft fft = BlockFft.of(256);
        assertNotEquals(fft.word(), fft.inverse().word());
        assertNotEquals(fft.word(), fft.valuesPerWorkItem(4).word());
        assertNotEquals(fft.word(), fft.transformsPerGroup(2).word());
        assertEquals(fft, BlockFft.of(256).direction(Direction.FORWARD));
        assertEquals(fft.inverse(), fft.inverse());
        assertEquals(256, BlockFft.points(fft.word()));
        assertTrue(fft.inverse().toString().contains("inverse"), fft.inverse().toString());
    }

    @Test
    void refusesWhatItCannotDescribe() {
        assertMessage("size: ", () -> BlockFft.of(3));
        assertMessage("size: ", () -> BlockFft.of(1));
        assertMessage("size: ", () -> BlockFft.of(8192));
        assertMessage("valuesPerWorkItem: ", () -> BlockFft.of(64).valuesPerWorkItem(32));
        assertMessage("valuesPerWorkItem: ", () -> BlockFft.of(8).valuesPerWorkItem(16));
        assertMessage("valuesPerWorkItem: 16 takes a size that is an even power of two", () -> BlockFft.of(2048).valuesPerWorkItem(16));
        assertMessage("valuesPerWorkItem: ", () -> BlockFft.of(64).valuesPerWorkItem(3));
        assertMessage("valuesPerWorkItem: ", () -> BlockFft.of(4).valuesPerWorkItem(8));
        assertMessage("transformsPerGroup: ", () -> BlockFft.of(64).transformsPerGroup(0));
        assertMessage("transformsPerGroup: ", () -> BlockFft.of(64).transformsPerGroup(256));
        assertMessage("transforms: ", () -> BlockFft.of(64).grid(0));
        assertThrows(NullPointerException.class, () -> BlockFft.of(64).direction(null));
    }

    private static void assertMessage(String prefix, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    }
}
