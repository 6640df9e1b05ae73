package io.github.tornadofft.bench;

import io.github.tornadofft.bench.engines.Engines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * Plan variants of one case, and other engines, timed interleaved in one process
 * ({@code ./run-bench variants}): a variant is a set of the planner's tuning properties (read when a
 * plan is built) on one tornado-fft engine, or another engine by name (JTransforms, cuFFT). Every
 * variant is prepared once; then each round runs every variant in turn. On a machine whose speed
 * drifts from minute to minute (a shared CPU), consecutive bench runs cannot rank two plans, or a
 * plan and JTransforms; rounds that alternate between them see the same drift, and their medians can.
 */
@Command(name = "run-bench variants", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Times variants of one case, interleaved. VARIANT is 'default', PROPERTY=VALUE",
            "[;PROPERTY=VALUE...] (tuning properties of a tornado-fft plan, e.g.",
            "tornado.fft.coalesce=32), or engine=NAME for another engine (jtransforms, cufft);",
            "list one twice to see the noise. Prints each variant's plan, and the median,",
            "quartiles and ratio to the first variant of the wall time of one transform with",
            "the data resident (best of 2 per round), and the median device kernel time where",
            "the engine reports one, and the relative L2 error of one end-to-end run against",
            "the double reference (one sampled transform of the batch)."})
public final class Variants implements Callable<Integer> {

    static final String ENGINE = "engine";

    @Option(names = "--case", required = true, paramLabel = "CASE", description = "One case, RANKd:DIMS[:BATCH] as for run-bench.")
    String spec;

    @Option(names = "--tornado", paramLabel = "NAME", defaultValue = "tornado-fft",
            description = "The tornado-fft engine the property variants run on: part of its name, e.g. 'OPENCL 0:0'"
                    + " (default: the first).")
    String tornado;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "31", description = "Rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--kernel-time", description = "Run tornado-fft with TornadoVM's profiler on, for device kernel times"
            + " (the profiler adds its own work to every call's wall time).")
    boolean kernelTime;

    @Parameters(arity = "1..*", paramLabel = "VARIANT")
    List<String> variants;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Variants()).execute(args));
    }

    /**
     * The assignments of a variant: none for {@code default}, else {@code name=value} pairs separated
     * by ';' ({@code engine=NAME} names another engine).
     */
    static Map<String, String> properties(String variant) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (variant.equals("default")) {
            return properties;
        }
        for (String assignment : variant.split(";")) {
            int eq = assignment.indexOf('=');
            String name = eq < 0 ? "" : assignment.substring(0, eq).trim();
            String value = eq < 0 ? "" : assignment.substring(eq + 1).trim();
            if (name.isEmpty() || value.isEmpty()) {
                throw new IllegalArgumentException("variant: 'default', engine=NAME or PROPERTY=VALUE[;PROPERTY=VALUE...], got '"
                        + variant + "'");
            }
            properties.put(name, value);
        }
        if (properties.containsKey(ENGINE) && properties.size() > 1) {
            throw new IllegalArgumentException("variant: engine=NAME takes no properties, got '" + variant + "'");
        }
        return properties;
    }

    @Override
    public Integer call() {
        if (rounds < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--rounds: at least 1, got " + rounds);
        }
        Case c;
        List<Map<String, String>> assignments = new ArrayList<>();
        try {
            c = Case.parse(spec);
            for (String variant : variants) {
                assignments.add(properties(variant));
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
        }
        Truth truth = Truth.of(c, new SplittableRandom().nextLong(), 1);
        List<Engine> engines = Engines.discover(kernelTime);
        List<Engine.Prepared> prepared = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        try {
            for (Map<String, String> properties : assignments) {
                String name = properties.getOrDefault(ENGINE, tornado);
                properties.remove(ENGINE);
                Engine.Prepared p = prepare(find(engines, name), c, properties);
                prepared.add(p);
                truth.load(p);
                p.runEndToEnd();
                errors.add(truth.relativeError(p));
                for (int w = 0; w < 3; w++) {
                    p.runResident();
                }
            }
            long[][] nanos = new long[prepared.size()][rounds];
            long[][] kernel = new long[prepared.size()][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int v = 0; v < prepared.size(); v++) {
                    Engine.Sample best = bestOfTwo(prepared.get(v));
                    nanos[v][round] = best.wallNanos();
                    kernel[v][round] = best.kernelNanos();
                }
            }
            System.out.printf(Locale.ROOT, "%s, %d rounds%n%n", c, rounds);
            System.out.println("| variant | plan | median ms | q1 | q3 | ratio to first | kernel ms | error |");
            System.out.println("|---|---|--:|--:|--:|--:|--:|--:|");
            double first = Metrics.median(nanos[0]);
            for (int v = 0; v < prepared.size(); v++) {
                long[] t = nanos[v];
                String kernelMs = prepared.get(v).hasKernelTime()
                        ? String.format(Locale.ROOT, "%.4f", Metrics.median(kernel[v]) / 1e6) : "";
                System.out.printf(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %.2f | %s | %.2g |%n", variants.get(v),
                        passes(prepared.get(v).plan()), Metrics.median(t) / 1e6, Metrics.quantile(t, 0.25) / 1e6,
                        Metrics.quantile(t, 0.75) / 1e6, Metrics.median(t) / first, kernelMs, errors.get(v));
            }
        } catch (UnsupportedCaseException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--case: " + e.getMessage());
        } finally {
            prepared.forEach(Engine.Prepared::close);
        }
        return 0;
    }

    /**
     * The available engine named {@code name}, or else the first whose name contains it (case-insensitive):
     * {@code cufft} is cuFFT itself, not TornadoVM's cuFFT task listed before it.
     */
    private Engine find(List<Engine> engines, String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        List<Engine> available = engines.stream().filter(Engine::available).toList();
        return available.stream().filter(e -> e.name().equalsIgnoreCase(name)).findFirst()
                .or(() -> available.stream().filter(e -> e.name().toLowerCase(Locale.ROOT).contains(wanted)).findFirst())
                .orElseThrow(() -> new CommandLine.ParameterException(new CommandLine(this), "no available engine named '"
                        + name + "'; engines here: " + engines.stream().filter(Engine::available).map(Engine::name).toList()));
    }

    /** The case prepared on the engine while the properties are set; they are restored after. */
    private static Engine.Prepared prepare(Engine engine, Case c, Map<String, String> properties)
            throws UnsupportedCaseException {
        Map<String, String> before = new LinkedHashMap<>();
        properties.forEach((name, value) -> before.put(name, System.setProperty(name, value)));
        try {
            return engine.prepare(c);
        } finally {
            before.forEach((name, value) -> {
                if (value == null) {
                    System.clearProperty(name);
                } else {
                    System.setProperty(name, value);
                }
            });
        }
    }

    /**
     * The kernels of a tornado-fft plan, the first of its lines (or of its parts between " | ") in the 3D
     * seed's notation ({X(...)} {Y(...)}, with any words around them: "rows first: {X(...), split}, then
     * ..."), or another engine's plan text, on one line.
     */
    static String passes(String plan) {
        return java.util.Arrays.stream(plan.split(" \\| |\n")).filter(part -> part.contains("{")).findFirst().map(String::strip)
                .orElse(plan.replaceAll("\\s+", " ").trim());
    }

    /** The faster of two runs by wall time, with its kernel time. */
    private static Engine.Sample bestOfTwo(Engine.Prepared p) {
        Engine.Sample a = p.runResident();
        Engine.Sample b = p.runResident();
        return a.wallNanos() <= b.wallNanos() ? a : b;
    }
}
