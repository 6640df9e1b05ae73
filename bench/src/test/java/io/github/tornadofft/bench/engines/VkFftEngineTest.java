package io.github.tornadofft.bench.engines;

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
        withProperty(VkFftEngine.PROPERTY, missing.toString(), () -> {
            Engine e = VkFftEngine.find("a GPU", null).getFirst();
            assertFalse(e.available());
            assertTrue(e.absentReason().contains(missing.toString()), e.absentReason());
            assertTrue(e.absentReason().contains("build-vkfft.sh"), e.absentReason());
        });
    }

    @Test
    void aSharedMemoryCapThatIsNotANumberOfBytesIsRefusedByName() {
        for (String bad : new String[] {"48k", "-1", "512"}) {
            withProperty(VkFftEngine.SHARED_PROPERTY, bad, () -> {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VkFftEngine.find("a GPU", null));
                assertTrue(e.getMessage().contains(VkFftEngine.SHARED_PROPERTY) && e.getMessage().contains(bad), e.getMessage());
            });
        }
        withProperty(VkFftEngine.SHARED_PROPERTY, "49152", () -> assertEquals(49152, VkFftEngine.sharedCap()));
    }

    private static void withProperty(String name, String value, Runnable body) {
        String before = System.getProperty(name);
        System.setProperty(name, value);
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }
}
