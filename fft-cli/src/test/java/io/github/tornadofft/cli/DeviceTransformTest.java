package io.github.tornadofft.cli;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ./fft} on a TornadoVM device (the one {@code -Dtornado.fft.device} names): what the device
 * plans support runs there and matches the reference; anything else is an error, never the JVM.
 */
class DeviceTransformTest {

    private static final String DEVICE = System.getProperty("tornado.fft.device", "default");

    @TempDir
    Path dir;

    private Path randomComplex64(int... shape) {
        Random random = new Random();
        float[] values = new float[(int) (2 * Shapes.elements(shape))];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) random.nextGaussian();
        }
        Path file = dir.resolve("x.npy");
        NpyIo.write(file, NpyData.ofFloats(shape, true, values));
        return file;
    }

    private Cli fft(Path input, Object... options) {
        Object[] args = new Object[6 + options.length];
        System.arraycopy(new Object[]{"--in", input, "--out", dir.resolve("y.npy"), "--device", DEVICE}, 0, args, 0, 6);
        System.arraycopy(options, 0, args, 6, options.length);
        return Cli.run(args);
    }

    private void assertRejected(Cli run, String message) {
        assertEquals(2, run.exitCode, run.err);
        assertTrue(run.err.contains(message), "expected '" + message + "' in: " + run.err);
        assertEquals(1, run.err.strip().lines().count(), "one line: " + run.err);
        assertFalse(Files.exists(dir.resolve("y.npy")), "no output written");
    }

    @Test
    void aBatchOf1dComplex64TransformsMatchesTheReference() {
        Path input = randomComplex64(4, 256);
        Cli run = fft(input, "--dims", "1");
        assertEquals(0, run.exitCode, run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{4, 256}, new int[]{1}, Direction.FORWARD, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.COMPLEX64, out.dtype());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void theLastTwoAxesOfA3dArrayMatchTheReference() {
        Path input = randomComplex64(3, 32, 64);
        Cli run = fft(input, "--dims", "2");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("Y("), "the plan is printed: " + run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{3, 32, 64}, new int[]{1, 2}, Direction.FORWARD, Norm.BACKWARD);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void a3dTransformOfAllAxesMatchesTheReference() {
        Path input = randomComplex64(16, 8, 32);
        Cli run = fft(input, "--inverse");
        assertEquals(0, run.exitCode, run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{16, 8, 32}, new int[]{0, 1, 2}, Direction.INVERSE, Norm.BACKWARD);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void anInverse1dTransformMatchesTheReference() {
        Path input = randomComplex64(1024);
        Cli run = fft(input, "--inverse", "--norm", "ortho");
        assertEquals(0, run.exitCode, run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{1024}, new int[]{0}, Direction.INVERSE, Norm.ORTHO);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5);
    }

    @Test
    void theReportShowsTheDevicePlanAndBuildTime() {
        Cli run = fft(randomComplex64(64));
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("device:    " + DEVICE + " ("), run.err);
        assertTrue(run.err.contains("plan:      c2c"), run.err);
        assertTrue(run.err.contains("(plan + JIT compile)"), run.err);
    }

    @Test
    void doublePrecisionIsAnErrorNamingWhatDevicesSupport() {
        assertRejected(fft(randomComplex64(64), "--precision", "double"), DeviceEngine.SUPPORTED);
    }

    @Test
    void aRealInputIsAnErrorNamingWhatDevicesSupport() {
        Path real = dir.resolve("r.npy");
        NpyIo.write(real, NpyData.ofFloats(new int[]{64}, false, new float[64]));
        assertRejected(fft(real), "r2c on device " + DEVICE + ": " + DeviceEngine.SUPPORTED);
    }

    @Test
    void aNonPowerOfTwoLengthIsAnErrorNamingWhatDevicesSupport() {
        assertRejected(fft(randomComplex64(100)), "power of two");
    }

    @Test
    void anUnknownDeviceIsAnErrorListingTheDevices() {
        Cli run = Cli.run("--in", randomComplex64(64), "--out", dir.resolve("y.npy"), "--device", "99:0");
        assertRejected(run, "no device 99:0; available: ");
    }

    @Test
    void theDemoOnTheDevicePassesItsErrorCheck() {
        Cli run = Cli.run("--device", DEVICE);
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("relative L2 error"), run.err);
    }

    @Test
    void listDevicesNamesTheJvmAndTheTornadoVmDevices() {
        Cli run = Cli.run("--list-devices");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.out.startsWith("jvm"), run.out);
        assertTrue(run.out.contains("0:0 "), run.out);
    }
}
