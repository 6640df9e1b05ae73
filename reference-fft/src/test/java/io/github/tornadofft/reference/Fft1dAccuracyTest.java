package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

import static io.github.tornadofft.reference.Accuracy.tolerance;
import static io.github.tornadofft.reference.Accuracy.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every size class against the definition of the DFT, computed in double-double. */
class Fft1dAccuracyTest {
    @RegisterExtension
    final Seeded rnd = new Seeded();

    /**
     * Powers of two and of small primes, every hand-written radix, generic odd radices (11, 13, 17,
     * 31, 61 ...), Bluestein sizes (67, 97, 127, 257, 509, 1009 ...) and 3 * 2^k.
     */
    static IntStream sizes() {
        IntStream listed = IntStream.of(1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 16, 17, 24, 31, 32, 48, 49, 61, 64,
                67, 97, 100, 121, 127, 128, 210, 243, 256, 257, 343, 384, 509, 512, 625, 768, 1000, 1001, 1009,
                1024, 2048);
        IntStream threeTimesPowersOfTwo = IntStream.rangeClosed(0, 10).map(k -> 3 << k);
        return IntStream.concat(listed, threeTimesPowersOfTwo).distinct().sorted();
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void forwardMatchesHighPrecisionDirectDft(int n) {
        checkAgainstDirect(n, Direction.FORWARD);
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void inverseMatchesHighPrecisionDirectDft(int n) {
        checkAgainstDirect(n, Direction.INVERSE);
    }

    private void checkAgainstDirect(int n, Direction dir) {
        double[] x = rnd.complex(n);
        double[] expected = DirectDft.transform(x, dir);
        Fft1d plan = Fft1dPlanner.plan(n);
        plan.transform(x, 0, 1, dir);
        assertClose(x, expected, tolerance(n), plan + " " + dir + " " + rnd.tag());
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void offsetAndStrideChangeOnlyWhereThePointsAre(int n) {
        int stride = 1 + rnd.nextInt(4), offset = rnd.nextInt(5);
        double[] x = rnd.complex(n);
        double[] data = rnd.complex(offset + (n - 1) * stride + 1 + rnd.nextInt(3));
        double[] before = data.clone();
        for (int j = 0; j < n; j++) {
            data[2 * (offset + j * stride)] = x[2 * j];
            data[2 * (offset + j * stride) + 1] = x[2 * j + 1];
        }
        Fft1d plan = Fft1dPlanner.plan(n);
        plan.transform(x, 0, 1, Direction.FORWARD);
        plan.transform(data, 2 * offset, stride, Direction.FORWARD);
        for (int c = 0; c < data.length / 2; c++) {
            int j = (c - offset) / stride;
            boolean onLine = c >= offset && (c - offset) % stride == 0 && j < n;
            double[] want = onLine ? new double[] {x[2 * j], x[2 * j + 1]}
                                   : new double[] {before[2 * c], before[2 * c + 1]};
            assertArrayEquals(want, new double[] {data[2 * c], data[2 * c + 1]},
                    "complex element " + c + ", stride " + stride + ", offset " + offset + " " + rnd.tag());
        }
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void aUnitImpulseTransformsToTheRootsOfUnity(int n) {
        int at = rnd.nextInt(n);
        double[] x = new double[2 * n];
        x[2 * at] = 1;
        Fft1dPlanner.plan(n).transform(x, 0, 1, Direction.FORWARD);
        for (int k = 0; k < n; k++) { // X[k] = e^{-2 pi i at k/n}
            long q = (long) at * k;
            assertEquals(Twiddles.cos2pi(q, n), x[2 * k], 1e-14, "n=" + n + " impulse at " + at + ", k=" + k);
            assertEquals(-Twiddles.sin2pi(q, n), x[2 * k + 1], 1e-14, "n=" + n + " impulse at " + at + ", k=" + k);
        }
    }
}
