package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

import java.util.Locale;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The register cap goes to NVIDIA devices only, on top of TornadoVM's default flags, and with it late stores. */
@Tag("device")
class CompilerFlagsTest {

    @Test
    void theTestDeviceGetsTheCapOnlyIfItIsAnNvidiaGpu() {
        TornadoDevice device = TestDevice.get();
        Optional<String> flags = CompilerFlags.forDevice(device);
        boolean nvidiaOpenCl = device.getTornadoVMBackend() == TornadoVMBackendType.OPENCL
                && String.valueOf(device.getPlatformName()).toUpperCase(Locale.ROOT).contains("NVIDIA");
        if (device.getTornadoVMBackend() == TornadoVMBackendType.PTX) {
            assertEquals(Optional.of("CU_JIT_OPTIMIZATION_LEVEL 4 CU_JIT_MAX_REGISTERS 128"), flags);
        } else if (nvidiaOpenCl) {
            assertEquals(Optional.of("-cl-mad-enable -cl-fast-relaxed-math -w -cl-nv-maxrregcount=128"), flags);
        } else {
            assertTrue(flags.isEmpty(), device.getPlatformName() + ": " + flags);
        }
    }

    @Test
    void aPlanStoresLateOnlyOnAnNvidiaGpuUnderTheLowerCapWhereTheCapReachesItsCompiler() {
        // The 4096-point single-group kernel stores late on an NVIDIA GPU only: under a cap of 72 through
        // OpenCL and PTX, without one on the CUDA backend (whose NVRTC takes no cap from TornadoVM 5.2).
        TornadoDevice device = TestDevice.get();
        boolean capped = CompilerFlags.capsRegisters(device);
        boolean nvidia = capped || device.getTornadoVMBackend() == TornadoVMBackendType.CUDA;
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(4096).batch(2).build(), device)) {
            assertEquals(nvidia, plan.toString().contains("stores late"), plan.toString());
            assertEquals(capped, plan.toString().contains("stores late (72 registers)"), plan.toString());
        }
        // In double too, under the default cap: 16 complex doubles spill under 72, and the 2048-point
        // kernel's groups of 128 take that cap rather than the 168 of double's small groups.
        for (int n : new int[] {2048, 4096}) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(2).precision(Precision.DOUBLE).build();
            try (FftPlan plan = FftPlan.create(d, device)) {
                assertEquals(nvidia, plan.toString().contains("stores late"), plan.toString());
                assertEquals(capped, plan.toString().contains("stores late (" + DeviceProfile.MAX_REGISTERS + " registers)"),
                        plan.toString());
                assertFalse(plan.toString().contains("registers a work-item (double)"), plan.toString());
            }
        }
        // A double plan of several passes: its single-group pass (4096 points along X) stores late alone, and on
        // the PTX backend every pass does (Engine.storesLateOnPtx).
        boolean ptx = device.getTornadoVMBackend() == TornadoVMBackendType.PTX;
        FftDescriptor planes = FftDescriptor.c2c(64, 4096).precision(Precision.DOUBLE).build();
        try (FftPlan plan = FftPlan.create(planes, device)) {
            assertEquals(nvidia, plan.toString().contains("stores late"), plan.toString());
            assertEquals(nvidia && !ptx, plan.toString().contains("its single-group pass stores late"), plan.toString());
        }
    }

    @Test
    void aDoublePlanOfSmallGroupsTakesMoreRegistersOnlyWhereTheCapReachesItsCompiler() {
        // 1024 points in double: one pass of groups of 64 work-items (Planner.widensRegisters).
        FftDescriptor d = FftDescriptor.c2c(1024).batch(2).precision(Precision.DOUBLE).build();
        String note = DeviceProfile.DOUBLE_REGISTERS + " registers a work-item (double)";
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            assertEquals(CompilerFlags.capsRegisters(TestDevice.get()), plan.toString().contains(note), plan.toString());
        }
        // A cap the user chose is kept.
        try (FftPlan plan = FftPlan.create(d, TestDevice.get(), FftOptions.defaults().withMaxRegisters(96))) {
            assertFalse(plan.toString().contains(note), plan.toString());
        }
    }
}
