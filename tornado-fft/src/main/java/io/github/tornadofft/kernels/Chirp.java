package io.github.tornadofft.kernels;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.reference.Fft1d;
import io.github.tornadofft.reference.Fft1dPlanner;
import io.github.tornadofft.reference.Twiddles;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.stream.IntStream;

/**
 * Bluestein's chirp-z transform: a DFT of any length N as a circular convolution of a power-of-two
 * length M &gt;= 2N - 1, which the Stockham passes compute. These are its three kernels around the
 * passes, and the tables they read.
 *
 * <p>With {@code jk = (j^2 + k^2 - (k - j)^2) / 2} and the chirp {@code c_j = e^{-i pi j^2 / N}},
 * <pre>
 *   X_k = sum_j x_j W_N^{jk} = c_k sum_j (x_j c_j) conj(c_{k-j})
 * </pre>
 * a convolution of {@code a_j = x_j c_j} with the filter {@code b_l = conj(c_l)}, |l| &lt; N. Zero-padded
 * to M points and with b laid out circularly ({@code b_{M-l} = b_l}), it is a circular convolution:
 * {@code Y = IFFT_M(FFT_M(a) FFT_M(b))}, and {@code X_k = c_k Y_k} for k &lt; N. {@link #pad} forms a,
 * {@link #filter} multiplies a's spectrum by b's (precomputed on the host, {@link #filterSpectrum}),
 * {@link #crop} multiplies by the chirp, scales and keeps the first N points.
 *
 * <p>The inverse DFT is {@code conj(DFT(conj x))}: the same chirp, the same filter and the same
 * passes, with the input conjugated in {@link #pad} and the output in {@link #crop} ({@code sign} = -1).
 *
 * <p>The chirp's angles are reduced as {@code j^2 mod 2N} in long arithmetic before any rounding, so
 * they stay exact however large j is (in float, {@code pi j^2 / N} has no correct digit left from
 * j = 2^12 on).
 */
public final class Chirp {

    private Chirp() {
    }

    /**
     * {@code c_j = e^{-i pi j^2 / N}} for j &lt; N, interleaved, each computed in double from
     * {@code j^2 mod 2N} and rounded once to float.
     *
     * @throws IllegalArgumentException naming {@code n} where it is below 1
     */
    public static FloatArray table(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n: at least 1, got " + n);
        }
        FloatArray table = new FloatArray(2 * n);
        IntStream.range(0, n).parallel().forEach(j -> {
            long q = chirpTurn(j, n);
            table.set(2 * j, (float) Twiddles.cos2pi(q, 2L * n));
            table.set(2 * j + 1, (float) -Twiddles.sin2pi(q, 2L * n) + 0f);
        });
        return table;
    }

    /** {@code j^2 mod 2N}: the chirp {@code c_j} is {@code e^{-2 pi i q / 2N}} of this q. */
    static long chirpTurn(long j, int n) {
        return j * j % (2L * n);
    }

    /**
     * The spectrum of the filter, divided by M: {@code FFT_M(b) / M} with {@code b_l = conj(c_l)} at l
     * and at M - l for l &lt; N (zero between), interleaved, computed in double and rounded once to
     * float per step of a four-step FFT ({@code M = P Q}: P transforms of Q points, twiddles, Q
     * transforms of P points, on reference-fft's double plans), so the host needs no more than the
     * table and a row of doubles per thread, even for M = 2^28. The 1/M of the inverse transform rides
     * on it (exact: M is a power of two).
     *
     * @throws IllegalArgumentException naming {@code m} where it is not a power of two of at least 2N - 1
     */
    public static FloatArray filterSpectrum(int n, int m) {
        if (n < 1 || Integer.bitCount(m) != 1 || m < 2L * n - 1) {
            throw new IllegalArgumentException("m: a power of two of at least 2n - 1 = " + (2L * n - 1) + ", got " + m
                    + " (n = " + n + ")");
        }
        int p = 1 << (Integer.numberOfTrailingZeros(m) / 2);
        int q = m / p;
        FloatArray spectrum = new FloatArray(2 * m);
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
                spectrum.set(2 * (j1 * q + k2), (float) (re * wr - im * wi));
                spectrum.set(2 * (j1 * q + k2) + 1, (float) (re * wi + im * wr));
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
                spectrum.set(2 * (k1 * q + k2), (float) (line[2 * k1] / m));
                spectrum.set(2 * (k1 * q + k2) + 1, (float) (line[2 * k1 + 1] / m));
            }
        });
        return spectrum;
    }

    /**
     * The first kernel: {@code a_j = x_j c_j} for j &lt; N, and 0 for N &lt;= j &lt; M, for every transform of
     * the batch ({@code x} conjugated first for the inverse, {@code sign} = -1).
     *
     * @param ctx        TornadoVM's kernel context: work-item {@code gid} writes point {@code gid mod M} of
     *                   transform {@code gid / M}
     * @param x          the input, interleaved complex: point j of transform b at complex index
     *                   {@code b inDistance + j inStride}
     * @param a          the convolution's input, M points per transform, packed
     * @param chirp      {@link #table}(N)
     * @param n          N, the transform's length
     * @param mBits      log2 M
     * @param sign       1 forward; -1 inverse (the input's imaginary part negated)
     * @param total      M times the batch: work-items beyond it do nothing
     * @param inStride   complex elements between the points of a transform
     * @param inDistance complex elements between the first points of consecutive transforms
     */
    public static void pad(KernelContext ctx, FloatArray x, FloatArray a, FloatArray chirp, int n, int mBits, float sign,
                           int total, int inStride, int inDistance) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int j = gid & ((1 << mBits) - 1);
            int b = gid >> mBits;
            float re = 0f;
            float im = 0f;
            if (j < n) {
                int at = 2 * (b * inDistance + j * inStride);
                float xr = x.get(at);
                float xi = sign * x.get(at + 1);
                float cr = chirp.get(2 * j);
                float ci = chirp.get(2 * j + 1);
                re = xr * cr - xi * ci;
                im = xr * ci + xi * cr;
            }
            a.set(2 * gid, re);
            a.set(2 * gid + 1, im);
        }
    }

    /**
     * The middle kernel, between the forward and the inverse passes: each point k of each transform's
     * spectrum times the filter's, {@code A_k B_k / M}, in place.
     *
     * @param ctx      TornadoVM's kernel context: work-item {@code gid} takes point {@code gid mod M} of
     *                 transform {@code gid / M}
     * @param data     the spectra, M points per transform, packed
     * @param spectrum {@link #filterSpectrum}(N, M)
     * @param mBits    log2 M
     * @param total    M times the batch: work-items beyond it do nothing
     */
    public static void filter(KernelContext ctx, FloatArray data, FloatArray spectrum, int mBits, int total) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int k = gid & ((1 << mBits) - 1);
            float ar = data.get(2 * gid);
            float ai = data.get(2 * gid + 1);
            float br = spectrum.get(2 * k);
            float bi = spectrum.get(2 * k + 1);
            data.set(2 * gid, ar * br - ai * bi);
            data.set(2 * gid + 1, ar * bi + ai * br);
        }
    }

    /**
     * The last kernel: {@code X_k = c_k Y_k}, times {@code scale}, for the first N points of each
     * transform's convolution ({@code X} conjugated for the inverse, {@code sign} = -1).
     *
     * @param ctx         TornadoVM's kernel context: work-item {@code gid} writes point {@code gid mod N}
     *                    of transform {@code gid / N}
     * @param y           the convolution, M points per transform, packed
     * @param out         the output, interleaved complex: point k of transform b at complex index
     *                    {@code b outDistance + k outStride}
     * @param chirp       {@link #table}(N)
     * @param n           N, the transform's length
     * @param mBits       log2 M
     * @param sign        1 forward; -1 inverse (the result's imaginary part negated)
     * @param scale       the normalisation
     * @param total       N times the batch: work-items beyond it do nothing
     * @param outStride   complex elements between the points of a transform
     * @param outDistance complex elements between the first points of consecutive transforms
     */
    public static void crop(KernelContext ctx, FloatArray y, FloatArray out, FloatArray chirp, int n, int mBits, float sign,
                            float scale, int total, int outStride, int outDistance) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int b = gid / n;
            int k = gid - b * n;
            int at = 2 * ((b << mBits) + k);
            float yr = y.get(at);
            float yi = y.get(at + 1);
            float cr = chirp.get(2 * k);
            float ci = chirp.get(2 * k + 1);
            int to = 2 * (b * outDistance + k * outStride);
            out.set(to, scale * (yr * cr - yi * ci));
            out.set(to + 1, sign * scale * (yr * ci + yi * cr));
        }
    }
}
