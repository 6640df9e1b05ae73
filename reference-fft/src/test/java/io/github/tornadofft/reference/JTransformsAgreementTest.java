package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

import static io.github.tornadofft.reference.Accuracy.tolerance;
import static io.github.tornadofft.reference.Accuracy.assertClose;

import org.jtransforms.fft.DoubleFFT_1D;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Large sizes, where a direct DFT is too slow, against an independent FFT library. */
class JTransformsAgreementTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();


    // 2^16, 2^20, 3 * 2^15, 10^6, 7^7, 2*3*5*7*11*13*17, and the primes 65537 and 1000003 (Bluestein)
    @ParameterizedTest
    @ValueSource(ints = {65536, 1048576, 98304, 1000000, 823543, 510510, 65537, 1000003})
    void forwardMatchesJTransforms(int n) {
        double[] x = rnd.complex(n);
        double[] expected = x.clone();
        new DoubleFFT_1D(n).complexForward(expected);
        Fft1d plan = Fft1dPlanner.plan(n);
        plan.transform(x, 0, 1, Direction.FORWARD);
        assertClose(x, expected, tolerance(n), plan + " forward " + rnd.tag());
    }

    @ParameterizedTest
    @ValueSource(ints = {65536, 1048576, 98304, 1000000, 823543, 510510, 65537, 1000003})
    void inverseMatchesUnscaledJTransformsInverse(int n) {
        double[] x = rnd.complex(n);
        double[] expected = x.clone();
        new DoubleFFT_1D(n).complexInverse(expected, false); // false: no 1/n, like ours
        Fft1d plan = Fft1dPlanner.plan(n);
        plan.transform(x, 0, 1, Direction.INVERSE);
        assertClose(x, expected, tolerance(n), plan + " inverse " + rnd.tag());
    }
}
