package io.github.tornadofft.bench;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The split bench's checks of transforms beyond one array, on small ones against reference-fft. */
class SegmentCheckTest {

    private static final int[] SHAPE = {6, 8, 10};
    private static final int FLOATS = 2 * 6 * 8 * 10;

    @Test
    void aCorrectTransformPassesAndAWrongValueFailsBothChecks() {
        long seed = Long.getLong("tornado.fft.seed", new java.util.SplittableRandom().nextLong() >>> 16);
        System.out.println("SegmentCheckTest seed " + seed + " (-Dtornado.fft.seed=" + seed + " repeats it)");
        try (Arena arena = Arena.ofShared()) {
            MemorySegment in = arena.allocate((long) FLOATS * Float.BYTES);
            SegmentCheck.fill(in, FLOATS, seed);
            float[] input = in.toArray(ValueLayout.JAVA_FLOAT);
            double[] data = new double[FLOATS];
            for (int i = 0; i < FLOATS; i++) {
                data[i] = input[i];
            }
            ReferenceFft.c2c(data, SHAPE, ReferenceFft.allAxes(3), Direction.FORWARD, Norm.BACKWARD);
            double[] want = data;
            MemorySegment out = arena.allocate((long) FLOATS * Float.BYTES);
            for (int i = 0; i < FLOATS; i++) {
                out.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) want[i]);
            }
            int[][] bins = SegmentCheck.bins(SHAPE, 8, seed);
            assertArrayEquals(new int[] {0, 0, 0}, bins[0]);
            assertTrue(SegmentCheck.sampledError(in, out, SHAPE, bins) < 1e-6, "seed " + seed);
            assertTrue(SegmentCheck.parsevalError(in, out, FLOATS, FLOATS / 2) < 1e-6, "seed " + seed);
            assertEquals(0, SegmentCheck.difference(out, out, FLOATS));
            // Bin (0, 0, 0) wrong: the sample sees it; Parseval sees any value's change of magnitude (moved
            // 100 away from 0, its square grows by 10^4 at least, of a sum of squares near 480 x 320).
            float re = out.getAtIndex(ValueLayout.JAVA_FLOAT, 0);
            out.setAtIndex(ValueLayout.JAVA_FLOAT, 0, re + Math.copySign(100f, re));
            assertTrue(SegmentCheck.sampledError(in, out, SHAPE, bins) > 1e-3);
            assertTrue(SegmentCheck.parsevalError(in, out, FLOATS, FLOATS / 2) > 1e-3);
        }
    }

    @Test
    void theFillDependsOnTheSeedAlone() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment a = arena.allocate(3L << 20 << 2);
            MemorySegment b = arena.allocate(3L << 20 << 2);
            SegmentCheck.fill(a, 3L << 20, 42);
            SegmentCheck.fill(b, 3L << 20, 42);
            assertEquals(0, SegmentCheck.difference(a, b, 3L << 20));
            SegmentCheck.fill(b, 3L << 20, 43);
            assertTrue(SegmentCheck.difference(a, b, 3L << 20) > 0.5);
        }
    }

    @Test
    void splitCasesGoBeyondOneArray() {
        SplitCase c = SplitCase.parse("3d:2048x1024x1024");
        assertEquals(1L << 31, c.points());
        assertEquals("3D 2048x1024x1024", c.label());
        assertEquals("3D 1024^3", SplitCase.parse(" 3D:1024 ").label());
        assertEquals("2D 4096^2, batch 16", SplitCase.parse("2d:4096:16").label());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SplitCase.parse("r2c:3d:512"));
        assertTrue(e.getMessage().startsWith("--cases: a plan over several devices runs c2c float32"), e.getMessage());
    }
}
