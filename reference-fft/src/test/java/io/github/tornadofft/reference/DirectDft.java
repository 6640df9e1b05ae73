package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The O(n^2) DFT straight from its definition, {@code X[k] = sum_j x[j] e^{sign 2 pi i jk/n}},
 * accumulated in double-double with double-double twiddles from {@link ExactTrig}: correct to nearly
 * the last bit of each output, so any error measured against it is the FFT's.
 */
final class DirectDft {
    private DirectDft() {}

    /** Per n: cos hi, cos lo, sin hi, sin lo of 2 pi q/n, q &lt; n. */
    private static final Map<Integer, double[][]> ROOTS = new ConcurrentHashMap<>();

    /** The unnormalized DFT of the n = x.length/2 interleaved complex values of x. */
    static double[] transform(double[] x, Direction dir) {
        int n = x.length / 2;
        double[][] w = ROOTS.computeIfAbsent(n, DirectDft::roots);
        double[] ch = w[0], cl = w[1], sh = w[2], sl = w[3];
        int sign = dir.sign();
        double[] out = new double[2 * n];
        for (int k = 0; k < n; k++) {
            DoubleDouble re = new DoubleDouble(), im = new DoubleDouble();
            int q = 0; // j k mod n
            for (int j = 0; j < n; j++) {
                double xr = x[2 * j], xi = x[2 * j + 1];
                // (xr + i xi)(c + i sign s)
                re.addProduct(xr, ch[q], cl[q]);
                re.addProduct(-sign * xi, sh[q], sl[q]);
                im.addProduct(sign * xr, sh[q], sl[q]);
                im.addProduct(xi, ch[q], cl[q]);
                q += k;
                if (q >= n) {
                    q -= n;
                }
            }
            out[2 * k] = re.value();
            out[2 * k + 1] = im.value();
        }
        return out;
    }

    private static double[][] roots(int n) {
        double[][] w = new double[4][n];
        for (int q = 0; q < n; q++) {
            BigDecimal[] cs = ExactTrig.cosSin(q, n);
            double[] c = ExactTrig.doubleDouble(cs[0]), s = ExactTrig.doubleDouble(cs[1]);
            w[0][q] = c[0];
            w[1][q] = c[1];
            w[2][q] = s[0];
            w[3][q] = s[1];
        }
        return w;
    }
}
