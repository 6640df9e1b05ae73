package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

/**
 * Bluestein's algorithm: a DFT of any size n as a circular convolution of size m = 2^k &gt;= 2n-1,
 * done with a power-of-two plan. Used for sizes with a large prime factor.
 *
 * <p>With {@code jk = (j^2 + k^2 - (k-j)^2)/2} and the chirp {@code c_j = e^{-pi i j^2/n}}, the forward
 * transform is
 * <pre>
 *   X_k = c_k sum_j (x_j c_j) conj(c_{k-j})
 * </pre>
 * a convolution of {@code a_j = x_j c_j} with {@code b_l = conj(c_l)}, |l| &lt; n. The plan keeps the
 * chirp and the transform of b (scaled by 1/m); a call is then one forward and one inverse transform of
 * size m. The inverse DFT is computed as {@code conj(forward(conj(x)))}, so one chirp serves both.
 * The chirp phase is reduced as j^2 mod 2n in integers, so it stays exact for large j.
 */
final class BluesteinFft implements Fft1d {
    private final int n;
    private final Fft1d inner;
    /** c_j = e^{-pi i j^2/n}, interleaved, j &lt; n. */
    private final double[] chirp;
    /** The forward transform of b (size m), divided by m. */
    private final double[] bHat;

    /**
     * Plans a transform of n points on top of {@code inner}, a plan of a size m &gt;= 2n - 1.
     *
     * @throws IllegalArgumentException if n &lt; 1 or inner is too short
     */
    BluesteinFft(int n, Fft1d inner) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        int m = inner.size();
        if (m < 2L * n - 1) {
            throw new IllegalArgumentException(
                    "inner plan size must be at least 2n-1 = " + (2L * n - 1) + ", got " + m);
        }
        this.n = n;
        this.inner = inner;
        chirp = new double[2 * n];
        long twoN = 2L * n;
        for (long j = 0; j < n; j++) {
            long q = (j * j) % twoN; // e^{-pi i j^2/n} = e^{-2 pi i (j^2 mod 2n)/(2n)}
            chirp[(int) (2 * j)] = Twiddles.cos2pi(q, twoN);
            chirp[(int) (2 * j + 1)] = -Twiddles.sin2pi(q, twoN);
        }
        bHat = new double[2 * m];
        for (int l = 0; l < n; l++) {
            bHat[2 * l] = chirp[2 * l];
            bHat[2 * l + 1] = -chirp[2 * l + 1];
            if (l > 0) { // b is even in l: b[-l] sits at m - l
                bHat[2 * (m - l)] = chirp[2 * l];
                bHat[2 * (m - l) + 1] = -chirp[2 * l + 1];
            }
        }
        inner.transform(bHat, 0, 1, Direction.FORWARD);
        for (int i = 0; i < 2 * m; i++) {
            bHat[i] /= m;
        }
    }

    /** The power-of-two size Bluestein convolves in for n points: the least 2^k &gt;= 2n - 1. */
    static int convolutionSize(int n) {
        long need = 2L * n - 1;
        long m = Long.highestOneBit(need);
        return (int) (m == need ? m : 2 * m);
    }

    @Override
    public int size() {
        return n;
    }

    /** The inner plan's scratch, then the m-point work buffer. */
    @Override
    public int scratchLength() {
        return inner.scratchLength() + 2 * inner.size();
    }

    @Override
    public void transform(double[] data, int offset, int stride, Direction dir, double[] scratch) {
        Checks.line(data, offset, stride, n, dir, scratch, scratchLength());
        int m = inner.size();
        int a = inner.scratchLength(); // the work buffer starts here; the inner plan uses [0, a)
        double conj = dir == Direction.FORWARD ? 1 : -1; // inverse = conj(forward(conj x))
        // a_j = x_j c_j, zero padded to m
        for (int j = 0; j < n; j++) {
            int d = offset + 2 * j * stride;
            double xr = data[d], xi = conj * data[d + 1];
            double cr = chirp[2 * j], ci = chirp[2 * j + 1];
            scratch[a + 2 * j] = xr * cr - xi * ci;
            scratch[a + 2 * j + 1] = xr * ci + xi * cr;
        }
        java.util.Arrays.fill(scratch, a + 2 * n, a + 2 * m, 0.0);
        // circular convolution with b
        inner.transform(scratch, a, 1, Direction.FORWARD, scratch);
        for (int k = 0; k < m; k++) {
            double xr = scratch[a + 2 * k], xi = scratch[a + 2 * k + 1];
            double br = bHat[2 * k], bi = bHat[2 * k + 1];
            scratch[a + 2 * k] = xr * br - xi * bi;
            scratch[a + 2 * k + 1] = xr * bi + xi * br;
        }
        inner.transform(scratch, a, 1, Direction.INVERSE, scratch);
        // X_k = c_k (a * b)_k
        for (int k = 0; k < n; k++) {
            double yr = scratch[a + 2 * k], yi = scratch[a + 2 * k + 1];
            double cr = chirp[2 * k], ci = chirp[2 * k + 1];
            int d = offset + 2 * k * stride;
            data[d] = yr * cr - yi * ci;
            data[d + 1] = conj * (yr * ci + yi * cr);
        }
    }

    /** The decomposition, e.g. {@code Bluestein(n=97, via MixedRadix(n=256, radices=[4, 4, 4, 4]))}. */
    @Override
    public String toString() {
        return "Bluestein(n=" + n + ", via " + inner + ")";
    }
}
