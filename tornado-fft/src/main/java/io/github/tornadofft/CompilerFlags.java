package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

import java.util.Locale;
import java.util.Optional;

/**
 * The compiler flags tornado-fft's kernels want on an NVIDIA GPU: at most
 * {@link DeviceProfile#maxRegisters} registers per work-item (128 unless overridden), so that the
 * planner's largest GPU work-group ({@link DeviceProfile#maxGpuGroup}) always fits a
 * multiprocessor's registers, and two groups of 256 fit side by side.
 *
 * <p>NVIDIA's OpenCL compiler, given no register option, keeps every kernel launchable at any group
 * size by holding it to fewer registers, and the 4096-point kernel then cannot keep its values in
 * registers; at 128 it can, which makes that kernel and most multi-pass plans faster (a few did
 * better under the compiler's tighter default, but the flags apply to a whole execution plan, not
 * per kernel). A cap above 128 makes groups of 512 fail to launch ({@code CL_OUT_OF_RESOURCES}). On
 * the PTX backend the kernels already use at most 128, so the cap changes no timing, but it
 * guarantees that a group of 512 launches: one that does not fit fails there without an error
 * (measured: docs/history/PERFORMANCE-diary.md, v0.3). TornadoVM 5.2's CUDA backend hands NVRTC no
 * options at all, so it gets none here: there the planner keeps groups to 256 work-items
 * ({@link DeviceProfile#UNCAPPED_REGISTERS}), which launch under any register count.
 *
 * <p>{@link FftPlan} applies the flags to its own plans, with a lower cap where its kernel stores late
 * ({@code Planner.storesLate}). Kernels {@link FftPlan#appendTo appended} to a caller's TaskGraph
 * launch without the flags (on a device that takes a cap they run in groups of at most 256, which
 * fit under any register count, and they never store late); {@link #apply} on the caller's
 * execution plan can make some of them faster on an NVIDIA GPU.
 */
public final class CompilerFlags {

    private CompilerFlags() {
    }

    /**
     * Adds the flags for {@code device}, if it needs any, to {@code plan}; returns the plan. For an
     * execution plan that holds kernels appended with {@link FftPlan#appendTo}: they launch without it,
     * and on an NVIDIA GPU some run faster with it.
     *
     * @throws IllegalArgumentException naming {@code tornado.fft.maxRegisters}, where that property's
     *                                  value is not an integer from 32 to 255
     */
    public static TornadoExecutionPlan apply(TornadoExecutionPlan plan, TornadoDevice device) {
        return apply(plan, device, DeviceProfile.maxRegisters());
    }

    /** Adds the flags for {@code device} with a cap of {@code registers}, if it needs any; returns the plan. */
    static TornadoExecutionPlan apply(TornadoExecutionPlan plan, TornadoDevice device, int registers) {
        forDevice(device, registers).ifPresent(flags -> plan.withCompilerFlags(device.getTornadoVMBackend(), flags));
        return plan;
    }

    /**
     * Whether the device's compiler takes a register cap from these flags (an NVIDIA GPU).
     *
     * @throws IllegalArgumentException as {@link #apply(TornadoExecutionPlan, TornadoDevice)}
     */
    public static boolean capsRegisters(TornadoDevice device) {
        return forDevice(device).isPresent();
    }

    /**
     * The whole flag string for the device's backend, TornadoVM's defaults (or the user's
     * {@code tornado.opencl.compiler.flags} / {@code tornado.ptx.compiler.flags}) with the register
     * cap added, or empty where the device needs nothing (a CPU, another vendor's OpenCL).
     *
     * @throws IllegalArgumentException as {@link #apply(TornadoExecutionPlan, TornadoDevice)}
     */
    public static Optional<String> forDevice(TornadoDevice device) {
        return forDevice(device, DeviceProfile.maxRegisters());
    }

    private static Optional<String> forDevice(TornadoDevice device, int registers) {
        TornadoVMBackendType backend = device.getTornadoVMBackend();
        if (backend == TornadoVMBackendType.PTX) {
            String base = System.getProperty("tornado.ptx.compiler.flags", "CU_JIT_OPTIMIZATION_LEVEL 4");
            return Optional.of(base.contains("CU_JIT_MAX_REGISTERS") ? base : base + " CU_JIT_MAX_REGISTERS " + registers);
        }
        String platform = String.valueOf(device.getPlatformName());
        if (backend == TornadoVMBackendType.OPENCL && platform.toUpperCase(Locale.ROOT).contains("NVIDIA")) {
            String base = System.getProperty("tornado.opencl.compiler.flags", "-cl-mad-enable -cl-fast-relaxed-math -w");
            return Optional.of(base.contains("-cl-nv-maxrregcount") ? base : base + " -cl-nv-maxrregcount=" + registers);
        }
        return Optional.empty();
    }
}
