package io.github.tornadofft.bench.jmh;

import io.github.tornadofft.CompilerFlags;
import io.github.tornadofft.Devices;
import io.github.tornadofft.FftDescriptor;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.Launch;
import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.Truth;
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
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The time of one transform with its data resident on the device, by the API that launches it: what
 * TornadoVM adds to the kernels, and which usage adds least. Each call returns when the device is
 * done, as {@code execute()} does. Compare with the kernel time that {@code ./run-bench} reports for the
 * same case. Each trial first checks one transform against reference-fft.
 *
 * <ul>
 * <li>{@code plan}: {@link FftPlan#executeOnDevice()}, one kernel launch per pass.</li>
 * <li>{@code plan-graph}: the same with {@link Launch#CUDA_GRAPH} (PTX devices only).</li>
 * <li>{@code appended}: the transform {@linkplain FftPlan#appendTo appended} to a caller's TaskGraph
 * that holds nothing else, whose input is sent on the first execution only: one graph and one
 * execution plan, where a plan switches between its upload graph and its transform graph.</li>
 * <li>{@code appended-graph}: the same, the caller's plan launched as a CUDA graph (PTX only).</li>
 * </ul>
 *
 * <p>On a GPU: {@code ./run jmh CallCostBenchmark -p device=1:0 -p shape=1d:4096:4096
 * -p api=plan,plan-graph,appended,appended-graph}. A CUDA-graph variant on another backend fails
 * its trial with the plan's message and JMH goes on with the next.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class CallCostBenchmark {

    /** A TornadoVM device as {@code BACKEND:DEVICE}, or {@code default}. */
    @Param({"default"})
    public String device;

    /** The case, as for {@code run-bench --cases}. */
    @Param({"1d:4096:64"})
    public String shape;

    @Param({"plan", "appended"})
    public String api;

    /** The error the tests allow (fp32); a path that misses it is not worth timing. */
    private static final double TOLERANCE = 1e-5;

    private FftPlan plan;
    private TornadoExecutionPlan appended;
    private Runnable call;

    @Setup(Level.Trial)
    public void setUp() {
        Case c = Case.parse(shape);
        TornadoDevice target = Devices.resolve(device);
        Launch launch = api.endsWith("-graph") ? Launch.CUDA_GRAPH : Launch.KERNELS;
        plan = FftPlan.create(FftDescriptor.c2c(c.shape()).batch(c.batch()).build(), target, launch);
        Truth truth = Truth.of(c, new SplittableRandom().nextLong(), 4);
        Truth.Output output;
        switch (api) {
            case "plan", "plan-graph" -> {
                float[] input = truth.input();
                for (int i = 0; i < input.length; i++) {
                    plan.input().set(i, input[i]);
                }
                plan.upload();
                call = plan::executeOnDevice;
                call.run();
                plan.download();
                output = (index, dst) -> copy(plan.output(), index, dst);
            }
            case "appended", "appended-graph" -> {
                FloatArray in = FloatArray.fromArray(truth.input());
                FloatArray out = new FloatArray((int) plan.descriptor().outputFloats());
                TaskGraph graph = new TaskGraph("caller").transferToDevice(DataTransferMode.FIRST_EXECUTION, in);
                GridScheduler grid = new GridScheduler();
                plan.appendTo(graph, in, out, grid);
                graph.transferToHost(DataTransferMode.UNDER_DEMAND, out);
                appended = CompilerFlags.apply(new TornadoExecutionPlan(graph.snapshot()), target)
                        .withDevice(target).withGridScheduler(grid);
                if (launch == Launch.CUDA_GRAPH) {
                    appended.withCUDAGraph();
                }
                TornadoExecutionPlan execution = appended;
                call = execution::execute;
                execution.execute().transferToHost(out);
                output = (index, dst) -> copy(out, index, dst);
            }
            default -> throw new IllegalArgumentException("api: plan, plan-graph, appended or appended-graph, got '" + api + "'");
        }
        double error = truth.relativeError(output);
        if (!(error < TOLERANCE)) {
            throw new IllegalStateException("api " + api + " on " + target + ": relative L2 error " + error
                    + " against reference-fft (at most " + TOLERANCE + "); not timed");
        }
    }

    /** Copies transform {@code index} of a batch of contiguous transforms into {@code dst}. */
    private static void copy(FloatArray batch, int index, float[] dst) {
        for (int i = 0; i < dst.length; i++) {
            dst[i] = batch.get(index * dst.length + i);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (appended != null) {
            appended.close();
        }
        if (plan != null) {
            plan.close();
        }
    }

    @Benchmark
    public void call() {
        call.run();
    }
}
