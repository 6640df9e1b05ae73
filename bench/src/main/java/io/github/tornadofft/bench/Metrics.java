package io.github.tornadofft.bench;

import java.util.Arrays;
import java.util.Locale;

/** The arithmetic behind every number in the report, in one place. */
public final class Metrics {

    private Metrics() {
    }

    /** GFLOP/s of one run of {@code c} taking {@code nanos}: {@link Case#flops()} / t (5 N log2 N x batch for c2c, half for real kinds). */
    public static double gflops(Case c, double nanos) {
        return nanos > 0 ? c.flops() / nanos : Double.NaN;
    }

    /**
     * Effective bandwidth: one read of the batch's input and one write of its output per run
     * ({@link Case#bytesMoved()}: 2 x bytes for c2c; the real signal and the half spectrum for r2c and
     * c2r), the least traffic any FFT can have, in GB/s (10^9 bytes per second).
     */
    public static double effectiveGBs(Case c, double nanos) {
        return nanos > 0 ? c.bytesMoved() / nanos : Double.NaN;
    }

    /** Bandwidth of copying {@code bytes}: bytes read plus bytes written, per second, in GB/s. */
    public static double copyGBs(long bytes, double nanos) {
        return nanos > 0 ? 2.0 * bytes / nanos : Double.NaN;
    }

    /** The median of the samples (the mean of the middle two for an even count); NaN for none. */
    public static double median(long[] samples) {
        return quantile(samples, 0.5);
    }

    /**
     * The q-quantile of the samples, 0 &lt;= q &lt;= 1, interpolated linearly between the two nearest
     * order statistics (so q = 0.5 is the median); NaN for none.
     */
    public static double quantile(long[] samples, double q) {
        if (samples.length == 0) {
            return Double.NaN;
        }
        long[] s = samples.clone();
        Arrays.sort(s);
        double at = q * (s.length - 1);
        int below = (int) Math.floor(at);
        int above = (int) Math.ceil(at);
        return s[below] + (s[above] - s[below]) * (at - below);
    }

    /** The smallest sample; NaN for none. */
    public static double min(long[] samples) {
        return samples.length == 0 ? Double.NaN : Arrays.stream(samples).min().getAsLong();
    }

    /** A byte count in binary units: "512 KiB", "128 MiB", "1 GiB". */
    public static String bytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v))
                + " " + units[u];
    }

    /** Three significant figures, no exponent for everyday magnitudes: 0.0971, 43.5, 1960. */
    public static String sig3(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "—";
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a < 1e-3) {
            return String.format(Locale.ROOT, "%.2e", v);
        }
        int decimals = 2 - (int) Math.floor(Math.log10(a));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Relative error in scientific notation: "3.1e-07"; "—" when not measured (NaN); "inf" for non-finite output. */
    public static String sci(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%.1e", v);
    }
}
