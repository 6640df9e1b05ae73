package io.github.tornadofft.bench;

/**
 * One engine on one case: its timings and the numbers derived from them, or why there are none
 * (absent, unsupported, failed: {@code reason}, with the step that failed). Absent engines get rows
 * too, so that no reader mistakes a missing engine for a slow one. A measured row has an empty
 * {@code reason} unless something went wrong after the measurement (closing the plan), which it then
 * says.
 */
public record Row(Case c, String engine, String device, Engine.Place place, Status status, String reason,
                  Timing kernel, Timing call, Timing e2e,
                  double relError, String errorSamples,
                  double ceilingGBs, String ceilingMethod,
                  double setupMs, String plan,
                  String baseline, double ratio) {

    public enum Status {
        OK, ABSENT, UNSUPPORTED, FAILED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A row with no measurement: {@code status} is ABSENT, UNSUPPORTED or FAILED. */
    public static Row without(Case c, Engine engine, Status status, String reason) {
        return new Row(c, engine.name(), engine.device(), engine.place(), status, reason, Timing.NONE, Timing.NONE,
                Timing.NONE, Double.NaN, "", Double.NaN, "", Double.NaN, "", "", Double.NaN);
    }

    public boolean ok() {
        return status == Status.OK;
    }

    /**
     * The time GFLOP/s, bandwidth and the ratio use: the device kernel time where the engine has
     * one, else the time of a call on resident data. NaN when not measured.
     */
    public double metricNanos() {
        return kernel.measured() ? kernel.medianNanos() : call.medianNanos();
    }

    public double gflops() {
        return Metrics.gflops(c, metricNanos());
    }

    public double effectiveGBs() {
        return Metrics.effectiveGBs(c, metricNanos());
    }

    /** Effective bandwidth as a fraction of the copy ceiling of the engine's memory. */
    public double ceilingFraction() {
        return effectiveGBs() / ceilingGBs;
    }

    /** This row with {@code problem} added to its reason (a failure after the numbers were taken). */
    public Row withProblem(String problem) {
        String all = reason == null || reason.isEmpty() ? problem : reason + "; " + problem;
        return new Row(c, engine, device, place, status, all, kernel, call, e2e, relError, errorSamples,
                ceilingGBs, ceilingMethod, setupMs, plan, baseline, ratio);
    }

    public Row withRatio(String baselineEngine, double value) {
        return new Row(c, engine, device, place, status, reason, kernel, call, e2e, relError, errorSamples,
                ceilingGBs, ceilingMethod, setupMs, plan, baselineEngine, value);
    }
}
