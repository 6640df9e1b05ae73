package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import io.github.tornadofft.plan.Tuning;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The passes a 1D real transform of several passes takes on a GPU profile: the planner counts an r2c's split
 * kernel ({@link Engine#splitKernels}), so that an r2c whose short runs would keep its split in a kernel of
 * its own takes the device's runs and the split inside its last pass. Host logic only: the kernels run in
 * the device suite.
 */
class RealPassesPlanTest {

    private static final DeviceProfile GPU = DeviceProfile.of("gpu", false, 48 << 10, 1024, 140L << 30, 128, Tuning.PLANNER);

    private static List<Pass> plannersPasses(FftDescriptor d, DeviceProfile device) {
        FftDescriptor complex = Engine.complexPart(d);
        return Planner.plan(complex.shape(), complex.batch(), device);
    }

    /** Each pass as its axis, radix, span and group shape (a Pass holds its steps in an array). */
    private static List<String> shapes(List<Pass> passes) {
        return passes.stream().map(p -> p.axis() + ":" + p.radix() + "@" + p.span() + " " + p.cols() + "x" + p.rows()).toList();
    }

    @Test
    void anR2cWhoseShortRunsWouldKeepItsSplitKernelTakesTheDevicesRunsAndTheSplitInside() {
        FftDescriptor r2c = FftDescriptor.r2c(1 << 20).batch(32).build();
        List<Pass> shortRuns = plannersPasses(r2c, GPU);
        assertFalse(Engine.realInPasses(r2c, shortRuns, false), "two passes whose last cannot take the split: " + shortRuns);
        List<Pass> chosen = Engine.planPasses(r2c, GPU);
        assertEquals(shortRuns.size() + 1, chosen.size(), chosen.toString());
        assertTrue(Engine.realInPasses(r2c, chosen, false), "the split inside the last of three: " + chosen);
        // The plan measured under tornado.fft.shortRuns=false: the device's runs.
        assertEquals(shapes(plannersPasses(r2c, GPU.withShortRuns(DeviceProfile.Choice.OFF))), shapes(chosen));
    }

    @Test
    void everyOtherRealPlanIsThePlannersChoice() {
        // c2r merges inside the first of its two passes; this r2c splits inside its passes already.
        for (FftDescriptor d : List.of(FftDescriptor.c2r(1 << 20).batch(32).build(), FftDescriptor.r2c(1 << 17).batch(256).build(),
                FftDescriptor.r2c(4096).batch(16).build())) {
            assertEquals(plannersPasses(d, GPU).size(), Engine.planPasses(d, GPU).size(), d.toString());
        }
        // Short runs forced on count the split kernel as well; a CPU's r2c never splits inside its passes,
        // so the kernel counts on both sides there.
        FftDescriptor r2c = FftDescriptor.r2c(1 << 20).batch(32).build();
        DeviceProfile forced = GPU.withShortRuns(DeviceProfile.Choice.ON);
        assertEquals(shapes(plannersPasses(r2c, GPU.withShortRuns(DeviceProfile.Choice.OFF))), shapes(Engine.planPasses(r2c, forced)));
        DeviceProfile cpu = DeviceProfile.of("cpu", true, 512 << 10, 4096, 8L << 30, 16, Tuning.PLANNER);
        assertEquals(1, Engine.splitKernels(r2c, Engine.planPasses(r2c, cpu), true));
        assertEquals(shapes(plannersPasses(r2c, cpu)), shapes(Engine.planPasses(r2c, cpu)));
    }
}
