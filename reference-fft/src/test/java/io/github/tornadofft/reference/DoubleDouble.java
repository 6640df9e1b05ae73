package io.github.tornadofft.reference;

/**
 * A running sum kept as an unevaluated pair hi + lo (about 106 bits), for reference DFTs more precise
 * than the double arithmetic they check. Built from the error-free transformations TwoSum and
 * TwoProd (the latter with {@link Math#fma}).
 */
final class DoubleDouble {
    private double hi, lo;

    /** this += a * (bHi + bLo). */
    void addProduct(double a, double bHi, double bLo) {
        double p = a * bHi;
        double e = Math.fma(a, bHi, -p) + a * bLo; // TwoProd's error, plus the low part's product
        double s = hi + p;                          // TwoSum(hi, p) = s + t exactly
        double v = s - hi;
        double t = (hi - (s - v)) + (p - v);
        t += lo + e;
        hi = s + t;                                 // renormalize (FastTwoSum)
        lo = t - (hi - s);
    }

    /** The sum rounded to double. */
    double value() {
        return hi + lo;
    }
}
