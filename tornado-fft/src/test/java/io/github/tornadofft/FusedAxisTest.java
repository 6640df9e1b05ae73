package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static io.github.tornadofft.Signals.assertClose;
import static io.github.tornadofft.Signals.assertWithin;
import static io.github.tornadofft.Signals.points;
import static io.github.tornadofft.Signals.tolerance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short X axis fused into the first strided pass (the 3D seed's X stage inside the Y or Z kernel):
 * every fused length 2 to 64, in one step or two, into passes of every register count that can take
 * it, along Y and along Z (Y of length 1), single-pass and multi-pass strided axes, both exchanges, in
 * place and batched, held to the reference.
 */
@Tag("device")
@ExtendWith(Seed.class)
class FusedAxisTest {

    /** Fusion wherever it saves a kernel: a CPU would otherwise fuse only rows of one register step. */
    @RegisterExtension
    static final Extension FUSE_EVERYWHERE = SystemProperties.duringClass(DeviceProfile.FUSE_X_PROPERTY, "true");

    static Stream<int[]> shapes() {
        Stream<int[]> all = Stream.of(new int[] {2, 2}, new int[] {4, 2}, new int[] {16, 4}, new int[] {8, 8}, new int[] {64, 8},
                new int[] {16, 16}, new int[] {256, 16}, new int[] {4096, 16}, new int[] {1 << 16, 16},
                new int[] {32, 1, 8}, new int[] {16, 16, 16}, new int[] {128, 64, 4}, new int[] {512, 512, 2},
                new int[] {8, 256, 16},
                // groups of several adjacent lines (rows 4 and 2): lanes of more than one line
                new int[] {16384, 2}, new int[] {16384, 4},
                // two steps: rows of 32 and 64 in the kernel of 8 values per work-item, of 8 and 16 in that of 4
                new int[] {16, 32}, new int[] {1024, 32}, new int[] {32, 32, 32}, new int[] {128, 128, 32},
                new int[] {8, 1, 32}, new int[] {4, 16}, new int[] {4, 8}, new int[] {32, 64}, new int[] {16, 16, 64});
        // 128 lines of 32 fused take a group of 512 work-items; where groups stop at 256 (the CUDA
        // backend: DeviceProfile.UNCAPPED_REGISTERS) the planner runs X alone, as PlannerTest checks.
        int[] needs512 = {128, 128, 32};
        return Devices.profile(TestDevice.get()).maxGroupSize() >= 512 ? all : all.filter(s -> !Arrays.equals(s, needs512));
    }

    /** The plan's first kernel takes the whole X axis and no kernel runs along X alone. */
    private static Consumer<FftPlan> fused(int[] shape) {
        int x = shape[shape.length - 1];
        return plan -> {
            Pass first = plan.passes().get(0);
            assertEquals(x, first.fused(), plan.toString());
            assertTrue(plan.passes().stream().noneMatch(p -> p.axis() == 0), plan.toString());
            int regs = first.regs();
            String steps = x <= regs ? "{X(1," + x + ",1," + x + ",no-tw), "
                    : "{X(" + x / regs + "," + regs + "," + x / regs + "," + x + ",tw), X(" + regs + "," + x / regs + ",1,"
                    + x / regs + ",no-tw), ";
            assertTrue(plan.toString().contains(steps), steps + " in " + plan);
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void fusedPassesMatchTheReference(int[] shape) {
        Signals.assertBothDirectionsMatchTheReference(shape, fused(shape), "fused X");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void fusedPassesWithTheSplitExchangeMatchTheReference(int[] shape) {
        try (SystemProperties ignored = SystemProperties.set(DeviceProfile.EXCHANGE_PROPERTY, "split")) {
            Signals.assertBothDirectionsMatchTheReference(shape,
                    fused(shape).andThen(plan -> assertTrue(plan.toString().contains("split exchange"), plan.toString())),
                    "fused X, split exchange");
        }
    }

    @Test
    void fusedInPlaceOrthoRoundTripGivesTheInputBack() {
        int[] shape = {64, 32, 8};
        FftDescriptor forward = FftDescriptor.c2c(shape).batch(2).norm(Norm.ORTHO).inPlace(true).build();
        FftDescriptor inverse = FftDescriptor.c2c(shape).batch(2).norm(Norm.ORTHO).inPlace(true)
                .direction(Direction.INVERSE).build();
        float[] input = Signals.random(forward.floats());
        float[] spectrum = Signals.poisoned(forward.floats());
        float[] back = Signals.poisoned(forward.floats());
        try (FftPlan f = FftPlan.create(forward, TestDevice.get()); FftPlan b = FftPlan.create(inverse, TestDevice.get())) {
            fused(shape).accept(f);
            fused(shape).accept(b);
            f.execute(input, spectrum);
            assertClose(spectrum, Signals.reference(input, shape, 2, Direction.FORWARD, Norm.ORTHO), points(shape),
                    "ortho forward");
            b.execute(spectrum, back);
        }
        double[] original = new double[input.length];
        Arrays.setAll(original, i -> input[i]);
        assertWithin(back, original, 2 * tolerance(points(shape)), "ortho round trip " + Arrays.toString(shape));
    }

    @Test
    void turningFusionOffGivesTheSameTransformWithAnXPass() {
        int[] shape = {256, 16};
        FftDescriptor d = FftDescriptor.c2c(shape).batch(2).build();
        float[] input = Signals.random(d.floats());
        float[] withX = Signals.poisoned(d.floats());
        float[] fusedOut = Signals.poisoned(d.floats());
        int fusedKernels;
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            fused(shape).accept(plan);
            fusedKernels = plan.kernelsPerTransform();
            plan.execute(input, fusedOut);
        }
        try (SystemProperties ignored = SystemProperties.set(DeviceProfile.FUSE_X_PROPERTY, "false");
             FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            assertEquals(0, plan.passes().get(0).axis(), plan.toString());
            assertEquals(fusedKernels + 1, plan.kernelsPerTransform(), plan.toString());
            plan.execute(input, withX);
        }
        double[] expected = Signals.reference(input, shape, 2, Direction.FORWARD, Norm.BACKWARD);
        assertClose(fusedOut, expected, points(shape), "fused");
        assertClose(withX, expected, points(shape), "with an X pass");
    }
}
