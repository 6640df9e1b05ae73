package io.github.tornadofft.bench.jmh;

import io.github.tornadofft.CompilerFlags;
import io.github.tornadofft.Devices;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.Launch;
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
 * <li>{@code plan}: {@link FftPlan#executeOnDevice()}, one kernel launch per pass, through the bench's
 * tornado-fft engine without the profiler (as {@code ./run-bench --no-tornado-profiler} times it).</li>
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

    private Engine.Prepared planned;
    private FftPlan plan;
    private TornadoExecutionPlan appended;
    private Runnable call;

    @Setup(Level.Trial)
    public void setUp() throws UnsupportedCaseException {
        Case c = Case.parse(shape);
        Launch launch = api.endsWith("-graph") ? Launch.CUDA_GRAPH : Launch.KERNELS;
        Truth truth = Truth.of(c, new SplittableRandom().nextLong(), 4);
        double error;
        switch (api) {
            case "plan", "plan-graph" -> {
                // The bench's own engine, as ./run-bench times it, with the profiler off.
                planned = Engines.tornado(device, launch).prepare(c);
                planned.load(truth.input());
                planned.runEndToEnd();
                error = truth.relativeError(planned);
                call = planned::runResident;
            }
            case "appended", "appended-graph" -> {
                TornadoDevice target = Devices.resolve(device);
                plan = FftPlan.create(FftDescriptor.c2c(c.shape()).batch(c.batch()).build(), target, launch);
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
                call = appended::execute;
                appended.execute().transferToHost(out);
                float[] result = out.toHeapArray();
                error = truth.relativeError((index, dst) -> System.arraycopy(result, index * dst.length, dst, 0, dst.length));
            }
            default -> throw new IllegalArgumentException("api: plan, plan-graph, appended or appended-graph, got '" + api + "'");
        }
        if (!(error < TOLERANCE)) {
            throw new IllegalStateException("api " + api + " on device " + device + ": relative L2 error " + error
                    + " against reference-fft (at most " + TOLERANCE + "); not timed");
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
        if (planned != null) {
            planned.close();
        }
    }

    @Benchmark
    public void call() {
        call.run();
    }
}
