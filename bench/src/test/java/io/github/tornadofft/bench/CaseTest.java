package io.github.tornadofft.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
    void anyLengthMakesACase() {
        Case c = Case.parse("1d:1000003:4");
        assertEquals(1000003, c.shape()[0]);
        assertEquals(4, c.batch());
        assertEquals(1000, Case.parse("2d:1000x24").shape()[0]);
    }

    @Test
    void badSpecsNameWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("4d:8")).getMessage().contains("RANKd"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("1d:0")).getMessage().contains("at least 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("2d:8x8x8")).getMessage().contains("2D"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("1d:abc")).getMessage().contains("abc"));
    }

    @Test
    void aKindBeforeTheRankMakesARealCase() {
        Case c = Case.parse("r2c:1d:4096:8192");
        assertEquals(Case.Kind.R2C, c.kind());
        assertArrayEquals(new int[] {4096}, c.shape());
        assertEquals(8192, c.batch());
        assertEquals(Case.Kind.C2R, Case.parse("C2R:3d:256").kind());
        assertEquals(Case.Kind.C2C, Case.parse("c2c:2d:1024").kind());
        assertEquals(Case.Kind.C2C, Case.parse("2d:1024").kind());
    }

    @Test
    void realLabelsAndSpecsStartWithTheirKind() {
        assertEquals("r2c 1D 4096, batch 8192", Case.parse("r2c:1d:4096:8192").label());
        assertEquals("c2r 3D 256^3", Case.parse("c2r:3d:256").label());
        assertEquals("2D 4096^2", Case.parse("c2c:2d:4096").label());
        for (String s : List.of("r2c:1d:2^20:32", "c2r:2d:16x8:3", "r2c:3d:512")) {
            assertEquals(Case.parse(s), Case.parse(Case.parse(s).spec()));
        }
    }

    @Test
    void theSameShapeOfAnotherKindIsAnotherCase() {
        assertNotEquals(Case.parse("1d:64"), Case.parse("r2c:1d:64"));
        assertNotEquals(Case.parse("r2c:1d:64"), Case.parse("c2r:1d:64"));
        assertEquals(Case.parse("1d:64"), Case.parse("r2c:1d:64").as(Case.Kind.C2C));
        assertEquals(Case.parse("1d:64").hashCode(), new Case(new int[] {64}, 1).hashCode(),
                "a c2c case hashes (and so seeds its input) as before kinds");
    }

    @Test
    void aListRunsEachCaseThatNamesNoKindAsEveryKindGiven() {
        List<Case> cases = Case.parseList("1d:4096:8, c2r:2d:16, 3d:8",
                List.of(Case.Kind.C2C, Case.Kind.R2C, Case.Kind.C2R));
        assertEquals(List.of("1d:4096:8", "r2c:1d:4096:8", "c2r:1d:4096:8", "c2r:2d:16x16", "3d:8x8x8", "r2c:3d:8x8x8",
                "c2r:3d:8x8x8"), cases.stream().map(Case::spec).toList());
        assertEquals(List.of(Case.parse("r2c:1d:64")), Case.parseList("r2c:1d:64", List.of(Case.Kind.C2C, Case.Kind.R2C)),
                "a spec that names its kind gives that case once");
    }

    @Test
    void realCasesCountTheirSignalAndHalfSpectrum() {
        Case r2c = Case.parse("r2c:1d:4096:8192");
        assertEquals(4096, r2c.inputLength());
        assertEquals(2 * 2049, r2c.outputLength());
        assertEquals(4096 * 8192, r2c.floats());
        assertEquals(2 * 2049 * 8192, r2c.outputFloats());
        assertEquals(4L * 4096 * 8192, r2c.bytes(), "sized by its real float32 values");
        Case c2r = Case.parse("c2r:3d:4x8x16");
        assertEquals(2 * 4 * 8 * 9, c2r.inputLength());
        assertEquals(4 * 8 * 16, c2r.outputLength());
        Case c2c = Case.parse("3d:4x8x16");
        assertEquals(2 * 4 * 8 * 16, c2c.inputLength());
        assertEquals(c2c.inputLength(), c2c.outputLength());
    }

    @Test
    void aRealCaseNeedsTwoPointsOnItsLastAxis() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parse("r2c:1d:1")).getMessage()
                .contains("last axis"));
        assertEquals(4, Case.parse("r2c:1d:2").outputLength(), "bins 0 and 1 of a 2-point signal");
    }

    @Test
    void anUnknownKindIsNamed() {
        String message = assertThrows(IllegalArgumentException.class, () -> Case.parse("r2r:1d:64")).getMessage();
        assertTrue(message.contains("r2r:1d:64") && message.contains("c2r"), message);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.parseList("1d:64", List.of())).getMessage()
                .startsWith("kinds:"));
    }

    @Test
    void sampledTransformsSpreadOverTheBatchFirstAndLastIncluded() {
        assertArrayEquals(new int[] {0, 341, 682, 1023}, Truth.sampleIndices(1024, 4));
        assertArrayEquals(new int[] {0, 1, 2}, Truth.sampleIndices(3, 4));
    }
}
