package io.github.tornadofft.bench.jmh;

/**
 * Runs JMH from the class path ({@code ./run-bench jmh [JMH options]}); with no options, runs
 * {@link CpuEnginesBenchmark}. No uber-jar needed: the benchmarks are generated at compile time.
 */
public final class JmhMain {

    private JmhMain() {
    }

    public static void main(String[] args) throws Exception {
        String[] jmhArgs = args.length > 0 ? args : new String[] {CpuEnginesBenchmark.class.getSimpleName()};
        org.openjdk.jmh.Main.main(jmhArgs);
    }
}
