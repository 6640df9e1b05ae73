package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;

import io.github.tornadofft.api.Direction;
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

import static io.github.tornadofft.Signals.assertClose;
import static io.github.tornadofft.Signals.assertWithin;
import static io.github.tornadofft.Signals.points;
import static io.github.tornadofft.Signals.tolerance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 2D and 3D power-of-two transforms on the TornadoVM device, held to the reference FFT. */
@Tag("device")
@ExtendWith(Seed.class)
class FftNdPlanTest {

    private static void check(int[] shape, int batch, Direction direction) {
        check(shape, batch, direction, Precision.FLOAT);
    }

    private static void check(int[] shape, int batch, Direction direction, Precision precision) {
        FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).precision(precision).build();
        double[] input = Signals.random(precision, d.floats());
        Signals.assertClose(Signals.execute(d, input), Signals.reference(input, shape, batch, direction, Norm.BACKWARD),
                points(shape), precision, direction + " " + Arrays.toString(shape) + " batch " + batch);
    }

    /**
     * The arguments in float, and every other one in double too (each size class in both precisions,
     * not every size twice).
     */
    private static Stream<Arguments> inBothPrecisions(Stream<Object[]> cases) {
        int[] index = {0};
        return cases.flatMap(c -> {
            Object[] f = Arrays.copyOf(c, c.length + 1);
            f[c.length] = Precision.FLOAT;
            if (index[0]++ % 2 == 1) {
                return Stream.of(Arguments.of(f));
            }
            Object[] d = Arrays.copyOf(c, c.length + 1);
            d[c.length] = Precision.DOUBLE;
            return Stream.of(Arguments.of(f), Arguments.of(d));
        });
    }

    static Stream<Arguments> squares() {
        // Every power of two from 2 to 1024 along both axes.
        return inBothPrecisions(Stream.iterate(2, n -> n <= 1024, n -> 2 * n).map(n -> new Object[] {n, n <= 64 ? 4 : 1}));
    }

    @ParameterizedTest(name = "{0}x{0} batch={1} {2}")
    @MethodSource("squares")
    @Tag("aligned")
    void square2dMatchesReference(int n, int batch, Precision precision) {
        check(new int[] {n, n}, batch, Direction.FORWARD, precision);
        check(new int[] {n, n}, batch, Direction.INVERSE, precision);
    }

    static Stream<Arguments> oblong2d() {
        return inBothPrecisions(Stream.of(new int[] {2, 1024}, new int[] {1024, 2}, new int[] {8, 512}, new int[] {4096, 16},
                new int[] {16, 4096}, new int[] {32, 2048}, new int[] {8192, 4}, new int[] {1, 64}, new int[] {64, 1})
                .map(s -> new Object[] {s[0], s[1]}));
    }

    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("oblong2d")
    void unequal2dMatchesReference(int n0, int n1, Precision precision) {
        check(new int[] {n0, n1}, 2, Direction.FORWARD, precision);
        check(new int[] {n0, n1}, 2, Direction.INVERSE, precision);
    }

    static Stream<Arguments> large() {
        // 2^24 points (128 MiB), the issues' GPU cases 2D 4096^2 and 3D 256^3, and a box of 2^23.
        return Stream.of(new int[] {4096, 4096}, new int[] {256, 256, 256}, new int[] {512, 128, 128}).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("large")
    void largeShapesMatchReference(int[] shape) {
        check(shape, 1, Direction.FORWARD);
        check(shape, 1, Direction.INVERSE);
    }

    static Stream<Arguments> inPlace() {
        // One pass per axis, a strided axis in one split pass, three passes; each normalisation.
        return inBothPrecisions(Stream.of(new Object[] {new int[] {32, 64}, 2, Norm.ORTHO},
                new Object[] {new int[] {1024, 1024}, 1, Norm.FORWARD}, new Object[] {new int[] {64, 64, 64}, 1, Norm.BACKWARD},
                new Object[] {new int[] {128, 128, 128}, 1, Norm.FORWARD}, new Object[] {new int[] {8, 256, 2}, 3, Norm.ORTHO}));
    }

    @ParameterizedTest(name = "{0} batch={1} {2} {3}")
    @MethodSource("inPlace")
    @Tag("aligned")
    void inPlaceMatchesReferenceBothWays(int[] shape, int batch, Norm norm, Precision precision) {
        for (Direction direction : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).norm(norm).inPlace(true)
                    .precision(precision).build();
            double[] input = Signals.random(precision, d.floats());
            double[] data;
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                data = Signals.executeInPlace(plan, direction, input);
            }
            Signals.assertClose(data, Signals.reference(input, shape, batch, direction, norm), points(shape), precision,
                    "in place " + direction + " " + norm + " " + Arrays.toString(shape) + " batch " + batch);
        }
    }

    static Stream<Arguments> cubes() {
        // Cubes 2^3 to 128^3 (2 Mi points, what the CI machine holds comfortably), then unequal boxes.
        return inBothPrecisions(Stream.of(new int[] {2, 2, 2}, new int[] {4, 4, 4}, new int[] {8, 8, 8}, new int[] {16, 16, 16},
                new int[] {32, 32, 32}, new int[] {64, 64, 64}, new int[] {128, 128, 128},
                new int[] {2, 4, 8}, new int[] {8, 4, 2}, new int[] {1024, 2, 4}, new int[] {4, 1024, 2},
                new int[] {2, 4, 1024}, new int[] {16, 256, 32}, new int[] {256, 16, 64}, new int[] {32, 64, 512},
                new int[] {2, 512, 256}, new int[] {512, 256, 2})
                .map(shape -> new Object[] {shape}));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cubes")
    void box3dMatchesReference(int[] shape, Precision precision) {
        int batch = shape[0] * shape[1] * shape[2] <= 4096 ? 3 : 1;
        check(shape, batch, Direction.FORWARD, precision);
        check(shape, batch, Direction.INVERSE, precision);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roundTrips")
    @Tag("aligned")
    void roundTripGivesTheInputBack(int[] shape) {
        FftDescriptor d = FftDescriptor.c2c(shape).build();
        float[] input = Signals.random(d.floats());
        float[] spectrum = Signals.poisoned(input.length);
        float[] back = Signals.poisoned(input.length);
        try (FftPlan forward = FftPlan.create(FftDescriptor.c2c(shape).build(), TestDevice.get());
             FftPlan inverse = FftPlan.create(FftDescriptor.c2c(shape).direction(Direction.INVERSE).build(), TestDevice.get())) {
            forward.execute(input, spectrum);
            inverse.execute(spectrum, back);
        }
        assertWithin(back, Signals.widen(input), 2 * tolerance(points(shape)), "round trip " + Arrays.toString(shape));
    }

    static Stream<Arguments> roundTrips() {
        return Stream.of(new int[] {16, 32, 64}, new int[] {1024, 1024}, new int[] {2, 2}, new int[] {128, 128, 128})
                .map(Arguments::of);
    }

    @Test
    void orthoNormIsUnitary() {
        int[] shape = {32, 64};
        FftDescriptor d = FftDescriptor.c2c(shape).batch(2).norm(Norm.ORTHO).inPlace(true).build();
        float[] input = Signals.random(d.floats());
        float[] out = Signals.poisoned(d.floats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            plan.execute(input, out);
        }
        assertClose(out, Signals.reference(input, shape, 2, Direction.FORWARD, Norm.ORTHO), points(shape),
                "ortho 32x64 in place");
    }

    @Test
    @Tag("aligned")
    void printsOneLinePerKernelWithItsAxis() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(64, 128, 256).build(), TestDevice.get())) {
            String text = plan.toString();
            assertTrue(text.contains("X(") && text.contains("Y(") && text.contains("Z("), text);
            long kernels = Arrays.stream(text.split("\n")).filter(l -> l.contains("kernel")).count();
            assertEquals(plan.passes().size(), kernels, text);
        }
    }
}
