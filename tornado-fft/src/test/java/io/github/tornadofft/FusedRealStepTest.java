package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A 1D real transform runs its split (r2c) inside the last pass of its complex part of N/2 points and its
 * merge (c2r) inside the first: one kernel per pass, none more. Where the complex part is one pass that
 * pass is the whole transform; where it takes several, r2c's last pass takes its lines in mirrored pairs.
 * Every register decomposition, group shape and store variant the planner can give those passes is
 * forced here on the CPU and held to numpy's rfft and irfft; the split exchange, which holds one part of a
 * value at a time, keeps r2c's split kernel, and {@code tornado.fft.real.passesFused=false} both kernels. As
 * measured (the property's {@code auto}), r2c splits inside a last pass of several on a GPU only.
 */
@Tag("device")
@ExtendWith(Seed.class)
class FusedRealStepTest {

    private static FftDescriptor descriptor(FftDescriptor.Kind kind, int n, int batch) {
        return (kind == FftDescriptor.Kind.R2C ? FftDescriptor.r2c(n) : FftDescriptor.c2r(n)).batch(batch).build();
    }

    /** Runs {@code d} on random input and holds it to reference-fft's rfft or irfft; returns the plan's printout. */
    private static String assertMatchesNumpy(FftDescriptor d, String what) {
        int n = d.shape()[0];
        float[] in = Signals.random(d.inputFloats());
        float[] out = Signals.poisoned(d.outputFloats());
        String text;
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            text = plan.toString();
            plan.execute(in, out);
        }
        int[] shape = {d.batch(), n};
        double[] expected = d.kind() == FftDescriptor.Kind.R2C
                ? ReferenceFft.r2c(Signals.widen(in), shape, new int[] {1}, Norm.BACKWARD)
                : ReferenceFft.c2r(Signals.widen(in), shape, new int[] {1}, Norm.BACKWARD);
        Signals.assertClose(out, expected, n, what + " (" + d + ")\n" + text);
        return text;
    }

    private static long kernelLines(String text) {
        return Arrays.stream(text.split("\n")).filter(l -> l.startsWith("  kernel")).count();
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 64, 8192})
    void aRealTransformOfOnePassIsOneKernelThatSplitsOrMerges(int n) {
        for (FftDescriptor.Kind kind : new FftDescriptor.Kind[] {FftDescriptor.Kind.R2C, FftDescriptor.Kind.C2R}) {
            try (FftPlan plan = FftPlan.create(descriptor(kind, n, 2), TestDevice.get())) {
                String text = plan.toString();
                boolean r2c = kind == FftDescriptor.Kind.R2C;
                assertEquals(1, plan.passes().size(), text);
                assertEquals(plan.passes().size(), plan.kernelsPerTransform(), text);
                assertEquals(1, kernelLines(text), text);
                String notation = text.split("\n")[1];
                assertTrue(r2c ? notation.endsWith(", split}") : notation.startsWith("{merge, "), text);
                assertTrue(text.contains(r2c ? "split into the " + (n / 2 + 1) + " bins as it stores"
                        : "merge of the " + (n / 2 + 1) + " bins as it loads"), text);
            }
        }
    }

    @Test
    void aRealTransformOfSeveralPassesMergesInItsFirstAndOnAGpuSplitsInItsLast() {
        for (FftDescriptor.Kind kind : new FftDescriptor.Kind[] {FftDescriptor.Kind.R2C, FftDescriptor.Kind.C2R}) {
            boolean r2c = kind == FftDescriptor.Kind.R2C;
            // As measured (auto): r2c's split inside the last pass on a GPU, whose groups there take 32 lines; not
            // through PoCL, where it cost more than the split kernel.
            boolean inside = !r2c || !TestDevice.isCpu();
            String text = assertMatchesNumpy(descriptor(kind, 1 << 14, 3), "several passes");
            try (FftPlan plan = FftPlan.create(descriptor(kind, 1 << 14, 3), TestDevice.get())) {
                assertTrue(plan.passes().size() > 1, text);
                assertEquals(plan.passes().size() + (inside ? 0 : 1), plan.kernelsPerTransform(), text);
                assertEquals(plan.kernelsPerTransform(), kernelLines(text), text);
            }
            String notation = text.split("\n")[1].trim();
            if (inside) {
                assertTrue(r2c ? notation.endsWith(", split}") && notation.indexOf("split") == notation.lastIndexOf("split")
                        : notation.startsWith("{merge, ") && notation.indexOf("merge") == notation.lastIndexOf("merge"), text);
                assertTrue(!r2c || text.contains("lines i and "), text);
            } else {
                assertTrue(notation.endsWith("} split"), text);
            }
        }
    }

    @Test
    void withThePropertyFalseSeveralPassesKeepTheirSplitAndMergeKernels() {
        try (SystemProperties forced = SystemProperties.setForNewEngines(Engine.REAL_PASSES_PROPERTY, "false")) {
            for (FftDescriptor.Kind kind : new FftDescriptor.Kind[] {FftDescriptor.Kind.R2C, FftDescriptor.Kind.C2R}) {
                String text = assertMatchesNumpy(descriptor(kind, 1 << 14, 1), "property false");
                try (FftPlan plan = FftPlan.create(descriptor(kind, 1 << 14, 1), TestDevice.get())) {
                    assertEquals(plan.passes().size() + 1, plan.kernelsPerTransform(), text);
                }
                assertTrue(text.contains(kind == FftDescriptor.Kind.R2C ? "} split\n" : "merge {"), text);
            }
        }
    }

    @Test
    void aPropertyValueOtherThanTrueOrFalseIsRefusedByName() {
        try (SystemProperties forced = SystemProperties.setForNewEngines(Engine.REAL_PASSES_PROPERTY, "maybe")) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> FftPlan.create(descriptor(FftDescriptor.Kind.R2C, 1 << 14, 1), TestDevice.get()).close());
            assertTrue(e.getMessage().contains(Engine.REAL_PASSES_PROPERTY) && e.getMessage().contains("maybe")
                    && e.getMessage().contains("auto, true or false"), e.getMessage());
        }
    }

    static Stream<Arguments> severalPasses() {
        // What is forced, the properties, the real length, and whether r2c splits inside its last pass under
        // tornado.fft.real.passesFused=true (c2r always merges inside its first): not with the split exchange, whose
        // local memory holds one part of a value at a time. As measured (auto) r2c does so on a GPU only.
        return Stream.of(
                Arguments.of("radix 2, two lines a group (one mirrored pair)", new String[] {
                        DeviceProfile.REGISTER_BITS_PROPERTY, "1", DeviceProfile.MAX_GROUP_SIZE_PROPERTY, "2"}, 32, true),
                Arguments.of("radix 2, sixteen lines a group", new String[] {DeviceProfile.REGISTER_BITS_PROPERTY, "2",
                        DeviceProfile.MAX_GROUP_SIZE_PROPERTY, "16"}, 1024, true),
                Arguments.of("groups of 32 work-items", new String[] {DeviceProfile.MAX_GROUP_SIZE_PROPERTY, "32"}, 1 << 14, true),
                Arguments.of("late stores", new String[] {DeviceProfile.LATE_STORE_PROPERTY, "true"}, 1 << 15, true),
                Arguments.of("split exchange", new String[] {DeviceProfile.EXCHANGE_PROPERTY, "split"}, 1 << 14, false));
    }

    @ParameterizedTest(name = "{0}, n={2}")
    @MethodSource("severalPasses")
    void everyLastAndFirstPassOfSeveralMatchesNumpy(String what, String[] properties, int n, boolean r2cInside) {
        String[] all = Arrays.copyOf(properties, properties.length + 2);
        all[properties.length] = Engine.REAL_PASSES_PROPERTY;
        all[properties.length + 1] = "true";
        try (SystemProperties forced = SystemProperties.setForNewEngines(all)) {
            for (FftDescriptor.Kind kind : new FftDescriptor.Kind[] {FftDescriptor.Kind.R2C, FftDescriptor.Kind.C2R}) {
                String text = assertMatchesNumpy(descriptor(kind, n, 3), what);
                boolean r2c = kind == FftDescriptor.Kind.R2C;
                boolean inside = !r2c || r2cInside || !TestDevice.isCpu();
                try (FftPlan plan = FftPlan.create(descriptor(kind, n, 3), TestDevice.get())) {
                    assertTrue(plan.passes().size() > 1, text);
                    if (TestDevice.isCpu()) {
                        // The group shapes forced here are the CPU's; a GPU's planner may choose others.
                        assertEquals(plan.passes().size() + (inside ? 0 : 1), plan.kernelsPerTransform(), text);
                        assertTrue(text.contains(r2c ? (inside ? "split}" : "} split\n") : "{merge"), text);
                    }
                }
            }
        }
    }

    static Stream<Arguments> forcedPlans() {
        // What is forced, the properties, the real length, and the register radices the plan must show.
        return Stream.of(
                Arguments.of("late stores", new String[] {DeviceProfile.LATE_STORE_PROPERTY, "true"}, 4096, "16x16x8"),
                Arguments.of("uneven steps", new String[] {DeviceProfile.REGISTER_BITS_PROPERTY, "4",
                        DeviceProfile.MAX_GROUP_SIZE_PROPERTY, "32"}, 1024, "16x8x4"),
                Arguments.of("radix 4 in registers, three steps", new String[] {DeviceProfile.REGISTER_BITS_PROPERTY, "2"},
                        128, "4x4x4"),
                Arguments.of("radix 2 in registers", new String[] {DeviceProfile.REGISTER_BITS_PROPERTY, "1"}, 16, "2x2x2"),
                Arguments.of("one value per work-item", new String[] {DeviceProfile.LATE_STORE_PROPERTY, "true"}, 2, "= 1 in"));
    }

    @ParameterizedTest(name = "{0}, n={2}")
    @MethodSource("forcedPlans")
    void everyFusedPassMatchesNumpy(String what, String[] properties, int n, String radices) {
        try (SystemProperties forced = SystemProperties.set(properties)) {
            for (FftDescriptor.Kind kind : new FftDescriptor.Kind[] {FftDescriptor.Kind.R2C, FftDescriptor.Kind.C2R}) {
                String text = assertMatchesNumpy(descriptor(kind, n, 3), what);
                assertTrue(text.contains(radices) && text.contains(kind == FftDescriptor.Kind.R2C ? "split}" : "{merge"), text);
            }
        }
    }

    @Test
    void theSplitExchangeKeepsTheSplitAndMergeKernels() {
        try (SystemProperties forced = SystemProperties.set(DeviceProfile.EXCHANGE_PROPERTY, "split")) {
            for (FftDescriptor.Kind kind : new FftDescriptor.Kind[] {FftDescriptor.Kind.R2C, FftDescriptor.Kind.C2R}) {
                String text = assertMatchesNumpy(descriptor(kind, 512, 3), "split exchange");
                assertTrue(text.contains("split exchange") && kernelLines(text) == 2, text);
            }
        }
    }
}
