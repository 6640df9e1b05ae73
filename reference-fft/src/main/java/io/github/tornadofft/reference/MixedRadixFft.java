package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Mixed-radix Cooley-Tukey FFT for sizes whose prime factors are all small, in the self-sorting
 * (Stockham) form of FFTPACK and pocketfft: no bit reversal, each pass reads one buffer and writes the
 * other.
 *
 * <p>n = p_0 p_1 ... p_{m-1}. Before pass s, {@code l1 = p_0 ... p_{s-1}} sub-transforms are done and
 * each of the remaining length-n/l1 problems is split by {@code p = p_s} into {@code ido = n/(l1 p)}
 * interleaved pieces. Viewing the input as {@code in[i][m][k]} (i &lt; ido fastest, m &lt; p, k &lt; l1)
 * and the output as {@code out[i][k][u]}, a pass is
 * <pre>
 *   out[i][k][u] = w^{u l1 i} * sum_m in[i][m][k] e^{sign 2 pi i mu/p},    w = e^{sign 2 pi i/n}
 * </pre>
 * a small DFT followed by a twiddle, done together by one of the {@link Butterflies}. After the last
 * pass (ido = 1) the output is in natural order.
 *
 * <p>Radices are taken as 4s first, then one 2 if left over (moved to the front), then the odd primes
 * in increasing order. 2, 3, 4, 5 and 7 have hand-written kernels; other odd primes use the O(p^2)
 * generic kernel, which is why {@link Fft1dPlanner} sends sizes with a large prime factor to
 * {@link BluesteinFft} instead.
 */
final class MixedRadixFft implements Fft1d {
    private final int n;
    private final Pass[] passes;

    /**
     * One pass: radix p, l1 transforms done before it, ido = n/(l1 p). {@code tw} holds, interleaved,
     * cos and sin of 2 pi u l1 i/n at index 2((p-1) i + u-1) for u = 1..p-1, i = 0..ido-1, so that one
     * butterfly's twiddles lie together (the sign is applied at use). {@code cos}/{@code sin} are the
     * p-th roots for the generic odd kernel.
     */
    private record Pass(int p, int l1, int ido, double[] tw, double[] cos, double[] sin) {}

    /**
     * Plans a transform of n points.
     *
     * @throws IllegalArgumentException if n &lt; 1
     */
    MixedRadixFft(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        this.n = n;
        int[] radices = radices(n);
        // All twiddles used are powers of w = e^{2 pi i/n}: compute each root once, exactly.
        double[] roots = rootsOfUnity(n);
        passes = new Pass[radices.length];
        int l1 = 1;
        for (int s = 0; s < radices.length; s++) {
            int p = radices[s];
            int ido = n / (l1 * p);
            double[] tw = new double[2 * (p - 1) * ido];
            for (int u = 1; u < p; u++) {
                for (int i = 0; i < ido; i++) {
                    int at = 2 * (i * (p - 1) + u - 1);
                    int root = u * l1 * i; // < p l1 ido = n
                    tw[at] = roots[2 * root];
                    tw[at + 1] = roots[2 * root + 1];
                }
            }
            double[] cos = null, sin = null;
            if (!Butterflies.hasKernel(p)) {
                cos = new double[p];
                sin = new double[p];
                for (int j = 0; j < p; j++) {
                    cos[j] = Twiddles.cos2pi(j, p);
                    sin[j] = Twiddles.sin2pi(j, p);
                }
            }
            passes[s] = new Pass(p, l1, ido, tw, cos, sin);
            l1 *= p;
        }
    }

    /** The radices, pocketfft's order: 4s, one 2 (first) if the power of two is odd, then odd primes. */
    static int[] radices(int n) {
        List<Integer> f = new ArrayList<>();
        int len = n;
        while (len % 4 == 0) {
            f.add(4);
            len /= 4;
        }
        if (len % 2 == 0) {
            f.add(0, 2);
            len /= 2;
        }
        for (int p = 3; (long) p * p <= len; p += 2) {
            while (len % p == 0) {
                f.add(p);
                len /= p;
            }
        }
        if (len > 1) {
            f.add(len);
        }
        return f.stream().mapToInt(Integer::intValue).toArray();
    }

    /** cos, sin of 2 pi k/n interleaved, k = 0..n-1. */
    private static double[] rootsOfUnity(int n) {
        return Twiddles.table(n, Direction.INVERSE);
    }

    @Override
    public int size() {
        return n;
    }

    /** Two buffers of n complex values (one suffices when the data are contiguous). */
    @Override
    public int scratchLength() {
        return 4 * n;
    }

    @Override
    public void transform(double[] data, int offset, int stride, Direction dir, double[] scratch) {
        Checks.line(data, offset, stride, n, dir, scratch, scratchLength());
        if (passes.length == 0) {
            return; // n = 1
        }
        int sign = dir.sign();
        // Ping-pong between buffer a and buffer b; contiguous data are their own first buffer.
        double[] a, b = scratch;
        int aOff, bOff;
        if (stride == 1) {
            a = data;
            aOff = offset;
            bOff = 0;
        } else {
            a = scratch;
            aOff = 0;
            bOff = 2 * n;
            for (int j = 0; j < n; j++) {
                scratch[2 * j] = data[offset + 2 * j * stride];
                scratch[2 * j + 1] = data[offset + 2 * j * stride + 1];
            }
        }
        for (Pass pass : passes) {
            pass(pass, a, aOff, b, bOff, sign);
            double[] t = a; a = b; b = t;
            int o = aOff; aOff = bOff; bOff = o;
        }
        // The result is now in buffer a, which is the data itself after an even number of passes.
        if (stride == 1) {
            if (passes.length % 2 == 1) {
                System.arraycopy(a, aOff, data, offset, 2 * n);
            }
        } else {
            for (int j = 0; j < n; j++) {
                data[offset + 2 * j * stride] = a[aOff + 2 * j];
                data[offset + 2 * j * stride + 1] = a[aOff + 2 * j + 1];
            }
        }
    }

    /** One pass: for every (k, i), the twiddled p-point DFT of in[i][.][k] into out[i][k][.]. */
    private static void pass(Pass ps, double[] in, int inOff, double[] out, int outOff, int sign) {
        int p = ps.p, l1 = ps.l1, ido = ps.ido;
        double[] tw = ps.tw;
        int is = 2 * ido;       // distance between the p inputs of one butterfly
        int os = 2 * ido * l1;  // distance between its p outputs
        for (int k = 0; k < l1; k++) {
            int ii = inOff + 2 * ido * p * k;
            int oi = outOff + 2 * ido * k;
            for (int i = 0; i < ido; i++) {
                int ti = 2 * (p - 1) * i;
                switch (p) {
                    case 4 -> Butterflies.dft4(in, ii + 2 * i, is, out, oi + 2 * i, os, tw, ti, sign);
                    case 2 -> Butterflies.dft2(in, ii + 2 * i, is, out, oi + 2 * i, os, tw, ti, sign);
                    case 3 -> Butterflies.dft3(in, ii + 2 * i, is, out, oi + 2 * i, os, tw, ti, sign);
                    case 5 -> Butterflies.dft5(in, ii + 2 * i, is, out, oi + 2 * i, os, tw, ti, sign);
                    case 7 -> Butterflies.dft7(in, ii + 2 * i, is, out, oi + 2 * i, os, tw, ti, sign);
                    default -> Butterflies.dftOdd(p, ps.cos, ps.sin, in, ii + 2 * i, is, out, oi + 2 * i, os,
                            tw, ti, sign);
                }
            }
        }
    }

    /** The decomposition, e.g. {@code MixedRadix(n=96, radices=[2, 4, 4, 3])}. */
    @Override
    public String toString() {
        int[] r = new int[passes.length];
        for (int s = 0; s < r.length; s++) {
            r[s] = passes[s].p;
        }
        return "MixedRadix(n=" + n + ", radices=" + Arrays.toString(r) + ")";
    }
}
