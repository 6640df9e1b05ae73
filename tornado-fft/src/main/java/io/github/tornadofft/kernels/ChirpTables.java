package io.github.tornadofft.kernels;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.reference.Fft1d;
import io.github.tornadofft.reference.Fft1dPlanner;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.stream.IntStream;

/**
 * The tables Bluestein's kernels ({@link Chirp}, and its double twin) read, built on the host in
 * double and stored in the plan's precision: the chirp and the filter's spectrum.
 */
public final class ChirpTables {

    private ChirpTables() {
    }

    /**
     * {@code c_j = e^{-i pi j^2 / N}} for j &lt; N, interleaved, each computed in double from
     * {@code j^2 mod 2N} and rounded once to {@code precision}.
     *
     * @throws IllegalArgumentException naming {@code n} where it is below 1
     */
    public static TornadoNativeArray table(int n, Precision precision) {
        if (n < 1) {
            throw new IllegalArgumentException("n: at least 1, got " + n);
        }
        Values table = Values.of(precision, 2 * n);
        IntStream.range(0, n).parallel().forEach(j -> {
            long q = chirpTurn(j, n);
            table.set(2 * j, Twiddles.cos2pi(q, 2L * n));
            table.set(2 * j + 1, -Twiddles.sin2pi(q, 2L * n) + 0.0);
        });
        return table.array();
    }

    /** {@code j^2 mod 2N}: the chirp {@code c_j} is {@code e^{-2 pi i q / 2N}} of this q. */
    static long chirpTurn(long j, int n) {
        return j * j % (2L * n);
    }

    /**
     * The spectrum of the filter, divided by M: {@code FFT_M(b) / M} with {@code b_l = conj(c_l)} at l
     * and at M - l for l &lt; N (zero between), interleaved, computed in double and rounded once to
     * {@code precision} per step of a four-step FFT ({@code M = P Q}: P transforms of Q points, twiddles, Q
     * transforms of P points, on reference-fft's double plans), so the host needs no more than the
     * table and a row of doubles per thread, even for M = 2^28. The 1/M of the inverse transform rides
     * on it (exact: M is a power of two).
     *
     * @throws IllegalArgumentException naming {@code m} where it is not a power of two of at least 2N - 1
     */
    public static TornadoNativeArray filterSpectrum(int n, int m, Precision precision) {
        if (n < 1 || Integer.bitCount(m) != 1 || m < 2L * n - 1) {
            throw new IllegalArgumentException("m: a power of two of at least 2n - 1 = " + (2L * n - 1) + ", got " + m
                    + " (n = " + n + ")");
        }
        int p = 1 << (Integer.numberOfTrailingZeros(m) / 2);
        int q = m / p;
        Values spectrum = Values.of(precision, 2 * m);
        Fft1d columns = Fft1dPlanner.plan(q);
        Fft1d rows = Fft1dPlanner.plan(p);
        // Step 1: for each j1 < P, the Q-point DFT of b_{j1 + P j2} over j2, times W_M^{j1 k2}, at j1 Q + k2.
        IntStream.range(0, p).parallel().forEach(j1 -> {
            double[] line = new double[2 * q];
            for (int j2 = 0; j2 < q; j2++) {
                int l = j1 + p * j2;
                int from = l < n ? l : m - l < n ? m - l : -1;
                if (from >= 0) {
                    long turn = chirpTurn(from, n);
                    line[2 * j2] = Twiddles.cos2pi(turn, 2L * n);
                    line[2 * j2 + 1] = Twiddles.sin2pi(turn, 2L * n);
                }
            }
            columns.transform(line, 0, 1, Direction.FORWARD);
            for (int k2 = 0; k2 < q; k2++) {
                double wr = Twiddles.cos2pi((long) j1 * k2, m);
                double wi = -Twiddles.sin2pi((long) j1 * k2, m);
                double re = line[2 * k2];
                double im = line[2 * k2 + 1];
                spectrum.set(2 * (j1 * q + k2), re * wr - im * wi);
                spectrum.set(2 * (j1 * q + k2) + 1, re * wi + im * wr);
            }
        });
        // Step 2: for each k2 < Q, the P-point DFT over j1; B_{Q k1 + k2} lands where T[k1][k2] was.
        IntStream.range(0, q).parallel().forEach(k2 -> {
            double[] line = new double[2 * p];
            for (int j1 = 0; j1 < p; j1++) {
                line[2 * j1] = spectrum.get(2 * (j1 * q + k2));
                line[2 * j1 + 1] = spectrum.get(2 * (j1 * q + k2) + 1);
            }
            rows.transform(line, 0, 1, Direction.FORWARD);
            for (int k1 = 0; k1 < p; k1++) {
                spectrum.set(2 * (k1 * q + k2), line[2 * k1] / m);
                spectrum.set(2 * (k1 * q + k2) + 1, line[2 * k1 + 1] / m);
            }
        });
        return spectrum.array();
    }

    /** An array of either precision written and read as doubles (rounded once on store for float). */
    private record Values(FloatArray floats, DoubleArray doubles) {

        static Values of(Precision precision, int length) {
            return precision == Precision.FLOAT ? new Values(new FloatArray(length), null)
                    : new Values(null, new DoubleArray(length));
        }

        void set(int i, double value) {
            if (floats != null) {
                floats.set(i, (float) value);
            } else {
                doubles.set(i, value);
            }
        }

        double get(int i) {
            return floats != null ? floats.get(i) : doubles.get(i);
        }

        TornadoNativeArray array() {
            return floats != null ? floats : doubles;
        }
    }
}
