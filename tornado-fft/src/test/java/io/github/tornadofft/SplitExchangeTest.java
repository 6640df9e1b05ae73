package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.reference.Direction;
import io.github.tornadofft.reference.Norm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static io.github.tornadofft.Signals.assertClose;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The split exchange (real and imaginary parts in turn through one local array) forced on every
 * pass, whatever the device: the planner picks it on its own only on a GPU, so this is where a CPU
 * test run checks the kernels' split paths (exchanges, staged stores, every register count).
 */
class SplitExchangeTest {

    private static String before;

    @BeforeAll
    static void forceSplit() {
        before = System.getProperty(DeviceProfile.EXCHANGE_PROPERTY);
        System.setProperty(DeviceProfile.EXCHANGE_PROPERTY, "split");
    }

    @AfterAll
    static void restore() {
        if (before == null) {
            System.clearProperty(DeviceProfile.EXCHANGE_PROPERTY);
        } else {
            System.setProperty(DeviceProfile.EXCHANGE_PROPERTY, before);
        }
    }

    static Stream<int[]> shapes() {
        // Single-group sizes of every register count, multi-pass 1D, and strided 2D/3D axes.
        return Stream.of(new int[] {2}, new int[] {8}, new int[] {32}, new int[] {256}, new int[] {1024},
                new int[] {4096}, new int[] {1 << 13}, new int[] {1 << 16}, new int[] {1 << 17}, new int[] {1 << 18},
                new int[] {1 << 20}, new int[] {512, 512}, new int[] {16, 4096}, new int[] {4096, 16},
                new int[] {64, 64, 64}, new int[] {128, 128, 128}, new int[] {32, 64, 512}, new int[] {256, 16, 64});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void splitPassesMatchTheReference(int[] shape) {
        long points = 1;
        for (int n : shape) {
            points *= n;
        }
        int batch = points <= 4096 ? 4 : 1;
        for (Direction direction : Direction.values()) {
            FftDescriptor d = FftDescriptor.c2c(shape).batch(batch).direction(direction).build();
            float[] input = Signals.random(d.floats());
            float[] out = Signals.poisoned(d.floats());
            try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
                assertTrue(plan.toString().contains("split exchange"), plan.toString());
                plan.execute(input, out);
            }
            assertClose(out, Signals.reference(input, shape, batch, direction, Norm.BACKWARD),
                    "split exchange, " + direction + " " + Arrays.toString(shape) + " batch " + batch);
        }
    }
}
