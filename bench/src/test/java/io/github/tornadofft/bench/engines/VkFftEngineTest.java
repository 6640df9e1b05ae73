package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Engine;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VkFftEngineTest {

    @Test
    void withoutCudaVkFftIsAbsentAndSaysWhy() {
        Engine e = VkFftEngine.find(null, null);
        assertFalse(e.available());
        assertEquals(Engine.Place.GPU, e.place());
        assertTrue(e.absentReason().contains("CUDA"), e.absentReason());
    }

    @Test
    void withoutItsLibraryVkFftIsAbsentAndSaysHowToBuildIt() {
        String before = System.getProperty(VkFftEngine.PROPERTY);
        Path missing = Path.of("target", "no-such-dir", "libtornadofft_vkfft.so").toAbsolutePath();
        System.setProperty(VkFftEngine.PROPERTY, missing.toString());
        try {
            Engine e = VkFftEngine.find("a GPU", null);
            assertFalse(e.available());
            assertTrue(e.absentReason().contains(missing.toString()), e.absentReason());
            assertTrue(e.absentReason().contains("build-vkfft.sh"), e.absentReason());
        } finally {
            if (before == null) {
                System.clearProperty(VkFftEngine.PROPERTY);
            } else {
                System.setProperty(VkFftEngine.PROPERTY, before);
            }
        }
    }
}
