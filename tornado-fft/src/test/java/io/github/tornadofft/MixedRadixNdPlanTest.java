package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 2D and 3D transforms whose axis lengths have no prime factor above 13, one at least not a power of
 * two, as mixed-radix kernels along each axis ({@link MixedRadix}): rows along the last axis, columns
 * along the others, fused where an axis fits local memory and pass by pass where it does not, held to
 * the reference FFT over all axes in float and in double, both ways, in place, and in strided and
 * padded layouts.
 */
@Tag("device")
@ExtendWith(Seed.class)
class MixedRadixNdPlanTest {

    /** Plans {@code d} and runs it both ways on fresh data; asserts each against the reference. */
    private static void checkBothWays(FftDescriptor d) {
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            for (Direction direction : Direction.values()) {
                double[] input = Signals.random(d.precision(), d.inputFloats());
                double[] out = Signals.execute(plan, direction, input);
                double[] expected = Signals.reference(input, d.shape(), d.batch(), direction, d.norm());
                MixedRadixPlanTest.check(out, expected, d.size(), d.precision(), d + " " + direction);
            }
        }
    }

    static Stream<Arguments> shapes() {
        // Both axes fused (12 x 10, 6 x 10 x 14); a power-of-two axis beside a mixed one either way;
        // an axis of 1 (left out); 96 x 100 x 7; an axis fused in one buffer, in place (4000 in float, past
        // two buffers' 3072) as the columns and as the rows; an axis pass by pass (4000 in double, past
        // its 3072 in place; 7000 in float, past 6144) as the rows and as the columns.
        return Stream.of(
                Arguments.of(new int[] {12, 10}, 3, Precision.FLOAT),
                Arguments.of(new int[] {12, 10}, 3, Precision.DOUBLE),
                Arguments.of(new int[] {6, 10, 14}, 2, Precision.FLOAT),
                Arguments.of(new int[] {6, 10, 14}, 2, Precision.DOUBLE),
                Arguments.of(new int[] {64, 100}, 2, Precision.FLOAT),
                Arguments.of(new int[] {100, 64}, 2, Precision.FLOAT),
                Arguments.of(new int[] {3, 1024, 5}, 1, Precision.FLOAT),
                Arguments.of(new int[] {5, 7, 1}, 3, Precision.FLOAT),
                Arguments.of(new int[] {1, 9, 1}, 4, Precision.DOUBLE),
                Arguments.of(new int[] {96, 100, 7}, 1, Precision.FLOAT),
                Arguments.of(new int[] {4000, 6}, 1, Precision.FLOAT),
                Arguments.of(new int[] {6, 4000}, 1, Precision.FLOAT),
                Arguments.of(new int[] {6, 4000}, 1, Precision.DOUBLE),
                Arguments.of(new int[] {7000, 2}, 1, Precision.FLOAT),
                // Axes of 11 and 13 (fusedPrime) as the columns, the rows and a middle axis.
                Arguments.of(new int[] {11, 12}, 3, Precision.FLOAT),
                Arguments.of(new int[] {12, 11}, 2, Precision.DOUBLE),
                Arguments.of(new int[] {6, 13, 5}, 2, Precision.FLOAT),
                // Axes with a prime factor above 13, by Bluestein's convolution along them: as the columns, as
                // the rows, a middle axis, two of them, one long (M = 16384, pass by pass).
                Arguments.of(new int[] {17, 12}, 2, Precision.FLOAT),
                Arguments.of(new int[] {6, 19, 5}, 2, Precision.DOUBLE),
                Arguments.of(new int[] {17, 10, 19}, 1, Precision.FLOAT),
                Arguments.of(new int[] {4099, 3}, 1, Precision.FLOAT));
    }

    @ParameterizedTest(name = "{0} batch={1} {2}")
    @MethodSource("shapes")
    void matchesTheReferenceOverEveryAxisBothWays(int[] shape, int batch, Precision precision) {
        checkBothWays(FftDescriptor.c2c(shape).batch(batch).precision(precision).build());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("large")
    void largeShapesMatchTheReferenceBothWays(int[] shape) {
        checkBothWays(FftDescriptor.c2c(shape).build());
    }

    static Stream<int[]> large() {
        // 100^3 (three fused axes of 100 = 10 x 10), a 1080p frame.
        return Stream.of(new int[] {100, 100, 100}, new int[] {1080, 1920});
    }

    @Test
    void everyNormalisationScales() {
        for (Norm norm : Norm.values()) {
            checkBothWays(FftDescriptor.c2c(10, 12).batch(2).norm(norm).build());
        }
    }

    static Stream<Arguments> inPlace() {
        return Stream.of(Arguments.of(new int[] {12, 10}, Precision.FLOAT), Arguments.of(new int[] {6, 10, 14}, Precision.DOUBLE),
                Arguments.of(new int[] {4000, 6}, Precision.FLOAT), Arguments.of(new int[] {11, 13}, Precision.FLOAT));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("inPlace")
    void inPlaceMatchesTheReferenceBothWays(int[] shape, Precision precision) {
        FftDescriptor d = FftDescriptor.c2c(shape).batch(2).inPlace(true).precision(precision).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            for (Direction direction : Direction.values()) {
                double[] input = Signals.random(precision, d.inputFloats());
                double[] data = Signals.executeInPlace(plan, direction, input);
                MixedRadixPlanTest.check(data, Signals.reference(input, shape, 2, direction, Norm.BACKWARD), d.size(),
                        precision, d + " " + direction);
            }
        }
    }

    @Test
    void aRoundTripGivesTheInputBack() {
        FftDescriptor d = FftDescriptor.c2c(36, 50).batch(2).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            double[] input = Signals.random(Precision.FLOAT, d.inputFloats());
            double[] back = Signals.execute(plan, Direction.INVERSE, Signals.execute(plan, Direction.FORWARD, input));
            MixedRadixPlanTest.check(back, input, d.size(), Precision.FLOAT, "round trip " + d);
        }
    }

    /** The packed batch of a caller's array in {@code layout}: element e of transform b from b distance + e stride. */
    private static double[] gather(double[] data, FftDescriptor.Layout layout, long size, int batch) {
        double[] packed = new double[(int) (2 * size * batch)];
        for (int b = 0; b < batch; b++) {
            for (long e = 0; e < size; e++) {
                long at = layout.index(b, e);
                packed[(int) (2 * (b * size + e))] = data[(int) (2 * at)];
                packed[(int) (2 * (b * size + e) + 1)] = data[(int) (2 * at + 1)];
            }
        }
        return packed;
    }

    static Stream<Arguments> layouts() {
        // Strided and padded input, output with the batch innermost; and the other way round.
        return Stream.of(
                Arguments.of(new int[] {10, 12}, new FftDescriptor.Layout(2, 2 * 120 + 7), new FftDescriptor.Layout(3, 1),
                        Precision.FLOAT),
                Arguments.of(new int[] {6, 5, 7}, new FftDescriptor.Layout(3, 1), new FftDescriptor.Layout(1, 230),
                        Precision.DOUBLE),
                Arguments.of(new int[] {3, 4000}, new FftDescriptor.Layout(1, 12007), new FftDescriptor.Layout(2, 24001),
                        Precision.FLOAT),
                Arguments.of(new int[] {7, 11}, new FftDescriptor.Layout(2, 160), new FftDescriptor.Layout(3, 1),
                        Precision.FLOAT));
    }

    @ParameterizedTest(name = "{0} in {1} out {2} {3}")
    @MethodSource("layouts")
    void stridedAndPaddedLayoutsAreReadAndWritten(int[] shape, FftDescriptor.Layout in, FftDescriptor.Layout out,
                                                  Precision precision) {
        int batch = 3;
        FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).inputLayout(in.stride(), in.distance())
                .outputLayout(out.stride(), out.distance()).precision(precision).build();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            for (Direction direction : Direction.values()) {
                double[] input = Signals.random(precision, d.inputFloats());
                double[] result = Signals.execute(plan, direction, input);
                double[] expected = Signals.reference(gather(input, in, d.size(), batch), shape, batch, direction,
                        Norm.BACKWARD);
                MixedRadixPlanTest.check(gather(result, out, d.size(), batch), expected, d.size(), precision,
                        d + " " + direction);
            }
        }
    }

    static Stream<Arguments> realShapes() {
        // A mixed axis before a power-of-two X, a power of two before a mixed X (N/2 = 3, odd: no bin N/4),
        // 3D, N/2 = 7; a 1080p frame; columns of 7000 pass by pass (an odd count of kernels over the half spectrum).
        return Stream.of(
                Arguments.of(new int[] {7000, 6}, 1, Precision.FLOAT),
                Arguments.of(new int[] {6, 16}, 3, Precision.FLOAT),
                Arguments.of(new int[] {16, 6}, 3, Precision.DOUBLE),
                Arguments.of(new int[] {12, 10}, 2, Precision.FLOAT),
                Arguments.of(new int[] {10, 8, 6}, 2, Precision.FLOAT),
                Arguments.of(new int[] {5, 9, 14}, 1, Precision.DOUBLE),
                Arguments.of(new int[] {1080, 1920}, 1, Precision.FLOAT));
    }

    @ParameterizedTest(name = "{0} batch={1} {2}")
    @MethodSource("realShapes")
    void realTransformsOfSevenSmoothAxesMatchNumpysRfftnAndIrfftn(int[] shape, int batch, Precision precision) {
        checkRealBothKinds(shape, batch, precision);
    }

    /**
     * A 2D or 3D real transform whose last axis has an N/2 of prime factors up to 7 takes the half
     * spectrum whatever its other axes are: one with a prime factor above 13 runs as Bluestein's
     * convolution along it over N/2 + 1 columns, not as the complex transform of the whole shape.
     */
    @Test
    void realTransformsWithAnAxisOfALargePrimeFactorTakeTheHalfSpectrum() {
        checkRealBothKinds(new int[] {17, 16}, 2, Precision.FLOAT);
        checkRealBothKinds(new int[] {8, 19, 10}, 1, Precision.DOUBLE);
        for (FftDescriptor d : new FftDescriptor[] {FftDescriptor.r2c(17, 16).build(), FftDescriptor.c2r(17, 16).build()}) {
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                String text = plan.toString();
                assertTrue(!text.contains("natural route") && text.contains("mixed radix 17 x 8, the last axis first"), text);
                assertTrue(text.contains(d.kind() == FftDescriptor.Kind.R2C ? "split" : "merge"), text);
            }
        }
    }

    /**
     * r2c of fresh real data and c2r of a fresh half spectrum of {@code shape} (all its axes), each against
     * numpy's rfftn / irfftn (the reference); c2r leaves its input alone.
     */
    static void checkRealBothKinds(int[] shape, int batch, Precision precision) {
        int[] full = new int[shape.length + 1];
        full[0] = batch;
        System.arraycopy(shape, 0, full, 1, shape.length);
        int[] axes = java.util.stream.IntStream.rangeClosed(1, shape.length).toArray();
        FftDescriptor r2c = FftDescriptor.r2c(shape).batch(batch).precision(precision).build();
        double[] x = Signals.random(precision, r2c.inputFloats());
        double[] spectrum;
        try (FftPlan plan = FftPlan.create(r2c, TestDevice.get())) {
            spectrum = Signals.execute(plan, Direction.FORWARD, x);
        }
        MixedRadixPlanTest.check(spectrum, io.github.tornadofft.reference.ReferenceFft.r2c(x, full, axes, Norm.BACKWARD),
                r2c.size(), precision, r2c.toString());
        FftDescriptor c2r = FftDescriptor.c2r(shape).batch(batch).precision(precision).build();
        double[] half = Signals.random(precision, c2r.inputFloats());
        double[] before = half.clone();
        double[] signal;
        try (FftPlan plan = FftPlan.create(c2r, TestDevice.get())) {
            signal = Signals.execute(plan, Direction.INVERSE, half);
        }
        MixedRadixPlanTest.check(signal, io.github.tornadofft.reference.ReferenceFft.c2r(half, full, axes, Norm.BACKWARD),
                c2r.size(), precision, c2r.toString());
        org.junit.jupiter.api.Assertions.assertArrayEquals(before, half, "c2r leaves its input alone");
    }

    @Test
    void printsEachAxisAndItsKernels() {
        // 100 x 7000: the rows of 7000 (past the fused kernel's 6144) pass by pass, then the columns of 100 fused.
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(100, 7000).build(), TestDevice.get())) {
            String text = plan.toString();
            int passes = MixedRadix.radices(7000).length;
            assertTrue(text.contains("mixed radix 100 x 7000, the last axis first: axis 1 7000 = 8 x "), text);
            assertTrue(text.contains("; axis 0 100 = 10 x 10: R10(span 1) R10(span 10)"), text);
            assertEquals(passes + 1, plan.kernelsPerTransform(), text);
            long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
            assertEquals(passes + 1, kernels, text);
            assertTrue(text.contains("kernel 0: radix 8, span 1, along axis 1 (100 rows)"), text);
            assertTrue(text.contains("kernel " + passes + ": every pass in one work-group, along axis 0 (7000 columns, 7000 apart)"),
                    text);
            assertEquals(0, plan.passes().size(), "no planner passes");
        }
    }

    @Test
    void printsARealTransformsRowsFirstAndItsOtherAxesOverTheHalfSpectrum() {
        // r2c 12 x 10: the 12 real rows of 10 (5 points, the split inside), then the columns of 12 over the 6
        // bins of each row; c2r the columns first, the rows last (the merge inside), but on PTX, which keeps
        // the merge kernel and the whole complex shape.
        boolean ptx = TestDevice.get().getTornadoVMBackend() == uk.ac.manchester.tornado.api.enums.TornadoVMBackendType.PTX;
        try (FftPlan plan = FftPlan.create(FftDescriptor.r2c(12, 10).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("rows first: mixed radix 5 = 5: R5(span 1), the 12 real rows' split inside, then the"
                    + " other axes over the 6 bins of each row: axis 0 12 = 12: R12(span 1)"), text);
            assertEquals(2, plan.kernelsPerTransform(), text);
            assertTrue(text.contains("  kernel 0: every pass in one work-group, 12 transforms")
                    && text.contains("the real transform's split in its store (the 6 bins of each row)")
                    && text.contains("  kernel 1: every pass in one work-group, along axis 0 (6 columns, 6 apart)"), text);
        }
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2r(12, 10).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(ptx ? text.contains("merge, mixed radix 12 x 5") && text.contains("  kernel 0: merge: ")
                    : text.contains("the other axes over the 6 bins of each row: axis 0 12 = 12: R12(span 1), then rows last:"
                    + " mixed radix 5 = 5: R5(span 1), the 12 real rows' merge inside"), text);
            long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
            assertEquals(plan.kernelsPerTransform(), kernels, text);
            assertEquals(ptx ? 3 : 2, kernels, text);
        }
        // Turned off: the complex 12 x 5 (rows of 5, columns of 12), then the split (another batch: another engine).
        try (SystemProperties ignored = SystemProperties.set(MixedRowsFirst.PROPERTY, "false");
             FftPlan plan = FftPlan.create(FftDescriptor.r2c(12, 10).batch(2).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("mixed radix 12 x 5, the last axis first: axis 1 5 = 5: R5(span 1); axis 0 12 = 12:"
                    + " R12(span 1), split"), text);
            assertEquals(3, plan.kernelsPerTransform(), text);
            assertTrue(text.contains("  kernel 2: split: the 6 bins of each real row from its 5-point transform"), text);
        }
    }

    @Test
    void anAxisWithALargerPrimeFactorRunsAsAConvolutionAlongIt() {
        // 17 x 12: the rows of 12 fused (one pass of radix 12), then the columns of 17 as Bluestein's convolution of 64 points.
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(17, 12).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("axis 0 17: Bluestein, a convolution of M = 64 = 8 x 8: R8(span 1) R8(span 8)"), text);
            assertTrue(text.contains("kernel 1: pad: ") && text.contains("kernel 3: filter: ")
                    && text.contains("kernel 5: crop: c_k y_k, the first 17 of 64 points, along axis 0 (12 columns, 12 apart)"),
                    text);
            assertEquals(6, plan.kernelsPerTransform(), text);
            long kernels = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
            assertEquals(6, kernels, text);
        }
    }
}
