package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Planner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Short runs for a pass fewer forced on every plan, whatever the device: the planner takes them on its
 * own only on a GPU whose arrays start on 128-byte lines, for strided axes of 1024 points and more and
 * for 1D transforms of 2^26 points and more, so this is where a CPU test run checks the plans they make
 * (a whole strided axis in one pass of few columns, and along X fewer passes of larger radix).
 */
@Tag("device")
@ExtendWith(Seed.class)
class ShortRunsTest {

    @RegisterExtension
    static final Extension SHORT_EVERYWHERE = SystemProperties.duringClass(DeviceProfile.SHORT_RUNS_PROPERTY, "true");

    static Stream<int[]> shapes() {
        // A strided Y of 1024 after an X of its own, a strided Z of 1024 beside a fused X, Y between a Z and
        // an X of their own, and X alone in two passes instead of three: a pass fewer on a CPU and a GPU.
        return Stream.of(new int[] {1024, 128}, new int[] {1024, 4, 8}, new int[] {4, 1024, 128}, new int[] {1 << 20});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void shortRunsMatchTheReference(int[] shape) {
        Signals.assertBothDirectionsMatchTheReference(shape, plan -> {
            DeviceProfile usual = Devices.profile(TestDevice.get()).withShortRuns(DeviceProfile.Choice.OFF);
            int passes = Planner.plan(shape, plan.descriptor().batch(), usual).size();
            // The strided 1024-point axes take one pass in groups of 512; where groups stop at 256 (the CUDA
            // backend) short runs save no pass there, and must cost none.
            boolean saves = usual.cpu() || usual.maxGroupSize() >= 512 || shape.length == 1;
            assertTrue(saves ? plan.kernelsPerTransform() < passes : plan.kernelsPerTransform() <= passes,
                    Arrays.toString(shape) + ": " + (saves ? "a pass fewer than " : "no more passes than ") + passes + ": " + plan);
        }, "short runs");
    }
}
