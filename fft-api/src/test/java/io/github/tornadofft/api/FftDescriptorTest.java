package io.github.tornadofft.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertTrue(text.contains("[256, 256, 256]") && text.contains("forward") && text.contains("float"), text);
    }

    @Test
    void shapeIsACopy() {
        FftDescriptor d = FftDescriptor.c2c(8, 4).build();
        d.shape()[0] = 1;
        assertEquals(8, d.shape()[0]);
    }

    @Test
    void rejectsLengthsThatAreNotPowersOfTwo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(1000));
        assertTrue(e.getMessage().startsWith("shape:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(0));
        assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(-8));
        assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(1 << 28));
        assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(8).batch(0));
    }

    @Test
    void rejectsNonPowerOfTwoDimensionsAndRanksAboveThree() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftDescriptor.c2c(64, 48).build());
        assertTrue(e.getMessage().startsWith("shape"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(2, 2, 2, 2).build());
        assertTrue(e.getMessage().startsWith("shape"), e.getMessage());
        // 2^27 points at most in all: three axes of 2^27 (2^81, which a long cannot hold) included.
        for (int[] shape : new int[][] {{1 << 14, 1 << 14}, {1 << 27, 1 << 27, 1 << 27}, {1 << 22, 1 << 21, 1 << 21}}) {
            e = assertThrows(IllegalArgumentException.class, () -> FftDescriptor.c2c(shape).build());
            assertTrue(e.getMessage().startsWith("shape: at most 2^27 elements"), e.getMessage());
        }
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
