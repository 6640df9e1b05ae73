package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The split exchange (real and imaginary parts in turn through one local array) forced on every
 * pass, whatever the device: the planner picks it on its own only on a GPU, so this is where a CPU
 * test run checks the kernels' split paths (exchanges, staged stores, every register count).
 */
@Tag("device")
@ExtendWith(Seed.class)
class SplitExchangeTest {

    @RegisterExtension
    static final Extension SPLIT_EVERYWHERE = SystemProperties.duringClass(DeviceProfile.EXCHANGE_PROPERTY, "split");

    static Stream<int[]> shapes() {
        // Single-group sizes of every register count (one to three steps), multi-pass 1D of two and three passes,
        // and strided 2D/3D axes: a size of each class, not every size (the CI's time).
        return Stream.of(new int[] {2}, new int[] {8}, new int[] {256}, new int[] {4096}, new int[] {1 << 13},
                new int[] {1 << 17}, new int[] {1 << 20}, new int[] {512, 512}, new int[] {16, 4096}, new int[] {4096, 16},
                new int[] {64, 64, 64}, new int[] {32, 64, 512}, new int[] {256, 16, 64});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void splitPassesMatchTheReference(int[] shape) {
        Signals.assertBothDirectionsMatchTheReference(shape,
                plan -> assertTrue(plan.toString().contains("split exchange"), plan.toString()), "split exchange");
    }
}
