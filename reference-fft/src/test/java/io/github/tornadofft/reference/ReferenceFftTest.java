package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;

import static io.github.tornadofft.reference.Accuracy.FLOAT_ROUNDING;
import static io.github.tornadofft.reference.Accuracy.tolerance;
import static io.github.tornadofft.reference.Accuracy.assertClose;
import static io.github.tornadofft.reference.Lines.complexOf;
import static io.github.tornadofft.reference.Lines.scaled;
import static io.github.tornadofft.reference.Lines.size;
import static io.github.tornadofft.reference.Lines.transformAlong;
import static io.github.tornadofft.reference.Lines.truncateAlong;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * numpy.fft semantics over arrays: which axes, which scaling, real and batched forms. Each check
 * compares two computations, each of one transform over the axes (n points, their lengths'
 * product), or a transform and its inverse: within twice one transform's {@link Accuracy#tolerance}.
 */
class ReferenceFftTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();

    /** The points one transform over {@code axes} of {@code shape} combines: the product of their lengths. */
    private static long points(int[] shape, int[] axes) {
        long n = 1;
        for (int a : axes) {
            n *= shape[a < 0 ? a + shape.length : a];
        }
        return n;
    }

    /** What c2c over {@code axes} must give: the 1D transform along each axis in turn, then the scale. */
    private static double[] successive(double[] x, int[] shape, int[] axes, Direction dir, Norm norm) {
        double[] y = x.clone();
        long n = 1;
        for (int a : axes) {
            int axis = a < 0 ? a + shape.length : a;
            transformAlong(y, shape, axis, dir);
            n *= shape[axis];
        }
        return scaled(y, norm.scale(n, dir));
    }

    private void checkC2c(int[] shape, int[] axes, Direction dir, Norm norm) {
        double[] x = rnd.complex(size(shape));
        double[] expected = successive(x, shape, axes, dir, norm);
        ReferenceFft.c2c(x, shape, axes, dir, norm);
        assertClose(x, expected, 2 * tolerance(points(shape, axes)), "shape " + Arrays.toString(shape) + " axes "
                + Arrays.toString(axes)
                + " " + dir + " " + norm + " " + rnd.tag());
    }

    // ---- complex to complex

    @Test
    void c2cOver2dMatchesRowTransformsThenColumnTransforms() {
        checkC2c(new int[] {12, 20}, new int[] {0, 1}, Direction.FORWARD, Norm.BACKWARD);
        checkC2c(new int[] {1, 97}, new int[] {0, 1}, Direction.INVERSE, Norm.BACKWARD);
        checkC2c(new int[] {97, 1}, new int[] {0, 1}, Direction.FORWARD, Norm.ORTHO);
    }

    @Test
    void c2cOverLargeArraysSpreadOverThreadsMatchesSuccessive1dTransforms() {
        checkC2c(new int[] {64, 1024}, new int[] {0, 1}, Direction.FORWARD, Norm.BACKWARD);
        checkC2c(new int[] {1009, 48}, new int[] {0, 1}, Direction.INVERSE, Norm.BACKWARD);
        checkC2c(new int[] {65536}, new int[] {0}, Direction.FORWARD, Norm.ORTHO);
    }

    @ParameterizedTest
    @EnumSource(Direction.class)
    void c2cOver3dMatchesSuccessive1dTransforms(Direction dir) {
        checkC2c(new int[] {6, 10, 7}, ReferenceFft.allAxes(3), dir, Norm.BACKWARD);
        checkC2c(new int[] {5, 67, 8}, ReferenceFft.allAxes(3), dir, Norm.FORWARD);
    }

    @Test
    void c2cOverChosenAxesOfA4dArrayTransformsOnlyThoseAxes() {
        int[] shape = {3, 4, 5, 6};
        checkC2c(shape, new int[] {1, 3}, Direction.FORWARD, Norm.BACKWARD);
        checkC2c(shape, new int[] {2}, Direction.INVERSE, Norm.BACKWARD);
        checkC2c(shape, new int[] {0, 2, 3}, Direction.FORWARD, Norm.ORTHO);
        checkC2c(new int[] {2, 3, 2, 5, 3}, new int[] {4, 1, 0}, Direction.INVERSE, Norm.FORWARD);
    }

    @Test
    void negativeAxesCountFromTheEnd() {
        int[] shape = {4, 5, 6};
        double[] x = rnd.complex(size(shape));
        double[] a = x.clone(), b = x.clone();
        ReferenceFft.c2c(a, shape, new int[] {-1, -3}, Direction.FORWARD, Norm.BACKWARD);
        ReferenceFft.c2c(b, shape, new int[] {2, 0}, Direction.FORWARD, Norm.BACKWARD);
        assertArrayEquals(b, a, rnd.tag());
    }

    @Test
    void theOrderOfAxesDoesNotMatterForC2c() {
        int[] shape = {6, 5, 8};
        double[] x = rnd.complex(size(shape));
        double[] a = x.clone(), b = x.clone();
        ReferenceFft.c2c(a, shape, new int[] {0, 1, 2}, Direction.FORWARD, Norm.BACKWARD);
        ReferenceFft.c2c(b, shape, new int[] {2, 0, 1}, Direction.FORWARD, Norm.BACKWARD);
        assertClose(a, b, 2 * tolerance(size(shape)), rnd.tag());
    }

    @Test
    void emptyAxesLeaveTheDataUnchanged() {
        double[] x = rnd.complex(12);
        double[] y = x.clone();
        for (Norm norm : Norm.values()) {
            ReferenceFft.c2c(y, new int[] {3, 4}, new int[0], Direction.FORWARD, norm);
        }
        assertArrayEquals(x, y);
    }

    // ---- scaling

    @Test
    void orthoNormIsUnitary() {
        int[] shape = {6, 35};
        double[] x = rnd.complex(size(shape));
        double[] y = x.clone();
        ReferenceFft.c2c(y, shape, new int[] {0, 1}, Direction.FORWARD, Norm.ORTHO);
        // The norm's relative error is at most the values' relative L2 error.
        assertEquals(l2(x), l2(y), tolerance(size(shape)) * l2(x), "norm kept " + rnd.tag());
        ReferenceFft.c2c(y, shape, new int[] {0, 1}, Direction.INVERSE, Norm.ORTHO);
        assertClose(y, x, 2 * tolerance(size(shape)), "ortho inverse undoes ortho forward " + rnd.tag());
    }

    @Test
    void normsScaleByOneOverTheProductOfTheTransformedLengths() {
        int[] shape = {4, 6, 5};
        int[] axes = {0, 2}; // n = 20, not 120
        double[] x = rnd.complex(size(shape));
        for (Direction dir : Direction.values()) {
            double[] raw = x.clone();
            ReferenceFft.c2c(raw, shape, axes, dir, dir == Direction.FORWARD ? Norm.BACKWARD : Norm.FORWARD);
            double[] fwd = x.clone(), bwd = x.clone(), ortho = x.clone();
            ReferenceFft.c2c(fwd, shape, axes, dir, Norm.FORWARD);
            ReferenceFft.c2c(bwd, shape, axes, dir, Norm.BACKWARD);
            ReferenceFft.c2c(ortho, shape, axes, dir, Norm.ORTHO);
            boolean forward = dir == Direction.FORWARD;
            double tol = 2 * tolerance(20);
            assertClose(fwd, scaled(raw, forward ? 1.0 / 20 : 1), tol, "norm=forward " + dir + " " + rnd.tag());
            assertClose(bwd, scaled(raw, forward ? 1 : 1.0 / 20), tol, "norm=backward " + dir + " " + rnd.tag());
            assertClose(ortho, scaled(raw, 1 / Math.sqrt(20)), tol, "norm=ortho " + dir + " " + rnd.tag());
        }
    }

    // ---- real to complex and back

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 16, 97, 1000, 1001})
    void r2cMatchesC2cOfTheRealInputTruncatedToHalfPlusOne(int n) {
        double[] x = rnd.real(n);
        double[] full = complexOf(x);
        Fft1dPlanner.plan(n).transform(full, 0, 1, Direction.FORWARD);
        double[] half = ReferenceFft.r2c(x, new int[] {n}, new int[] {0}, Norm.BACKWARD);
        assertEquals(2 * (n / 2 + 1), half.length);
        assertClose(half, Arrays.copyOf(full, 2 * (n / 2 + 1)), 2 * tolerance(n), "n=" + n + " " + rnd.tag());
    }

    @Test
    void r2cOverSeveralAxesHalvesTheLastListedAxis() {
        int[][] shapes = {{5, 6, 7}, {4, 9, 6}};
        int[][] axesList = {{0, 2}, {2, 0}, {1, 2, 0}, {-1}, {0, 1, 2}};
        for (int[] shape : shapes) {
            for (int[] axes : axesList) {
                for (Norm norm : Norm.values()) {
                    double[] x = rnd.real(size(shape));
                    double[] full = successive(complexOf(x), shape, axes, Direction.FORWARD, norm);
                    int last = axes[axes.length - 1] < 0 ? axes[axes.length - 1] + 3 : axes[axes.length - 1];
                    double[] expected = truncateAlong(full, shape, last);
                    double[] got = ReferenceFft.r2c(x, shape, axes, norm);
                    assertClose(got, expected, 2 * tolerance(points(shape, axes)), "shape "
                            + Arrays.toString(shape) + " axes "
                            + Arrays.toString(axes) + " " + norm + " " + rnd.tag());
                }
            }
        }
    }

    @Test
    void c2rInvertsR2cForEvenAndOddLengths() {
        int[][] shapes = {{1}, {2}, {9}, {16}, {1009}, {5, 6}, {6, 5}, {4, 3, 7}, {3, 8, 2}};
        for (int[] shape : shapes) {
            int[] axes = ReferenceFft.allAxes(shape.length);
            for (Norm norm : Norm.values()) {
                double[] x = rnd.real(size(shape));
                double[] back = ReferenceFft.c2r(ReferenceFft.r2c(x, shape, axes, norm), shape, axes, norm);
                assertClose(back, x, 2 * tolerance(size(shape)),
                        "shape " + Arrays.toString(shape) + " " + norm + " " + rnd.tag());
            }
        }
    }

    @Test
    void c2rInvertsR2cOverChosenAxes() {
        int[] shape = {4, 5, 6, 3};
        for (int[] axes : new int[][] {{1, 2}, {3, 0}, {-2}, {2, 1, 3}}) {
            double[] x = rnd.real(size(shape));
            double[] back = ReferenceFft.c2r(ReferenceFft.r2c(x, shape, axes, Norm.BACKWARD), shape, axes,
                    Norm.BACKWARD);
            assertClose(back, x, 2 * tolerance(points(shape, axes)),
                    "axes " + Arrays.toString(axes) + " " + rnd.tag());
        }
    }

    @Test
    void c2rIgnoresTheImaginaryPartsOfEntriesThatMustBeReal() {
        for (int n : new int[] {8, 9}) {
            double[] spectrum = ReferenceFft.r2c(rnd.real(n), new int[] {n}, new int[] {0}, Norm.BACKWARD);
            double[] expected = ReferenceFft.c2r(spectrum, new int[] {n}, new int[] {0}, Norm.BACKWARD);
            spectrum[1] = 123.0; // Im X[0]
            if (n % 2 == 0) {
                spectrum[n + 1] = -7.0; // Im X[n/2]
            }
            double[] got = ReferenceFft.c2r(spectrum, new int[] {n}, new int[] {0}, Norm.BACKWARD);
            assertArrayEquals(expected, got, "n=" + n + " " + rnd.tag());
        }
    }

    @Test
    void realTransformsDoNotModifyTheirInput() {
        int[] shape = {6, 7};
        double[] x = rnd.real(42);
        double[] xBefore = x.clone();
        double[] spectrum = ReferenceFft.r2c(x, shape, new int[] {0, 1}, Norm.ORTHO);
        double[] spectrumBefore = spectrum.clone();
        ReferenceFft.c2r(spectrum, shape, new int[] {0, 1}, Norm.ORTHO);
        assertArrayEquals(xBefore, x);
        assertArrayEquals(spectrumBefore, spectrum);
    }

    // ---- batched strided 1D

    @Test
    void c2c1dWithBatchesOneAfterAnotherMatchesPerLineTransforms() {
        int n = 30, howMany = 5, pad = 3, offset = 2;
        checkBatched(offset, n, 1, howMany, n + pad);
    }

    @Test
    void c2c1dWithInterleavedBatchesMatchesPerLineTransforms() {
        checkBatched(1, 97, 4, 4, 1);   // stride = howMany * dist: columns of a 97 x 4 matrix
        checkBatched(0, 16, 7, 3, 2);   // stride > howMany * dist: gaps between points
    }

    /** Batched c2c1d vs transforming each line by hand; everything off the lines stays as it was. */
    private void checkBatched(int offset, int n, int stride, int howMany, int dist) {
        int elements = offset + (howMany - 1) * dist + (n - 1) * stride + 1 + 2;
        for (Norm norm : Norm.values()) {
            double[] data = rnd.complex(elements);
            double[] expected = data.clone();
            Fft1d plan = Fft1dPlanner.plan(n);
            for (int b = 0; b < howMany; b++) {
                int start = 2 * (offset + b * dist);
                plan.transform(expected, start, stride, Direction.INVERSE);
                for (int j = 0; j < n; j++) {
                    expected[start + 2 * j * stride] *= norm.scale(n, Direction.INVERSE);
                    expected[start + 2 * j * stride + 1] *= norm.scale(n, Direction.INVERSE);
                }
            }
            double[] untouched = data.clone();
            ReferenceFft.c2c1d(data, offset, n, stride, howMany, dist, Direction.INVERSE, norm);
            String what = "offset " + offset + " n " + n + " stride " + stride + " howMany " + howMany
                    + " dist " + dist + " " + norm + " " + rnd.tag();
            assertClose(data, expected, 2 * tolerance(n), what);
            for (int i = 0; i < data.length; i++) {
                if (expected[i] == untouched[i]) {
                    assertEquals(untouched[i], data[i], what + " at " + i);
                }
            }
        }
    }

    // ---- float entry points

    @Test
    void floatC2cMatchesDoubleWithinFloatRounding() {
        int[] shape = {12, 25};
        float[] x = Seeded.toFloat(rnd.complex(size(shape)));
        float[] before = x.clone();
        double[] expected = Seeded.toDouble(x);
        ReferenceFft.c2c(expected, shape, new int[] {0, 1}, Direction.FORWARD, Norm.ORTHO);
        float[] got = ReferenceFft.c2c(x, shape, new int[] {0, 1}, Direction.FORWARD, Norm.ORTHO);
        assertClose(got, expected, FLOAT_ROUNDING, "float c2c " + rnd.tag());
        assertArrayEquals(before, x, "float c2c leaves its input alone");
    }

    @Test
    void floatR2cAndC2rMatchDoubleWithinFloatRounding() {
        int[] shape = {9, 14};
        int[] axes = {0, 1};
        float[] x = Seeded.toFloat(rnd.real(size(shape)));
        float[] xBefore = x.clone();
        float[] spectrum = ReferenceFft.r2c(x, shape, axes, Norm.BACKWARD);
        assertClose(spectrum, ReferenceFft.r2c(Seeded.toDouble(x), shape, axes, Norm.BACKWARD),
                FLOAT_ROUNDING, "float r2c " + rnd.tag());
        float[] spectrumBefore = spectrum.clone();
        float[] back = ReferenceFft.c2r(spectrum, shape, axes, Norm.BACKWARD);
        assertClose(back, ReferenceFft.c2r(Seeded.toDouble(spectrum), shape, axes, Norm.BACKWARD),
                FLOAT_ROUNDING, "float c2r " + rnd.tag());
        // rounded to float twice, the spectrum and the result
        assertClose(back, Seeded.toDouble(x), 2 * FLOAT_ROUNDING, "float round trip " + rnd.tag());
        assertArrayEquals(xBefore, x);
        assertArrayEquals(spectrumBefore, spectrum);
    }

    @Test
    void allAxesListsEveryAxisInOrder() {
        assertArrayEquals(new int[] {0, 1, 2, 3}, ReferenceFft.allAxes(4));
        assertArrayEquals(new int[] {}, ReferenceFft.allAxes(0));
    }

    private static double l2(double[] x) {
        return Math.sqrt(Accuracy.sumOfSquares(x));
    }
}
