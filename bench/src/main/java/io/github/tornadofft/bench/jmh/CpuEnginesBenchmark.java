package io.github.tornadofft.bench.jmh;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.Truth;
import io.github.tornadofft.bench.UnsupportedCaseException;
import io.github.tornadofft.bench.engines.Engines;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The CPU engines under JMH on the baseline CPU case 1D 4096, batch 1024: JTransforms, reference-fft
 * and tornado-fft on TornadoVM's CPU (OpenCL, PoCL) device. Each benchmark calls the same engine
 * code the comparison runner times, so the two can be checked against each other.
 *
 * <p>CPU engines are timed end to end (copy the input into the working array, transform in place);
 * tornado-fft both with data resident ({@code executeOnDevice}) and end to end ({@code execute}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CpuEnginesBenchmark {

    /** One engine prepared on one case with its input loaded. */
    @State(Scope.Benchmark)
    public abstract static class Prepared {
        @Param({"4096"})
        public int n;

        @Param({"1024"})
        public int batch;

        Engine.Prepared run;

        abstract Predicate<Engine> which();

        @Setup(Level.Trial)
        public void setUp() throws UnsupportedCaseException {
            Case c = new Case(new int[] {n}, batch);
            Engine engine = Engines.discover().stream().filter(Engine::available).filter(which()).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no such engine on this machine: see ./run-bench --list"));
            run = engine.prepare(c);
            run.load(Truth.of(c, 42, 1).input());
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            run.close();
        }
    }

    public static class JTransforms extends Prepared {
        @Override
        Predicate<Engine> which() {
            return e -> e.name().equals("JTransforms");
        }
    }

    public static class Reference extends Prepared {
        @Override
        Predicate<Engine> which() {
            return e -> e.name().equals("reference-fft");
        }
    }

    public static class TornadoCpu extends Prepared {
        @Override
        Predicate<Engine> which() {
            return e -> e.name().startsWith("tornado-fft") && e.place() == Engine.Place.CPU;
        }
    }

    @Benchmark
    public long jtransforms(JTransforms s) {
        return s.run.runEndToEnd();
    }

    @Benchmark
    public long referenceFft(Reference s) {
        return s.run.runEndToEnd();
    }

    @Benchmark
    public Engine.Sample tornadoCpuResident(TornadoCpu s) {
        return s.run.runResident();
    }

    @Benchmark
    public long tornadoCpuEndToEnd(TornadoCpu s) {
        return s.run.runEndToEnd();
    }
}
