package io.github.tornadofft.bench;

import io.github.tornadofft.api.Precision;
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
    void aPrecisionAfterTheBatchMakesAFloat64Case() {
        Case c = Case.parse("1d:4096:1024:f64");
        assertEquals(Precision.DOUBLE, c.precision());
        assertEquals(1024, c.batch());
        assertEquals(Precision.DOUBLE, Case.parse("3d:128x256x256:double").precision());
        assertEquals(1, Case.parse("1d:2^23:F64").batch(), "no batch, then the precision");
        assertEquals(Precision.FLOAT, Case.parse("1d:4096:f32").precision());
        assertEquals(Precision.FLOAT, Case.parse("1d:4096").precision(), "float32 unless named");
        assertEquals(Case.Kind.R2C, Case.parse("r2c:2d:64:2:f64").kind());
    }

    @Test
    void aFloat64CaseLabelsAndSpecsItsPrecisionAndRoundTrips() {
        assertEquals("1D 4096, batch 1024, double", Case.parse("1d:4096:1024:f64").label());
        assertEquals("3D 128x256x256, double", Case.parse("3d:128x256x256:f64").label());
        assertEquals("1d:2097152:8:f64", Case.parse("1d:2^21:8:double").spec());
        for (String s : List.of("1d:4096:1024:f64", "3d:256:f64", "c2r:2d:16x8:3:f64")) {
            assertEquals(Case.parse(s), Case.parse(Case.parse(s).spec()));
        }
        assertEquals("1d:4096", Case.parse("1d:4096:f32").spec(), "float32 specs as before");
    }

    @Test
    void theSameShapeInAnotherPrecisionIsAnotherCaseWithTheSameInput() {
        Case f = Case.parse("1d:64:4");
        Case d = Case.parse("1d:64:4:f64");
        assertNotEquals(f, d);
        assertEquals(d, f.in(Precision.DOUBLE));
        assertEquals(Precision.DOUBLE, d.as(Case.Kind.R2C).precision(), "another kind keeps the precision");
        assertEquals(f.hashCode(), d.hashCode(), "the hash seeds the input: a double case draws its float twin's numbers");
        assertEquals(Truth.of(f, 7, 1).input()[5], (float) Truth.of(d, 7, 1).doubleInput()[5]);
    }

    @Test
    void aFloat64CaseHoldsSixteenBytesAComplexValue() {
        // 2^23 complex doubles are 128 MiB, as 2^24 complex floats are: twice the bytes of the same points in float.
        assertEquals(128L << 20, Case.parse("1d:2^23:f64").bytes());
        assertEquals(2 * Case.parse("1d:2^23").bytes(), Case.parse("1d:2^23:f64").bytes());
        assertEquals(8L * (1 << 20), Case.parse("r2c:1d:2^20:f64").bytes(), "8 bytes a real double");
        assertEquals(Case.parse("2d:64").floats(), Case.parse("2d:64:f64").floats(), "values count numbers, not bytes");
    }

    @Test
    void aListRunsEachCaseThatNamesNoPrecisionInEveryPrecisionGiven() {
        List<Case> cases = Case.parseList("1d:64:8, 2d:16:f32", List.of(Case.Kind.C2C),
                List.of(Precision.FLOAT, Precision.DOUBLE));
        assertEquals(List.of("1d:64:8", "1d:64:8:f64", "2d:16x16"), cases.stream().map(Case::spec).toList());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Case.parseList("1d:64", List.of(Case.Kind.C2C), List.of())).getMessage().startsWith("precisions:"));
    }

    @Test
    void anUnknownPrecisionIsNamed() {
        String message = assertThrows(IllegalArgumentException.class, () -> Case.parse("1d:64:f8")).getMessage();
        assertTrue(message.contains("1d:64:f8") && message.contains("f64"), message);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Case.precisionOf("quarter")).getMessage()
                .contains("'quarter'"));
    }

    @Test
    void sampledTransformsSpreadOverTheBatchFirstAndLastIncluded() {
        assertArrayEquals(new int[] {0, 341, 682, 1023}, Truth.sampleIndices(1024, 4));
        assertArrayEquals(new int[] {0, 1, 2}, Truth.sampleIndices(3, 4));
    }
}
