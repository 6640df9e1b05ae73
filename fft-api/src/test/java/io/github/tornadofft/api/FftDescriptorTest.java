package io.github.tornadofft.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FftDescriptorTest {

    @Test
    void descriptorsBuiltAlikeAreEqualAndHashAlike() {
        FftDescriptor a = FftDescriptor.c2c(64, 32).batch(3).norm(Norm.ORTHO).layout(1, 64 * 32 + 8).build();
        FftDescriptor b = FftDescriptor.c2c(64, 32).batch(3).norm(Norm.ORTHO).layout(1, 64 * 32 + 8).build();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a.toString(), b.toString());
    }

    @Test
    void everyFieldTakesPartInEquality() {
        FftDescriptor base = FftDescriptor.c2c(64).batch(2).build();
        assertNotEquals(base, FftDescriptor.c2c(128).batch(2).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(3).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(2).direction(Direction.INVERSE).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(2).norm(Norm.FORWARD).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(2).precision(Precision.DOUBLE).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(2).inPlace(true).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(2).inputLayout(1, 80).build());
        assertNotEquals(base, FftDescriptor.c2c(64).batch(2).outputLayout(1, 80).build());
        assertNotEquals(base, FftDescriptor.c2c(8, 8).batch(2).build());
        // The kind too: r2c and c2r of the same length are other problems than c2c, and each other's inverse.
        FftDescriptor r2c = FftDescriptor.r2c(64).batch(2).build();
        FftDescriptor c2r = FftDescriptor.c2r(64).batch(2).build();
        assertNotEquals(base, r2c);
        assertNotEquals(r2c, c2r);
        assertNotEquals(r2c, FftDescriptor.r2c(64).batch(2).inPlace(true).build());
        assertEquals(r2c, FftDescriptor.r2c(64).batch(2).build());
        assertEquals(r2c.hashCode(), FftDescriptor.r2c(64).batch(2).build().hashCode());
    }

    @Test
    void withDirectionChangesOnlyTheDirection() {
        FftDescriptor forward = FftDescriptor.c2c(16, 16).batch(4).norm(Norm.ORTHO).inPlace(true).build();
        FftDescriptor inverse = forward.withDirection(Direction.INVERSE);
        assertEquals(Direction.INVERSE, inverse.direction());
        assertEquals(FftDescriptor.c2c(16, 16).batch(4).norm(Norm.ORTHO).inPlace(true).direction(Direction.INVERSE).build(), inverse);
        assertSame(forward, forward.withDirection(Direction.FORWARD));
        assertEquals(forward, inverse.withDirection(Direction.FORWARD));
        assertThrows(IllegalArgumentException.class, () -> forward.withDirection(null));
    }

    @Test
    void toStringReadsAsTheProblem() {
        String text = FftDescriptor.c2c(256, 256, 256).build().toString();
        assertTrue(text.startsWith("c2c ") && text.contains("[256, 256, 256]") && text.contains("forward") && text.contains("float"), text);
        String real = FftDescriptor.r2c(1024).batch(3).inPlace(true).build().toString();
        assertTrue(real.startsWith("r2c [1024] x 3 forward") && real.contains("in-place") && real.contains("1026 floats"), real);
        assertTrue(FftDescriptor.c2r(16).build().toString().startsWith("c2r [16] x 1 inverse"));
    }

    @Test
    void aComplexDescriptorIsOfKindC2c() {
        FftDescriptor d = FftDescriptor.c2c(8, 4).batch(3).build();
        assertEquals(FftDescriptor.Kind.C2C, d.kind());
        assertFalse(d.isReal());
        assertEquals(32, d.inputSize());
        assertEquals(32, d.outputSize());
        assertEquals(2 * 32 * 3, d.inputFloats());
        assertEquals(2 * 32 * 3, d.outputFloats());
        assertEquals(d.floats(), d.inputFloats());
    }

    @Test
    void realToComplexTakesNRealFloatsAndGivesNOver2Plus1Bins() {
        FftDescriptor d = FftDescriptor.r2c(1024).batch(3).build();
        assertEquals(FftDescriptor.Kind.R2C, d.kind());
        assertTrue(d.isReal());
        assertEquals(Direction.FORWARD, d.direction());
        assertEquals(1024, d.size());
        assertEquals(3 * 1024, d.inputFloats());
        assertEquals(3 * 2 * 513, d.outputFloats());
        assertEquals(512, d.inputSize());
        assertEquals(513, d.outputSize());
        assertEquals(new FftDescriptor.Layout(1, 512), d.inputLayout());
        assertEquals(new FftDescriptor.Layout(1, 513), d.outputLayout());
        assertTrue(d.inputPacked() && d.outputPacked());
        assertEquals(3 * 1024, d.floats(), "the N/2-point complex transform's working buffers");
        assertEquals(1f, d.scale());
        assertEquals(1f / 1024, FftDescriptor.r2c(1024).norm(Norm.FORWARD).build().scale(), "n is N, not N/2");
    }

    @Test
    void complexToRealTakesNOver2Plus1BinsAndGivesNRealFloats() {
        FftDescriptor d = FftDescriptor.c2r(8).batch(5).norm(Norm.ORTHO).build();
        assertEquals(FftDescriptor.Kind.C2R, d.kind());
        assertEquals(Direction.INVERSE, d.direction());
        assertEquals(5 * 2 * 5, d.inputFloats());
        assertEquals(5 * 8, d.outputFloats());
        assertEquals(5, d.inputSize());
        assertEquals(4, d.outputSize());
        assertEquals((float) (1 / Math.sqrt(8)), d.scale());
        assertEquals(1f / 8, FftDescriptor.c2r(8).build().scale(), "backward: 1/N on the inverse");
        // The smallest: two real points, two real bins.
        FftDescriptor two = FftDescriptor.c2r(2).build();
        assertEquals(4, two.inputFloats());
        assertEquals(2, two.outputFloats());
    }

    @Test
    void inPlaceRealTransformsPadEachRealRowToTheSpectrumsLength() {
        for (FftDescriptor d : new FftDescriptor[] {FftDescriptor.r2c(64).batch(4).inPlace(true).build(),
                FftDescriptor.c2r(64).batch(4).inPlace(true).build()}) {
            assertEquals(4 * 2 * 33, d.inputFloats(), d.toString());
            assertEquals(4 * 2 * 33, d.outputFloats(), d.toString());
            assertEquals(d.inputLayout(), d.outputLayout(), d.toString());
            assertEquals(new FftDescriptor.Layout(1, 33), d.inputLayout(), d.toString());
        }
        assertFalse(FftDescriptor.r2c(64).batch(4).inPlace(true).build().inputPacked(), "rows of 66 floats hold 64");
        assertFalse(FftDescriptor.c2r(64).batch(4).inPlace(true).build().outputPacked());
        FftDescriptor one = FftDescriptor.r2c(64).inPlace(true).build();
        assertEquals(66, one.inputFloats(), "a single row is padded too: the array takes the spectrum");
    }

    @Test
    void realTransformsRefuseOnlyShapesNoTransformHasNamingShape() {
        int[][] bad = {{0}, {-4}, {64, 0}, {2, 2, 2, 2}, {}, {1 << 28}};
        for (int[] shape : bad) {
            for (boolean r2c : new boolean[] {true, false}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> { if (r2c) { FftDescriptor.r2c(shape); } else { FftDescriptor.c2r(shape); } });
                assertTrue(e.getMessage().startsWith("shape: "), e.getMessage());
                assertTrue(e.getMessage().contains(java.util.Arrays.toString(shape)), e.getMessage());
            }
        }
        // Any last axis, odd ones too (N/2 + 1 bins, numpy's rfft), and any other axes; an odd packed signal
        // is N floats a row, not pairs.
        for (int[] shape : new int[][] {{1000}, {2}, {1}, {7}, {101}, {3 * 256}, {3, 8}, {8, 8, 6}, {1080, 1920}, {64, 63}, {8, 1}}) {
            int n = shape[shape.length - 1];
            long rows = java.util.Arrays.stream(shape).asLongStream().reduce(1, (x, y) -> x * y) / n;
            assertEquals(2 * rows * (n / 2 + 1), FftDescriptor.r2c(shape).build().outputFloats());
            assertEquals(rows * n, FftDescriptor.r2c(shape).build().inputFloats());
            assertEquals(rows * n * 3, FftDescriptor.c2r(shape).batch(3).build().outputFloats());
            assertEquals(2 * rows * (n / 2 + 1) * 3, FftDescriptor.r2c(shape).batch(3).inPlace(true).build().inputFloats());
        }
        assertThrows(IllegalArgumentException.class, () -> FftDescriptor.r2c((int[]) null));
    }

    @Test
    void multiDimensionalRealTransformsCountRowsOfTheLastAxis() {
        // numpy's rfftn: 16 x 8 x 64 real points, 16 x 8 x 33 bins.
        FftDescriptor r2c = FftDescriptor.r2c(16, 8, 64).batch(3).build();
        assertEquals(16 * 8 * 64, r2c.size());
        assertEquals(16 * 8 * 32, r2c.inputSize());
        assertEquals(16 * 8 * 33, r2c.outputSize());
        assertEquals(3L * 16 * 8 * 64, r2c.inputFloats());
        assertEquals(3L * 16 * 8 * 66, r2c.outputFloats());
        assertTrue(r2c.inputPacked() && r2c.outputPacked());
        FftDescriptor c2r = FftDescriptor.c2r(32, 2).batch(2).build();
        assertEquals(2L * 32 * 4, c2r.inputFloats(), "rows of 2 bins (N/2 + 1 = 2 complex values)");
        assertEquals(2L * 32 * 2, c2r.outputFloats());
        FftDescriptor padded = FftDescriptor.r2c(4, 64).batch(2).inPlace(true).build();
        assertEquals(new FftDescriptor.Layout(1, 4 * 33), padded.inputLayout(), "each row padded to 33 pairs");
        assertFalse(padded.inputPacked());
        assertEquals(2L * 4 * 66, padded.inputFloats());
        assertEquals(padded.inputFloats(), padded.outputFloats());
        assertTrue(padded.toString().contains("real rows padded to 66 floats"), padded.toString());
    }

    @Test
    void realTransformsRefuseLayoutsNamingLayout() {
        for (FftDescriptor.Builder b : new FftDescriptor.Builder[] {FftDescriptor.r2c(64).batch(2), FftDescriptor.c2r(64).batch(2)}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.layout(1, 40));
            assertTrue(e.getMessage().startsWith("layout:") && e.getMessage().contains("inPlace(true)"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> b.inputLayout(1, 32));
            assertThrows(IllegalArgumentException.class, () -> b.outputLayout(2, 100));
        }
    }

    @Test
    void realTransformsHaveAFixedDirection() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftDescriptor.r2c(64).direction(Direction.INVERSE));
        assertTrue(e.getMessage().startsWith("direction: r2c is always FORWARD"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2r(64).direction(Direction.FORWARD));
        assertTrue(e.getMessage().startsWith("direction: c2r is always INVERSE"), e.getMessage());
        // Their own direction changes nothing.
        assertEquals(FftDescriptor.r2c(64).build(), FftDescriptor.r2c(64).direction(Direction.FORWARD).build());

        FftDescriptor r2c = FftDescriptor.r2c(64).build();
        assertSame(r2c, r2c.withDirection(Direction.FORWARD));
        IllegalStateException s = assertThrows(IllegalStateException.class, () -> r2c.withDirection(Direction.INVERSE));
        assertTrue(s.getMessage().contains("fixed direction") && s.getMessage().contains("c2r"), s.getMessage());
        FftDescriptor c2r = FftDescriptor.c2r(64).build();
        assertThrows(IllegalStateException.class, () -> c2r.withDirection(Direction.FORWARD));
    }

    @Test
    void realTransformsRefuseBatchesNoArrayCanHold() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftDescriptor.r2c(1 << 27).batch(16).build());
        assertTrue(e.getMessage().startsWith("batch:"), e.getMessage());
        assertEquals(2L * ((1 << 26) + 1), FftDescriptor.c2r(1 << 27).build().inputFloats());
    }

    @Test
    void shapeIsACopy() {
        FftDescriptor d = FftDescriptor.c2c(8, 4).build();
        d.shape()[0] = 1;
        assertEquals(8, d.shape()[0]);
    }

    @Test
    void oneDimensionalComplexTransformsTakeAnyLengthFromOneTo2To27() {
        for (int n : new int[] {1, 3, 7, 100, 1000, 1536, 65537, 1000003, (1 << 27) - 1, 1 << 27}) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(2).build();
            assertEquals(n, d.size());
            assertEquals(4L * n, d.inputFloats());
        }
        for (int n : new int[] {0, -8, (1 << 27) + 1, 1 << 28}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(n));
            assertTrue(e.getMessage().startsWith("shape: every axis length must be from 1 to 2^27"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(8).batch(0));
    }

    @Test
    void everyAxisOfSeveralTakesAnyLengthAndRanksAboveThreeAreRefused() {
        for (int[] shape : new int[][] {{64, 48}, {3, 8}, {8, 8, 100}, {1080, 1920}, {11, 13, 17}}) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(2).build();
            assertEquals(java.util.Arrays.stream(shape).asLongStream().reduce(1, (x, y) -> x * y), d.size());
        }
        IllegalArgumentException e;
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(2, 2, 2, 2).build());
        assertTrue(e.getMessage().startsWith("shape"), e.getMessage());
        // 2^31 points at most in all: three axes of 2^27 (2^81, which a long cannot hold) included.
        for (int[] shape : new int[][] {{1 << 16, 1 << 16}, {1 << 27, 1 << 27, 1 << 27}, {1 << 22, 1 << 21, 1 << 21},
                {2048, 1024, 1025}}) {
            e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(shape).build());
            assertTrue(e.getMessage().startsWith("shape: at most 2^31 elements"), e.getMessage());
        }
    }

    @Test
    void transformsBeyondOneArrayAreDescribedAndSaySo() {
        FftDescriptor fits = FftDescriptor.c2c(512, 1024, 1024).build();
        assertTrue(fits.fitsOneArray());
        assertEquals(1L << 30, fits.inputFloats());
        for (int[] shape : new int[][] {{1024, 1024, 1024}, {2048, 1024, 1024}}) {
            FftDescriptor d = FftDescriptor.c2c(shape).build();
            assertEquals(2 * d.size(), d.inputFloats());
            assertEquals(2 * d.size(), d.outputFloats());
            assertTrue(d.inputPacked() && d.outputPacked());
            assertFalse(d.fitsOneArray(), java.util.Arrays.toString(shape));
        }
        assertEquals(1L << 32, FftDescriptor.c2c(1 << 20).batch(1 << 11).build().inputFloats());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftDescriptor.c2c(1 << 20).batch((1 << 11) + 1).build());
        assertTrue(e.getMessage().startsWith("batch: shape x batch must stay at or under 2^31"), e.getMessage());
        // A strided layout still has to fit one array.
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(1 << 20).batch(1 << 10).layout(2, 1 << 21).build());
        assertTrue(e.getMessage().startsWith("inputLayout") && e.getMessage().contains("more than an array can index"), e.getMessage());
    }

    @Test
    void aPackedLayoutIsPacked() {
        FftDescriptor d = FftDescriptor.c2c(256).batch(3).layout(1, 256).build();
        assertTrue(d.inputPacked() && d.outputPacked());
        assertEquals(d.floats(), d.inputFloats());
        // One transform: its distance means nothing.
        assertTrue(FftDescriptor.c2c(256).layout(1, 7).build().inputPacked());
    }

    @Test
    void rejectsLayoutsThatCannotHoldTheBatch() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(8).layout(0, 8));
        assertTrue(e.getMessage().startsWith("stride:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(8).inputLayout(1, 0));
        assertTrue(e.getMessage().startsWith("distance:"), e.getMessage());
        // Transform 1's element 0 would sit on transform 0's element 3.
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(8).batch(2).inputLayout(2, 6).build());
        assertTrue(e.getMessage().startsWith("inputLayout:") && e.getMessage().contains("at least 15"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(8).batch(4).outputLayout(3, 1).build());
        assertTrue(e.getMessage().startsWith("outputLayout:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FftDescriptor.c2c(8).batch(2).inPlace(true).inputLayout(1, 8).outputLayout(1, 16).build());
        assertTrue(e.getMessage().startsWith("outputLayout: an in-place"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(1 << 20).batch(2).layout(1 << 11, 1).build());
        assertTrue(e.getMessage().startsWith("inputLayout:") || e.getMessage().startsWith("outputLayout:"), e.getMessage());
    }
}
