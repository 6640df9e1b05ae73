package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Tuning;

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
    void aPlanStoresLateOnlyWhereItsRegisterCapCanBeLowered() {
        // The 4096-point single-group kernel stores late under a cap of 72 on an NVIDIA GPU only.
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(4096).batch(2).build(), TestDevice.get())) {
            assertEquals(CompilerFlags.capsRegisters(TestDevice.get()), plan.toString().contains("stores late (72 registers)"),
                    plan.toString());
        }
    }

    @Test
    void doublePlansOfSmallGroupsTakeMoreRegistersUnlessACapIsChosen() {
        // On an H100-like profile, batched 256 to 2048 points in double are one pass of groups of 64 to 128
        // work-items; 4096 takes 256 and stays under the default cap, as float does.
        DeviceProfile gpu = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30);
        Tuning planner = Tuning.PLANNER;
        for (int n : new int[] {256, 1024, 2048}) {
            FftDescriptor d = FftDescriptor.c2c(n).batch(4).precision(Precision.DOUBLE).build();
            assertTrue(Engine.widensRegisters(Precision.DOUBLE, Engine.planPasses(d, gpu.forPrecision(Precision.DOUBLE)),
                    planner), "double " + n);
            assertFalse(Engine.widensRegisters(Precision.DOUBLE, Engine.planPasses(d, gpu.forPrecision(Precision.DOUBLE)),
                    planner.withMaxRegisters(96)), "double " + n + ", a cap chosen");
            FftDescriptor f = FftDescriptor.c2c(n).batch(4).build();
            assertFalse(Engine.widensRegisters(Precision.FLOAT, Engine.planPasses(f, gpu), planner), "float " + n);
        }
        FftDescriptor large = FftDescriptor.c2c(4096).batch(4).precision(Precision.DOUBLE).build();
        assertFalse(Engine.widensRegisters(Precision.DOUBLE, Engine.planPasses(large, gpu.forPrecision(Precision.DOUBLE)),
                planner));
        try (SystemProperties chosen = SystemProperties.set(DeviceProfile.MAX_REGISTERS_PROPERTY, "128")) {
            FftDescriptor d = FftDescriptor.c2c(1024).batch(4).precision(Precision.DOUBLE).build();
            assertFalse(Engine.widensRegisters(Precision.DOUBLE, Engine.planPasses(d, gpu.forPrecision(Precision.DOUBLE)),
                    Tuning.fromProperties()));
        }
        // The plan says so where the device's compiler takes a cap (an NVIDIA GPU), and nowhere else.
        try (FftPlan plan = FftPlan.create(FftDescriptor.c2c(1024).batch(2).precision(Precision.DOUBLE).build(),
                TestDevice.get())) {
            assertEquals(CompilerFlags.capsRegisters(TestDevice.get()),
                    plan.toString().contains(DeviceProfile.DOUBLE_REGISTERS + " registers a work-item (double)"), plan.toString());
        }
    }
}
