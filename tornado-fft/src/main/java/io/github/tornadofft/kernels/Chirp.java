package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Bluestein's chirp-z transform: a DFT of any length N as a circular convolution of a power-of-two
 * length M &gt;= 2N - 1, which the Stockham passes compute. These are its three kernels around the
 * passes ({@link ChirpTables} builds the tables they read). The source of {@code ChirpDouble} too, the
 * same kernels in double, which the build writes from this file (module fft-codegen's {@code PrecisionTwin}).
 *
 * <p>With {@code jk = (j^2 + k^2 - (k - j)^2) / 2} and the chirp {@code c_j = e^{-i pi j^2 / N}},
 * <pre>
 *   X_k = sum_j x_j W_N^{jk} = c_k sum_j (x_j c_j) conj(c_{k-j})
 * </pre>
 * a convolution of {@code a_j = x_j c_j} with the filter {@code b_l = conj(c_l)}, |l| &lt; N. Zero-padded
 * to M points and with b laid out circularly ({@code b_{M-l} = b_l}), it is a circular convolution:
 * {@code Y = IFFT_M(FFT_M(a) FFT_M(b))}, and {@code X_k = c_k Y_k} for k &lt; N. {@link #pad} forms a,
 * {@link #filter} multiplies a's spectrum by b's (precomputed on the host, {@link ChirpTables#filterSpectrum}),
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
     * The first kernel: {@code a_j = x_j c_j} for j &lt; N, and 0 for N &lt;= j &lt; M, for every transform of
     * the batch ({@code x} conjugated first for the inverse, {@code sign} = -1).
     *
     * @param ctx        TornadoVM's kernel context: work-item {@code gid} writes point {@code gid mod M} of
     *                   transform {@code gid / M}
     * @param x          the input, interleaved complex: point j of transform b at complex index
     *                   {@code b inDistance + j inStride}
     * @param a          the convolution's input, M points per transform, packed
     * @param chirp      {@link ChirpTables#table}(N)
     * @param n          N, the transform's length
     * @param mBits      log2 M
     * @param sign       1 forward; -1 inverse (the input's imaginary part negated)
     * @param total      M times the batch: work-items beyond it do nothing
     * @param inner      transforms per o: transform b is (o, c) of o = b / inner, c = b mod inner
     * @param inStride   complex elements between the points of a transform
     * @param inDistance complex elements from one o to the next
     * @param columns    0: point j of (o, c) at {@code o inDistance + (c n + j) inStride} (rows); else at
     *                   {@code o inDistance + (c + j inner) inStride} (columns); with inner 1 both are
     *                   {@code b inDistance + j inStride}
     */
    public static void pad(KernelContext ctx, FloatArray x, FloatArray a, FloatArray chirp, int n, int mBits, float sign,
                           int total, int inner, int inStride, int inDistance, int columns) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int j = gid & ((1 << mBits) - 1);
            int b = gid >> mBits;
            float re = 0f;
            float im = 0f;
            if (j < n) {
                // Transform b is (o, c), o = b / inner, c = b mod inner: point j along a row (c n + j) or a column (c + j inner).
                int o = b / inner;
                int c = b - o * inner;
                int at = 2 * (o * inDistance + (columns != 0 ? c + j * inner : c * n + j) * inStride);
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
     * @param spectrum {@link ChirpTables#filterSpectrum}(N, M)
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
     * @param chirp       {@link ChirpTables#table}(N)
     * @param n           N, the transform's length
     * @param mBits       log2 M
     * @param sign        1 forward; -1 inverse (the result's imaginary part negated)
     * @param scale       the normalisation
     * @param total       N times the batch: work-items beyond it do nothing
     * @param inner       as for {@link #pad}
     * @param outStride   complex elements between the points of a transform
     * @param outDistance complex elements from one o to the next
     * @param columns     as for {@link #pad}
     */
    public static void crop(KernelContext ctx, FloatArray y, FloatArray out, FloatArray chirp, int n, int mBits, float sign,
                            float scale, int total, int inner, int outStride, int outDistance, int columns) {
        int gid = ctx.globalIdx;
        if (gid < total) {
            int b = gid / n;
            int k = gid - b * n;
            int at = 2 * ((b << mBits) + k);
            float yr = y.get(at);
            float yi = y.get(at + 1);
            float cr = chirp.get(2 * k);
            float ci = chirp.get(2 * k + 1);
            int o = b / inner;
            int c = b - o * inner;
            int to = 2 * (o * outDistance + (columns != 0 ? c + k * inner : c * n + k) * outStride);
            out.set(to, scale * (yr * cr - yi * ci));
            out.set(to + 1, sign * scale * (yr * ci + yi * cr));
        }
    }
}
