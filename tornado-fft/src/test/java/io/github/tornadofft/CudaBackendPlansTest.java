package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Tuning;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plans of TornadoVM's CUDA backend, on a profile like an H200's there (no register cap reaches NVRTC,
 * so groups of at most 256): a complex 1D transform of several passes takes the split exchange, every other
 * plan the planner's choice ({@link Engine#splitsOnCuda}). Host logic only: the kernels run in the device
 * suite on every backend.
 */
class CudaBackendPlansTest {

    private static final DeviceProfile CUDA = DeviceProfile.of("gpu", false, 48 << 10, 1024, 140L << 30, 128,
            Tuning.PLANNER.withoutCompilerCap());

    /** The plan's passes, each as its text with the radices of its steps (a Pass holds them in an array). */
    private static List<String> passes(FftDescriptor d, DeviceProfile device, boolean cudaComplex) {
        return Engine.planPasses(d, device, cudaComplex).stream()
                .map(p -> p.toString().replaceFirst("sub=\\[I@[0-9a-f]+", "sub=" + Arrays.toString(p.sub()))).toList();
    }

    @Test
    void aComplex1dTransformOfSeveralPassesIsSplitThere() {
        for (FftDescriptor d : List.of(FftDescriptor.c2c(1 << 16).batch(256).build(), FftDescriptor.c2c(1 << 24).build(),
                FftDescriptor.c2c(8192).batch(3).build(),
                FftDescriptor.c2c(1 << 16).batch(2).precision(Precision.DOUBLE).build())) {
            // The plan the split exchange's profile gives, not the planner's choice.
            List<String> cuda = passes(d, CUDA, true);
            assertEquals(passes(d, CUDA.withExchange(DeviceProfile.Exchange.SPLIT), false), cuda, d.toString());
            assertNotEquals(passes(d, CUDA, false), cuda, d.toString());
            assertTrue(cuda.size() > 1 && cuda.get(cuda.size() - 1).contains("split=true"), d + ": " + cuda);
        }
    }

    @Test
    void everyOtherPlanIsThePlannersChoice() {
        // One pass; another rank; half storage; an exchange the profile chose.
        for (FftDescriptor d : List.of(FftDescriptor.c2c(4096).batch(2).build(), FftDescriptor.c2c(4096, 4096).build(),
                FftDescriptor.c2c(256, 256, 256).build(), FftDescriptor.c2c(1 << 16).precision(Precision.HALF).build())) {
            assertEquals(passes(d, CUDA, false), passes(d, CUDA, true), d.toString());
        }
        FftDescriptor d = FftDescriptor.c2c(1 << 16).batch(256).build();
        DeviceProfile pair = CUDA.withExchange(DeviceProfile.Exchange.PAIR);
        assertEquals(passes(d, pair, false), passes(d, pair, true));
    }

    @Test
    void onPtxADoublePlanOfSeveralPassesStoresLateInEvery() {
        DeviceProfile ptx = DeviceProfile.of("gpu", false, 48 << 10, 1024, 140L << 30, 128, Tuning.PLANNER);
        DeviceProfile doubles = ptx.forPrecision(Precision.DOUBLE);
        for (FftDescriptor d : List.of(FftDescriptor.c2c(1 << 20).batch(8).precision(Precision.DOUBLE).build(),
                FftDescriptor.c2c(256, 256, 256).precision(Precision.DOUBLE).build())) {
            List<io.github.tornadofft.plan.Pass> passes = Engine.planPasses(d, doubles, false);
            assertTrue(Engine.storesLateOnPtx(passes, doubles, true), d.toString());
            // Not where the kernels are not the planner's passes alone, or the device is not PTX.
            assertFalse(Engine.storesLateOnPtx(passes, doubles, false), d.toString());
            // Not where the profile chooses, not in float, not for one pass (the planner's rule decides there).
            assertFalse(Engine.storesLateOnPtx(passes, doubles.withLateStore(DeviceProfile.Choice.OFF), true), d.toString());
            assertFalse(Engine.storesLateOnPtx(Engine.planPasses(d, ptx, false), ptx, true), d.toString());
        }
        FftDescriptor one = FftDescriptor.c2c(1024).batch(4).precision(Precision.DOUBLE).build();
        assertFalse(Engine.storesLateOnPtx(Engine.planPasses(one, doubles, false), doubles, true));
    }
}
