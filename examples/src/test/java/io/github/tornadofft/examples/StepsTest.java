package io.github.tornadofft.examples;

import io.github.tornadofft.Devices;
import io.github.tornadofft.Seed;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every step of the tour on the TornadoVM device, at small sizes, within {@link Tour#TOLERANCE} of
 * reference-fft: what each program checks when it runs, as tests. Sizes include an odd log2 n (a last
 * radix-2 step) and the largest a work-group holds.
 */
@Tag("device")
@ExtendWith(Seed.class)
class StepsTest {

    private static Options options(int batch, int... size) {
        return new Options("default", size, batch, 1, Seed.random().nextLong(), false);
    }

    private static void assertMatchesTheReference(Outcome outcome) {
        assertTrue(outcome.ok(), () -> outcome + ", " + Seed.tag());
        assertTrue(outcome.kernelNanos() > 0, () -> outcome + ": no kernel time from TornadoVM's profiler");
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 32, 256})
    void theDirectDftMatchesTheReference(int n) {
        assertMatchesTheReference(Step1DirectDft.run(TourDevice.get(), options(3, n)));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 128, 2048})
    void theRadix2PassesMatchTheReference(int n) {
        assertMatchesTheReference(Step2StockhamPasses.run(TourDevice.get(), options(3, n)));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 8, 512})
    void oneGroupPerTransformMatchesTheReference(int n) {
        assertMatchesTheReference(Step3LocalMemory.run(TourDevice.get(), options(3, n)));
    }

    /** The largest transform one group holds on the device under test (4096 on a CPU, 2048 on a GPU). */
    @Test
    void theLargestGroupMatchesTheReference() {
        int n = Step3LocalMemory.maxPoints(TourDevice.get());
        assertMatchesTheReference(Step3LocalMemory.run(TourDevice.get(), options(3, n)));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {16, 2048, 1 << 14})
    void passesInRunsMatchTheReference(int n) {
        assertMatchesTheReference(Step4CoalescedRuns.run(TourDevice.get(), options(2, n), false));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {16, 2048, 1 << 14})
    void passesOnLinesFarApartMatchTheReference(int n) {
        assertMatchesTheReference(Step4CoalescedRuns.run(TourDevice.get(), options(2, n), true));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"4x4x4", "8x16x32", "32x4x128"})
    void the3dKernelsMatchTheReference(String shape) {
        int[] size = Arrays.stream(shape.split("x")).mapToInt(Integer::parseInt).toArray();
        assertMatchesTheReference(Step5Fft3d.run(TourDevice.get(), options(2, size)));
    }

    /** Step 5 with the largest plane a group holds on the device under test (64 x 64 on a CPU, 32 x 64 on a GPU). */
    @Test
    void the3dKernelsWithTheLargestPlaneMatchTheReference() {
        int plane = Step3LocalMemory.maxPoints(TourDevice.get());
        assertMatchesTheReference(Step5Fft3d.run(TourDevice.get(), options(2, 64, plane / 64, 8)));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {8, 1024})
    void theLibraryResidentAndAppendedMatchesTheReference(int n) {
        assertMatchesTheReference(Step6Library.run(TourDevice.get(), options(3, n)));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 64, 1024, 4096})
    void theFusedConvolutionMatchesTheReference(int n) {
        if (FusedConvolution.describe(n).groupSize() > Devices.profile(TourDevice.get()).maxGroupSize()) {
            // A group larger than the device runs: refused by name.
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FusedConvolution.run(TourDevice.get(), options(3, n)));
            assertTrue(e.getMessage().startsWith("groupSize: "), e.getMessage());
            return;
        }
        assertMatchesTheReference(FusedConvolution.run(TourDevice.get(), options(n <= 64 ? 19 : 3, n)));
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {16, 512})
    void theSpectrogramMatchesTheReference(int n) {
        assertMatchesTheReference(Spectrogram.run(TourDevice.get(), options(21, n)));
    }
}
