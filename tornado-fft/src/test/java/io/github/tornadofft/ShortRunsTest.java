package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs shorter than the device's preferred length where they save a pass
 * ({@link DeviceProfile#SHORTEST_RUN_PROPERTY}, off by default): 1D and strided axes planned in fewer
 * passes of larger radix, with groups of 4-8 adjacent lines or columns, held to the reference.
 */
class ShortRunsTest {

    @RegisterExtension
    static final Extension SHORT_RUNS = SystemProperties.duringClass(DeviceProfile.SHORTEST_RUN_PROPERTY, "4");

    static Stream<int[]> shapes() {
        return Stream.of(new int[] {1 << 18}, new int[] {1 << 20}, new int[] {1024, 1024}, new int[] {1024, 64, 8});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void fewerPassesInShorterRunsMatchTheReference(int[] shape) {
        Signals.assertBothDirectionsMatchTheReference(shape, plan -> {
            DeviceProfile profile = Devices.profile(TestDevice.get());
            List<Pass> preferred = Planner.plan(shape, 1, profile.withCoalesce(profile.coalesce()));
            assertTrue(plan.passes().size() < preferred.size(), plan + " against " + preferred);
        }, "short runs");
    }
}
