package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The uneven register decompositions (a first radix R, then steps of R / d with d butterflies per
 * work-item, d = 2, 4, 8), which the planner takes where the even split would need more work-items
 * than a group may have. On a GPU that is the strided 512-point axes and 1D 2^17, 2^18, 2^25 and
 * up, and short transforms spread over work-items (32 points as 4 x 4 x 2, 128 as 8 x 4 x 4; 64 as
 * 4 x 4 x 4, even steps, is here as a GPU's plan too); a lower work-group cap
 * ({@link DeviceProfile#MAX_GROUP_SIZE_PROPERTY}) or register radix makes the planner take them on
 * any device, so a CPU run checks every one of those kernel paths, with both exchanges.
 */
@Tag("device")
@ExtendWith(Seed.class)
class UnevenRegisterStepsTest {

    static Stream<Arguments> cases() {
        // largest register radix (log2), work-group cap, shape, the register radices its plan must show
        Object[][] singleGroup = {
                {4, 2, new int[] {32}, "16x2"}, {4, 4, new int[] {64}, "16x4"}, {4, 4, new int[] {4, 64}, "16x4"},
                {4, 32, new int[] {512}, "16x8x4"}, {3, 2, new int[] {16}, "8x2"}, {2, 64, new int[] {32}, "4x4x2"},
                {3, 64, new int[] {128}, "8x4x4"}, {2, 64, new int[] {64}, "4x4x4"},
        };
        // Radix 512 in runs of 16 needs the split exchange's tile on a GPU (8192 values in 48 KB).
        Object[][] splitTile = {
                {4, 512, new int[] {1 << 17}, "16x8x4"}, {4, 512, new int[] {512, 16}, "16x8x4"},
                {4, 512, new int[] {8, 512, 32}, "16x8x4"},
        };
        // Those take groups of 512: not where the device's stop at 256 (the CUDA backend, DeviceProfile.UNCAPPED_REGISTERS).
        boolean groupsOf512 = Devices.profile(TestDevice.get()).maxGroupSize() >= 512;
        return Stream.concat(
                Stream.of("pair", "split").flatMap(exchange -> Arrays.stream(singleGroup).map(s -> arguments(exchange, s))),
                Arrays.stream(groupsOf512 ? splitTile : new Object[0][]).map(s -> arguments("split", s)));
    }

    private static Arguments arguments(String exchange, Object[] c) {
        return Arguments.of(exchange, c[0], c[1], c[2], c[3]);
    }

    @ParameterizedTest(name = "{0}, radix 2^{1} at most, groups of at most {2}, {3}")
    @MethodSource("cases")
    void unevenStepsMatchTheReference(String exchange, int registerBits, int maxGroup, int[] shape, String radices) {
        // Runs of 16 as on a GPU (a CPU's default of 32 would hold half the radix per tile); planned for
        // TornadoVM's default data alignment, where a GPU keeps the groups of 512 these plans need.
        try (SystemProperties forced = SystemProperties.set(DeviceProfile.MAX_GROUP_SIZE_PROPERTY, Integer.toString(maxGroup),
                DeviceProfile.EXCHANGE_PROPERTY, exchange, DeviceProfile.REGISTER_BITS_PROPERTY, Integer.toString(registerBits),
                DeviceProfile.COALESCE_PROPERTY, "16", DeviceProfile.DATA_ALIGNMENT_PROPERTY, "16")) {
            Signals.assertBothDirectionsMatchTheReference(shape,
                    plan -> assertTrue(plan.toString().contains("= " + radices + " in registers"), plan.toString()),
                    exchange + " exchange, uneven steps");
        }
    }
}
