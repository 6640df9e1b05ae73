package io.github.tornadofft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * User mistakes: each gives one clear line on stderr (no stack trace), its exit code (2 for usage),
 * leaves the input file's bytes as they were and writes no output.
 */
class BadInputTest {

    @TempDir
    Path dir;

    private Path out() {
        return dir.resolve("out.npy");
    }

    /** Runs {@code ./fft --in input --out out.npy extra...} and checks everything a rejection promises. */
    private void assertRejected(int exitCode, String message, Path input, Object... extra) {
        byte[] before = Files.exists(input) ? Cli.bytes(input) : null;
        Object[] args = new Object[4 + extra.length];
        args[0] = "--in";
        args[1] = input;
        args[2] = "--out";
        args[3] = out();
        System.arraycopy(extra, 0, args, 4, extra.length);
        assertRejectedArgs(exitCode, message, args);
        if (before != null) {
            assertArrayEquals(before, Cli.bytes(input), "input bytes unchanged");
        }
        assertFalse(Files.exists(out()), "no output written");
    }

    private static void assertRejectedArgs(int exitCode, String message, Object... args) {
        Cli run = Cli.run(args);
        assertEquals(exitCode, run.exitCode, run.err);
        assertTrue(run.err.contains(message), "expected '" + message + "' in: " + run.err);
        assertEquals(1, run.err.strip().lines().count(), "one line: " + run.err);
        assertFalse(run.err.contains("Exception"), "no stack trace: " + run.err);
    }

    /** A .npy file with the given header dict and {@code dataBytes} zero bytes of data. */
    private Path npy(String name, String dict, int dataBytes) throws IOException {
        String header = dict + " ".repeat(63 - (10 + dict.length()) % 64) + "\n";
        ByteBuffer b = ByteBuffer.allocate(10 + header.length() + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) header.length())
                .put(header.getBytes(StandardCharsets.ISO_8859_1));
        return Files.write(dir.resolve(name), b.array());
    }

    private Path complex64() {
        return Cli.resource("complex64_2x3.npy", dir);
    }

    @Test
    void tensorCoresOnTheJvmOrAnUnknownComputeAreUsageErrors() {
        assertRejected(2, "--compute tensor_cores: needs a TornadoVM device of the PTX backend", complex64(), "--device", "jvm",
                "--compute", "tensor_cores");
        assertRejected(2, "expected standard or tensor_cores, got 'fast'", complex64(), "--device", "jvm", "--compute", "fast");
    }

    @Test
    void aMissingInputFileIsAUsageError() {
        assertRejected(2, "no such file", dir.resolve("missing.npy"), "--device", "jvm");
    }

    @Test
    void aFileThatIsNotNpyIsAUsageError() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.npy"), "these are not the bytes you are looking for");
        assertRejected(2, "not a NumPy .npy file", text, "--device", "jvm");
    }

    @Test
    void anIntegerDtypeIsAUsageErrorNamingIt() throws IOException {
        Path ints = npy("ints.npy", "{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", 16);
        assertRejected(2, "dtype int32 (<i4) is not supported; expected complex64, complex128, float32 or float64",
                ints, "--device", "jvm");
    }

    @Test
    void aStructuredDtypeIsAUsageError() throws IOException {
        Path records = npy("records.npy", "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", 8);
        assertRejected(2, "is not supported; expected complex64", records, "--device", "jvm");
    }

    @Test
    void inverseOfARealInputIsAUsageErrorAskingForComplex() {
        assertRejected(2, "--inverse: needs complex input", Cli.resource("float32_5.npy", dir), "--device", "jvm", "--inverse");
    }

    @Test
    void realOutputOfARealInputIsAUsageErrorAskingForComplex() {
        assertRejected(2, "--real-size: needs complex input", Cli.resource("float32_5.npy", dir),
                "--device", "jvm", "--inverse", "--real-size", "8");
    }

    @Test
    void realOutputWhoseHalfSpectrumLengthDoesNotFitIsAUsageError() {
        assertRejected(2, "N/2 + 1 for N = 8, got 3", complex64(), "--device", "jvm", "--inverse", "--real-size", "8");
    }

    @Test
    void fortranOrderIsAUsageError() throws IOException {
        Path fortran = npy("fortran.npy", "{'descr': '<c8', 'fortran_order': True, 'shape': (2, 3), }", 48);
        assertRejected(2, "Fortran-order arrays are not supported", fortran, "--device", "jvm");
    }

    @Test
    void bigEndianDataIsAUsageError() throws IOException {
        Path big = npy("big.npy", "{'descr': '>c8', 'fortran_order': False, 'shape': (2, 3), }", 48);
        assertRejected(2, "big-endian data (>c8) is not supported", big, "--device", "jvm");
    }

    @Test
    void aTruncatedFileIsAUsageError() throws IOException {
        Path cut = npy("cut.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 3), }", 40);
        assertRejected(2, "truncated: complex64 (2, 3) needs 48 bytes of data, the file has 40", cut, "--device", "jvm");
    }

    @Test
    void aZeroLengthAxisIsAUsageError() throws IOException {
        Path empty = npy("empty.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 0), }", 0);
        assertRejected(2, "shape (2, 0) has an empty axis", empty, "--device", "jvm");
    }

    @Test
    void aShapeWhoseSizeOverflowsIsAUsageError() throws IOException {
        // 2^22 x 2^21 x 2^21 elements is 2^64: it must not wrap to an empty array.
        Path huge = npy("huge.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (4194304, 2097152, 2097152), }", 8);
        assertRejected(2, "holds more than 2^63 elements", huge, "--device", "jvm");
        Path large = npy("large.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (65536, 65536), }", 8);
        assertRejected(2, "holds 4294967296 elements of 1 numbers; at most 2^31 - 9", large, "--device", "jvm");
    }

    @Test
    void aShapeTheHeaderCannotHoldIsAUsageErrorAboutTheShape() throws IOException {
        Path wide = npy("wide.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (3000000000,), }", 8);
        assertRejected(2, "could not be read", wide, "--device", "jvm");
    }

    @Test
    void aScalarIsAUsageError() throws IOException {
        Path scalar = npy("scalar.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (), }", 8);
        assertRejected(2, "0-dimensional (scalar) array", scalar, "--device", "jvm");
    }

    @Test
    void dimsLargerThanTheRankIsAUsageError() {
        assertRejected(2, "--dims 3: must be from 1 to the input's rank, 2", complex64(), "--device", "jvm", "--dims", "3");
    }

    @Test
    void dimsBelowOneIsAUsageError() {
        assertRejected(2, "--dims 0: must be from 1", complex64(), "--device", "jvm", "--dims", "0");
    }

    @Test
    void aMalformedDeviceIsAUsageError() {
        assertRejected(2, "--device gpu: expected jvm, default, B:D", complex64(), "--device", "gpu");
    }

    @Test
    void aMalformedDeviceListIsAUsageError() {
        assertRejected(2, "--device 0:0,,0:1: expected jvm, default, B:D", complex64(), "--device", "0:0,,0:1");
        assertRejected(2, "--device 0:0,jvm: expected", complex64(), "--device", "0:0,jvm");
    }

    @Test
    void anUnknownNormIsAUsageError() {
        assertRejected(2, "expected backward, ortho or forward, got 'sideways'", complex64(), "--norm", "sideways");
    }

    @Test
    void anUnknownPrecisionIsAUsageError() {
        assertRejected(2, "expected float or double, got 'half'", complex64(), "--precision", "half");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        assertRejected(2, "Unknown option: '--fast'", complex64(), "--fast");
    }

    @Test
    void writingOverTheInputIsAUsageError() {
        Path input = complex64();
        byte[] before = Cli.bytes(input);
        assertRejectedArgs(2, "is the input file", "--in", input, "--out", input, "--device", "jvm");
        assertArrayEquals(before, Cli.bytes(input));
    }

    @Test
    void anOutputInAMissingDirectoryIsAUsageError() {
        assertRejectedArgs(2, "does not exist", "--in", complex64(), "--out", dir.resolve("no/such/dir/y.npy"), "--device", "jvm");
    }

    @Test
    void inputWithoutOutputIsAUsageError() {
        assertRejectedArgs(2, "--out: missing", "--in", complex64(), "--device", "jvm");
    }

    @Test
    void outputWithoutInputIsAUsageError() {
        assertRejectedArgs(2, "--out: needs --in", "--out", out(), "--device", "jvm");
        assertFalse(Files.exists(out()));
    }

    @Test
    void transformOptionsWithoutInputAreAUsageError() {
        assertRejectedArgs(2, "--dims: needs --in", "--dims", "1", "--device", "jvm");
    }

    @Test
    void aJvmWithoutTheTornadoVmSdkSaysHowToGetOne() {
        CliError error = assertThrows(CliError.class, () -> Engines.requireTornadoVm("no.such.tornado.Api"));
        assertEquals(CliError.ENVIRONMENT, error.exitCode());
        assertTrue(error.getMessage().startsWith("no TornadoVM SDK: run ./setup-tornado.sh"), error.getMessage());
    }
}
