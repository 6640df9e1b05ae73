package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Late stores (a zero from the twiddle table added to every store address after the last exchange)
 * forced on every plan, whatever the device: the planner picks them on its own only for an NVIDIA
 * GPU's single-group kernels of 2048 and 4096 points, so this is where a CPU test run checks that the
 * zero is a zero in every kernel, every register count and both store paths, in float and double.
 */
@Tag("device")
@ExtendWith(Seed.class)
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

    static Stream<int[]> doubleShapes() {
        // The single-group kernels an NVIDIA GPU stores late in double (2048, 4096 points), a multi-pass
        // plan and a 2D one.
        return Stream.of(new int[] {2048}, new int[] {4096}, new int[] {1 << 14}, new int[] {64, 128});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("doubleShapes")
    void doublePlansStoreLateToo(int[] shape) {
        Signals.assertBothDirectionsMatchTheReference(shape, Precision.DOUBLE,
                plan -> assertTrue(plan.toString().contains("stores late"), plan.toString()), "late stores");
    }

    @Test
    void aRealDoublePlanStoresLateBothWays() {
        // 8192 real points: 4096 complex values in one pass (as on an NVIDIA GPU, where a kernel of its own
        // splits or merges the half spectrum beside it), r2c and c2r.
        DoublePrecisionTest.assertRealTransformsMatchTheReference(new int[] {8192}, 2,
                plan -> assertTrue(plan.toString().contains("stores late"), plan.toString()));
    }

    @Test
    void aBatchInALayoutIsWrittenLateToo() {
        // Padded rows in, a stride out: the late zero joins the layout's store index.
        FftDescriptor d = FftDescriptor.c2c(4096).batch(3).inputLayout(1, 4100).outputLayout(2, 2 * 4096 + 6).build();
        LayoutTest.assertReadsAndWritesOnlyTheLayoutsPositions(d,
                plan -> assertTrue(plan.toString().contains("stores late"), plan.toString()));
    }
}
