package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

import java.util.Arrays;

import static io.github.tornadofft.Signals.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plans launched as one CUDA graph: replayed with fresh data on a PTX or CUDA device, refused by name on
 * any other backend. Which half runs depends on the device under test; both assert.
 */
@Tag("device")
@ExtendWith(Seed.class)
class LaunchTest {

    private static boolean capturesGraphs() {
        return Devices.capturesCudaGraphs(TestDevice.get());
    }

    @Test
    void cudaGraphPlansReplayWithFreshDataOnPtxAndAreRefusedElsewhere() {
        int[][] shapes = {{1 << 16}, {64, 32}, {16, 32, 64}};
        for (int[] shape : shapes) {
            FftDescriptor descriptor = FftDescriptor.c2c(shape).batch(2).build();
            if (!capturesGraphs()) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> FftPlan.create(descriptor, TestDevice.get(), Launch.CUDA_GRAPH));
                assertTrue(e.getMessage().startsWith("launch:") && e.getMessage().contains("PTX"), e.getMessage());
                continue;
            }
            try (FftPlan plan = FftPlan.create(descriptor, TestDevice.get(), Launch.CUDA_GRAPH)) {
                assertEquals(Launch.CUDA_GRAPH, plan.launch());
                assertEquals(-1, plan.withProfiler().lastKernelNanos());
                for (int run = 0; run < 3; run++) {
                    // The graph was captured on the first execution: every later one must see new data.
                    float[] input = Signals.random(descriptor.floats());
                    float[] out = Signals.poisoned(descriptor.floats());
                    plan.execute(input, out);
                    assertClose(out, Signals.reference(input, shape, 2, Direction.FORWARD, Norm.BACKWARD),
                            Signals.points(shape), "CUDA graph run " + run + " of " + Arrays.toString(shape));
                }
            }
        }
    }

    @Test
    void kernelTimeIsReportedOnlyWithTheProfiler() {
        FftDescriptor descriptor = FftDescriptor.c2c(256).batch(4).build();
        // The suite run with queue profiling off: no kernel times to report, the profiler refused.
        if (!FftPlan.recordsKernelTimes(TestDevice.get())) {
            try (FftPlan plan = FftPlan.create(descriptor, TestDevice.get())) {
                assertThrows(IllegalStateException.class, plan::withProfiler);
            }
            return;
        }
        try (FftPlan plain = FftPlan.create(descriptor, TestDevice.get());
             FftPlan profiled = FftPlan.create(descriptor, TestDevice.get()).withProfiler()) {
            plain.upload();
            plain.executeOnDevice();
            assertEquals(-1, plain.lastKernelNanos());
            profiled.upload();
            profiled.executeOnDevice();
            assertTrue(profiled.lastKernelNanos() > 0, "kernel ns " + profiled.lastKernelNanos());
            // Also through the calls that copy the result back (TornadoVM clears a graph's profile
            // when it copies to the host), in both directions.
            float[] x = Signals.random(descriptor.inputFloats());
            float[] y = new float[(int) descriptor.outputFloats()];
            profiled.forward(x, y);
            assertTrue(profiled.lastKernelNanos() > 0, "forward(in, out): kernel ns " + profiled.lastKernelNanos());
            profiled.inverse(y, x);
            assertTrue(profiled.lastKernelNanos() > 0, "inverse(in, out): kernel ns " + profiled.lastKernelNanos());
        }
    }

    @Test
    void theProfilerIsRefusedByNameWhereOpenClQueuesRecordNoTimes() {
        FftDescriptor descriptor = FftDescriptor.c2c(256).batch(4).build();
        boolean openCl = TestDevice.get().getTornadoVMBackend() == TornadoVMBackendType.OPENCL;
        // The switch as a user would set it, here after TornadoVM has started: the plan reads it on the call.
        try (FftPlan plan = FftPlan.create(descriptor, TestDevice.get());
             SystemProperties off = SystemProperties.set(FftPlan.OPENCL_QUEUE_PROFILING_PROPERTY, "false")) {
            if (openCl) {
                IllegalStateException e = assertThrows(IllegalStateException.class, plan::withProfiler);
                assertTrue(e.getMessage().startsWith("withProfiler:")
                        && e.getMessage().contains(FftPlan.OPENCL_QUEUE_PROFILING_PROPERTY), e.getMessage());
            } else {
                // Only OpenCL's queues take the switch: other backends keep their kernel times.
                plan.withProfiler();
            }
            // Refused or not, the plan still transforms.
            float[] input = Signals.random(descriptor.floats());
            float[] out = Signals.poisoned(descriptor.floats());
            plan.execute(input, out);
            assertClose(out, Signals.reference(input, new int[] {256}, 4, Direction.FORWARD, Norm.BACKWARD), 256,
                    "after withProfiler with queue profiling off");
        }
    }

    @Test
    void kernelLaunchesAreTheDefault() {
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(64).build(), TestDevice.get())) {
            assertEquals(Launch.KERNELS, plan.launch());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FftPlan.create(FftDescriptor.c2c(64).build(), TestDevice.get(), (Launch) null));
        assertTrue(e.getMessage().startsWith("launch:"), e.getMessage());
    }
}
