package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 2D and 3D real transforms on the TornadoVM device, held to numpy's rfftn and irfftn as reference-fft
 * computes them: with the rows first (r2c) or last (c2r), the split or merge inside their one pass
 * ({@link RowsFirst}), and for rows longer than a group the rows' passes, the other axes' passes and a
 * split or merge kernel that pairs rows at negated indices.
 */
@Tag("device")
@ExtendWith(Seed.class)
class RealTransformNdTest {

    /**
     * Squares, cubes, unequal shapes, axes of 1 and of 2, in batches of 1 and 3 (small: each shape
     * compiles four plans; the larger shapes run in {@link #orthoNormIsUnitaryParsevalHolds} and the bench).
     */
    static Stream<Arguments> shapes() {
        return Stream.of(
                Arguments.of(new int[] {2, 2}, 3),
                Arguments.of(new int[] {64, 64}, 1),
                Arguments.of(new int[] {8, 256}, 3),
                Arguments.of(new int[] {256, 8}, 2),
                Arguments.of(new int[] {1024, 2}, 1),
                Arguments.of(new int[] {1, 64}, 3),
                Arguments.of(new int[] {16, 16, 16}, 3),
                Arguments.of(new int[] {4, 32, 16}, 2),
                Arguments.of(new int[] {32, 4, 128}, 1),
                Arguments.of(new int[] {4, 1, 8}, 3),
                Arguments.of(new int[] {2, 2, 2}, 1));
    }

    /** The reference's shape of a batch: the batch as a leading axis that is not transformed. */
    private static int[] batched(int[] shape, int batch) {
        int[] s = new int[shape.length + 1];
        s[0] = batch;
        System.arraycopy(shape, 0, s, 1, shape.length);
        return s;
    }

    private static int[] axes(int[] shape) {
        return IntStream.rangeClosed(1, shape.length).toArray();
    }

    static double[] referenceR2c(float[] real, int[] shape, int batch, Norm norm) {
        return ReferenceFft.r2c(Signals.widen(real), batched(shape, batch), axes(shape), norm);
    }

    static double[] referenceC2r(float[] spectrum, int[] shape, int batch, Norm norm) {
        return ReferenceFft.c2r(Signals.widen(spectrum), batched(shape, batch), axes(shape), norm);
    }

    /** Real rows of N floats, packed, spread into rows of 2 (N/2 + 1) floats whose padding is NaN. */
    static float[] padded(float[] packed, int n, long floats) {
        float[] data = Signals.poisoned(floats);
        int row = 2 * (n / 2 + 1);
        for (int r = 0; r < packed.length / n; r++) {
            System.arraycopy(packed, r * n, data, r * row, n);
        }
        return data;
    }

    /** The real rows of N floats out of rows padded to 2 (N/2 + 1). */
    static float[] unpadded(float[] data, int n, int rows) {
        float[] packed = new float[n * rows];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(data, r * 2 * (n / 2 + 1), packed, r * n, n);
        }
        return packed;
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("shapes")
    void r2cMatchesNumpysRfftnAndC2rItsIrfftn(int[] shape, int batch) {
        FftDescriptor forward = FftDescriptor.r2c(shape).batch(batch).build();
        FftDescriptor inverse = FftDescriptor.c2r(shape).batch(batch).build();
        float[] x = Signals.random(forward.inputFloats());
        float[] spectrum = Signals.poisoned(forward.outputFloats());
        // Any half spectrum, its edge bins not Hermitian: irfftn takes their Hermitian part.
        float[] anySpectrum = Signals.random(inverse.inputFloats());
        float[] copy = anySpectrum.clone();
        float[] y = Signals.poisoned(inverse.outputFloats());
        try (FftPlan r2c = FftPlan.create(forward, TestDevice.get());
             FftPlan c2r = FftPlan.create(inverse, TestDevice.get())) {
            r2c.execute(x, spectrum);
            c2r.execute(anySpectrum, y);
            assertArrayEquals(copy, anySpectrum, "c2r changed the caller's input");
            // Nor its own input array on the device: a second run gives the same result.
            c2r.executeOnDevice();
            c2r.download();
            assertArrayEquals(y, c2r.output().toHeapArray(), "a second c2r on the resident input");
        }
        String what = Arrays.toString(shape) + " x " + batch;
        Signals.assertClose(spectrum, referenceR2c(x, shape, batch, Norm.BACKWARD), forward.size(), "r2c " + what);
        Signals.assertClose(y, referenceC2r(anySpectrum, shape, batch, Norm.BACKWARD), inverse.size(), "c2r " + what);
        assertEdgeBinsHermitian(spectrum, shape, batch);
    }

    /**
     * Bins 0 and N/2 of the last axis are Hermitian over the others: bin (r, 0) is the conjugate of
     * (r', 0), r' at the negated indices, to float rounding (exactly real where r = r').
     */
    private static void assertEdgeBinsHermitian(float[] spectrum, int[] shape, int batch) {
        int n = shape[shape.length - 1];
        int bins = n / 2 + 1;
        int lead1 = shape.length >= 2 ? shape[shape.length - 2] : 1;
        int lead0 = shape.length == 3 ? shape[0] : 1;
        double scale = 0;
        for (float v : spectrum) {
            scale = Math.max(scale, Math.abs(v));
        }
        double bound = scale * Signals.tolerance(Signals.points(shape));
        for (int r = 0; r < batch * lead0 * lead1; r++) {
            int i1 = r % lead1;
            int i0 = r / lead1 % lead0;
            int mate = r - i1 - i0 * lead1 + (lead1 - i1) % lead1 + (lead0 - i0) % lead0 * lead1;
            for (int k : new int[] {0, n / 2}) {
                int a = 2 * (r * bins + k);
                int b = 2 * (mate * bins + k);
                assertTrue(Math.abs(spectrum[a] - spectrum[b]) <= bound && Math.abs(spectrum[a + 1] + spectrum[b + 1]) <= bound,
                        "bin " + k + " of row " + r + " is not the conjugate of row " + mate + "'s");
                if (mate == r) {
                    assertEquals(0f, Math.abs(spectrum[a + 1]), "bin " + k + " of row " + r + ", its own mate: real");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("shapes")
    void inPlaceReadsAndWritesPaddedRowsAndRoundTrips(int[] shape, int batch) {
        FftDescriptor forward = FftDescriptor.r2c(shape).batch(batch).inPlace(true).build();
        FftDescriptor inverse = FftDescriptor.c2r(shape).batch(batch).inPlace(true).norm(Norm.FORWARD).build();
        int n = shape[shape.length - 1];
        int rows = (int) (forward.size() / n) * batch;
        float[] x = Signals.random((long) n * rows);
        // The padding is NaN: r2c must not read it.
        float[] data = padded(x, n, forward.inputFloats());
        try (FftPlan r2c = FftPlan.create(forward, TestDevice.get());
             FftPlan c2r = FftPlan.create(inverse, TestDevice.get())) {
            r2c.execute(data, data);
            String what = Arrays.toString(shape) + " x " + batch + " in place";
            Signals.assertClose(data, referenceR2c(x, shape, batch, Norm.BACKWARD), forward.size(), "r2c " + what);
            c2r.execute(data, data);
            // r2c unscaled, c2r with FORWARD unscaled too: the round trip gives size() times the signal.
            double[] nx = Signals.widen(x);
            Arrays.setAll(nx, i -> nx[i] * forward.size());
            Signals.assertClose(unpadded(data, n, rows), nx, forward.size(), "round trip " + what);
        }
    }

    @Test
    void orthoNormIsUnitaryParsevalHolds() {
        int[] shape = {32, 16, 64};
        FftDescriptor forward = FftDescriptor.r2c(shape).norm(Norm.ORTHO).build();
        FftDescriptor inverse = FftDescriptor.c2r(shape).norm(Norm.ORTHO).build();
        float[] x = Signals.random(forward.inputFloats());
        float[] spectrum = Signals.poisoned(forward.outputFloats());
        float[] back = Signals.poisoned(inverse.outputFloats());
        try (FftPlan r2c = FftPlan.create(forward, TestDevice.get());
             FftPlan c2r = FftPlan.create(inverse, TestDevice.get())) {
            r2c.forward(x, spectrum);
            c2r.inverse(spectrum, back);
        }
        Signals.assertClose(spectrum, referenceR2c(x, shape, 1, Norm.ORTHO), forward.size(), "ortho r2c");
        Signals.assertClose(back, Signals.widen(x), forward.size(), "ortho round trip");
        // Parseval over the half spectrum: bins 1 .. N/2 - 1 stand for two bins each.
        int n = shape[2];
        double energy = 0;
        for (float v : x) {
            energy += (double) v * v;
        }
        double spectral = 0;
        for (int i = 0; i < spectrum.length / 2; i++) {
            int k = i % (n / 2 + 1);
            double weight = k == 0 || k == n / 2 ? 1 : 2;
            spectral += weight * ((double) spectrum[2 * i] * spectrum[2 * i] + (double) spectrum[2 * i + 1] * spectrum[2 * i + 1]);
        }
        assertEquals(energy, spectral, energy * Signals.tolerance(forward.size()), "Parseval");
    }

    @Test
    void r2cIsLinear() {
        int[] shape = {128, 64};
        FftDescriptor d = FftDescriptor.r2c(shape).batch(2).build();
        float[] a = Signals.random(d.inputFloats());
        float[] b = Signals.random(d.inputFloats());
        float[] sum = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            sum[i] = 2f * a[i] - b[i];
        }
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            float[] fa = Signals.poisoned(d.outputFloats());
            float[] fb = Signals.poisoned(d.outputFloats());
            float[] fs = Signals.poisoned(d.outputFloats());
            plan.forward(a, fa);
            plan.forward(b, fb);
            plan.forward(sum, fs);
            double[] expected = new double[fa.length];
            Arrays.setAll(expected, i -> 2.0 * fa[i] - fb[i]);
            Signals.assertClose(fs, expected, d.size(), "r2c(2a - b) = 2 r2c(a) - r2c(b)");
        }
    }

    /** Powers of two (the rows-first passes) and 6 x 10 x 12 (the mixed-radix rows first, N/2 = 6). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("appendedShapes")
    void appendsA3dR2cAndC2rToACallersTaskGraph(int[] shape) throws Exception {
        for (FftDescriptor d : new FftDescriptor[] {FftDescriptor.r2c(shape).batch(2).build(), FftDescriptor.c2r(shape).batch(2).build()}) {
            float[] host = Signals.random(d.inputFloats());
            FloatArray in = Signals.keep(FloatArray.fromArray(host));
            FloatArray out = Signals.keep(new FloatArray((int) d.outputFloats()));
            out.init(Float.NaN);
            TaskGraph graph = new TaskGraph("realnd" + d.kind() + shape[2]).transferToDevice(DataTransferMode.EVERY_EXECUTION, in, out);
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                GridScheduler grid = new GridScheduler();
                plan.appendTo(graph, in, out, grid);
                graph.transferToHost(DataTransferMode.EVERY_EXECUTION, in, out);
                try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                    CompilerFlags.apply(execution.withDevice(TestDevice.get()).withGridScheduler(grid), TestDevice.get()).execute();
                }
            }
            assertArrayEquals(host, in.toHeapArray(), "the appended " + d.kind() + " changed its input");
            double[] expected = d.kind() == FftDescriptor.Kind.R2C ? referenceR2c(host, shape, 2, Norm.BACKWARD)
                    : referenceC2r(host, shape, 2, Norm.BACKWARD);
            Signals.assertClose(out.toHeapArray(), expected, d.size(), "appended " + d);
        }
    }

    static Stream<Arguments> appendedShapes() {
        return Stream.of(Arguments.of((Object) new int[] {8, 16, 32}), Arguments.of((Object) new int[] {6, 10, 12}));
    }

    @Test
    void printsTheRowsFirstThenTheOtherAxes() {
        try (FftPlan r2c = FftPlan.create(FftDescriptor.r2c(64, 256).build(), TestDevice.get());
             FftPlan c2r = FftPlan.create(FftDescriptor.c2r(64, 256).build(), TestDevice.get())) {
            for (FftPlan plan : new FftPlan[] {r2c, c2r}) {
                String text = plan.toString();
                assertTrue(text.contains(plan == r2c ? "rows first: {X(1,128,1,128,no-tw), split}, then bins 0 to 127: {Y("
                        : "then rows last: {merge, X(1,128,1,128,no-tw)}"), text);
                assertTrue(text.contains(plan == r2c ? "then bins 0 and 128 parted" : "bins 0 and 128: {Y("), text);
                assertTrue(text.contains(plan == r2c ? "split into 129 bins as it stores" : "merged from 129 bins as it loads"), text);
                long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
                assertEquals(plan.kernelsPerTransform(), kernels, text);
                assertEquals(kernels, plan.passes().size() + (plan == r2c ? 1 : 0), "the passes, and r2c's unpack: " + text);
            }
        }
    }

    /**
     * Rows whose N/2 points take more than one pass (here 16384, on any device) keep the split or merge as
     * a kernel of its own, between the spectrum and the other axes' passes, pairing rows at negated indices.
     */
    @Test
    void rowsLongerThanOneGroupTakeTheSplitKernel() {
        int[] shape = {2, 1 << 15};
        FftDescriptor forward = FftDescriptor.r2c(shape).build();
        FftDescriptor inverse = FftDescriptor.c2r(shape).build();
        float[] x = Signals.random(forward.inputFloats());
        float[] spectrum = Signals.poisoned(forward.outputFloats());
        float[] anySpectrum = Signals.random(inverse.inputFloats());
        float[] y = Signals.poisoned(inverse.outputFloats());
        try (FftPlan r2c = FftPlan.create(forward, TestDevice.get());
             FftPlan c2r = FftPlan.create(inverse, TestDevice.get())) {
            r2c.execute(x, spectrum);
            c2r.execute(anySpectrum, y);
            for (FftPlan plan : new FftPlan[] {r2c, c2r}) {
                String text = plan.toString();
                assertTrue(text.contains(plan == r2c ? "split" : "merge") && text.contains("16384-point complex transform")
                        && text.contains("rows at negated indices"), text);
                long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
                assertEquals(plan.kernelsPerTransform(), kernels, text);
            }
        }
        Signals.assertClose(spectrum, referenceR2c(x, shape, 1, Norm.BACKWARD), forward.size(), "r2c " + Arrays.toString(shape));
        Signals.assertClose(y, referenceC2r(anySpectrum, shape, 1, Norm.BACKWARD), inverse.size(), "c2r " + Arrays.toString(shape));
    }
}
