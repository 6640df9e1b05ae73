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
 * <p>On an H100, NVIDIA's OpenCL compiler without a register option kept the kernels launchable at
 * any group size and the 4096-point kernel ran at 0.148 ms for 4096 x 4096, against 0.107 ms with
 * the cap (2D 4096²: 0.404 -> 0.377 ms; 1D 2^16, whose passes liked the tighter default, 0.262 ->
 * 0.282 ms); with a cap above 128, groups of 512 failed to launch (CL_OUT_OF_RESOURCES). On the PTX
 * backend the cap changes no timing (the kernels use at most 128) but guarantees that a group of 512
 * launches: one that does not fit fails there without an error.
 * {@link FftPlan} applies the flags to its own plans, with a lower cap where its kernel stores late
 * ({@code Planner.storesLate}); a caller who {@link FftPlan#appendTo appends} the transform to a
 * TaskGraph applies them to the execution plan with {@link #apply} (appended kernels never store late).
 */
public final class CompilerFlags {

    private CompilerFlags() {
    }

    /** Adds the flags for {@code device}, if it needs any, to {@code plan}; returns the plan. */
    public static TornadoExecutionPlan apply(TornadoExecutionPlan plan, TornadoDevice device) {
        return apply(plan, device, DeviceProfile.maxRegisters());
    }

    /** Adds the flags for {@code device} with a cap of {@code registers}, if it needs any; returns the plan. */
    static TornadoExecutionPlan apply(TornadoExecutionPlan plan, TornadoDevice device, int registers) {
        forDevice(device, registers).ifPresent(flags -> plan.withCompilerFlags(device.getTornadoVMBackend(), flags));
        return plan;
    }

    /** Whether the device's compiler takes a register cap from these flags (an NVIDIA GPU). */
    public static boolean capsRegisters(TornadoDevice device) {
        return forDevice(device).isPresent();
    }

    /**
     * The whole flag string for the device's backend, TornadoVM's defaults (or the user's
     * {@code tornado.opencl.compiler.flags} / {@code tornado.ptx.compiler.flags}) with the register
     * cap added, or empty where the device needs nothing (a CPU, another vendor's OpenCL).
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
