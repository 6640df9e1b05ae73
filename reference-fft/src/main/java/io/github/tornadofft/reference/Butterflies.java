package io.github.tornadofft.reference;

/**
 * The butterflies every pass of {@link MixedRadixFft} is built from: a p-point DFT
 * {@code y[u] = sum_m x[m] e^{sign 2 pi i mu/p}}, read from one place and written to another, with
 * output u (u &gt;= 1) multiplied on the way out by a twiddle factor w_u (the decimation-in-frequency
 * butterfly). Doing the twiddle in the same step as the DFT halves the memory traffic of a pass.
 *
 * <p>All kernels share one calling convention. Point m of the input is the complex number at
 * {@code in[ii + m*is]} (real) and {@code in[ii + m*is + 1]} (imaginary); output point u goes to
 * {@code out[oi + u*os]} and {@code +1}. Indices and strides count doubles. The twiddles are
 * {@code w_u = tw[ti + 2(u-1)] + sign i tw[ti + 2(u-1) + 1]} (cos and sin of a positive angle; the
 * direction's sign is applied here). Input and output must not overlap.
 *
 * <p>The odd kernels use the same symmetry: with {@code s_m = x_m + x_{p-m}} and
 * {@code d_m = x_m - x_{p-m}}, m = 1..(p-1)/2,
 * <pre>
 *   y_u     = x_0 + sum_m cos(2 pi mu/p) s_m + sign i sum_m sin(2 pi mu/p) d_m
 *   y_{p-u} = x_0 + sum_m cos(2 pi mu/p) s_m - sign i sum_m sin(2 pi mu/p) d_m
 * </pre>
 * so each pair of outputs costs one set of real multiplications.
 */
final class Butterflies {
    private Butterflies() {}

    private static final double C3 = -0.5;                       // cos(2 pi/3)
    private static final double S3 = Twiddles.sin2pi(1, 3);      // sin(2 pi/3) = sqrt(3)/2

    private static final double C5_1 = Twiddles.cos2pi(1, 5);
    private static final double C5_2 = Twiddles.cos2pi(2, 5);
    private static final double S5_1 = Twiddles.sin2pi(1, 5);
    private static final double S5_2 = Twiddles.sin2pi(2, 5);

    private static final double C7_1 = Twiddles.cos2pi(1, 7);
    private static final double C7_2 = Twiddles.cos2pi(2, 7);
    private static final double C7_3 = Twiddles.cos2pi(3, 7);
    private static final double S7_1 = Twiddles.sin2pi(1, 7);
    private static final double S7_2 = Twiddles.sin2pi(2, 7);
    private static final double S7_3 = Twiddles.sin2pi(3, 7);

    /** The radices with a hand-written kernel; any other odd p goes to {@link #dftOdd}. */
    static boolean hasKernel(int p) {
        return p == 2 || p == 3 || p == 4 || p == 5 || p == 7;
    }

    /** 2 points: y0 = x0 + x1, y1 = w1 (x0 - x1). */
    static void dft2(double[] in, int ii, int is, double[] out, int oi, int os,
                     double[] tw, int ti, int sign) {
        double x0r = in[ii], x0i = in[ii + 1];
        double x1r = in[ii + is], x1i = in[ii + is + 1];
        out[oi] = x0r + x1r;
        out[oi + 1] = x0i + x1i;
        store(out, oi + os, x0r - x1r, x0i - x1i, tw, ti, sign);
    }

    /** 3 points: y0 = x0 + s, y1,2 = x0 - s/2 +- sign i (sqrt(3)/2) d, with s = x1 + x2, d = x1 - x2. */
    static void dft3(double[] in, int ii, int is, double[] out, int oi, int os,
                     double[] tw, int ti, int sign) {
        double x0r = in[ii], x0i = in[ii + 1];
        double x1r = in[ii + is], x1i = in[ii + is + 1];
        double x2r = in[ii + 2 * is], x2i = in[ii + 2 * is + 1];
        double sr = x1r + x2r, si = x1i + x2i;
        out[oi] = x0r + sr;
        out[oi + 1] = x0i + si;
        pair(out, oi + os, oi + 2 * os, x0r + C3 * sr, x0i + C3 * si,
                S3 * (x1r - x2r), S3 * (x1i - x2i), tw, ti, 3, 1, sign);
    }

    /** 4 points: two radix-2 stages; the inner rotation by sign i costs no multiplication. */
    static void dft4(double[] in, int ii, int is, double[] out, int oi, int os,
                     double[] tw, int ti, int sign) {
        double x0r = in[ii], x0i = in[ii + 1];
        double x1r = in[ii + is], x1i = in[ii + is + 1];
        double x2r = in[ii + 2 * is], x2i = in[ii + 2 * is + 1];
        double x3r = in[ii + 3 * is], x3i = in[ii + 3 * is + 1];
        double t0r = x0r + x2r, t0i = x0i + x2i;
        double t1r = x0r - x2r, t1i = x0i - x2i;
        double t2r = x1r + x3r, t2i = x1i + x3i;
        double t3r = sign * (x3i - x1i), t3i = sign * (x1r - x3r); // sign i (x1 - x3)
        out[oi] = t0r + t2r;
        out[oi + 1] = t0i + t2i;
        store(out, oi + os, t1r + t3r, t1i + t3i, tw, ti, sign);
        store(out, oi + 2 * os, t0r - t2r, t0i - t2i, tw, ti + 2, sign);
        store(out, oi + 3 * os, t1r - t3r, t1i - t3i, tw, ti + 4, sign);
    }

    /** 5 points by the odd symmetry (class comment). */
    static void dft5(double[] in, int ii, int is, double[] out, int oi, int os,
                     double[] tw, int ti, int sign) {
        double x0r = in[ii], x0i = in[ii + 1];
        double x1r = in[ii + is], x1i = in[ii + is + 1];
        double x2r = in[ii + 2 * is], x2i = in[ii + 2 * is + 1];
        double x3r = in[ii + 3 * is], x3i = in[ii + 3 * is + 1];
        double x4r = in[ii + 4 * is], x4i = in[ii + 4 * is + 1];
        double s1r = x1r + x4r, s1i = x1i + x4i, d1r = x1r - x4r, d1i = x1i - x4i;
        double s2r = x2r + x3r, s2i = x2i + x3i, d2r = x2r - x3r, d2i = x2i - x3i;
        out[oi] = x0r + s1r + s2r;
        out[oi + 1] = x0i + s1i + s2i;
        // u = 1 (and 4): cos c1, c2; sin S1, S2
        pair(out, oi + os, oi + 4 * os,
                x0r + C5_1 * s1r + C5_2 * s2r, x0i + C5_1 * s1i + C5_2 * s2i,
                S5_1 * d1r + S5_2 * d2r, S5_1 * d1i + S5_2 * d2i, tw, ti, 5, 1, sign);
        // u = 2 (and 3): cos c2, c1; sin S2, -S1
        pair(out, oi + 2 * os, oi + 3 * os,
                x0r + C5_2 * s1r + C5_1 * s2r, x0i + C5_2 * s1i + C5_1 * s2i,
                S5_2 * d1r - S5_1 * d2r, S5_2 * d1i - S5_1 * d2i, tw, ti, 5, 2, sign);
    }

    /** 7 points by the odd symmetry (class comment). */
    static void dft7(double[] in, int ii, int is, double[] out, int oi, int os,
                     double[] tw, int ti, int sign) {
        double x0r = in[ii], x0i = in[ii + 1];
        double x1r = in[ii + is], x1i = in[ii + is + 1];
        double x2r = in[ii + 2 * is], x2i = in[ii + 2 * is + 1];
        double x3r = in[ii + 3 * is], x3i = in[ii + 3 * is + 1];
        double x4r = in[ii + 4 * is], x4i = in[ii + 4 * is + 1];
        double x5r = in[ii + 5 * is], x5i = in[ii + 5 * is + 1];
        double x6r = in[ii + 6 * is], x6i = in[ii + 6 * is + 1];
        double s1r = x1r + x6r, s1i = x1i + x6i, d1r = x1r - x6r, d1i = x1i - x6i;
        double s2r = x2r + x5r, s2i = x2i + x5i, d2r = x2r - x5r, d2i = x2i - x5i;
        double s3r = x3r + x4r, s3i = x3i + x4i, d3r = x3r - x4r, d3i = x3i - x4i;
        out[oi] = x0r + s1r + s2r + s3r;
        out[oi + 1] = x0i + s1i + s2i + s3i;
        // u = 1 (and 6): m u = 1, 2, 3: cos c1, c2, c3; sin S1, S2, S3
        pair(out, oi + os, oi + 6 * os,
                x0r + C7_1 * s1r + C7_2 * s2r + C7_3 * s3r, x0i + C7_1 * s1i + C7_2 * s2i + C7_3 * s3i,
                S7_1 * d1r + S7_2 * d2r + S7_3 * d3r, S7_1 * d1i + S7_2 * d2i + S7_3 * d3i, tw, ti, 7, 1, sign);
        // u = 2 (and 5): m u = 2, 4, 6: cos c2, c3, c1; sin S2, -S3, -S1
        pair(out, oi + 2 * os, oi + 5 * os,
                x0r + C7_2 * s1r + C7_3 * s2r + C7_1 * s3r, x0i + C7_2 * s1i + C7_3 * s2i + C7_1 * s3i,
                S7_2 * d1r - S7_3 * d2r - S7_1 * d3r, S7_2 * d1i - S7_3 * d2i - S7_1 * d3i, tw, ti, 7, 2, sign);
        // u = 3 (and 4): m u = 3, 6, 9 = 2: cos c3, c1, c2; sin S3, -S1, S2
        pair(out, oi + 3 * os, oi + 4 * os,
                x0r + C7_3 * s1r + C7_1 * s2r + C7_2 * s3r, x0i + C7_3 * s1i + C7_1 * s2i + C7_2 * s3i,
                S7_3 * d1r - S7_1 * d2r + S7_2 * d3r, S7_3 * d1i - S7_1 * d2i + S7_2 * d3i, tw, ti, 7, 3, sign);
    }

    /**
     * Any odd number p of points, O(p^2), by the odd symmetry. {@code cos[j]} and {@code sin[j]} are
     * cos and sin of 2 pi j/p, j = 0..p-1.
     */
    static void dftOdd(int p, double[] cos, double[] sin, double[] in, int ii, int is, double[] out, int oi,
                       int os, double[] tw, int ti, int sign) {
        double x0r = in[ii], x0i = in[ii + 1];
        int h = p / 2;
        double y0r = x0r, y0i = x0i;
        for (int m = 1; m <= h; m++) {
            y0r += in[ii + m * is] + in[ii + (p - m) * is];
            y0i += in[ii + m * is + 1] + in[ii + (p - m) * is + 1];
        }
        for (int u = 1; u <= h; u++) {
            double ar = x0r, ai = x0i, br = 0, bi = 0;
            int j = 0; // j = m u mod p
            for (int m = 1; m <= h; m++) {
                j += u;
                if (j >= p) {
                    j -= p;
                }
                int lo = ii + m * is, hi = ii + (p - m) * is;
                ar += cos[j] * (in[lo] + in[hi]);
                ai += cos[j] * (in[lo + 1] + in[hi + 1]);
                br += sin[j] * (in[lo] - in[hi]);
                bi += sin[j] * (in[lo + 1] - in[hi + 1]);
            }
            pair(out, oi + u * os, oi + (p - u) * os, ar, ai, br, bi, tw, ti, p, u, sign);
        }
        out[oi] = y0r;
        out[oi + 1] = y0i;
    }

    /**
     * Stores y_u = a + sign i b at {@code at} and y_{p-u} = a - sign i b at {@code bt}, each times its
     * twiddle (w_u at {@code tw[ti + 2(u-1)]}, w_{p-u} at {@code tw[ti + 2(p-u-1)]}).
     */
    private static void pair(double[] out, int at, int bt, double ar, double ai, double br, double bi,
                             double[] tw, int ti, int p, int u, int sign) {
        // sign i b = (-sign bi, sign br)
        double rr = -sign * bi, ri = sign * br;
        store(out, at, ar + rr, ai + ri, tw, ti + 2 * (u - 1), sign);
        store(out, bt, ar - rr, ai - ri, tw, ti + 2 * (p - u - 1), sign);
    }

    /** out[at] = (re + i im) (c + sign i s), with c, s = tw[t], tw[t + 1]. */
    private static void store(double[] out, int at, double re, double im, double[] tw, int t, int sign) {
        double c = tw[t], s = sign * tw[t + 1];
        out[at] = re * c - im * s;
        out[at + 1] = re * s + im * c;
    }
}
