package io.github.tornadofft.bench;

/**
 * Repeated timings of one thing: the median and minimum of {@code reps} samples taken after
 * {@code warmup} untimed runs. Times are in ns; NaN when the thing was not measured.
 */
public record Timing(double medianNanos, double minNanos, int warmup, int reps) {

    public static final Timing NONE = new Timing(Double.NaN, Double.NaN, 0, 0);

    public static Timing of(long[] samples, int warmup) {
        return new Timing(Metrics.median(samples), Metrics.min(samples), warmup, samples.length);
    }

    public boolean measured() {
        return reps > 0 && !Double.isNaN(medianNanos);
    }

    public double medianMs() {
        return medianNanos / 1e6;
    }

    public double minMs() {
        return minNanos / 1e6;
    }

    /** "2+5": warm-up runs + timed runs. */
    public String runs() {
        return warmup + "+" + reps;
    }
}
