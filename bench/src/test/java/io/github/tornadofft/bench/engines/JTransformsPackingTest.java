package io.github.tornadofft.bench.engines;

import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.jtransforms.fft.FloatFFT_1D;
import org.jtransforms.fft.FloatFFT_2D;
import org.jtransforms.fft.FloatFFT_3D;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packed layout as JTransforms 3.1 computes it, against reference-fft's half spectrum. */
class JTransformsPackingTest {

    /** 1D, 2D and 3D, with axes of 2 (where bin 0 and bin L/2 or the mirror rows meet) and unequal ones. */
    private static final List<int[]> SHAPES = List.of(new int[] {16}, new int[] {2}, new int[] {8, 16}, new int[] {16, 4},
            new int[] {2, 8}, new int[] {4, 8, 16}, new int[] {8, 2, 4}, new int[] {2, 4, 8}, new int[] {4, 4, 4});

    private static float[] random(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (2 * r.nextDouble() - 1);
        }
        return x;
    }

    private static void realForward(int[] s, float[] a) {
        switch (s.length) {
            case 1 -> new FloatFFT_1D(s[0]).realForward(a);
            case 2 -> new FloatFFT_2D(s[0], s[1]).realForward(a);
            default -> new FloatFFT_3D(s[0], s[1], s[2]).realForward(a);
        }
    }

    private static void realInverse(int[] s, float[] a) {
        switch (s.length) {
            case 1 -> new FloatFFT_1D(s[0]).realInverse(a, false);
            case 2 -> new FloatFFT_2D(s[0], s[1]).realInverse(a, false);
            default -> new FloatFFT_3D(s[0], s[1], s[2]).realInverse(a, false);
        }
    }

    @Test
    void realForwardUnpacksToTheReferenceHalfSpectrum() {
        for (int[] shape : SHAPES) {
            JTransformsPacking packing = new JTransformsPacking(shape);
            float[] signal = random(packing.packedLength(), 11);
            float[] want = ReferenceFft.r2c(signal, shape, ReferenceFft.allAxes(shape.length), Norm.BACKWARD);
            float[] packed = signal.clone();
            realForward(shape, packed);
            float[] got = new float[packing.spectrumLength()];
            packing.unpack(packed, 0, got, 0);
            assertEquals(want.length, got.length);
            for (int i = 0; i < want.length; i++) {
                assertEquals(want[i], got[i], 1e-4, Arrays.toString(shape) + " at float " + i);
            }
        }
    }

    /** JTransforms' realInverse without scaling gives N/2 times the signal, not N times (its rdft's convention). */
    @Test
    void aPackedReferenceSpectrumIsWhatRealInverseTakes() {
        for (int[] shape : SHAPES) {
            JTransformsPacking packing = new JTransformsPacking(shape);
            float[] signal = random(packing.packedLength(), 13);
            float[] spectrum = ReferenceFft.r2c(signal, shape, ReferenceFft.allAxes(shape.length), Norm.BACKWARD);
            float[] packed = new float[packing.packedLength()];
            packing.pack(spectrum, 0, packed, 0);
            realInverse(shape, packed);
            int n = packing.packedLength();
            for (int i = 0; i < n; i++) {
                assertEquals(n / 2f * signal[i], packed[i], 1e-4 * n, Arrays.toString(shape) + " at " + i + ": N/2 x the signal");
            }
        }
    }

    @Test
    void packingAnUnpackedTransformGivesItBackExactly() {
        for (int[] shape : SHAPES) {
            JTransformsPacking packing = new JTransformsPacking(shape);
            float[] packed = random(packing.packedLength(), 17);
            float[] spectrum = new float[packing.spectrumLength() + 6];
            packing.unpack(packed, 0, spectrum, 6);
            float[] again = new float[packing.packedLength() + 3];
            packing.pack(spectrum, 6, again, 3);
            assertArrayEquals(packed, Arrays.copyOfRange(again, 3, again.length), Arrays.toString(shape));
        }
    }

    @Test
    void anOddLastAxisIsRefusedByName() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new JTransformsPacking(new int[] {4, 3}))
                .getMessage().startsWith("shape:"));
    }
}
