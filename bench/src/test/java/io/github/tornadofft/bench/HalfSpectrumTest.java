package io.github.tornadofft.bench;

import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HalfSpectrumTest {

    private static final List<int[]> SHAPES = List.of(new int[] {16}, new int[] {2}, new int[] {8, 16}, new int[] {4, 2},
            new int[] {4, 8, 16}, new int[] {2, 4, 4}, new int[] {4, 1, 8});

    private static float[] random(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (2 * r.nextDouble() - 1);
        }
        return x;
    }

    private static double[] toDouble(float[] x) {
        double[] d = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            d[i] = x[i];
        }
        return d;
    }

    private static long size(int[] shape) {
        long n = 1;
        for (int s : shape) {
            n *= s;
        }
        return n;
    }

    @Test
    void theMirrorOfAnIndexNegatesEachComponentModuloItsAxis() {
        assertEquals(0, HalfSpectrum.mirror(0, new int[] {4, 8}));
        assertEquals(3 * 8 + 7, HalfSpectrum.mirror(1 * 8 + 1, new int[] {4, 8}));
        assertEquals(2 * 8 + 4, HalfSpectrum.mirror(2 * 8 + 4, new int[] {4, 8}), "half of each axis is its own mirror");
        assertEquals(0, HalfSpectrum.mirror(0, new int[0]), "a 1D spectrum has one row");
    }

    @Test
    void aHermitianHalfSpectrumIsARealSignalsSoC2rThenR2cGivesItBack() {
        for (int[] shape : SHAPES) {
            float[] x = random((int) (2 * HalfSpectrum.values(shape)), 7);
            HalfSpectrum.makeHermitian(x, 0, shape);
            int[] axes = ReferenceFft.allAxes(shape.length);
            double[] signal = ReferenceFft.c2r(toDouble(x), shape, axes, Norm.FORWARD);
            double[] back = ReferenceFft.r2c(signal, shape, axes, Norm.BACKWARD);
            long n = size(shape);
            for (int i = 0; i < x.length; i++) {
                assertEquals(n * x[i], back[i], 1e-9 * n, java.util.Arrays.toString(shape) + " at " + i);
            }
        }
    }

    @Test
    void theHalfSpectrumOfARealSignalIsAlreadyHermitian() {
        for (int[] shape : SHAPES) {
            float[] x = ReferenceFft.r2c(random((int) size(shape), 3), shape, ReferenceFft.allAxes(shape.length), Norm.BACKWARD);
            float[] fixed = x.clone();
            HalfSpectrum.makeHermitian(fixed, 0, shape);
            for (int i = 0; i < x.length; i++) {
                assertEquals(x[i], fixed[i], 1e-5, java.util.Arrays.toString(shape) + " at " + i);
            }
        }
    }

    @Test
    void onlyTheSpectrumAtTheOffsetChanges() {
        int[] shape = {4, 8};
        int len = (int) (2 * HalfSpectrum.values(shape));
        float[] x = random(3 * len, 5);
        float[] before = x.clone();
        HalfSpectrum.makeHermitian(x, len, shape);
        for (int i = 0; i < len; i++) {
            assertEquals(before[i], x[i]);
            assertEquals(before[2 * len + i], x[2 * len + i]);
        }
        assertEquals(0, x[len + 1], "bin (0, 0) is real");
    }

    @Test
    void anEmptyLastAxisOrAShortArrayIsRefusedByName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HalfSpectrum.makeHermitian(new float[8], 0, new int[] {0}))
                .getMessage().startsWith("shape:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HalfSpectrum.makeHermitian(new float[8], 0, new int[] {8}))
                .getMessage().startsWith("x:"));
    }

    @Test
    void anOddLastAxisHasOnlyBinZeroAsItsOwnMirror() {
        // 2 x 3: bins 0 and 1 of each row; on the plane of bin 0 each of the 2 rows is its own mirror (real),
        // and bin 1 (L/2 = 1 of an odd 3 is not its own mirror) is left alone.
        float[] x = {1, 2, 3, 4, 5, 6, 7, 8};
        HalfSpectrum.makeHermitian(x, 0, new int[] {2, 3});
        assertArrayEquals(new float[] {1, 0, 3, 4, 5, 0, 7, 8}, x);
    }
}
