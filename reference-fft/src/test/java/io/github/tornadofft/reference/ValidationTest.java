package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;

/** Bad arguments are refused with an IllegalArgumentException naming them, before any data changes. */
class ValidationTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();
    private static final Direction F = Direction.FORWARD;
    private static final Norm B = Norm.BACKWARD;

    /** Asserts the call throws IllegalArgumentException whose message names {@code param}. */
    private static void rejects(String param, Executable call) {
        String msg = assertThrows(IllegalArgumentException.class, call).getMessage();
        assertTrue(msg != null && msg.contains(param), "message should name '" + param + "': " + msg);
    }

    /** The same, and {@code data} is exactly as before. */
    private static void rejects(String param, double[] data, Executable call) {
        double[] before = data.clone();
        rejects(param, call);
        assertArrayEquals(before, data, "data changed by a rejected call");
    }

    @Test
    void c2cRejectsNullArgumentsNamingThem() {
        double[] d = rnd.complex(6);
        rejects("data", () -> ReferenceFft.c2c((double[]) null, new int[] {6}, new int[] {0}, F, B));
        rejects("shape", d, () -> ReferenceFft.c2c(d, null, new int[] {0}, F, B));
        rejects("axes", d, () -> ReferenceFft.c2c(d, new int[] {6}, null, F, B));
        rejects("dir", d, () -> ReferenceFft.c2c(d, new int[] {6}, new int[] {0}, null, B));
        rejects("norm", d, () -> ReferenceFft.c2c(d, new int[] {6}, new int[] {0}, F, null));
    }

    @Test
    void shapesMustHaveAtLeastOneDimensionAndPositiveLengths() {
        double[] d = rnd.complex(6);
        rejects("shape", d, () -> ReferenceFft.c2c(d, new int[0], new int[0], F, B));
        rejects("shape[1]", d, () -> ReferenceFft.c2c(d, new int[] {6, 0}, new int[] {0}, F, B));
        rejects("shape[0]", d, () -> ReferenceFft.c2c(d, new int[] {-6}, new int[] {0}, F, B));
        rejects("shape", d, () -> ReferenceFft.c2c(d, new int[] {1 << 16, 1 << 16}, new int[] {0}, F, B));
    }

    @Test
    void dataLengthMustBeTwiceTheProductOfTheShape() {
        double[] d = rnd.complex(6);
        rejects("data.length", d, () -> ReferenceFft.c2c(d, new int[] {2, 2}, new int[] {0}, F, B));
        rejects("data.length", d, () -> ReferenceFft.c2c(d, new int[] {12}, new int[] {0}, F, B));
        double[] odd = new double[13];
        rejects("data.length", odd, () -> ReferenceFft.c2c(odd, new int[] {6}, new int[] {0}, F, B));
    }

    @Test
    void axesMustBeInRangeForTheRank() {
        double[] d = rnd.complex(12);
        int[] shape = {3, 4};
        rejects("axes[0]", d, () -> ReferenceFft.c2c(d, shape, new int[] {2}, F, B));
        rejects("axes[1]", d, () -> ReferenceFft.c2c(d, shape, new int[] {0, -3}, F, B));
        rejects("axes[0]", d, () -> ReferenceFft.r2c(rnd.real(12), shape, new int[] {5}, B));
    }

    @Test
    void axesMustBeDistinctCountingNegativeAliases() {
        double[] d = rnd.complex(12);
        int[] shape = {3, 4};
        rejects("axes", d, () -> ReferenceFft.c2c(d, shape, new int[] {1, 1}, F, B));
        rejects("axes", d, () -> ReferenceFft.c2c(d, shape, new int[] {0, -2}, F, B));
    }

    @Test
    void realTransformsNeedAtLeastOneAxisAndMatchingLengths() {
        double[] real = rnd.real(12);
        int[] shape = {3, 4};
        rejects("axes", real, () -> ReferenceFft.r2c(real, shape, new int[0], B));
        rejects("real.length", real, () -> ReferenceFft.r2c(real, new int[] {13}, new int[] {0}, B));
        rejects("real", () -> ReferenceFft.r2c((double[]) null, shape, new int[] {0}, B));
        rejects("norm", real, () -> ReferenceFft.r2c(real, shape, new int[] {0}, null));
        // c2r of outShape {3, 4} over the last axis wants 3 x 3 complex; over axis 0, 2 x 4
        double[] spectrum = rnd.complex(9);
        ReferenceFft.c2r(spectrum, shape, new int[] {1}, B);
        rejects("complex.length", spectrum, () -> ReferenceFft.c2r(spectrum, shape, new int[] {0}, B));
        rejects("outShape", spectrum, () -> ReferenceFft.c2r(spectrum, null, new int[] {1}, B));
        rejects("outShape[0]", spectrum, () -> ReferenceFft.c2r(spectrum, new int[] {0, 4}, new int[] {1}, B));
        rejects("axes", spectrum, () -> ReferenceFft.c2r(spectrum, shape, new int[0], B));
        rejects("complex", () -> ReferenceFft.c2r((double[]) null, shape, new int[] {1}, B));
    }

    @Test
    void batchedTransformsRejectBadLayouts() {
        double[] d = rnd.complex(40);
        rejects("offset", d, () -> ReferenceFft.c2c1d(d, -1, 8, 1, 2, 8, F, B));
        rejects("n", d, () -> ReferenceFft.c2c1d(d, 0, 0, 1, 2, 8, F, B));
        rejects("stride", d, () -> ReferenceFft.c2c1d(d, 0, 8, 0, 2, 8, F, B));
        rejects("howMany", d, () -> ReferenceFft.c2c1d(d, 0, 8, 1, 0, 8, F, B));
        rejects("dist", d, () -> ReferenceFft.c2c1d(d, 0, 8, 1, 2, 0, F, B));
        rejects("dist", d, () -> ReferenceFft.c2c1d(d, 0, 8, 1, 2, 4, F, B)); // lines would overlap
        rejects("data", d, () -> ReferenceFft.c2c1d(d, 0, 8, 1, 6, 8, F, B)); // the sixth line runs off the end
        rejects("data", d, () -> ReferenceFft.c2c1d(d, 33, 8, 1, 1, 8, F, B));
        rejects("dir", d, () -> ReferenceFft.c2c1d(d, 0, 8, 1, 2, 8, null, B));
        rejects("norm", d, () -> ReferenceFft.c2c1d(d, 0, 8, 1, 2, 8, F, null));
        rejects("data", () -> ReferenceFft.c2c1d(null, 0, 8, 1, 2, 8, F, B));
    }

    @Test
    void floatEntryPointsRejectBadArgumentsAndNeverChangeTheirInput() {
        float[] f = Seeded.toFloat(rnd.complex(6));
        float[] before = f.clone();
        rejects("shape[0]", () -> ReferenceFft.c2c(f, new int[] {0}, new int[] {0}, F, B));
        rejects("data.length", () -> ReferenceFft.c2c(f, new int[] {5}, new int[] {0}, F, B));
        rejects("real.length", () -> ReferenceFft.r2c(f, new int[] {5}, new int[] {0}, B));
        rejects("complex.length", () -> ReferenceFft.c2r(f, new int[] {5}, new int[] {0}, B));
        rejects("data", () -> ReferenceFft.c2c((float[]) null, new int[] {6}, new int[] {0}, F, B));
        assertArrayEquals(before, f);
    }

    @Test
    void allAxesRejectsNegativeRank() {
        rejects("rank", () -> ReferenceFft.allAxes(-1));
    }
}
