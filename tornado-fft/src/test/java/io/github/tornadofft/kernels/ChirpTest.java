package io.github.tornadofft.kernels;

import io.github.tornadofft.Seed;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.Fft1dPlanner;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import io.github.tornadofft.api.Precision;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bluestein's tables, and its arithmetic with them, on the host (the device runs it in BluesteinPlanTest). */
@ExtendWith(Seed.class)
class ChirpTest {

    /** The least power of two of at least 2n - 1. */
    private static int convolutionLength(int n) {
        int m = 1;
        while (m < 2 * n - 1) {
            m *= 2;
        }
        return m;
    }

    @Test
    void theChirpIsExactToFloatRoundingAtLargeIndices() {
        // c_{N-j} = (-1)^N c_j: both from angles reduced exactly, so equal as floats, for j up to N.
        for (int n : new int[] {7, 1000, 1000003}) {
            FloatArray c = (FloatArray) ChirpTables.table(n, Precision.FLOAT);
            float sign = n % 2 == 0 ? 1f : -1f;
            for (int j = 1; j < n; j += Math.max(1, n / 5000)) {
                assertEquals(sign * c.get(2 * j), c.get(2 * (n - j)), 0f, "re n=" + n + " j=" + j);
                assertEquals(sign * c.get(2 * j + 1), c.get(2 * (n - j) + 1), 0f, "im n=" + n + " j=" + j);
            }
            for (int j = 0; j < Math.min(n, 200); j++) {
                double angle = -Math.PI * j * j / n;
                assertEquals(Math.cos(angle), c.get(2 * j), 1e-7, "n=" + n + " j=" + j);
                assertEquals(Math.sin(angle), c.get(2 * j + 1), 1e-7, "n=" + n + " j=" + j);
            }
        }
    }

    @Test
    void theFilterSpectrumIsTheDftOfTheCircularFilterOverM() {
        // M = 2^k with k odd and even (the four-step's P and Q differ, or not), and an M larger than needed.
        int[][] cases = {{3, 8}, {5, 16}, {100, 256}, {1000, 2048}, {1000, 4096}, {4099, 16384}, {65537, 262144}};
        for (int[] c : cases) {
            int n = c[0];
            int m = c[1];
            double[] b = new double[2 * m];
            for (int l = 0; l < n; l++) {
                double angle = Math.PI * ((long) l * l % (2L * n)) / n;
                b[2 * l] = Math.cos(angle);
                b[2 * l + 1] = Math.sin(angle);
                if (l > 0) {
                    b[2 * (m - l)] = b[2 * l];
                    b[2 * (m - l) + 1] = b[2 * l + 1];
                }
            }
            Fft1dPlanner.plan(m).transform(b, 0, 1, Direction.FORWARD);
            FloatArray spectrum = (FloatArray) ChirpTables.filterSpectrum(n, m, Precision.FLOAT);
            DoubleArray wide = (DoubleArray) ChirpTables.filterSpectrum(n, m, Precision.DOUBLE);
            double diff = 0;
            double wideDiff = 0;
            double norm = 0;
            for (int i = 0; i < 2 * m; i++) {
                double d = spectrum.get(i) - b[i] / m;
                double w = wide.get(i) - b[i] / m;
                diff += d * d;
                wideDiff += w * w;
                norm += b[i] / m * (b[i] / m);
            }
            double error = Math.sqrt(diff / norm);
            assertTrue(error < 0x1p-23, "n=" + n + " m=" + m + ": relative L2 error " + error);
            // In double: double rounding per step, and the reference transform's own error.
            double wideError = Math.sqrt(wideDiff / norm);
            assertTrue(wideError < 1e-14, "double n=" + n + " m=" + m + ": relative L2 error " + wideError);
        }
    }

    @Test
    void theKernelsArithmeticWithTheFloatTablesIsTheDftForEveryLengthTo300() {
        // pad, filter and crop as the kernels compute them (in double here), the M-point transforms exact:
        // what is left is the tables' float rounding, a few 2^-24.
        SplittableRandom random = Seed.random();
        for (int n = 1; n <= 300; n++) {
            int m = convolutionLength(n);
            FloatArray c = (FloatArray) ChirpTables.table(n, Precision.FLOAT);
            FloatArray spectrum = (FloatArray) ChirpTables.filterSpectrum(n, m, Precision.FLOAT);
            for (Direction direction : Direction.values()) {
                double sign = direction == Direction.FORWARD ? 1 : -1;
                double[] x = new double[2 * n];
                for (int i = 0; i < x.length; i++) {
                    x[i] = 2 * random.nextDouble() - 1;
                }
                double[] a = new double[2 * m];
                for (int j = 0; j < n; j++) {
                    double xr = x[2 * j];
                    double xi = sign * x[2 * j + 1];
                    a[2 * j] = xr * c.get(2 * j) - xi * c.get(2 * j + 1);
                    a[2 * j + 1] = xr * c.get(2 * j + 1) + xi * c.get(2 * j);
                }
                Fft1dPlanner.plan(m).transform(a, 0, 1, Direction.FORWARD);
                for (int k = 0; k < m; k++) {
                    double ar = a[2 * k];
                    double ai = a[2 * k + 1];
                    a[2 * k] = ar * spectrum.get(2 * k) - ai * spectrum.get(2 * k + 1);
                    a[2 * k + 1] = ar * spectrum.get(2 * k + 1) + ai * spectrum.get(2 * k);
                }
                Fft1dPlanner.plan(m).transform(a, 0, 1, Direction.INVERSE);
                double[] expected = x.clone();
                ReferenceFft.c2c1d(expected, 0, n, 1, 1, n, direction, Norm.BACKWARD);
                double diff = 0;
                double norm = 0;
                for (int k = 0; k < n; k++) {
                    double yr = a[2 * k] * c.get(2 * k) - a[2 * k + 1] * c.get(2 * k + 1);
                    double yi = sign * (a[2 * k] * c.get(2 * k + 1) + a[2 * k + 1] * c.get(2 * k));
                    double scale = direction == Direction.FORWARD ? 1 : 1.0 / n;
                    diff += Math.pow(yr * scale - expected[2 * k], 2) + Math.pow(yi * scale - expected[2 * k + 1], 2);
                    norm += expected[2 * k] * expected[2 * k] + expected[2 * k + 1] * expected[2 * k + 1];
                }
                double error = Math.sqrt(diff / norm);
                assertTrue(error < 4 * 0x1p-24, direction + " n=" + n + ": relative L2 error " + error + ", " + Seed.tag());
            }
        }
    }

    @Test
    void tablesRefuseLengthsTheyCannotServeNamingTheParameter() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ChirpTables.table(0, Precision.FLOAT)).getMessage()
                .startsWith("n:"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ChirpTables.filterSpectrum(100, 128, Precision.DOUBLE))
                .getMessage().startsWith("m: a power of two of at least 2n - 1 = 199"));
        assertThrows(IllegalArgumentException.class, () -> ChirpTables.filterSpectrum(100, 300, Precision.FLOAT));
    }
}
