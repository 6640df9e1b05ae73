package io.github.tornadofft.bench;

import io.github.tornadofft.api.Precision;
import io.github.tornadofft.bench.engines.Engines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Every engine side by side in one process: for each case, the same random input goes through
 * tornado-fft on every TornadoVM device, cuFFT, VkFFT, JTransforms and reference-fft, timed by one
 * protocol ({@link Bench}); the results go to stdout as Markdown, and to a CSV and two PNGs.
 */
@Command(name = "run-bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs every FFT engine this machine has on the same cases and data, and reports time, GFLOP/s,",
            "bandwidth against the copy ceiling, error against reference-fft, and the ratio to cuFFT (GPU) or",
            "JTransforms (CPU). Engines that cannot run here are listed as absent.",
            "",
            "Cases are [KIND:]RANKd:DIMS[:BATCH][:PRECISION]: 1d:4096:1024 (batch 1024), 1d:2^20, 2d:1024 (square),",
            "3d:128 (cube), 2d:4096x2048:4; KIND is c2c (complex, forward: the default), r2c (real to complex, forward)",
            "or c2r (complex to real, inverse, unnormalised), as in r2c:3d:256; a real case's shape is its real signal's.",
            "PRECISION is f32 (float32, the default) or f64 (float64: 16 bytes a complex value), as in 1d:2^23:f64;",
            "--precision double runs every case that names none in double.",
            "Defaults: with a GPU, the baseline GPU cases (128 MiB each; 3d:512 with --large); without one, the",
            "baseline CPU cases: " + Compare.CPU_CASES + ". With --real, the real suites: on a GPU " + Compare.REAL_GPU_CASES + ",",
            "else " + Compare.REAL_CPU_CASES + ", each as c2c, r2c and c2r (--kinds)."})
public final class Compare implements Callable<Integer> {

    static final String GPU_CASES = "1d:4096:4096, 1d:65536:256, 1d:2^20:16, 1d:2^24, 2d:4096, 3d:128, 3d:256";
    static final String GPU_LARGE = "3d:512";
    static final String CPU_CASES = "1d:4096:1024, 1d:2^20, 2d:1024, 3d:128";
    static final String QUICK_CASES = "1d:4096:64, 1d:2^16, 2d:256, 3d:32";
    /** The real-transform suites (sizes in real float32 values), each case run as every kind of --kinds. */
    static final String REAL_GPU_CASES = "1d:4096:8192, 1d:2^20:32, 2d:4096, 3d:256, 3d:512";
    static final String REAL_CPU_CASES = "1d:4096:1024, 2d:1024, 3d:128";
    static final String REAL_QUICK_CASES = "1d:4096:64, 2d:256, 3d:32";
    /** The kinds a case of the real suites runs as: c2c too, for the ratio of each real transform to it. */
    static final List<Case.Kind> REAL_KINDS = List.of(Case.Kind.C2C, Case.Kind.R2C, Case.Kind.C2R);

    @Option(names = "--cases", paramLabel = "LIST", description = "Cases, comma-separated (default: chosen for the machine).")
    String cases;

    @Option(names = "--engines", paramLabel = "LIST", split = ",",
            description = "Only engines matching one of these terms (case-insensitive). A word matches an engine"
                    + " whose name or device contains it: tornado, ptx, opencl, cufft, vkfft, jtransforms, reference,"
                    + " graph ...; a B:D TornadoVM device (0:1) matches that device only; gpu and cpu match where the"
                    + " engine runs. Words joined by + must all match. Note that opencl matches every OpenCL device,"
                    + " a CPU's (PoCL) as well as a GPU's: for the GPU alone use its B:D (see --list) or opencl+gpu,"
                    + " e.g. --engines opencl+gpu,ptx,cufft.")
    List<String> engineFilter;

    @Option(names = "--warmup", paramLabel = "N", description = "Untimed runs before each timed loop (default: 10 with a GPU, 2 without, 1 with --quick).")
    Integer warmup;

    @Option(names = "--warmup-seconds", paramLabel = "SECONDS", description = "Keep warming up until this much time has passed (default: 1, 0.2 with --quick).")
    Double warmupSeconds;

    @Option(names = "--reps", paramLabel = "N", description = "Timed runs per loop (default: 50 with a GPU, 5 without, 3 with --quick).")
    Integer reps;

    @Option(names = "--budget", paramLabel = "SECONDS", description = "Most time one engine spends on one case's timed loops (default: 20, 5 with --quick).")
    Double budget;

    @Option(names = "--samples", paramLabel = "K", defaultValue = "4", description = "Transforms of each batch checked against reference-fft (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--seed", description = "Seed of the random input (default: a fresh one each run, printed"
            + " with the results so that a run can be repeated).")
    long seed = new java.util.SplittableRandom().nextLong() >>> 16;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench-results", description = "Where results.md, results.csv, time.png and gflops.png go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--quick", description = "Small cases, few runs: a smoke test in well under a minute.")
    boolean quick;

    @Option(names = "--large", description = "Add 3D 512^3 (1 GiB) to the GPU cases.")
    boolean large;

    @Option(names = "--real", description = "The real-transform suites instead of the complex ones (see above; with"
            + " --quick, " + REAL_QUICK_CASES + "), each case as c2c, r2c and c2r unless --kinds says otherwise.")
    boolean real;

    @Option(names = "--kinds", paramLabel = "LIST", split = ",", description = "The kinds each case that names none runs"
            + " as, in order: c2c, r2c, c2r (default: c2c; with --real, c2c,r2c,c2r).")
    List<String> kinds;

    @Option(names = "--precision", paramLabel = "LIST", split = ",", description = "The precisions each case that names"
            + " none runs in, in order: float (f32), double (f64) (default: float). In double: tornado-fft's DOUBLE plans,"
            + " cuFFT's Z2Z (D2Z, Z2D), VkFFT's doublePrecision, JTransforms' DoubleFFT, reference-fft; an engine that has"
            + " no such transform lists the case as unsupported.")
    List<String> precisions;

    @Option(names = "--tolerance", paramLabel = "E", description = "Largest relative L2 error of a right result; a row"
            + " above it is rejected, marked failed with its error (default: " + Truth.TOLERANCE + " for float, "
            + Truth.DOUBLE_TOLERANCE + " for double, " + Truth.HALF_TOLERANCE + " for half).")
    Double tolerance;

    @Option(names = "--no-plots", description = "Skip the PNGs.")
    boolean noPlots;

    @Option(names = "--list", description = "List the engines (and why any is absent), then exit.")
    boolean list;

    @Option(names = "--no-tornado-profiler", description = "Run tornado-fft without TornadoVM's profiler: 'call' is then a"
            + " plain executeOnDevice() and there is no kernel time (the profiler's own cost per call shows against a"
            + " run with it).")
    boolean noTornadoProfiler;

    @Option(names = "--no-progress", description = "No progress line on stderr.")
    boolean noProgress;

    /** Where failures are said as they happen (the report has them too). */
    PrintStream err = System.err;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        int code = new CommandLine(new Compare()).execute(args);
        System.exit(code);
    }

    @Override
    public Integer call() throws IOException {
        PrintStream stdout = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Progress progress = new Progress(System.err, noProgress);
        progress.step("looking for engines (TornadoVM devices, CUDA)");
        List<Engine> all = Engines.discover(!noTornadoProfiler);
        List<Engine> engines = filter(all);
        progress.done();
        if (engines.isEmpty()) {
            System.err.println("run-bench: no engine matches --engines " + String.join(",", engineFilter) + "; engines here: "
                    + String.join(", ", all.stream().map(e -> e.name() + " (" + e.place().name().toLowerCase(Locale.ROOT)
                    + ", " + e.device() + ")").toList()));
            return 2;
        }
        List<Report.Listing> listings = engines.stream().map(Report.Listing::of).toList();
        if (list) {
            for (Report.Listing l : listings) {
                stdout.printf("%-26s %-40s %s%n", l.name(), l.device(), l.status());
            }
            return 0;
        }

        boolean gpu = engines.stream().anyMatch(e -> available(e) && e.place() == Engine.Place.GPU);
        List<Case> caseList;
        try {
            caseList = Case.parseList(cases != null ? cases : suite(gpu), kindList(), precisionList());
            if (tolerance != null && !(tolerance > 0)) {
                throw new IllegalArgumentException("--tolerance: a relative error above 0, got " + tolerance);
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        Bench.Protocol protocol = new Bench.Protocol(
                warmup != null ? warmup : quick ? 1 : gpu ? 10 : 2,
                warmupSeconds != null ? warmupSeconds : quick ? 0.2 : 1.0,
                reps != null ? reps : quick ? 3 : gpu ? 50 : 5,
                budget != null ? budget : quick ? 5 : 20);
        Bench bench = new Bench(protocol, progress, tolerance);

        Map<Case, String> errorSamples = new LinkedHashMap<>();
        Files.createDirectories(out);
        soFar = out.resolve("results.csv");
        List<Row> rows = measure(caseList, engines, bench, progress, errorSamples);
        progress.done();

        String md = Report.markdown("tornado-fft bench, " + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")),
                context(protocol, gpu, caseList), listings, rows, bench.ceilings(), errorSamples, protocol.budgetSeconds());
        stdout.print(md);
        Files.createDirectories(out);
        Files.writeString(out.resolve("results.md"), md);
        Files.writeString(out.resolve("results.csv"), Report.csv(rows));
        List<String> written = new ArrayList<>(List.of(out.resolve("results.md").toString(), out.resolve("results.csv").toString()));
        if (!noPlots) {
            try {
                Plots.write(rows, out).forEach(p -> written.add(p.toString()));
            } catch (IOException | RuntimeException | LinkageError e) {
                System.err.println("run-bench: plots skipped: " + Bench.describe(e));
            }
        }
        stdout.println();
        stdout.println("Written: " + String.join(", ", written));
        return 0;
    }

    /**
     * Every engine on every case, in order; a case whose input does not fit is skipped with a note on
     * stderr, and an engine that fails is reported in its row (and on stderr, as it happens) while the
     * run goes on ({@link Bench#run}). Fills {@code errorSamples} with the transforms checked per case.
     */
    List<Row> measure(List<Case> caseList, List<Engine> engines, Bench bench, Progress progress,
                      Map<Case, String> errorSamples) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < caseList.size(); i++) {
            Case c = caseList.get(i);
            String where = "[" + (i + 1) + "/" + caseList.size() + "] " + c.label() + " (" + c.size() + ")";
            progress.step(where + " | input, and reference-fft on " + Math.min(samples, c.batch()) + " transform(s)");
            Truth truth;
            try {
                truth = Truth.of(c, seed, samples);
            } catch (Throwable t) {
                Failures.rethrowIfFatal(t);
                progress.done();
                err.println("run-bench: " + c.label() + " skipped: its input and reference could not be made ("
                        + Failures.describe(t) + ")");
                continue;
            }
            errorSamples.put(c, truth.describeSamples());
            List<Row> caseRows = new ArrayList<>();
            for (Engine e : engines) {
                if (available(e)) {
                    progress.step(where + " | " + e.name());
                }
                Row row = bench.run(e, truth);
                caseRows.add(row);
                if (row.status() == Row.Status.FAILED || (row.ok() && !row.reason().isEmpty())) {
                    progress.done();
                    err.println("run-bench: " + row.engine() + " on " + c.label() + ": "
                            + (row.ok() ? "" : "failed at ") + row.reason() + "; going on");
                }
                if (c.bytes() >= (256L << 20)) {
                    System.gc(); // off-heap buffers of the last engine go with their owners
                }
            }
            rows.addAll(withRatios(caseRows));
            writeSoFar(rows);
        }
        return rows;
    }

    /**
     * Where {@link #measure} writes the rows measured so far after each case (null: nowhere), so that a
     * run cut short by a time limit or a crash in a later case keeps what it measured; the complete
     * results replace it at the end.
     */
    private Path soFar;

    private void writeSoFar(List<Row> rows) {
        if (soFar != null) {
            try {
                Files.writeString(soFar, Report.csv(rows));
            } catch (IOException e) {
                err.println("run-bench: " + soFar + " not written: " + e.getMessage() + "; going on");
            }
        }
    }

    /** The default cases: the quick, GPU or CPU suite, complex or (--real) real. */
    String suite(boolean gpu) {
        if (real) {
            return quick ? REAL_QUICK_CASES : gpu ? REAL_GPU_CASES : REAL_CPU_CASES;
        }
        return quick ? QUICK_CASES : gpu ? GPU_CASES + (large ? ", " + GPU_LARGE : "") : CPU_CASES;
    }

    /** The kinds of --kinds, else c2c alone, or with --real every kind. */
    List<Case.Kind> kindList() {
        if (kinds == null || kinds.isEmpty()) {
            return real ? REAL_KINDS : List.of(Case.Kind.C2C);
        }
        List<Case.Kind> list = new ArrayList<>();
        for (String k : kinds) {
            try {
                list.add(Case.Kind.of(k));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--kinds: c2c, r2c or c2r, got '" + k + "'");
            }
        }
        return list;
    }

    /** The precisions of --precision, else float alone. */
    List<Precision> precisionList() {
        if (precisions == null || precisions.isEmpty()) {
            return List.of(Precision.FLOAT);
        }
        List<Precision> list = new ArrayList<>();
        for (String p : precisions) {
            try {
                list.add(Case.precisionOf(p));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--precision: float (f32), double (f64) or half (f16), got '" + p + "'");
            }
        }
        return list;
    }

    /** Whether the engine says it can run; false when even that fails (its rows then say how). */
    private static boolean available(Engine e) {
        try {
            return e.available();
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return false;
        }
    }

    /** Ratio of each row's time to the baseline's on the same case: cuFFT for GPU engines, JTransforms for CPU ones. */
    static List<Row> withRatios(List<Row> caseRows) {
        Row cufft = find(caseRows, "cuFFT");
        Row jtransforms = find(caseRows, "JTransforms");
        List<Row> out = new ArrayList<>();
        for (Row r : caseRows) {
            Row base = r.place() == Engine.Place.GPU ? cufft : jtransforms;
            if (r.ok() && base != null) {
                r = r.withRatio(base.engine(), r.metricNanos() / base.metricNanos());
            }
            out.add(r);
        }
        return out;
    }

    private static Row find(List<Row> rows, String engine) {
        return rows.stream().filter(r -> r.ok() && r.engine().equals(engine)).findFirst().orElse(null);
    }

    private List<Engine> filter(List<Engine> all) {
        return filter(all, engineFilter);
    }

    /**
     * The engines {@code terms} select: those matching any term; a term is words joined by '+', all of
     * which must match. A word matches by place ({@code gpu}, {@code cpu}), by TornadoVM device ("B:D",
     * exactly), or as a part of the engine's name or device (case-insensitive): {@code opencl} matches
     * every OpenCL device, a CPU's (PoCL) as well as a GPU's; {@code opencl+gpu} only the GPU's.
     */
    static List<Engine> filter(List<Engine> all, List<String> terms) {
        if (terms == null || terms.isEmpty()) {
            return all;
        }
        List<Engine> kept = new ArrayList<>();
        for (Engine e : all) {
            if (terms.stream().anyMatch(term -> matches(e, term))) {
                kept.add(e);
            }
        }
        return kept;
    }

    private static boolean matches(Engine e, String term) {
        String name = e.name().toLowerCase(Locale.ROOT);
        String text = name + " " + e.device().toLowerCase(Locale.ROOT);
        for (String w : term.toLowerCase(Locale.ROOT).split("\\+")) {
            String word = w.trim();
            boolean match;
            if (word.isEmpty()) {
                match = true;
            } else if (word.equals("gpu") || word.equals("cpu")) {
                match = e.place() == (word.equals("gpu") ? Engine.Place.GPU : Engine.Place.CPU);
            } else if (word.matches("\\d+:\\d+")) {
                match = List.of(name.split(" ")).contains(word);
            } else {
                match = text.contains(word);
            }
            if (!match) {
                return false;
            }
        }
        return true;
    }

    private List<String> context(Bench.Protocol p, boolean gpu, List<Case> caseList) {
        Runtime rt = Runtime.getRuntime();
        long ram = 0;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            ram = os.getTotalMemorySize();
        }
        List<String> lines = new ArrayList<>();
        lines.add("machine: " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch") + ", " + rt.availableProcessors() + " cores, "
                + (ram > 0 ? Metrics.bytes(ram) + " memory" : "memory unknown") + (gpu ? "" : ", no GPU engine available"));
        lines.add("java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + "), max heap " + Metrics.bytes(rt.maxMemory()));
        boolean doubles = caseList.stream().anyMatch(Case::isDouble);
        boolean halves = caseList.stream().anyMatch(Case::isHalf);
        lines.add("data: complex " + (doubles ? "float32, and float64 in the cases marked double (16 bytes a complex value)"
                : "float32") + (halves ? ", and fp16 in the cases marked half (4 bytes a complex value; the input rounded to"
                + " fp16, float arithmetic)" : "") + ", uniform random in [-1, 1) (seed " + seed + "), forward, unnormalised; a fresh input per case,"
                + " the same for every engine");
        if (caseList.stream().anyMatch(c -> c.kind().real())) {
            lines.add("real cases: r2c takes real values uniform in [-1, 1) and gives numpy's rfftn half spectrum"
                    + " (last axis N/2 + 1 bins); c2r takes such a half spectrum, uniform in [-1, 1) and made Hermitian where"
                    + " it must be (the bins 0 and N/2 of the last axis), and gives N real values, unnormalised (N times"
                    + " numpy's irfftn); out of place on every GPU engine");
        }
        lines.add("check: a result whose relative L2 error against reference-fft exceeds " + (tolerance != null
                ? tolerance.toString() : Truth.TOLERANCE + (doubles || halves ? " (float)" : "")
                + (doubles ? ", " + Truth.DOUBLE_TOLERANCE + " (double)" : "") + (halves ? ", " + Truth.HALF_TOLERANCE + " (half)" : ""))
                + " is rejected (its row failed, with the error)");
        lines.add("protocol: per engine and case, warm-up (" + p.warmup() + " run(s) at least, and " + p.warmupSeconds()
                + " s at least) then " + p.reps() + " timed runs with data resident; the same end to end; medians; each loop cut short"
                + " past half of a " + p.budgetSeconds() + " s budget per engine and case (the runs column says what ran)");
        return lines;
    }
}
