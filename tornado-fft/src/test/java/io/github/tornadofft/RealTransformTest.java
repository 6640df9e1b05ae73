package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Arrays;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real-to-complex and complex-to-real transforms on the TornadoVM device (a complex transform of N/2
 * points and a split or merge kernel), held to numpy's rfft and irfft as reference-fft computes them.
 */
@Tag("device")
@ExtendWith(Seed.class)
class RealTransformTest {

    /** The largest relative L2 error seen, per kind, printed at the end. */
    private static double worstR2c;
    private static double worstC2r;

    static IntStream everyPowerOfTwo() {
        return IntStream.rangeClosed(1, 20).map(bits -> 1 << bits);
    }

    /** Batch 3 for small lengths, 1 for large ones. */
    private static int batchFor(int n) {
        return n <= 4096 ? 3 : 1;
    }

    private static double[] referenceR2c(float[] real, int n, int batch, Norm norm) {
        return ReferenceFft.r2c(Signals.widen(real), new int[] {batch, n}, new int[] {1}, norm);
    }

    private static double[] referenceC2r(float[] halfSpectrum, int n, int batch, Norm norm) {
        return ReferenceFft.c2r(Signals.widen(halfSpectrum), new int[] {batch, n}, new int[] {1}, norm);
    }

    private static synchronized void check(FftDescriptor d, float[] actual, double[] expected, String what) {
        double error = Signals.relativeError(actual, expected);
        if (d.kind() == FftDescriptor.Kind.R2C) {
            worstR2c = Math.max(worstR2c, error);
        } else {
            worstC2r = Math.max(worstC2r, error);
        }
        Signals.assertClose(actual, expected, d.size(), what + " (" + d + ")");
    }

    @AfterAll
    static void printWorstErrors() {
        System.out.printf("[tornado-fft tests] real transforms, worst relative L2 error: r2c %.2e, c2r %.2e%n", worstR2c,
                worstC2r);
    }

    /** Bins 0 and N/2 of every transform of an r2c output are real: their imaginary parts are exactly 0. */
    private static void assertEdgeBinsReal(float[] spectrum, int n, int batch) {
        int bins = n / 2 + 1;
        for (int b = 0; b < batch; b++) {
            assertEquals(0f, Math.abs(spectrum[2 * b * bins + 1]), "imaginary part of bin 0, transform " + b);
            assertEquals(0f, Math.abs(spectrum[2 * (b * bins + n / 2) + 1]), "imaginary part of bin N/2, transform " + b);
        }
    }

    // ---- Every length --------------------------------------------------------------------------------

    @ParameterizedTest(name = "n={0}")
    @MethodSource("everyPowerOfTwo")
    void r2cMatchesNumpysRfftForEveryPowerOfTwo(int n) {
        int batch = batchFor(n);
        FftDescriptor d = FftDescriptor.r2c(n).batch(batch).build();
        float[] x = Signals.random(d.inputFloats());
        float[] spectrum = Signals.poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(x, spectrum);
        }
        check(d, spectrum, referenceR2c(x, n, batch, Norm.BACKWARD), "r2c n=" + n);
        assertEdgeBinsReal(spectrum, n, batch);
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("everyPowerOfTwo")
    void c2rMatchesNumpysIrfftForEveryPowerOfTwoAndLeavesItsInputAlone(int n) {
        int batch = batchFor(n);
        FftDescriptor d = FftDescriptor.c2r(n).batch(batch).build();
        // Any half spectrum, bins 0 and N/2 with imaginary parts too: irfft reads only their real parts.
        float[] spectrum = Signals.random(d.inputFloats());
        float[] copy = spectrum.clone();
        float[] x = Signals.poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(spectrum, x);
            assertArrayEquals(copy, spectrum, "c2r changed the caller's input");
            // Nor its own input array: a second run on the device gives the same result.
            plan.executeOnDevice();
            plan.download();
            assertArrayEquals(x, plan.output().toHeapArray(), "a second run on the resident input");
        }
        check(d, x, referenceC2r(spectrum, n, batch, Norm.BACKWARD), "c2r n=" + n);
    }

    // ---- In place: real rows padded to 2 (N/2 + 1) floats --------------------------------------------

    /**
     * Even lengths that are not powers of two: N/2 by the mixed-radix kernels (6 = 2 x 3: N/2 odd, no
     * bin N/4; 1000: N/2 = 500 fused; 1920; 12000: N/2 = 6000 pass by pass), both kinds, float and double.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {6, 10, 12, 14, 30, 100, 1000, 1920, 12000})
    void evenLengthsThatAreNotPowersOfTwoMatchNumpyBothWays(int n) {
        for (Precision precision : Signals.ARITHMETIC) {
            MixedRadixNdPlanTest.checkRealBothKinds(new int[] {n}, 3, precision);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {6, 1000})
    void inPlaceEvenLengthsThatAreNotPowersOfTwoMatchNumpy(int n) {
        int batch = 2;
        int padded = 2 * (n / 2 + 1);
        FftDescriptor r2c = FftDescriptor.r2c(n).batch(batch).inPlace(true).build();
        try (FftPlan plan = FftPlan.create(r2c, TestDevice.get())) {
            double[] x = Signals.random(Precision.FLOAT, r2c.inputFloats());
            double[] packed = new double[n * batch];
            for (int b = 0; b < batch; b++) {
                System.arraycopy(x, b * padded, packed, b * n, n);
            }
            double[] spectrum = Signals.executeInPlace(plan, Direction.FORWARD, x);
            MixedRadixPlanTest.check(spectrum, ReferenceFft.r2c(packed, new int[] {batch, n}, new int[] {1}, Norm.BACKWARD), n,
                    Precision.FLOAT, "in-place r2c n=" + n);
        }
        FftDescriptor c2r = FftDescriptor.c2r(n).batch(batch).inPlace(true).build();
        try (FftPlan plan = FftPlan.create(c2r, TestDevice.get())) {
            double[] half = Signals.random(Precision.FLOAT, c2r.inputFloats());
            double[] expected = ReferenceFft.c2r(half, new int[] {batch, n}, new int[] {1}, Norm.BACKWARD);
            double[] rows = Signals.executeInPlace(plan, Direction.INVERSE, half);
            double[] signal = new double[n * batch];
            for (int b = 0; b < batch; b++) {
                System.arraycopy(rows, b * padded, signal, b * n, n);
            }
            MixedRadixPlanTest.check(signal, expected, n, Precision.FLOAT, "in-place c2r n=" + n);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 4, 256, 1 << 16})
    void inPlaceR2cReadsPaddedRowsAndWritesTheSpectrumOverThem(int n) {
        int batch = n <= 4096 ? 3 : 2;
        FftDescriptor d = FftDescriptor.r2c(n).batch(batch).inPlace(true).build();
        int row = 2 * (n / 2 + 1);
        float[] packed = Signals.random((long) n * batch);
        // The padding is NaN: the transform must not read it.
        float[] data = Signals.poisoned(d.inputFloats());
        for (int b = 0; b < batch; b++) {
            System.arraycopy(packed, b * n, data, b * row, n);
        }
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(data, data);
        }
        check(d, data, referenceR2c(packed, n, batch, Norm.BACKWARD), "in-place r2c n=" + n);
        assertEdgeBinsReal(data, n, batch);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 4, 256, 1 << 16})
    void inPlaceC2rWritesTheSignalIntoPaddedRows(int n) {
        int batch = n <= 4096 ? 3 : 2;
        FftDescriptor d = FftDescriptor.c2r(n).batch(batch).inPlace(true).build();
        int row = 2 * (n / 2 + 1);
        float[] spectrum = Signals.random(d.inputFloats());
        float[] data = spectrum.clone();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(data, data);
        }
        float[] signal = new float[n * batch];
        for (int b = 0; b < batch; b++) {
            System.arraycopy(data, b * row, signal, b * n, n);
        }
        check(d, signal, referenceC2r(spectrum, n, batch, Norm.BACKWARD), "in-place c2r n=" + n);
    }

    // ---- Normalisation -------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(Norm.class)
    void everyNormScalesLikeNumpyWithNTheRealLength(Norm norm) {
        int n = 1024;
        int batch = 2;
        FftDescriptor forward = FftDescriptor.r2c(n).batch(batch).norm(norm).build();
        FftDescriptor inverse = FftDescriptor.c2r(n).batch(batch).norm(norm).build();
        float[] x = Signals.random(forward.inputFloats());
        float[] spectrum = Signals.poisoned(forward.outputFloats());
        float[] back = Signals.poisoned(inverse.outputFloats());
        try (FftPlan r2c = FftPlan.create(forward, TestDevice.get());
             FftPlan c2r = FftPlan.create(inverse, TestDevice.get())) {
            r2c.forward(x, spectrum);
            c2r.inverse(spectrum, back);
        }
        check(forward, spectrum, referenceR2c(x, n, batch, norm), "r2c " + norm);
        check(inverse, back, referenceC2r(spectrum, n, batch, norm), "c2r " + norm);
        // The norms of one name undo each other: irfft(rfft(x)) = x.
        check(inverse, back, Signals.widen(x), "round trip, " + norm);
    }

    @Test
    void withoutNormalisationTheRoundTripGivesNTimesTheSignal() {
        // r2c with BACKWARD scales nothing, c2r with FORWARD neither: c2r(r2c(x)) = N x.
        int n = 4096;
        int batch = 3;
        FftDescriptor forward = FftDescriptor.r2c(n).batch(batch).norm(Norm.BACKWARD).build();
        FftDescriptor inverse = FftDescriptor.c2r(n).batch(batch).norm(Norm.FORWARD).build();
        float[] x = Signals.random(forward.inputFloats());
        float[] spectrum = Signals.poisoned(forward.outputFloats());
        float[] back = Signals.poisoned(inverse.outputFloats());
        try (FftPlan r2c = FftPlan.create(forward, TestDevice.get());
             FftPlan c2r = FftPlan.create(inverse, TestDevice.get())) {
            r2c.execute(x, spectrum);
            c2r.execute(spectrum, back);
        }
        double[] nx = Signals.widen(x);
        for (int i = 0; i < nx.length; i++) {
            nx[i] *= n;
        }
        check(inverse, back, nx, "unnormalised round trip");
    }

    // ---- The plan's other ways in --------------------------------------------------------------------

    @Test
    void dataStaysOnTheDeviceBetweenExecutions() {
        int n = 512;
        FftDescriptor d = FftDescriptor.r2c(n).batch(4).build();
        float[] x = Signals.random(d.inputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            for (int i = 0; i < x.length; i++) {
                plan.input().set(i, x[i]);
            }
            plan.upload();
            plan.executeOnDevice();
            plan.executeOnDevice(Direction.FORWARD);
            plan.download();
            float[] spectrum = plan.output().toHeapArray();
            check(d, spectrum, referenceR2c(x, n, 4, Norm.BACKWARD), "resident r2c, run twice");
        }
    }

    /** The split and merge (4096; 1000 in the fused mixed-radix kernel), and the natural route (1001 = 7 x 11 x 13, odd). */
    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"R2C, 4096", "C2R, 4096", "R2C, 1000", "C2R, 1000", "R2C, 1001", "C2R, 1001"})
    void appendsToACallersTaskGraph(FftDescriptor.Kind kind, int n) throws Exception {
        int batch = 2;
        FftDescriptor d = (kind == FftDescriptor.Kind.R2C ? FftDescriptor.r2c(n) : FftDescriptor.c2r(n)).batch(batch).build();
        float[] host = Signals.random(d.inputFloats());
        FloatArray in = Signals.keep(FloatArray.fromArray(host));
        FloatArray out = Signals.keep(new FloatArray((int) d.outputFloats()));
        out.init(Float.NaN);
        TaskGraph graph = new TaskGraph("realuser")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, in, out)
                .task("double", Fft1dPlanTest::scaleByTwo, in);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            GridScheduler grid = new GridScheduler();
            plan.appendTo(graph, in, out, grid);
            graph.transferToHost(DataTransferMode.EVERY_EXECUTION, in, out);
            try (TornadoExecutionPlan execution = new TornadoExecutionPlan(graph.snapshot())) {
                CompilerFlags.apply(execution.withDevice(TestDevice.get()).withGridScheduler(grid), TestDevice.get())
                        .execute();
            }
        }
        float[] doubled = host.clone();
        for (int i = 0; i < doubled.length; i++) {
            doubled[i] *= 2;
        }
        // The caller's kernel doubled the input; the transform read it and, for c2r too, left it as it was.
        assertArrayEquals(doubled, in.toHeapArray(), "the appended transform changed its input");
        double[] expected = kind == FftDescriptor.Kind.R2C ? referenceR2c(doubled, n, batch, Norm.BACKWARD)
                : referenceC2r(doubled, n, batch, Norm.BACKWARD);
        check(d, out.toHeapArray(), expected, "appended " + kind);
    }

    @Test
    void printsTheSplitAndMergeKernels() {
        // Without the split and merge inside the passes (FusedRealStepTest), the kernels of their own.
        try (SystemProperties forced = SystemProperties.setForNewEngines(Engine.REAL_PASSES_PROPERTY, "false");
             FftPlan r2c = FftPlan.create(FftDescriptor.r2c(1 << 14).build(), TestDevice.get());
             FftPlan c2r = FftPlan.create(FftDescriptor.c2r(1 << 14).build(), TestDevice.get())) {
            for (FftPlan plan : new FftPlan[] {r2c, c2r}) {
                String text = plan.toString();
                boolean split = plan == r2c;
                assertTrue(text.contains(split ? "split" : "merge") && text.contains("8192-point complex transform"), text);
                assertEquals(plan.passes().size() + 1, plan.kernelsPerTransform(), text);
                long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
                assertEquals(plan.kernelsPerTransform(), kernels, text);
                String first = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel 0")).findFirst().orElseThrow();
                assertEquals(!split, first.contains("merge"), text);
            }
        }
    }

    /**
     * A 1D real transform whose N/2 points are one fused mixed-radix kernel runs its split or merge in that
     * kernel (c2r but on PTX, {@link Engine#fusesMixedReal}): one kernel a transform, and the plan says so
     * (the results: {@link #evenLengthsThatAreNotPowersOfTwoMatchNumpyBothWays}).
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {6, 1000, 2 * 11 * 13})
    void mixedRadixRealTransformsSplitAndMergeInsideTheirOneKernel(int n) {
        boolean ptx = TestDevice.get().getTornadoVMBackend() == uk.ac.manchester.tornado.api.enums.TornadoVMBackendType.PTX;
        try (FftPlan r2c = FftPlan.create(FftDescriptor.r2c(n).batch(3).build(), TestDevice.get());
             FftPlan c2r = FftPlan.create(FftDescriptor.c2r(n).batch(3).build(), TestDevice.get())) {
            for (FftPlan plan : new FftPlan[] {r2c, c2r}) {
                String text = plan.toString();
                if (plan == c2r && ptx) {
                    assertEquals(2, plan.kernelsPerTransform(), text);
                    assertTrue(text.contains("merge: each half spectrum of " + (n / 2 + 1) + " bins"), text);
                    continue;
                }
                assertEquals(1, plan.kernelsPerTransform(), text);
                assertTrue(text.contains(plan == r2c ? "split in its store (the " + (n / 2 + 1) + " bins of each row)"
                        : "merge in its load (from the " + (n / 2 + 1) + " bins of each row)"), text);
                assertEquals(1, Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count(), text);
            }
        }
    }

    // ---- Every other shape: the natural route ------------------------------------------------------

    /**
     * Shapes the split and merge of N/2-point transforms do not take run as the complex transform of the
     * whole shape between two pointwise kernels: odd last axes (1, 9, 1003 = 17 x 59 by Bluestein,
     * 3 x 5 x 7 by mixed radix), an N/2 with a prime factor above 13 (34, 8 x 17 x 34), both kinds against
     * numpy's rfftn and irfftn, float, and double for one. Two real transforms go in one complex one: a
     * batch of 3 (the last without a partner), 2, and 1.
     */
    @Test
    void everyOtherShapeRunsAsTheComplexTransformOfItsWholeShape() {
        for (int[] shape : new int[][] {{1}, {9}, {34}, {1003}, {6, 34}, {8, 17, 34}, {3, 5, 7}}) {
            MixedRadixNdPlanTest.checkRealBothKinds(shape, 3, Precision.FLOAT);
        }
        MixedRadixNdPlanTest.checkRealBothKinds(new int[] {6, 34}, 2, Precision.DOUBLE);
        MixedRadixNdPlanTest.checkRealBothKinds(new int[] {9, 7}, 1, Precision.FLOAT);
    }

    /** The natural route in place (real rows padded to 2 (N/2 + 1) floats): 1D odd, and 2D of any axes. */
    @Test
    void everyOtherShapeRunsInPlace() {
        for (int[] shape : new int[][] {{9}, {6, 16}, {5, 7}}) {
            checkInPlaceBothKinds(shape, 2);
        }
    }

    @Test
    void printsTheNaturalRoutesKernels() {
        try (FftPlan r2c = FftPlan.create(FftDescriptor.r2c(9).batch(4).build(), TestDevice.get());
             FftPlan c2r = FftPlan.create(FftDescriptor.c2r(6, 34).build(), TestDevice.get())) {
            for (FftPlan plan : new FftPlan[] {r2c, c2r}) {
                String text = plan.toString();
                boolean forward = plan == r2c;
                assertTrue(text.contains((forward ? "r2c" : "c2r")
                        + " by the complex transform of its whole shape, two real transforms in one (the natural route)"), text);
                // r2c: a batch of 4 rows of 9 as 2 complex rows; c2r: one transform of 6 x 34, paired with nothing.
                assertTrue(text.contains(forward ? "kernel 0: pair: real transforms 2t and 2t + 1 as the real and imaginary parts of one, 18 work-items"
                        : "kernel 0: pair halves: the Hermitian parts of half spectra 2t and 2t + 1, bins 0 to 17 of each row"), text);
                assertTrue(text.contains(forward ? ": part: bins 0 to 4 of each row of both, 20 work-items"
                        : ": unpair: each pair's real parts as transform 2t, its imaginary parts as 2t + 1, 204 work-items"), text);
                long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
                assertEquals(plan.kernelsPerTransform(), kernels, text);
            }
        }
    }

    /**
     * r2c and c2r of {@code shape} in place against numpy's rfftn and irfftn over its axes: the real rows
     * padded to 2 (N/2 + 1) floats (the padding poisoned for r2c), {@code batch} transforms.
     */
    static void checkInPlaceBothKinds(int[] shape, int batch) {
        int n = shape[shape.length - 1];
        int padded = 2 * (n / 2 + 1);
        int rows = Arrays.stream(shape).reduce(batch, (a, b) -> a * b) / n;
        int[] full = new int[shape.length + 1];
        full[0] = batch;
        System.arraycopy(shape, 0, full, 1, shape.length);
        int[] axes = java.util.stream.IntStream.rangeClosed(1, shape.length).toArray();
        FftDescriptor r2c = FftDescriptor.r2c(shape).batch(batch).inPlace(true).build();
        try (FftPlan plan = FftPlan.create(r2c, TestDevice.get())) {
            double[] packed = Signals.random(Precision.FLOAT, (long) rows * n);
            double[] x = new double[(int) r2c.inputFloats()];
            Arrays.fill(x, Double.NaN);
            for (int r = 0; r < rows; r++) {
                System.arraycopy(packed, r * n, x, r * padded, n);
            }
            double[] spectrum = Signals.executeInPlace(plan, Direction.FORWARD, x);
            MixedRadixPlanTest.check(spectrum, ReferenceFft.r2c(packed, full, axes, Norm.BACKWARD), r2c.size(), Precision.FLOAT,
                    "in-place " + r2c);
        }
        FftDescriptor c2r = FftDescriptor.c2r(shape).batch(batch).inPlace(true).build();
        try (FftPlan plan = FftPlan.create(c2r, TestDevice.get())) {
            double[] half = Signals.random(Precision.FLOAT, c2r.inputFloats());
            double[] expected = ReferenceFft.c2r(half, full, axes, Norm.BACKWARD);
            double[] out = Signals.executeInPlace(plan, Direction.INVERSE, half);
            double[] signal = new double[rows * n];
            for (int r = 0; r < rows; r++) {
                System.arraycopy(out, r * padded, signal, r * n, n);
            }
            MixedRadixPlanTest.check(signal, expected, c2r.size(), Precision.FLOAT, "in-place " + c2r);
        }
    }

    @Test
    void refusesArraysOfTheWrongLengthAndWritesNothing() {
        FftDescriptor d = FftDescriptor.r2c(64).batch(2).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            // 2 x 64 real floats in, 2 x 33 complex values out.
            float[] complexSized = Signals.random(2 * 2 * 64);
            float[] out = Signals.poisoned(d.outputFloats());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.execute(Signals.random(127), out));
            assertTrue(e.getMessage().startsWith("in: expected 128 floats") && e.getMessage().contains("real"), e.getMessage());
            float[] shortOut = Signals.poisoned(2 * 64);
            e = assertThrows(IllegalArgumentException.class, () -> plan.execute(complexSized, shortOut));
            assertTrue(e.getMessage().startsWith("out: expected 132 floats"), e.getMessage());
            assertTrue(IntStream.range(0, out.length).allMatch(i -> Float.isNaN(out[i])), "nothing written");
            assertTrue(IntStream.range(0, shortOut.length).allMatch(i -> Float.isNaN(shortOut[i])), "nothing written");
        }
        FftDescriptor c = FftDescriptor.c2r(64).batch(2).build();
        try (FftPlan plan = FftPlan.create(c, TestDevice.get())) {
            float[] out = Signals.poisoned(c.outputFloats());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.execute(Signals.random(128), out));
            assertTrue(e.getMessage().startsWith("in: expected 132 floats") && e.getMessage().contains("complex"), e.getMessage());
            assertTrue(IntStream.range(0, out.length).allMatch(i -> Float.isNaN(out[i])), "nothing written");
        }
    }

    @Test
    void refusesTheOtherDirectionNamingDirection() {
        FftDescriptor d = FftDescriptor.r2c(64).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            float[] x = Signals.random(d.inputFloats());
            float[] out = Signals.poisoned(d.outputFloats());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.inverse(x, out));
            assertTrue(e.getMessage().startsWith("direction: an r2c plan computes FORWARD only") && e.getMessage().contains("c2r"),
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> plan.execute(Direction.INVERSE, x, 0, out, 0));
            assertThrows(IllegalArgumentException.class, () -> plan.executeOnDevice(Direction.INVERSE));
            assertThrows(IllegalArgumentException.class, () -> plan.appendTo(Direction.INVERSE, new TaskGraph("no"),
                    new FloatArray(64), new FloatArray(66), new GridScheduler()));
            assertTrue(IntStream.range(0, out.length).allMatch(i -> Float.isNaN(out[i])), "nothing written");
        }
        FftDescriptor c = FftDescriptor.c2r(64).build();
        try (FftPlan plan = FftPlan.create(c, TestDevice.get())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.forward(new float[66], new float[64]));
            assertTrue(e.getMessage().startsWith("direction: a c2r plan computes INVERSE only"), e.getMessage());
        }
    }
}
