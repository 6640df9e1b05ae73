package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.reference.Direction;
import io.github.tornadofft.reference.Norm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Late stores (a zero from the twiddle table added to every store address after the last exchange)
 * forced on every plan, whatever the device: the planner picks them on its own only for an NVIDIA
 * GPU's single-group kernels of 2048 and 4096 points, so this is where a CPU test run checks that the
 * zero is a zero in every kernel, every register count and both store paths.
 */
class LateStoreTest {

    @RegisterExtension
    static final Extension LATE_EVERYWHERE = SystemProperties.duringClass(DeviceProfile.LATE_STORE_PROPERTY, "true");

    static Stream<int[]> shapes() {
        // Single-group sizes of every register count, multi-pass 1D (staged and direct stores), fused X
        // axes and strided 2D/3D axes.
        return Stream.of(new int[] {1}, new int[] {2}, new int[] {8}, new int[] {32}, new int[] {256},
                new int[] {2048}, new int[] {4096}, new int[] {1 << 13}, new int[] {1 << 16}, new int[] {1 << 18},
                new int[] {512, 512}, new int[] {16, 4096}, new int[] {4096, 16}, new int[] {64, 64, 64},
                new int[] {32, 64, 8});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void lateStoresMatchTheReference(int[] shape) {
        Signals.assertBothDirectionsMatchTheReference(shape,
                plan -> assertTrue(plan.toString().contains("stores late"), plan.toString()), "late stores");
    }

    @Test
    void aPaddedBatchIsWrittenLateToo() {
        // Rows of 4096 at a distance of 4100 in and out: the late zero joins the layout's store index,
        // and the four padding values of every row keep their poison.
        int n = 4096;
        int batch = 3;
        int distance = n + 4;
        FftDescriptor d = FftDescriptor.c2c(n).batch(batch).layout(1, distance).build();
        float[] packed = Signals.random(d.floats());
        float[] input = Signals.random(d.inputFloats());
        for (int b = 0; b < batch; b++) {
            System.arraycopy(packed, 2 * b * n, input, 2 * b * distance, 2 * n);
        }
        float[] before = input.clone();
        float[] out = Signals.poisoned(d.outputFloats());
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            assertTrue(plan.toString().contains("stores late"), plan.toString());
            plan.execute(input, out);
        }
        assertArrayEquals(before, input, "the input of an out-of-place plan is not written");
        float[] rows = new float[(int) d.floats()];
        for (int b = 0; b < batch; b++) {
            System.arraycopy(out, 2 * b * distance, rows, 2 * b * n, 2 * n);
            for (int pad = 2 * (b * distance + n); pad < Math.min(out.length, 2 * (b + 1) * distance); pad++) {
                assertTrue(Float.isNaN(out[pad]), "padding at " + pad + " written");
            }
        }
        Signals.assertClose(rows, Signals.reference1d(packed, n, batch, Direction.FORWARD, Norm.BACKWARD), d.toString());
    }
}
