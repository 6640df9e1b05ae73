package io.github.tornadofft.bench;

import io.github.tornadofft.Devices;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.bench.engines.Engines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.function.LongSupplier;

/**
 * The long runs ({@code ./run-bench soak}): does tornado-fft stay correct, and does its memory stay
 * flat, over many calls, many plans and several threads? Three phases on one TornadoVM device:
 *
 * <ol>
 *   <li>calls: {@code --calls} calls of {@code plan.execute(in, out)} on one plan, the result checked
 *       against reference-fft every {@code --check-every} calls;
 *   <li>cycles: {@code --cycles} times create a plan, execute it once, check the result and close it,
 *       going round the shapes, out of place and in place in turn;
 *   <li>threads: {@code --threads} threads share one plan, each calling {@code plan.execute(in, out)}
 *       on arrays of its own (its own data, so that one thread's result in another's array shows),
 *       and every result is checked.
 * </ol>
 *
 * Memory is sampled as each phase goes: the heap used after {@code System.gc()}, the process's
 * resident set (VmRSS), the device bytes TornadoVM accounts to the library's plans
 * ({@link FftPlan#deviceBytesHeld()}) and, on an NVIDIA device, the device memory in use as the
 * driver counts it. The verdict gives each phase's growth per 100 cycles (per 1000 calls) and the
 * correctness counts; the exit code is 1 when any result was wrong or anything threw (or, with
 * {@code --max-growth}, when memory grew more than that).
 */
@Command(name = "run-bench soak", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Long runs of tornado-fft on one TornadoVM device, checked against",
            "reference-fft, with memory sampled as they go: (1) --calls calls on one",
            "plan; (2) --cycles create/execute/close cycles round the shapes, out of",
            "place and in place in turn; (3) --threads threads sharing one plan, each",
            "with arrays of its own, every result checked. Prints a Markdown table per",
            "phase, then a verdict: growth per 100 cycles (per 1000 calls) of heap, RSS",
            "and device memory, and the results checked, wrong and the largest error.",
            "Exit code 1 if any result was wrong or anything threw (or memory grew past",
            "--max-growth). Shapes are RANKd:DIMS[:BATCH] as for run-bench."})
public final class Soak implements Callable<Integer> {

    static final String SHAPES = "1d:4096:16, 2d:64, 3d:32, 1d:2^16";
    static final String QUICK_SHAPES = "1d:4096:16, 2d:64, 3d:16";
    /** Transforms of each batch checked against the reference. */
    static final int SAMPLES = 4;
    /** Consecutive exceptions after which a loop stops: the plan is broken, and more would say nothing new. */
    static final int GIVE_UP_AFTER = 10;
    /** Problems of each phase quoted in the verdict; the counts include the rest. */
    static final int QUOTED = 8;

    @Option(names = "--device", paramLabel = "B:D", defaultValue = "default",
            description = "The TornadoVM device, as tornado --devices numbers it (default: TornadoVM's default).")
    String deviceSpec;

    @Option(names = "--calls", paramLabel = "N", description = "Calls on one plan, in phase 1, and in all in phase 3"
            + " (default: 10000; 200 with --quick).")
    Integer calls;

    @Option(names = "--cycles", paramLabel = "N", description = "Create/execute/close cycles in phase 2 (default: 1000;"
            + " 12 with --quick).")
    Integer cycles;

    @Option(names = "--threads", paramLabel = "N", description = "Threads sharing one plan in phase 3 (default: 4; 2 with"
            + " --quick); 4 to 16 for a soak of the thread safety.")
    Integer threads;

    @Option(names = "--shapes", paramLabel = "LIST", description = "Shapes the cycles go round; phases 1 and 3 use the"
            + " first (default: " + SHAPES + "; " + QUICK_SHAPES + " with --quick).")
    String shapes;

    @Option(names = "--in-place", description = "Phases 1 and 3 on an in-place plan (execute(a, a)); phase 2 does both"
            + " either way.")
    boolean inPlace;

    @Option(names = "--seed", description = "Seed of the random input (default: a fresh one, printed).")
    long seed = new java.util.SplittableRandom().nextLong() >>> 16;

    @Option(names = "--check-every", paramLabel = "N", description = "In phase 1, check every Nth call (default: 100;"
            + " 10 with --quick). Phases 2 and 3 check every result.")
    Integer checkEvery;

    @Option(names = "--sample-every", paramLabel = "N", description = "In phase 2, sample memory every N cycles"
            + " (default: 100; 3 with --quick). Phases 1 and 3 sample ten times.")
    Integer sampleEvery;

    @Option(names = "--tolerance", paramLabel = "E", defaultValue = "1e-4", description = "Largest relative L2 error"
            + " against reference-fft that counts as right (default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--max-growth", paramLabel = "MIB", description = "Also fail when, in any phase, the heap or the"
            + " library's device bytes grow by more than MIB per 100 cycles (per 1000 calls); by default growth is"
            + " reported, not judged.")
    Double maxGrowth;

    @Option(names = "--phases", paramLabel = "LIST", split = ",", defaultValue = "calls,cycles,threads",
            description = "Which phases run: calls, cycles, threads (default: ${DEFAULT-VALUE}).")
    List<String> phases;

    @Option(names = "--quick", description = "Short: about a minute on a CPU's OpenCL device (PoCL).")
    boolean quick;

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the report to FILE.")
    Path out;

    @Option(names = "--no-progress", description = "No progress line on stderr.")
    boolean noProgress;

    private PrintStream stdout;
    private final StringBuilder report = new StringBuilder();
    private Progress progress;
    private TornadoDevice device;
    private LongSupplier gpuUsed;
    private final List<Verdict> verdicts = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(new CommandLine(new Soak()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        int nCalls = positive("--calls", calls, quick ? 200 : 10_000);
        int nCycles = positive("--cycles", cycles, quick ? 12 : 1000);
        int nThreads = positive("--threads", threads, quick ? 2 : 4);
        int every = positive("--check-every", checkEvery, quick ? 10 : 100);
        int sampling = positive("--sample-every", sampleEvery, quick ? 3 : 100);
        List<Case> shapeList;
        try {
            shapeList = Case.parseList(shapes != null ? shapes : quick ? QUICK_SHAPES : SHAPES);
            for (Case c : shapeList) {
                if (c.kind() != Case.Kind.C2C || c.isDouble()) {
                    throw new IllegalArgumentException("--shapes: the soak runs c2c float32 transforms, got " + c.spec());
                }
            }
            device = Devices.resolve(deviceSpec);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        for (String p : phases) {
            if (!List.of("calls", "cycles", "threads").contains(p.trim())) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--phases: calls, cycles or threads, got '"
                        + p + "'");
            }
        }
        stdout = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        progress = new Progress(System.err, noProgress);
        boolean nvidia = device.getTornadoVMBackend() == TornadoVMBackendType.PTX
                || device.getTornadoVMBackend() == TornadoVMBackendType.CUDA
                || device.getDeviceName().toLowerCase(Locale.ROOT).contains("nvidia");
        if (nvidia) {
            progress.step("loading CUDA for the driver's memory count");
            gpuUsed = Engines.cudaMemoryUsed();
        }

        Runtime rt = Runtime.getRuntime();
        say("# tornado-fft soak, " + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")) + "\n");
        say("- device: " + deviceSpec + ", " + device.getDeviceName() + " (" + device.getTornadoVMBackend() + ")");
        say("- java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + ", max heap "
                + Metrics.bytes(rt.maxMemory()) + ", " + rt.availableProcessors() + " cores");
        say("- data: complex float32, uniform random in [-1, 1) (seed " + seed + "), forward, unnormalised; each result"
                + " checked on " + SAMPLES + " transforms of its batch at most against reference-fft in double precision;"
                + " right when the relative L2 error is at most " + tolerance);
        say("- memory: heap = used after System.gc(); RSS = VmRSS of /proc/self/status; device = FftPlan.deviceBytesHeld(),"
                + " the device bytes TornadoVM accounts to the library's plans"
                + (gpuUsed != null ? "; GPU = cudaMemGetInfo's total - free, the device's memory in use by every process" : ""));
        say("- ms = mean wall time per call (per cycle in phase 2) since the row before");

        Case first = shapeList.get(0);
        if (phases.contains("calls")) {
            callsPhase(first, nCalls, every);
        }
        if (phases.contains("cycles")) {
            cyclesPhase(shapeList, nCycles, sampling);
        }
        if (phases.contains("threads")) {
            threadsPhase(first, nCalls, nThreads);
        }
        progress.done();
        boolean pass = verdict();
        if (out != null) {
            Files.writeString(out, report.toString());
        }
        return pass ? 0 : 1;
    }

    private int positive(String option, Integer given, int dflt) {
        int v = given != null ? given : dflt;
        if (v < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), option + ": at least 1, got " + v);
        }
        return v;
    }

    private void say(String line) {
        stdout.println(line);
        report.append(line).append('\n');
    }

    static FftDescriptor descriptor(Case c, boolean inPlace) {
        return FftDescriptor.c2c(c.shape()).batch(c.batch()).direction(Direction.FORWARD).norm(Norm.BACKWARD)
                .inPlace(inPlace).build();
    }

    static String label(Case c, boolean inPlace) {
        return c.label() + (inPlace ? ", in place" : ", out of place");
    }

    // ---- the phases -------------------------------------------------------------------------

    /** Phase 1: many calls on one plan, every {@code every}th checked. */
    private void callsPhase(Case c, int n, int every) {
        Tally tally = new Tally();
        Table table = new Table("1. calls: " + n + " calls of plan.execute(in, out) on one plan, " + label(c, inPlace)
                + ", every " + ordinal(every) + " checked", "calls", 1000, tally);
        progress.step("phase 1: planning " + label(c, inPlace));
        Truth truth = Truth.of(c, seed, SAMPLES);
        FftPlan plan = create(c, inPlace, tally, "phase 1");
        if (plan == null) {
            table.end();
            return;
        }
        try {
            Caller caller = new Caller(plan, truth, inPlace, tally);
            caller.call(true, "phase 1, first call");
            table.sample(0);
            int sampleEvery = Math.max(1, n / 10);
            for (int i = 1; i <= n && caller.consecutive < GIVE_UP_AFTER; i++) {
                caller.call(i % every == 0 || i == n, "phase 1, call " + i);
                if (i % sampleEvery == 0 || i == n) {
                    progress.step("phase 1: call " + i + "/" + n);
                    table.sample(i);
                }
            }
            if (caller.consecutive >= GIVE_UP_AFTER) {
                say("\nPhase 1 stopped after " + GIVE_UP_AFTER + " exceptions in a row.");
            }
        } finally {
            close(plan, tally, "phase 1");
        }
        table.end();
    }

    /** Phase 2: create, execute, check, close, round the shapes, out of place then in place. */
    private void cyclesPhase(List<Case> shapeList, int n, int sampleEvery) {
        Tally tally = new Tally();
        List<Truth> truths = new ArrayList<>();
        for (Case c : shapeList) {
            truths.add(Truth.of(c, seed, SAMPLES));
        }
        int k = shapeList.size();
        Table table = new Table("2. cycles: " + n + " cycles of create, execute(in, out), check, close, round "
                + shapeList.stream().map(Case::label).toList() + ", " + k + " out of place then " + k + " in place;"
                + " a warm-up round of each first, not counted", "cycle", 100, tally);
        progress.step("phase 2: warm-up, each shape out of place and in place");
        for (int i = 0; i < 2 * k; i++) {
            cycle(truths.get(i % k), i >= k, tally, "phase 2, warm-up");
        }
        table.sample(0);
        int consecutive = 0;
        for (int i = 1; i <= n && consecutive < GIVE_UP_AFTER * 2 * k; i++) {
            int at = (i - 1) % (2 * k);
            boolean ok = cycle(truths.get(at % k), at >= k, tally, "phase 2, cycle " + i);
            consecutive = ok ? 0 : consecutive + 1;
            progress.detail("cycle " + i + "/" + n);
            if (i % sampleEvery == 0 || i == n) {
                progress.step("phase 2: cycle " + i + "/" + n);
                table.sample(i);
            }
        }
        if (consecutive >= GIVE_UP_AFTER * 2 * k) {
            say("\nPhase 2 stopped after " + consecutive + " failed cycles in a row.");
        }
        table.end();
    }

    /** One cycle; whether it went through without an exception (a wrong result is counted, not an exception). */
    private boolean cycle(Truth truth, boolean inPlace, Tally tally, String where) {
        String at = where + " (" + label(truth.kase(), inPlace) + ")";
        FftPlan plan = create(truth.kase(), inPlace, tally, at);
        if (plan == null) {
            return false;
        }
        Caller caller = new Caller(plan, truth, inPlace, tally);
        caller.call(true, at);
        boolean closed = close(plan, tally, at);
        return caller.consecutive == 0 && closed;
    }

    /** Phase 3: threads sharing one plan, each with its own data and arrays, every result checked. */
    private void threadsPhase(Case c, int total, int nThreads) {
        Tally tally = new Tally();
        int perThread = Math.max(1, total / nThreads);
        int rounds = Math.min(10, perThread);
        Table table = new Table("3. threads: " + nThreads + (nThreads == 1 ? " thread calling" : " threads sharing")
                + " one plan, " + label(c, inPlace) + ", "
                + perThread + " calls of plan.execute(in, out) each on arrays of its own, every result checked (a thread"
                + " that throws " + GIVE_UP_AFTER + " times in a row stops until the next row)", "calls", 1000, tally);
        progress.step("phase 3: planning " + label(c, inPlace) + ", and the reference of each thread's input");
        List<Truth> truths = new ArrayList<>();
        for (int t = 0; t < nThreads; t++) {
            truths.add(Truth.of(c, seed + 1 + t, SAMPLES));
        }
        FftPlan plan = create(c, inPlace, tally, "phase 3");
        if (plan == null) {
            table.end();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(nThreads, r -> {
            Thread th = new Thread(r, "soak");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Caller> callers = new ArrayList<>();
            for (int t = 0; t < nThreads; t++) {
                callers.add(new Caller(plan, truths.get(t), inPlace, tally));
            }
            callers.get(0).call(true, "phase 3, first call");
            long before = tally.calls.get();
            table.sample(0);
            for (int r = 0; r < rounds; r++) {
                int each = perThread / rounds + (r == rounds - 1 ? perThread % rounds : 0);
                long round = r;
                List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < nThreads; t++) {
                    Caller caller = callers.get(t);
                    caller.consecutive = 0; // a thread that gave up in one round tries again in the next
                    int thread = t;
                    futures.add(pool.submit(() -> {
                        for (int i = 0; i < each && caller.consecutive < GIVE_UP_AFTER; i++) {
                            caller.call(true, "phase 3, thread " + thread + ", round " + (round + 1) + ", call " + (i + 1));
                        }
                    }));
                }
                for (Future<?> f : futures) {
                    try {
                        f.get();
                    } catch (ExecutionException e) {
                        Failures.rethrowIfFatal(e.getCause());
                        problem(tally, "phase 3, round " + (r + 1) + ": " + Failures.describe(e.getCause()), true);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted", e);
                    }
                }
                long done = tally.calls.get() - before;
                progress.step("phase 3: " + done + "/" + (long) perThread * nThreads + " calls");
                table.sample(done);
                if (callers.stream().allMatch(cl -> cl.consecutive >= GIVE_UP_AFTER)) {
                    say("\nPhase 3 stopped: every thread had " + GIVE_UP_AFTER + " exceptions in a row in round " + (r + 1) + ".");
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
            close(plan, tally, "phase 3");
        }
        table.end();
    }

    private static String ordinal(int n) {
        return n == 1 ? "call" : n + (n % 10 == 2 && n % 100 != 12 ? "nd" : n % 10 == 3 && n % 100 != 13 ? "rd"
                : n % 10 == 1 && n % 100 != 11 ? "st" : "th") + " call";
    }

    // ---- plans, calls, checks ----------------------------------------------------------------

    private FftPlan create(Case c, boolean inPlace, Tally tally, String where) {
        try {
            return FftPlan.create(descriptor(c, inPlace), device);
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            problem(tally, where + ", create: " + Failures.describe(t), true);
            return null;
        }
    }

    private boolean close(FftPlan plan, Tally tally, String where) {
        try {
            plan.close();
            return true;
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            problem(tally, where + ", close: " + Failures.describe(t), true);
            return false;
        }
    }

    /**
     * " (at Class.method:line, from FftPlan.method:line)": where {@code t} was thrown and the last
     * frame of the library it came through, for a problem's line; empty when unknown.
     */
    static String thrownAt(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        if (trace.length == 0) {
            return "";
        }
        String at = " (at " + frame(trace[0]);
        for (StackTraceElement e : trace) {
            if (e.getClassName().startsWith("io.github.tornadofft.") && !e.getClassName().startsWith("io.github.tornadofft.bench.")) {
                return e == trace[0] ? at + ")" : at + ", from " + frame(e) + ")";
            }
        }
        return at + ")";
    }

    private static String frame(StackTraceElement e) {
        String cls = e.getClassName().substring(e.getClassName().lastIndexOf('.') + 1);
        return cls + "." + e.getMethodName() + (e.getLineNumber() > 0 ? ":" + e.getLineNumber() : "");
    }

    private static void problem(Tally tally, String text, boolean exception) {
        (exception ? tally.exceptions : tally.wrong).incrementAndGet();
        synchronized (tally.quoted) {
            if (tally.quoted.size() < QUOTED) {
                tally.quoted.add(text);
            }
        }
    }

    /** Calls one plan on one input with arrays of its own, and checks results; one per thread. */
    private final class Caller {
        private final FftPlan plan;
        private final Truth truth;
        private final boolean inPlace;
        private final Tally tally;
        private final float[] in;
        private final float[] out;
        private final int len;
        /** Exceptions in a row, reset by a call that returns. */
        int consecutive;

        Caller(FftPlan plan, Truth truth, boolean inPlace, Tally tally) {
            this.plan = plan;
            this.truth = truth;
            this.inPlace = inPlace;
            this.tally = tally;
            this.in = truth.input().clone();
            this.out = inPlace ? in : new float[in.length];
            this.len = (int) (2 * truth.kase().points());
        }

        /** One call of execute(in, out), or of execute(a, a) in place; checked if {@code check}. */
        void call(boolean check, String where) {
            tally.calls.incrementAndGet();
            try {
                if (inPlace) {
                    System.arraycopy(truth.input(), 0, in, 0, in.length);
                } else if (check) {
                    Arrays.fill(out, Float.NaN); // a call that writes nothing cannot pass on the last one's result
                }
                plan.execute(in, out);
                consecutive = 0;
            } catch (Throwable t) {
                Failures.rethrowIfFatal(t);
                consecutive++;
                problem(tally, where + ", execute: " + Failures.describe(t) + thrownAt(t), true);
                return;
            }
            if (check) {
                double error = truth.relativeError((index, dst) -> System.arraycopy(out, index * len, dst, 0, len));
                tally.checked.incrementAndGet();
                tally.maxError.accumulate(Double.isNaN(error) ? Double.POSITIVE_INFINITY : error);
                if (!(error <= tolerance)) {
                    problem(tally, where + ": wrong result, relative error " + Metrics.sci(error), false);
                }
            }
        }
    }

    /** Correctness counts of one phase, and its first problems; shared by its threads. */
    static final class Tally {
        final AtomicLong calls = new AtomicLong();
        final AtomicLong checked = new AtomicLong();
        final AtomicLong wrong = new AtomicLong();
        final AtomicLong exceptions = new AtomicLong();
        final DoubleAccumulator maxError = new DoubleAccumulator(Math::max, 0);
        final List<String> quoted = new ArrayList<>();

        long problems() {
            return wrong.get() + exceptions.get();
        }
    }

    // ---- memory ------------------------------------------------------------------------------

    /** One sample: bytes, -1 where unknown. */
    record Memory(long heap, long rss, long device, long gpu) {
    }

    private Memory memory() {
        System.gc();
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long device;
        try {
            device = FftPlan.deviceBytesHeld();
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            device = -1;
        }
        long gpu = -1;
        if (gpuUsed != null) {
            try {
                gpu = gpuUsed.getAsLong();
            } catch (Throwable t) {
                Failures.rethrowIfFatal(t);
            }
        }
        return new Memory(heap, rss(), device, gpu);
    }

    /** The process's resident set in bytes (VmRSS of /proc/self/status); -1 where there is none (not Linux). */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024; // kB
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    static String mib(long bytes) {
        return bytes < 0 ? "—" : String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
    }

    /** The Markdown table of one phase, printed row by row as the samples come. */
    private final class Table {
        private final String title;
        private final String step;
        private final int per;
        private final Tally tally;
        private final List<Long> steps = new ArrayList<>();
        private final List<Memory> samples = new ArrayList<>();
        private long lastNanos;
        private long lastStep;

        Table(String title, String step, int per, Tally tally) {
            this.title = title;
            this.step = step;
            this.per = per;
            this.tally = tally;
            say("\n## " + title + "\n");
            say("| " + step + " | heap MiB | RSS MiB | device bytes | " + (gpuUsed != null ? "GPU used MiB | " : "")
                    + "ms | checked | wrong | exceptions | max error |");
            say("|--:|--:|--:|--:|" + (gpuUsed != null ? "--:|" : "") + "--:|--:|--:|--:|--:|");
        }

        void sample(long at) {
            long now = System.nanoTime();
            String ms = steps.isEmpty() || at == lastStep ? "—"
                    : Metrics.sig3((now - lastNanos) / 1e6 / (at - lastStep));
            Memory m = memory();
            steps.add(at);
            samples.add(m);
            say("| " + at + " | " + mib(m.heap()) + " | " + mib(m.rss()) + " | " + (m.device() < 0 ? "—" : m.device())
                    + " | " + (gpuUsed != null ? mib(m.gpu()) + " | " : "") + ms + " | " + tally.checked.get() + " | "
                    + tally.wrong.get() + " | " + tally.exceptions.get() + " | " + Metrics.sci(tally.checked.get() > 0
                    ? tally.maxError.get() : Double.NaN) + " |");
            lastStep = at;
            lastNanos = System.nanoTime(); // the sample's own time (System.gc()) is not a call's
        }

        void end() {
            verdicts.add(new Verdict(title.substring(0, title.indexOf(':')), step, per, List.copyOf(steps),
                    List.copyOf(samples), tally));
        }
    }

    // ---- the verdict -------------------------------------------------------------------------

    /** A phase's samples and counts. */
    record Verdict(String phase, String step, int per, List<Long> steps, List<Memory> samples, Tally tally) {

        /** (last - first) per {@code per} steps, in bytes; NaN with fewer than two samples or an unknown value. */
        double growth(java.util.function.ToLongFunction<Memory> what) {
            if (samples.size() < 2) {
                return Double.NaN;
            }
            long a = what.applyAsLong(samples.get(0));
            long b = what.applyAsLong(samples.get(samples.size() - 1));
            long span = steps.get(steps.size() - 1) - steps.get(0);
            if (a < 0 || b < 0 || span <= 0) {
                return Double.NaN;
            }
            return (double) (b - a) / span * per;
        }
    }

    static String growthMiB(double bytes) {
        return Double.isNaN(bytes) ? "—" : String.format(Locale.ROOT, "%+.2f MiB", bytes / 1048576.0);
    }

    static String growthBytes(double bytes) {
        return Double.isNaN(bytes) ? "—" : String.format(Locale.ROOT, "%+.0f B", bytes);
    }

    private boolean verdict() {
        say("\n## Verdict\n");
        say("Growth is (last sample - first) / the steps between them, per 100 cycles or per 1000 calls.\n");
        say("| phase | growth per | heap | RSS | device | " + (gpuUsed != null ? "GPU used | " : "")
                + "checked | wrong | exceptions | max error |");
        say("|---|---|--:|--:|--:|" + (gpuUsed != null ? "--:|" : "") + "--:|--:|--:|--:|");
        long wrong = 0;
        long exceptions = 0;
        long checked = 0;
        List<String> grew = new ArrayList<>();
        for (Verdict v : verdicts) {
            Tally t = v.tally();
            if (maxGrowth != null) {
                double limit = maxGrowth * 1048576.0;
                if (v.growth(Memory::heap) > limit) {
                    grew.add(v.phase() + ": heap " + growthMiB(v.growth(Memory::heap)));
                }
                if (v.growth(Memory::device) > limit) {
                    grew.add(v.phase() + ": device " + growthMiB(v.growth(Memory::device)));
                }
            }
            wrong += t.wrong.get();
            exceptions += t.exceptions.get();
            checked += t.checked.get();
            say("| " + v.phase() + " | " + v.per() + " " + (v.step().equals("cycle") ? "cycles" : "calls") + " | "
                    + growthMiB(v.growth(Memory::heap)) + " | " + growthMiB(v.growth(Memory::rss)) + " | "
                    + growthBytes(v.growth(Memory::device)) + " | "
                    + (gpuUsed != null ? growthMiB(v.growth(Memory::gpu)) + " | " : "")
                    + t.checked.get() + " | " + t.wrong.get() + " | " + t.exceptions.get() + " | "
                    + Metrics.sci(t.checked.get() > 0 ? t.maxError.get() : Double.NaN) + " |");
        }
        boolean pass = wrong == 0 && exceptions == 0 && checked > 0 && grew.isEmpty();
        String growth = maxGrowth == null ? "" : grew.isEmpty() ? ", no growth over " + maxGrowth + " MiB"
                : "; grew more than " + maxGrowth + " MiB per 100 cycles (1000 calls): " + String.join(", ", grew);
        say("");
        if (pass) {
            say("**PASS**: " + checked + " results checked, none wrong, no exception" + growth + ".");
        } else {
            say("**FAIL**: " + checked + " results checked, " + wrong + " wrong, " + exceptions + " exception(s)"
                    + (checked == 0 ? ", nothing checked" : "") + growth + ".");
            for (Verdict v : verdicts) {
                Tally t = v.tally();
                if (t.problems() == 0) {
                    continue;
                }
                say("\n" + v.phase() + ", " + (t.problems() > t.quoted.size() ? "the first " + t.quoted.size() + " of "
                        + t.problems() : "all " + t.problems()) + " problems:\n");
                synchronized (t.quoted) {
                    t.quoted.forEach(p -> say("- " + p));
                }
            }
        }
        return pass;
    }
}
