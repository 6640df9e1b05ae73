package io.github.tornadofft.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The measurement protocol, the same for every engine:
 *
 * <ol>
 *   <li>prepare the case (plan, allocate, compile: untimed, reported as setup time) and load the input;
 *   <li>resident runs: untimed warm-up runs (at least {@code warmup} of them, and for at least
 *       {@code warmupSeconds}), then {@code reps} timed runs, each giving a wall time and, where the
 *       engine has one, a device kernel time;
 *   <li>end-to-end runs (host buffer in, host buffer out): warm-up the same way, {@code reps} timed;
 *   <li>the last end-to-end output is checked against the reference.
 * </ol>
 *
 * Each of the two loops has half of the per-engine time budget: warm-up stops at a quarter of it,
 * and the timed runs stop once the half is used (after one timed run at least), so that a slow
 * engine on a large case cannot take an hour. The counts actually run are reported with every number.
 */
public final class Bench {

    /**
     * At least {@code warmup} untimed runs lasting at least {@code warmupSeconds} together (JIT
     * compilers, clocks and caches settle), {@code reps} timed runs, and the seconds one engine may
     * spend on one case.
     */
    public record Protocol(int warmup, double warmupSeconds, int reps, double budgetSeconds) {
        public Protocol {
            if (warmup < 0 || warmupSeconds < 0 || reps < 1 || budgetSeconds <= 0) {
                throw new IllegalArgumentException("protocol: warmup >= 0, warm-up seconds >= 0, reps >= 1, budget > 0; got "
                        + warmup + ", " + warmupSeconds + ", " + reps + ", " + budgetSeconds);
            }
        }

        long budgetNanos() {
            return (long) (budgetSeconds * 1e9);
        }
    }

    private final Protocol protocol;
    private final Progress progress;
    private final Map<String, Ceiling> ceilings = new LinkedHashMap<>();

    /** A measured copy ceiling: how, for what size, and the result (NaN when the measurement failed). */
    public record Ceiling(String method, long bytes, double gbs) {
    }

    public Bench(Protocol protocol, Progress progress) {
        this.protocol = protocol;
        this.progress = progress;
    }

    public Protocol protocol() {
        return protocol;
    }

    /** Runs one engine on one case; never throws for a failing engine: the row says what happened. */
    public Row run(Engine engine, Truth truth) {
        Case c = truth.kase();
        if (!engine.available()) {
            return Row.without(c, engine, Row.Status.ABSENT, engine.absentReason());
        }
        Ceiling ceiling = ceiling(engine.ceiling(), c.bytes());
        Engine.Prepared p;
        try {
            progress.detail("planning");
            p = engine.prepare(c);
        } catch (UnsupportedCaseException e) {
            return Row.without(c, engine, Row.Status.UNSUPPORTED, e.getMessage());
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            return Row.without(c, engine, Row.Status.FAILED, "planning: " + describe(e));
        }
        try (p) {
            progress.detail("loading the input");
            p.load(truth.input());
            long budget = protocol.budgetNanos() / 2;
            Loop resident = loop("resident", p::runResident, budget);
            Loop e2e = loop("end-to-end", () -> Engine.Sample.wall(p.runEndToEnd()), budget);
            Timing kernel = p.hasKernelTime() ? resident.timing(Engine.Sample::kernelNanos) : Timing.NONE;
            Timing call = resident.timing(Engine.Sample::wallNanos);
            Timing endToEnd = e2e.timing(Engine.Sample::wallNanos);
            progress.detail("checking against the reference");
            double error = truth.relativeError(p);
            long setup = p.setupNanos();
            return new Row(c, engine.name(), engine.device(), engine.place(), Row.Status.OK, "", kernel, call, endToEnd,
                    error, truth.describeSamples(), ceiling.gbs(), ceiling.method(), setup < 0 ? Double.NaN : setup / 1e6,
                    p.plan(), "", Double.NaN);
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            return Row.without(c, engine, Row.Status.FAILED, describe(e));
        }
    }

    /** The warm-up runs done and the timed samples of one loop. */
    private record Loop(int warmups, List<Engine.Sample> samples) {
        Timing timing(java.util.function.ToLongFunction<Engine.Sample> which) {
            return Timing.of(samples.stream().mapToLong(which).toArray(), warmups);
        }
    }

    /** Warm-up then timed runs, each cut short by the budget (after one timed run at least). */
    private Loop loop(String what, Supplier<Engine.Sample> run, long budgetNanos) {
        long start = System.nanoTime();
        long warmupNanos = (long) (protocol.warmupSeconds() * 1e9);
        int warm = 0;
        while (warm < protocol.warmup() || System.nanoTime() - start < warmupNanos) {
            progress.detail(what + " warm-up " + (warm + 1));
            run.get();
            warm++;
            if (System.nanoTime() - start > budgetNanos / 2) {
                break;
            }
        }
        List<Engine.Sample> samples = new ArrayList<>();
        for (int r = 0; r < protocol.reps(); r++) {
            progress.detail(what + " run " + (r + 1) + "/" + protocol.reps());
            samples.add(run.get());
            if (System.nanoTime() - start > budgetNanos) {
                break;
            }
        }
        return new Loop(warm, samples);
    }

    /** The copy ceiling of a memory for a size, measured once and remembered; NaN when it cannot be measured. */
    public Ceiling ceiling(CopyCeiling ceiling, long bytes) {
        String key = ceiling.key() + " @ " + bytes;
        Ceiling known = ceilings.get(key);
        if (known != null) {
            return known;
        }
        Ceiling measured;
        try {
            progress.detail("copy ceiling: " + ceiling.method());
            // Copies are cheap: more runs than the transforms get, so that small sizes are not noise.
            int warm = Math.max(5, protocol.warmup());
            int reps = Math.max(20, Math.min(protocol.reps(), 50));
            measured = new Ceiling(ceiling.method(), bytes, ceiling.measure(bytes, warm, reps));
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            measured = new Ceiling(ceiling.method() + " failed: " + describe(e), bytes, Double.NaN);
        }
        ceilings.put(key, measured);
        return measured;
    }

    /** Every ceiling measured so far, in the order measured. */
    public List<Ceiling> ceilings() {
        return List.copyOf(ceilings.values());
    }

    /**
     * One line, at most 400 characters: the exception, and its root cause when that says more;
     * terminal colours and embedded stack traces removed.
     */
    public static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = e.getClass().getSimpleName() + ": " + e.getMessage();
        if (root != e) {
            text += " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        }
        text = text.replaceAll("\u001B\\[[0-9;]*m", "").replaceAll("\\s*Stacktrace: \\[.*?\\]", "")
                .replaceAll("\\s+", " ").trim();
        return text.length() > 400 ? text.substring(0, 397) + "..." : text;
    }
}
