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
 *   <li>the last end-to-end output is checked against the reference: a relative error above the
 *       tolerance ({@link Truth#tolerance} of the case's precision unless given) rejects the row, marked
 *       failed with its error.
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
    /** The tolerance of every case, or null for the default of each case's precision. */
    private final Double tolerance;
    private final Map<String, Ceiling> ceilings = new LinkedHashMap<>();

    /** A measured copy ceiling: how, for what size, and the result (NaN when the measurement failed). */
    public record Ceiling(String method, long bytes, double gbs) {
    }

    /** A bench that rejects results above the default tolerance of their precision ({@link Truth#tolerance}). */
    public Bench(Protocol protocol, Progress progress) {
        this(protocol, progress, null);
    }

    /**
     * A bench that rejects results whose relative L2 error against the reference exceeds {@code tolerance},
     * in every precision; null for the default of each case's precision ({@link Truth#tolerance}).
     *
     * @throws IllegalArgumentException naming {@code tolerance} where it is not above 0
     */
    public Bench(Protocol protocol, Progress progress, Double tolerance) {
        if (tolerance != null && !(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance: a relative error above 0, got " + tolerance);
        }
        this.protocol = protocol;
        this.progress = progress;
        this.tolerance = tolerance;
    }

    /** The largest relative error a right result of {@code c} may have. */
    public double tolerance(Case c) {
        return tolerance != null ? tolerance : Truth.tolerance(c.precision());
    }

    public Protocol protocol() {
        return protocol;
    }

    /**
     * Runs one engine on one case; never throws for a failing engine (anything but a {@linkplain
     * Failures#fatal fatal} JVM error): the row says which step failed and why, and the caller goes on
     * with the next engine. The steps: the engine's setup (it may already have failed when the engine
     * was found), the copy ceiling of its memory, planning, loading the input, the warm-up and timed
     * runs of each loop, checking against the reference, and closing. A failure to close after a
     * complete measurement keeps the numbers, with the failure in the row's reason.
     */
    public Row run(Engine engine, Truth truth) {
        Case c = truth.kase();
        try {
            if (!engine.available()) {
                return Row.without(c, engine, engine.failedSetup() ? Row.Status.FAILED : Row.Status.ABSENT,
                        engine.absentReason());
            }
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return Row.without(c, engine, Row.Status.FAILED, failure("setup", t));
        }
        Ceiling ceiling = ceiling(engine, c.bytes());
        Engine.Prepared p;
        try {
            progress.detail("planning");
            if (c.isHalf() && !engine.takesHalf()) {
                throw new UnsupportedCaseException("fp16 storage: this engine computes float32 and float64 cases only"
                        + (engine.place() == Engine.Place.GPU && engine.name().startsWith("cuFFT")
                        ? " (cuFFT's fp16 plans are cufftXtMakePlanMany's, which the bytedeco binding does not have)" : ""));
            }
            p = engine.prepare(c);
            if (p == null) {
                throw new IllegalStateException("the engine returned no plan");
            }
        } catch (UnsupportedCaseException e) {
            return Row.without(c, engine, Row.Status.UNSUPPORTED, e.getMessage());
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return Row.without(c, engine, Row.Status.FAILED, failure("planning", t));
        }
        String[] step = {"loading the input"};
        Row row;
        try {
            progress.detail(step[0]);
            truth.load(p);
            long budget = protocol.budgetNanos() / 2;
            Loop resident = loop("resident", p::runResident, budget, step);
            Loop e2e = loop("end-to-end", () -> Engine.Sample.wall(p.runEndToEnd()), budget, step);
            Timing kernel = p.hasKernelTime() ? resident.timing(Engine.Sample::kernelNanos) : Timing.NONE;
            Timing call = resident.timing(Engine.Sample::wallNanos);
            Timing endToEnd = e2e.timing(Engine.Sample::wallNanos);
            step[0] = "checking against the reference";
            progress.detail(step[0]);
            double error = truth.relativeError(p);
            if (!(error <= tolerance(c))) {
                row = Row.without(c, engine, Row.Status.FAILED, String.format(java.util.Locale.ROOT,
                        "checking against the reference: wrong result, relative error %s above the tolerance %s (%s checked)",
                        Metrics.sci(error), tolerance(c), truth.describeSamples()));
            } else {
                step[0] = "describing the plan";
                long setup = p.setupNanos();
                row = new Row(c, engine.name(), engine.device(), engine.place(), Row.Status.OK, "", kernel, call, endToEnd,
                        error, truth.describeSamples(), ceiling.gbs(), ceiling.method(), setup < 0 ? Double.NaN : setup / 1e6,
                        p.plan(), "", Double.NaN);
            }
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            row = Row.without(c, engine, Row.Status.FAILED, failure(step[0], t));
        }
        try {
            p.close();
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            row = row.withProblem(failure("closing", t));
        }
        return row;
    }

    /** "STEP: Exception: message", in one line without terminal colours. */
    private static String failure(String step, Throwable t) {
        return step + ": " + Failures.describe(t);
    }

    /** The warm-up runs done and the timed samples of one loop. */
    private record Loop(int warmups, List<Engine.Sample> samples) {
        Timing timing(java.util.function.ToLongFunction<Engine.Sample> which) {
            return Timing.of(samples.stream().mapToLong(which).toArray(), warmups);
        }
    }

    /**
     * Warm-up then timed runs, each cut short by the budget (after one timed run at least); {@code step[0]}
     * names the part running, for the report of a failure.
     */
    private Loop loop(String what, Supplier<Engine.Sample> run, long budgetNanos, String[] step) {
        long start = System.nanoTime();
        long warmupNanos = (long) (protocol.warmupSeconds() * 1e9);
        int warm = 0;
        step[0] = what + " warm-up";
        while (warm < protocol.warmup() || System.nanoTime() - start < warmupNanos) {
            progress.detail(what + " warm-up " + (warm + 1));
            run.get();
            warm++;
            if (System.nanoTime() - start > budgetNanos / 2) {
                break;
            }
        }
        List<Engine.Sample> samples = new ArrayList<>();
        step[0] = what + " timed runs";
        for (int r = 0; r < protocol.reps(); r++) {
            progress.detail(what + " run " + (r + 1) + "/" + protocol.reps());
            samples.add(run.get());
            if (System.nanoTime() - start > budgetNanos) {
                break;
            }
        }
        return new Loop(warm, samples);
    }

    /**
     * The copy ceiling of an engine's memory for a size, measured once and remembered; NaN, with the
     * engine and what went wrong in its method, when it cannot be measured. Never throws but for a
     * {@linkplain Failures#fatal fatal} JVM error.
     */
    public Ceiling ceiling(Engine engine, long bytes) {
        CopyCeiling ceiling;
        String key;
        try {
            ceiling = engine.ceiling();
            key = ceiling.key() + " @ " + bytes;
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return new Ceiling("copy ceiling of " + engine.name() + ": " + failure("setup", t), bytes, Double.NaN);
        }
        Ceiling known = ceilings.get(key);
        if (known != null) {
            return known;
        }
        Ceiling measured;
        String method = ceiling.key();
        try {
            method = ceiling.method();
            progress.detail("copy ceiling: " + method);
            // Copies are cheap: more runs than the transforms get, so that small sizes are not noise.
            int warm = Math.max(5, protocol.warmup());
            int reps = Math.max(20, Math.min(protocol.reps(), 50));
            measured = new Ceiling(method, bytes, ceiling.measure(bytes, warm, reps));
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            measured = new Ceiling(method + ": failed, measuring for " + engine.name() + ": " + Failures.describe(t),
                    bytes, Double.NaN);
        }
        ceilings.put(key, measured);
        return measured;
    }

    /** Every ceiling measured so far, in the order measured. */
    public List<Ceiling> ceilings() {
        return List.copyOf(ceilings.values());
    }

    /** As {@link Failures#describe}. */
    public static String describe(Throwable e) {
        return Failures.describe(e);
    }
}
