package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Failures;
import io.github.tornadofft.bench.Metrics;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The copy ceiling of a TornadoVM device without CUDA: the simplest kernel there is, one float
 * read and written per work-item, timed by TornadoVM's profiler.
 */
final class TornadoCopy implements CopyCeiling {

    private static final AtomicInteger IDS = new AtomicInteger();

    private final TornadoDevice device;
    private final String spec;

    TornadoCopy(TornadoDevice device, String spec) {
        this.device = device;
        this.spec = spec;
    }

    /** The copy kernel: out[i] = in[i] for every i, one work-item each. */
    static void copy(FloatArray in, FloatArray out) {
        for (@Parallel int i = 0; i < out.getSize(); i++) {
            out.set(i, in.get(i));
        }
    }

    @Override
    public String key() {
        return "tornado " + spec;
    }

    @Override
    public String method() {
        return "tornado " + spec + ": TornadoVM copy kernel (@Parallel loop), profiler kernel time";
    }

    @Override
    public double measure(long bytes, int warmup, int reps) {
        int floats = (int) (bytes / Float.BYTES);
        FloatArray in = new FloatArray(floats);
        FloatArray out = new FloatArray(floats);
        in.init(1f);
        TaskGraph graph = new TaskGraph("benchcopy" + IDS.incrementAndGet())
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, in)
                .task("copy", TornadoCopy::copy, in, out)
                .transferToHost(DataTransferMode.UNDER_DEMAND, out);
        TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())
                .withDevice(device)
                .withProfiler(ProfilerMode.SILENT);
        try {
            long[] samples = new long[reps];
            for (int i = 0; i < warmup + reps; i++) {
                long t = plan.execute().getProfilerResult().getDeviceKernelTime();
                if (i >= warmup) {
                    samples[i - warmup] = t;
                }
            }
            return Metrics.copyGBs(bytes, Metrics.median(samples));
        } finally {
            release(plan);
        }
    }

    /**
     * Frees the copy's device memory and closes its plan, best effort: never throws but for a
     * {@linkplain Failures#fatal fatal} JVM error. TornadoVM reports some of its failures as {@link Error}s,
     * and freeDeviceMemory() has thrown "trying to deallocate an invalid buffer" on PoCL's device; a
     * failure to release must hide neither the measurement taken nor the exception that ended it, and
     * it is said on stderr.
     */
    private void release(TornadoExecutionPlan plan) {
        try {
            plan.freeDeviceMemory();
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            System.err.println("run-bench: " + key() + ": freeing the copy's device memory failed: " + Failures.describe(t));
        }
        try {
            plan.close();
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            System.err.println("run-bench: " + key() + ": closing the copy's execution plan failed: " + Failures.describe(t));
        }
    }
}
