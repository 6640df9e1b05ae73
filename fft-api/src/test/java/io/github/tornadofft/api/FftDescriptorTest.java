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
}
