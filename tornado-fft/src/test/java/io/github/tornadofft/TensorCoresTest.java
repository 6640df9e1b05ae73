package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.TensorCoreStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host side of the tensor-core stages ({@link TensorCores}, {@link TensorCoreStage}), on the JVM:
 * the tiles' row order, the stage plan, the packed matrices and twiddles, the descriptor rules, and a model of the stages (the kernels' index arithmetic, fp16
 * roundings and scales, with exact products summed in double) held to the reference in both modes, so
 * that what the device adds is only the mapping onto {@code mma.sync} and its fp32 accumulation
 * ({@code TensorCorePlanTest} runs that on the GPU).
 */
@ExtendWith(Seed.class)
class TensorCoresTest {

    @Test
    void theTileRowsLieWhereTheSwizzledLoadReadsThem() {
        // TornadoVM's stride-32 swizzle of a row's byte offset b = 16 k: b XOR (((b >> 7) & 7) << 4)
        for (int k = 0; k < 16; k++) {
            int b = 16 * k;
            assertEquals((b ^ (((b >> 7) & 7) << 4)) / 16, TensorCoreStage.row(k), "row " + k);
        }
    }

    @Test
    void theStoreShiftIsWhatTornadoVmsArrayHeaderAddsToTheJvms() {
        // mmaStore adds the JVM's float[] base offset (16 bytes with compressed class pointers); the data of
        // TornadoVM's arrays start ARRAY_HEADER bytes in (16 by default: no shift; 128 in the GPU bundle: 28)
        assertEquals((uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray.ARRAY_HEADER - 16) / 4, TensorCores.STORE_SHIFT);
    }

    @Test
    void theStagesAreRadix16AfterOneSmallerRadix() {
        assertArrayEquals(new int[] {8, 16}, TensorCores.radices(128));
        assertArrayEquals(new int[] {16, 16}, TensorCores.radices(256));
        assertArrayEquals(new int[] {2, 16, 16}, TensorCores.radices(512));
        assertArrayEquals(new int[] {16, 16, 16}, TensorCores.radices(4096));
        assertArrayEquals(new int[] {2, 16, 16, 16, 16}, TensorCores.radices(1 << 17));
        assertArrayEquals(new int[] {16, 16, 16, 16, 16}, TensorCores.radices(1 << 20));
        assertEquals(0.25f, TensorCores.matrixScale(16, Precision.FLOAT));
        assertEquals(0.5f, TensorCores.matrixScale(8, Precision.FLOAT));
        assertEquals(0.5f, TensorCores.matrixScale(4, Precision.FLOAT));
        assertEquals(1f, TensorCores.matrixScale(2, Precision.FLOAT));
        assertEquals(1f / 16, TensorCores.matrixScale(16, Precision.HALF));
        assertEquals(1f / 8, TensorCores.matrixScale(8, Precision.HALF));
        assertEquals(64f, TensorCores.compensation(4096, Precision.FLOAT));
        assertEquals(2 * 64f, TensorCores.compensation(128 * 128, Precision.FLOAT));
        assertEquals(1 << 14, TensorCores.compensation(1 << 14, Precision.HALF));
        FftDescriptor d = FftDescriptor.c2c(4096).norm(Norm.BACKWARD).build();
        assertEquals(1f, TensorCores.normScale(d, Direction.FORWARD));
        assertEquals(1f / 4096, TensorCores.normScale(d, Direction.INVERSE));
        assertEquals(1f / 64, TensorCores.normScale(FftDescriptor.c2c(4096).norm(Norm.ORTHO).build(), Direction.FORWARD));
    }

    @ParameterizedTest(name = "radix {0}")
    @ValueSource(ints = {2, 4, 8, 16})
    void theMatricesHoldTheScaledDftBlocksAsHiAndLo(int radix) {
        double scale = TensorCores.matrixScale(radix, Precision.FLOAT);
        int[] ints = TensorCores.matrix(radix, (float) scale);
        for (int row = 0; row < 16; row++) {
            for (int col = 0; col < 16; col++) {
                boolean block = row / radix == col / radix;
                long e = (long) (row % radix) * (col % radix);
                double re = block ? scale * Math.cos(2 * Math.PI * e / radix) : 0;
                double im = block ? -scale * Math.sin(2 * Math.PI * e / radix) : 0;
                double hiRe = entry(ints, 0, row, col);
                double hiIm = entry(ints, 1, row, col);
                assertEquals(re, hiRe, 0x1p-11 * scale, "hi Re F " + row + "," + col);
                assertEquals(im, hiIm, 0x1p-11 * scale, "hi Im F " + row + "," + col);
                assertEquals(re, hiRe + entry(ints, 2, row, col), 0x1p-23 * scale, "hi + lo Re F " + row + "," + col);
                assertEquals(im, hiIm + entry(ints, 3, row, col), 0x1p-23 * scale, "hi + lo Im F " + row + "," + col);
            }
        }
    }

    @Test
    void theTwiddlesAreTheStagesRootsOfUnity() {
        float[] table = TensorCores.twiddles(16, 256);
        assertEquals(2 * 15 * 256, table.length);
        for (int j = 1; j < 16; j++) {
            for (int q = 0; q < 256; q += 17) {
                double angle = -2 * Math.PI * j * q / 4096;
                assertEquals(Math.cos(angle), table[2 * ((j - 1) * 256 + q)], 0x1p-24);
                assertEquals(Math.sin(angle), table[2 * ((j - 1) * 256 + q) + 1], 0x1p-24);
            }
        }
    }

    @Test
    void descriptorsTheStagesCannotTakeAreRefusedByName() {
        assertRefused(FftDescriptor.c2c(4096).precision(Precision.DOUBLE).build(), "precision: TENSOR_CORES takes HALF");
        assertRefused(FftDescriptor.r2c(4096).build(), "kind: TENSOR_CORES takes complex");
        assertRefused(FftDescriptor.c2c(64, 64).build(), "shape: TENSOR_CORES takes one axis");
        assertRefused(FftDescriptor.c2c(64).build(), "shape: TENSOR_CORES takes one axis");
        assertRefused(FftDescriptor.c2c(1000).build(), "shape: TENSOR_CORES takes one axis");
        assertRefused(FftDescriptor.c2c(512).batch(3).build(), "batch: TENSOR_CORES packs 8 transforms");
        assertRefused(FftDescriptor.c2c(256).batch(2).inputLayout(2, 1024).build(), "layout: TENSOR_CORES takes packed");
        TensorCores.check(FftDescriptor.c2c(512).batch(8).build());
        TensorCores.check(FftDescriptor.c2c(4096).batch(3).precision(Precision.HALF).inPlace(true).build());
    }

    private static void assertRefused(FftDescriptor d, String start) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TensorCores.check(d));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }


    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {128, 256, 512, 1024, 2048, 4096, 1 << 13, 1 << 16})
    void theModelOfTheStagesMatchesTheReferenceInBothModes(int n) {
        int batch = 16 / TensorCores.radices(n)[0];
        for (Direction direction : Direction.values()) {
            for (Norm norm : new Norm[] {Norm.BACKWARD, Norm.ORTHO}) {
                float[] input = Signals.random(2L * n * batch);
                FftDescriptor d = FftDescriptor.c2c(n).batch(batch).norm(norm).build();
                double[] expected = Signals.reference(input, new int[] {n}, batch, direction, norm);
                String what = "model, " + direction + " " + norm + " " + n + " x " + batch;
                Signals.assertWithin(Signals.widen(model(d, direction, input, false)), expected,
                        TensorCorePlanTest.splitTolerance(n), what + ", split mode (twice float's bound)");
                float[] halves = new float[input.length];
                for (int i = 0; i < input.length; i++) {
                    halves[i] = Float.float16ToFloat(Float.floatToFloat16(input[i]));
                }
                double[] halfExpected = Signals.reference(halves, new int[] {n}, batch, direction, norm);
                Signals.assertWithin(Signals.widen(model(d, direction, halves, true)), halfExpected,
                        TensorCorePlanTest.halfTolerance(n), what + ", fp16 operands");
            }
        }
    }

    /** {@code x} rounded to fp16 (to nearest, ties to even, as the kernels' {@code cvt.rn.f16.f32}). */
    private static float fp16(float x) {
        return Float.float16ToFloat(Float.floatToFloat16(x));
    }

    /** Entry (row, col) of packed matrix m of {@link TensorCores#matrix}. */
    private static double entry(int[] ints, int m, int row, int col) {
        int bits = ints[m * TensorCoreStage.MATRIX_INTS + row * 8 + col / 2] >>> 16 * (col % 2);
        return Float.float16ToFloat((short) bits);
    }

    /**
     * What the stages compute, stage by stage as the kernels index and round: each input times the
     * stage's scale (the compensation, on the split mode's last stage) and twiddle in float, rounded to fp16 (hi, and in the split mode lo = fp16(x - hi)),
     * the matrix products of the packed fp16 matrices summed exactly (in double) and stored in float;
     * then the norm's factor (and HALF's compensation) in float, and the HALF output rounded to fp16.
     */
    static float[] model(FftDescriptor d, Direction direction, float[] input, boolean half) {
        int n = d.shape()[0];
        int[] radices = TensorCores.radices(n);
        Precision precision = half ? Precision.HALF : Precision.FLOAT;
        float compensation = TensorCores.compensation(n, precision);
        float[] current = input.clone();
        int span = 1;
        for (int s = 0; s < radices.length; s++) {
            float scale = s == radices.length - 1 && !half ? compensation : 1f;
            current = stage(current, n, d.batch(), radices[s], span, scale, direction, precision);
            span *= radices[s];
        }
        float norm = TensorCores.normScale(d, direction);
        float factor = half ? (float) ((double) norm * compensation) : norm;
        for (int i = 0; i < current.length; i++) {
            current[i] = half ? fp16(factor * current[i]) : factor * current[i];
        }
        return current;
    }

    /** One stage of {@link #model}: radix R, span L, its inputs times {@code scale}, the matrices of {@code precision}'s scale. */
    static float[] stage(float[] current, int n, int batch, int radix, int span, float scale, Direction direction,
                         Precision precision) {
        boolean half = precision == Precision.HALF;
        float sign = direction == Direction.INVERSE ? -1f : 1f;
        int[] matrix = TensorCores.matrix(radix, TensorCores.matrixScale(radix, precision));
        float[] tw = span == 1 ? new float[2] : TensorCores.twiddles(radix, span);
        int runs = n / (span * radix);
        float[] next = new float[current.length];
        float[][] x = new float[4][radix];
        for (int b = 0; b < batch; b++) {
            for (int c = 0; c < n / radix; c++) {
                int q2 = c / runs;
                for (int j = 0; j < radix; j++) {
                    int at = 2 * (b * n + c % runs + runs * j + runs * radix * q2);
                    float re = scale * current[at];
                    float im = scale * current[at + 1];
                    if (j > 0 && q2 > 0) {
                        float wr = tw[2 * ((j - 1) * span + q2)];
                        float wi = sign * tw[2 * ((j - 1) * span + q2) + 1];
                        float t = re * wr - im * wi;
                        im = re * wi + im * wr;
                        re = t;
                    }
                    x[0][j] = fp16(re);
                    x[1][j] = fp16(im);
                    x[2][j] = half ? 0 : fp16(re - x[0][j]);
                    x[3][j] = half ? 0 : fp16(im - x[1][j]);
                }
                for (int q = 0; q < radix; q++) {
                    double sumRe = 0;
                    double sumIm = 0;
                    for (int j = 0; j < radix; j++) {
                        double fr = entry(matrix, 0, q, j);
                        double fi = sign * entry(matrix, 1, q, j);
                        double gr = half ? 0 : entry(matrix, 2, q, j);
                        double gi = half ? 0 : sign * entry(matrix, 3, q, j);
                        sumRe += (fr * x[0][j] - fi * x[1][j]) + (gr * x[0][j] - gi * x[1][j]) + (fr * x[2][j] - fi * x[3][j]);
                        sumIm += (fr * x[1][j] + fi * x[0][j]) + (gr * x[1][j] + gi * x[0][j]) + (fr * x[3][j] + fi * x[2][j]);
                    }
                    int at = 2 * (b * n + c + n / radix * q);
                    next[at] = (float) sumRe;
                    next[at + 1] = (float) sumIm;
                }
            }
        }
        return next;
    }
}
