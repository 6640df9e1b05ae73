package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;

import static io.github.tornadofft.reference.Accuracy.tolerance;
import static io.github.tornadofft.reference.Accuracy.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The algebra any DFT obeys, on sizes of every kind (mixed radix, generic odd radix, Bluestein). */
class FftPropertiesTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 15, 97, 360, 1009, 4096, 6561, 65537, 100000})
    void forwardThenInverseWithBackwardNormGivesTheInputBack(int n) {
        double[] x = rnd.complex(n);
        double[] y = x.clone();
        ReferenceFft.c2c(y, new int[] {n}, new int[] {0}, Direction.FORWARD, Norm.BACKWARD);
        ReferenceFft.c2c(y, new int[] {n}, new int[] {0}, Direction.INVERSE, Norm.BACKWARD);
        assertClose(y, x, 2 * tolerance(n), "n=" + n + " " + rnd.tag());   // two transforms
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 64, 187, 1009, 30030})
    void transformIsLinear(int n) {
        double[] x = rnd.complex(n), y = rnd.complex(n);
        double ar = rnd.scalar(), ai = rnd.scalar(), br = rnd.scalar(), bi = rnd.scalar();
        double[] mix = new double[2 * n]; // a x + b y
        for (int j = 0; j < n; j++) {
            mix[2 * j] = ar * x[2 * j] - ai * x[2 * j + 1] + br * y[2 * j] - bi * y[2 * j + 1];
            mix[2 * j + 1] = ar * x[2 * j + 1] + ai * x[2 * j] + br * y[2 * j + 1] + bi * y[2 * j];
        }
        Fft1d plan = Fft1dPlanner.plan(n);
        plan.transform(x, 0, 1, Direction.FORWARD);
        plan.transform(y, 0, 1, Direction.FORWARD);
        plan.transform(mix, 0, 1, Direction.FORWARD);
        double[] expected = new double[2 * n]; // a F(x) + b F(y)
        for (int j = 0; j < n; j++) {
            expected[2 * j] = ar * x[2 * j] - ai * x[2 * j + 1] + br * y[2 * j] - bi * y[2 * j + 1];
            expected[2 * j + 1] = ar * x[2 * j + 1] + ai * x[2 * j] + br * y[2 * j + 1] + bi * y[2 * j];
        }
        assertClose(mix, expected, 3 * tolerance(n), "n=" + n + " " + rnd.tag());   // three transforms
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 128, 999, 1031, 65536})
    void parsevalEnergyIsPreserved(int n) {
        double[] x = rnd.complex(n);
        double before = energy(x);
        Fft1dPlanner.plan(n).transform(x, 0, 1, Direction.FORWARD);
        double after = energy(x) / n;
        // The energy's relative error is at most twice the values' relative L2 error.
        assertEquals(before, after, 2 * tolerance(n) * before, "sum |x|^2 vs sum |X|^2 / n, n=" + n + " " + rnd.tag());
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 45, 1009})
    void inverseIsTheConjugateOfTheForwardTransformOfTheConjugate(int n) {
        double[] x = rnd.complex(n);
        double[] viaForward = x.clone();
        for (int j = 0; j < n; j++) {
            viaForward[2 * j + 1] = -viaForward[2 * j + 1];
        }
        Fft1d plan = Fft1dPlanner.plan(n);
        plan.transform(viaForward, 0, 1, Direction.FORWARD);
        for (int j = 0; j < n; j++) {
            viaForward[2 * j + 1] = -viaForward[2 * j + 1];
        }
        plan.transform(x, 0, 1, Direction.INVERSE);
        assertClose(x, viaForward, 2 * tolerance(n), "n=" + n + " " + rnd.tag());   // two transforms
    }

    private static double energy(double[] x) {
        return Accuracy.sumOfSquares(x);
    }
}
