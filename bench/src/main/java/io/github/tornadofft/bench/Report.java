package io.github.tornadofft.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/** The results as a Markdown report and as CSV. Plots are {@link Plots}' job. */
public final class Report {

    /** One engine as the report lists it. */
    public record Listing(String name, String device, String status, String notes) {
        public static Listing of(Engine e) {
            try {
                if (!e.available()) {
                    return new Listing(e.name(), e.device(), (e.failedSetup() ? "failed: " : "absent: ") + e.absentReason(), "");
                }
                return new Listing(e.name(), e.device(), "available", e.notes());
            } catch (Throwable t) {
                Failures.rethrowIfFatal(t);
                return new Listing(e.name(), "—", "failed: setup: " + Failures.describe(t), "");
            }
        }
    }

    private Report() {
    }

    /**
     * The whole report: context lines (machine, protocol, data), the engines, one table row per
     * engine and case, the copy ceilings, and the notes that say what every column means.
     */
    public static String markdown(String title, List<String> context, List<Listing> engines, List<Row> rows,
                                  List<Bench.Ceiling> ceilings, Map<Case, String> errorSamples, double budgetSeconds) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(title).append("\n\n");
        for (String line : context) {
            md.append("- ").append(line).append('\n');
        }
        md.append("\n## Engines\n\n| engine | device | status |\n|---|---|---|\n");
        for (Listing l : engines) {
            md.append("| ").append(cell(l.name())).append(" | ").append(cell(l.device())).append(" | ")
                    .append(cell(l.status())).append(" |\n");
        }
        md.append('\n');
        for (Listing l : engines) {
            if (!l.notes().isEmpty()) {
                md.append("- **").append(l.name()).append("**: ").append(l.notes()).append('\n');
            }
        }
        md.append("\n## Results\n\n").append(table(rows));
        String againstComplex = againstComplex(rows);
        if (!againstComplex.isEmpty()) {
            md.append("\n## Real transforms against c2c of the same shape\n\n").append(againstComplex);
        }
        md.append("\n## Copy ceilings\n\n").append(ceilings(ceilings));
        md.append("\n## Notes\n\n");
        md.append("- time: the device kernel time where the engine has one, else the call time; GFLOP/s, GB/s and the ratio use it.\n");
        md.append("- kernel, call, e2e: medians, in ms. kernel: device time of the transform with data resident; call: host wall"
                + " time of the same call; e2e: host buffer to host buffer (upload, transform, download on a GPU).\n");
        md.append("- GFLOP/s = 5 N log2 N x batch / time, N = points in one transform; for r2c and c2r, 2.5 N log2 N x batch"
                + " / time, N = real points (half the complex count, the convention of FFTW's and cuFFT's real benchmarks).\n");
        md.append("- GB/s: effective bandwidth, bytes read and written at least / time: for c2c 2 x bytes (one read and one"
                + " write of the batch, 8 bytes a complex value in float32, 16 in float64), for r2c and c2r the real values"
                + " (4 or 8 bytes each) plus the half spectrum (8 or 16 bytes per bin), the least any FFT moves; of copy: that"
                + " as a fraction of the copy ceiling of the engine's memory (table above, measured for the case's bytes).\n");
        md.append("- ratio: time / the time of cuFFT (GPU engines) or JTransforms (CPU engines) on the same case (for r2c and"
                + " c2r, cuFFT's R2C or C2R plan and JTransforms' realForward or realInverse); below 1 is faster.\n");
        if (rows.stream().anyMatch(r -> r.c().kind().real())) {
            md.append("- of c2c: a real case's time / the same engine's time for c2c of the same shape and batch (N complex"
                    + " values), where that case ran too; tornado-fft aims at 0.6 or less.\n");
        }
        md.append("- runs: warm-up + timed runs actually done, resident loop / end-to-end loop; each loop stops early (after at"
                + " least one timed run) once it has used half of the ").append(fmtSeconds(budgetSeconds))
                .append(" s that one engine may spend on one case.\n");
        md.append("- rel. error: ||y - y_ref|| / ||y_ref|| (L2) of the end-to-end output against reference-fft in double precision,"
                + " over sampled transforms of each batch:\n");
        for (Map.Entry<Case, String> e : errorSamples.entrySet()) {
            md.append("  - ").append(e.getKey().label()).append(": ").append(e.getValue()).append('\n');
        }
        List<String> notMeasured = new ArrayList<>();
        for (Row r : rows) {
            if (r.status() == Row.Status.UNSUPPORTED || r.status() == Row.Status.FAILED) {
                notMeasured.add(r.engine() + ", " + r.c().label() + ": " + r.status().label() + ": " + r.reason());
            }
        }
        if (!notMeasured.isEmpty()) {
            md.append("- not measured:\n");
            for (String s : notMeasured) {
                md.append("  - ").append(s).append('\n');
            }
        }
        List<String> problems = new ArrayList<>();
        for (Row r : rows) {
            if (r.ok() && r.reason() != null && !r.reason().isEmpty()) {
                problems.add(r.engine() + ", " + r.c().label() + ": " + r.reason());
            }
        }
        for (Bench.Ceiling c : ceilings) {
            if (Double.isNaN(c.gbs())) {
                problems.add("copy ceiling not measured: " + c.method());
            }
        }
        if (!problems.isEmpty()) {
            md.append("- problems (the measurements above stand):\n");
            for (String s : problems) {
                md.append("  - ").append(s).append('\n');
            }
        }
        return md.toString();
    }

    /** The results table, one row per engine and case; rows without numbers say why instead of showing zeros. */
    public static String table(List<Row> rows) {
        StringBuilder md = new StringBuilder();
        md.append("| case | engine | device | kernel ms | call ms | e2e ms | GFLOP/s | GB/s | of copy | rel. error | ratio | runs |\n");
        md.append("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
        for (Row r : rows) {
            md.append("| ").append(cell(r.c().label())).append(" | ").append(cell(r.engine())).append(" | ")
                    .append(cell(r.device())).append(" | ");
            if (!r.ok()) {
                md.append(r.status().label()).append(" | — | — | — | — | — | — | — | — |\n");
                continue;
            }
            md.append(ms(r.kernel())).append(" | ").append(ms(r.call())).append(" | ").append(ms(r.e2e())).append(" | ")
                    .append(Metrics.sig3(r.gflops())).append(" | ").append(Metrics.sig3(r.effectiveGBs())).append(" | ")
                    .append(percent(r.ceilingFraction())).append(" | ").append(Metrics.sci(r.relError())).append(" | ")
                    .append(ratio(r)).append(" | ").append(r.call().runs()).append(" / ").append(r.e2e().runs())
                    .append(" |\n");
        }
        return md.toString();
    }

    /**
     * One line per real row that has a c2c row of the same engine, shape and batch: both times and
     * their ratio ({@link #ofComplex}); empty when there is none.
     */
    static String againstComplex(List<Row> rows) {
        StringBuilder md = new StringBuilder();
        for (Row r : rows) {
            double ratio = ofComplex(r, rows);
            if (Double.isNaN(ratio)) {
                continue;
            }
            if (md.isEmpty()) {
                md.append("| case | engine | ms | c2c ms | of c2c |\n|---|---|--:|--:|--:|\n");
            }
            md.append("| ").append(cell(r.c().label())).append(" | ").append(cell(r.engine())).append(" | ")
                    .append(Metrics.sig3(r.metricNanos() / 1e6)).append(" | ")
                    .append(Metrics.sig3(r.metricNanos() / ratio / 1e6)).append(" | ")
                    .append(String.format(Locale.ROOT, "%.2fx", ratio)).append(" |\n");
        }
        return md.toString();
    }

    /**
     * A real row's time over the time of the same engine's c2c row of the same shape and batch (both
     * by {@link Row#metricNanos()}); NaN for a c2c row, a row not measured, or where no such c2c row was.
     */
    static double ofComplex(Row r, List<Row> rows) {
        if (!r.ok() || !r.c().kind().real()) {
            return Double.NaN;
        }
        Case complex = r.c().as(Case.Kind.C2C);
        for (Row other : rows) {
            if (other.ok() && other.engine().equals(r.engine()) && other.c().equals(complex)) {
                return r.metricNanos() / other.metricNanos();
            }
        }
        return Double.NaN;
    }

    private static String ceilings(List<Bench.Ceiling> ceilings) {
        StringBuilder md = new StringBuilder("| memory, measured by | size | GB/s (read + written) |\n|---|--:|--:|\n");
        for (Bench.Ceiling c : ceilings) {
            md.append("| ").append(cell(c.method())).append(" | ").append(Metrics.bytes(c.bytes())).append(" | ")
                    .append(Metrics.sig3(c.gbs())).append(" |\n");
        }
        return md.toString();
    }

    static String ms(Timing t) {
        return t.measured() ? Metrics.sig3(t.medianMs()) : "—";
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) || Double.isInfinite(fraction) ? "—"
                : String.format(Locale.ROOT, "%.0f%%", 100 * fraction);
    }

    static String ratio(Row r) {
        return Double.isNaN(r.ratio()) ? "—" : String.format(Locale.ROOT, "%.2fx %s", r.ratio(), r.baseline());
    }

    private static String fmtSeconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f", s) : Double.toString(s);
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    public static final List<String> CSV_COLUMNS = List.of("case", "shape", "batch", "points", "bytes", "engine", "device",
            "place", "status", "reason", "kernel_ms", "kernel_min_ms", "call_ms", "call_min_ms", "e2e_ms", "e2e_min_ms",
            "gflops", "effective_gbs", "ceiling_gbs", "ceiling_fraction", "ceiling_method", "rel_error", "error_samples",
            "baseline", "ratio", "warmup_resident", "reps_resident", "warmup_e2e", "reps_e2e", "setup_ms", "plan", "kind",
            "bytes_moved", "of_c2c", "precision");

    /**
     * Every number, one line per engine and case; empty fields where nothing was measured. {@code bytes} is
     * the case's size ({@link Case#bytes()}), {@code bytes_moved} what the GB/s column counts, {@code precision}
     * float or double.
     */
    public static String csv(List<Row> rows) {
        StringBuilder csv = new StringBuilder(String.join(",", CSV_COLUMNS)).append('\n');
        for (Row r : rows) {
            Case c = r.c();
            StringJoiner j = new StringJoiner(",");
            j.add(csvCell(c.label())).add(csvCell(c.spec())).add(Integer.toString(c.batch()))
                    .add(Long.toString(c.points())).add(Long.toString(c.bytes()))
                    .add(csvCell(r.engine())).add(csvCell(r.device())).add(r.place().name()).add(r.status().label())
                    .add(csvCell(r.reason()))
                    .add(num(r.kernel().medianMs())).add(num(r.kernel().minMs()))
                    .add(num(r.call().medianMs())).add(num(r.call().minMs()))
                    .add(num(r.e2e().medianMs())).add(num(r.e2e().minMs()))
                    .add(num(r.ok() ? r.gflops() : Double.NaN)).add(num(r.ok() ? r.effectiveGBs() : Double.NaN))
                    .add(num(r.ceilingGBs())).add(num(r.ok() ? r.ceilingFraction() : Double.NaN))
                    .add(csvCell(r.ceilingMethod())).add(num(r.relError())).add(csvCell(r.errorSamples()))
                    .add(csvCell(r.baseline())).add(num(r.ratio()))
                    .add(count(r.call().warmup(), r.ok())).add(count(r.call().reps(), r.ok()))
                    .add(count(r.e2e().warmup(), r.ok())).add(count(r.e2e().reps(), r.ok()))
                    .add(num(r.setupMs())).add(csvCell(r.plan())).add(c.kind().word()).add(Long.toString(c.bytesMoved()))
                    .add(num(ofComplex(r, rows))).add(c.precision().name().toLowerCase(Locale.ROOT));
            csv.append(j).append('\n');
        }
        return csv.toString();
    }

    private static String num(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return Double.isInfinite(v) ? "inf" : String.format(Locale.ROOT, "%.6g", v);
    }

    private static String count(int v, boolean ok) {
        return ok ? Integer.toString(v) : "";
    }

    static String csvCell(String s) {
        if (s == null) {
            return "";
        }
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    /** The cases of {@code rows} in first-seen order. */
    public static List<Case> cases(List<Row> rows) {
        Set<Case> cases = new LinkedHashSet<>();
        rows.forEach(r -> cases.add(r.c()));
        return new ArrayList<>(cases);
    }
}
