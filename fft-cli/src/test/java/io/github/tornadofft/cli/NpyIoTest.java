package io.github.tornadofft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** .npy files: read as numpy.save wrote them, written byte for byte as numpy.save would. */
class NpyIoTest {

    @TempDir
    Path dir;

    /** The golden files (made with numpy.save), their dtype and shape; leading axes are batch axes. */
    static Stream<Arguments> goldenFiles() {
        return Stream.of(
                Arguments.of("complex64_2x3.npy", NpyDtype.COMPLEX64, new int[]{2, 3}),
                Arguments.of("complex128_2x2x4.npy", NpyDtype.COMPLEX128, new int[]{2, 2, 4}),
                Arguments.of("float32_5.npy", NpyDtype.FLOAT32, new int[]{5}),
                Arguments.of("float64_3x4.npy", NpyDtype.FLOAT64, new int[]{3, 4}));
    }

    private static NpyData ramp(NpyDtype dtype, int[] shape) {
        double[] values = Cli.ramp((int) Shapes.elements(shape), dtype.complex());
        return NpyData.ofDoubles(shape, dtype.complex(), values).withPrecision(dtype.doublePrecision());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void readsTheShapeDtypeAndValuesNumpyWrote(String file, NpyDtype dtype, int[] shape) {
        NpyData data = NpyIo.read(Cli.resource(file, dir));
        assertEquals(dtype, data.dtype());
        assertArrayEquals(shape, data.shape());
        assertArrayEquals(ramp(dtype, shape).asDoubles(), data.asDoubles());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void writesTheBytesNumpySaveWrites(String file, NpyDtype dtype, int[] shape) {
        Path written = dir.resolve("written.npy");
        NpyIo.write(written, ramp(dtype, shape));
        assertArrayEquals(Cli.bytes(Cli.resource(file, dir)), Cli.bytes(written));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void writingWhatWasReadGivesTheSameFile(String file, NpyDtype dtype, int[] shape) {
        Path golden = Cli.resource(file, dir);
        Path copy = dir.resolve("copy.npy");
        NpyIo.write(copy, NpyIo.read(golden));
        assertArrayEquals(Cli.bytes(golden), Cli.bytes(copy));
    }

    @Test
    void headersAlignTheDataOn64Bytes() {
        for (int[] shape : new int[][]{{1}, {1 << 20}, {3, 5, 7, 11, 13, 17, 19, 23, 29, 31}}) {
            assertEquals(0, NpyIo.header(NpyDtype.COMPLEX64, shape).length % 64, Shapes.format(shape));
        }
    }

    @Test
    void writingReplacesAnExistingFileAndLeavesNoTemporaryFiles() throws Exception {
        Path target = Cli.resource("float32_5.npy", dir);
        NpyIo.write(target, ramp(NpyDtype.COMPLEX64, new int[]{2, 3}));
        assertEquals(NpyDtype.COMPLEX64, NpyIo.read(target).dtype());
        try (Stream<Path> files = java.nio.file.Files.list(dir)) {
            assertTrue(files.allMatch(p -> p.equals(target)), "only the target is left in " + dir);
        }
    }
}
