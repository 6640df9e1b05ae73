package io.github.tornadofft.examples;

import io.github.tornadofft.Seed;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Our FFT, the user's kernels and TornadoVM's cuFFT library task in one TaskGraph: against the
 * reference on a device of TornadoVM's CUDA backend, refused by name on any other. Which half runs
 * depends on the device under test; both assert.
 */
@Tag("device")
@ExtendWith(Seed.class)
class LibraryChainTest {

    @Test
    void theChainMatchesTheReferenceOnTheCudaBackendAndIsRefusedElsewhere() {
        TornadoDevice device = TourDevice.get();
        if (device.getTornadoVMBackend() != TornadoVMBackendType.CUDA) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LibraryChain.run(device, new Options("default", new int[] {256}, 4, 1, 1, false)));
            assertTrue(e.getMessage().startsWith("device: TornadoVM runs library tasks (cuFFT) on its CUDA backend only")
                    && e.getMessage().contains(device.getTornadoVMBackend().name()), e.getMessage());
            return;
        }
        for (int[] shape : new int[][] {{4, 3}, {256, 5}, {4096, 64}, {1 << 16, 2}}) {
            Options options = new Options("default", new int[] {shape[0]}, shape[1], 1, Seed.random().nextLong(), false);
            Outcome outcome = LibraryChain.run(device, options);
            assertTrue(outcome.ok(), () -> outcome + ", " + Seed.tag());
        }
    }
}
