package io.github.tornadofft.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DirectionAndNormTest {

    @Test
    void forwardSignIsMinusOneAndInverseSignIsPlusOne() {
        assertEquals(-1, Direction.FORWARD.sign());
        assertEquals(1, Direction.INVERSE.sign());
        assertEquals(Direction.INVERSE, Direction.FORWARD.opposite());
        assertEquals(Direction.FORWARD, Direction.INVERSE.opposite());
    }

    @Test
    void scalesAreNumpys() {
        long n = 64;
        assertEquals(1.0, Norm.BACKWARD.scale(n, Direction.FORWARD));
        assertEquals(1.0 / 64, Norm.BACKWARD.scale(n, Direction.INVERSE));
        assertEquals(1.0 / 8, Norm.ORTHO.scale(n, Direction.FORWARD));
        assertEquals(1.0 / 8, Norm.ORTHO.scale(n, Direction.INVERSE));
        assertEquals(1.0 / 64, Norm.FORWARD.scale(n, Direction.FORWARD));
        assertEquals(1.0, Norm.FORWARD.scale(n, Direction.INVERSE));
    }

    @Test
    void forwardAndInverseScalesMultiplyToOneOverN() {
        for (Norm norm : Norm.values()) {
            for (long n : new long[] {1, 7, 1000, 1L << 40}) {
                double both = norm.scale(n, Direction.FORWARD) * norm.scale(n, Direction.INVERSE);
                assertEquals(1.0 / n, both, 1e-15 / n, norm + " n=" + n);
            }
        }
    }

    @Test
    void parseAcceptsNumpyNamesInAnyCase() {
        assertEquals(Norm.BACKWARD, Norm.parse("backward"));
        assertEquals(Norm.ORTHO, Norm.parse("Ortho"));
        assertEquals(Norm.FORWARD, Norm.parse("FORWARD"));
        for (Norm n : Norm.values()) {
            assertEquals(n, Norm.parse(n.numpyName()));
        }
    }

    @Test
    void parseRejectsAnythingElseNamingNormAndTheAllowedValues() {
        for (String bad : new String[] {null, "", "unitary", "back"}) {
            String msg = assertThrows(IllegalArgumentException.class, () -> Norm.parse(bad)).getMessage();
            assertTrue(msg.contains("norm") && msg.contains("backward") && msg.contains("ortho")
                    && msg.contains("forward"), msg);
        }
    }

    @Test
    void scaleRejectsSizesBelowOne() {
        String msg = assertThrows(IllegalArgumentException.class,
                () -> Norm.ORTHO.scale(0, Direction.FORWARD)).getMessage();
        assertTrue(msg.contains("n"), msg);
    }
}
