package io.github.tornadofft.kernels;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The checked-in pass kernels are exactly what {@link RegisterPassGenerator} writes. */
class RegisterPassSourceTest {

    @Test
    void checkedInKernelsAreWhatTheGeneratorWrites() throws IOException {
        assertEquals(RegisterPassGenerator.source(), Files.readString(RegisterPassGenerator.TARGET),
                "RegisterPass.java is stale: run RegisterPassGenerator.main from the tornado-fft directory");
    }
}
