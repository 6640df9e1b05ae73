package io.github.tornadofft.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CaseTest {

    @Test
    void specsReadAsRankDimsAndBatch() {
        Case c = Case.parse("1d:4096:1024");
        assertArrayEquals(new int[] {4096}, c.shape());
        assertEquals(1024, c.batch());
        assertArrayEquals(new int[] {128, 128, 128}, Case.parse("3d:128").shape());
        assertArrayEquals(new int[] {4096, 2048}, Case.parse("2d:4096x2048:4").shape());
        assertEquals(1 << 20, Case.parse("1d:2^20").points());
    }

    @Test
    void labelsReadLikeTheAnchorsTables() {
        assertEquals("1D 4096, batch 1024", Case.parse("1d:4096:1024").label());
        assertEquals("1D 2^20, batch 16", Case.parse("1d:2^20:16").label());
        assertEquals("1D 65536, batch 256", Case.parse("1d:65536:256").label());
        assertEquals("2D 1024^2", Case.parse("2d:1024").label());
        assertEquals("3D 128^3", Case.parse("3d:128").label());
        assertEquals("2D 4096x2048, batch 4", Case.parse("2d:4096x2048:4").label());
    }

    @Test
    void specRoundTrips() {
        for (String s : List.of("1d:4096:1024", "2d:4096x2048:4", "3d:128x128x128")) {
            assertEquals(Case.parse(s), Case.parse(Case.parse(s).spec()));
        }
    }

    @Test
    void listsSplitOnCommasAndSpaces() {
        assertEquals(4, Case.parseList("1d:4096:1024, 1d:2^20 2d:1024,3d:128").size());
    }

    @Test
    void badSpecsNameWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("4d:8")).getMessage().contains("RANKd"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("1d:1000")).getMessage().contains("powers of two"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("2d:8x8x8")).getMessage().contains("2D"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("1d:abc")).getMessage().contains("abc"));
    }

    @Test
    void sampledTransformsSpreadOverTheBatchFirstAndLastIncluded() {
        assertArrayEquals(new int[] {0, 341, 682, 1023}, Truth.sampleIndices(1024, 4));
        assertArrayEquals(new int[] {0, 1, 2}, Truth.sampleIndices(3, 4));
    }
}
