package io.github.tornadofft.bench.engines;

import io.github.tornadofft.SystemProperties;
import io.github.tornadofft.bench.Engine;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VkFftEngineTest {

    @Test
    void withoutCudaVkFftIsAbsentAndSaysWhy() {
        Engine e = VkFftEngine.find(null, null).getFirst();
        assertFalse(e.available());
        assertEquals(Engine.Place.GPU, e.place());
        assertTrue(e.absentReason().contains("CUDA"), e.absentReason());
    }

    @Test
    void withoutItsLibraryVkFftIsAbsentAndSaysHowToBuildIt() {
        Path missing = Path.of("target", "no-such-dir", "libtornadofft_vkfft.so").toAbsolutePath();
        try (SystemProperties set = SystemProperties.set(VkFftEngine.PROPERTY, missing.toString())) {
            Engine e = VkFftEngine.find("a GPU", null).getFirst();
            assertFalse(e.available());
            assertTrue(e.absentReason().contains(missing.toString()), e.absentReason());
            assertTrue(e.absentReason().contains("build-vkfft.sh"), e.absentReason());
        }
    }

    @Test
    void aSharedMemoryCapThatIsNotANumberOfBytesIsRefusedByName() {
        for (String bad : new String[] {"48k", "-1", "512"}) {
            try (SystemProperties set = SystemProperties.set(VkFftEngine.SHARED_PROPERTY, bad)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VkFftEngine.find("a GPU", null));
                assertTrue(e.getMessage().contains(VkFftEngine.SHARED_PROPERTY) && e.getMessage().contains(bad), e.getMessage());
            }
        }
        try (SystemProperties set = SystemProperties.set(VkFftEngine.SHARED_PROPERTY, "49152")) {
            assertEquals(49152, VkFftEngine.sharedCap());
        }
    }
}
