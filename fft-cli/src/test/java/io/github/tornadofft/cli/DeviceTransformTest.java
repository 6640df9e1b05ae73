package io.github.tornadofft.cli;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ./fft} on a TornadoVM device (the one {@code -Dtornado.fft.device} names): what the device
 * plans support runs there and matches the reference; anything else is an error, never the JVM.
 */
@Tag("device")
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
    void tensorCoresRunOnPtxAndAreRefusedByNameElsewhere() {
        Path input = randomComplex64(8, 1024);
        Cli run = fft(input, "--dims", "1", "--compute", "tensor_cores");
        String backend = io.github.tornadofft.Devices.resolve(DEVICE).getTornadoVMBackend().toString();
        if (!backend.equals("PTX")) {
            assertRejected(run, "compute: TENSOR_CORES needs TornadoVM's PTX backend");
            return;
        }
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("tensor cores 1024"), run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{8, 1024}, new int[]{1}, Direction.FORWARD, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.COMPLEX64, out.dtype());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "relative L2 error (split mode)");
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
    void a3dTransformSplitOverADeviceListMatchesTheReference() {
        Path input = randomComplex64(8, 16, 32);
        Cli run = onThreeDevices(input);
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("on 3 devices") && run.err.contains("exchange"), "the split is printed: " + run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{8, 16, 32}, new int[]{0, 1, 2}, Direction.FORWARD, Norm.BACKWARD);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void aShapeTheDeviceListCannotSplitIsAnErrorNamingTheLimit() {
        assertRejected(onThreeDevices(randomComplex64(2, 16, 16)), "has 2 for 3 devices");
    }

    /** ./fft on the device under test listed three times. */
    private Cli onThreeDevices(Path input) {
        return Cli.run("--in", input, "--out", dir.resolve("y.npy"), "--device", DEVICE + "," + DEVICE + "," + DEVICE);
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
        assertTrue(run.err.contains(", computes in float (float32)"), run.err);
        assertTrue(run.err.contains("plan:      c2c"), run.err);
        assertTrue(run.err.contains("(plan + JIT compile)"), run.err);
    }

    private Path randomComplex128(int... shape) {
        Random random = new Random();
        double[] values = new double[(int) (2 * Shapes.elements(shape))];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextGaussian();
        }
        Path file = dir.resolve("x.npy");
        NpyIo.write(file, NpyData.ofDoubles(shape, true, values));
        return file;
    }

    @Test
    void complex128ComputesInDoubleOnTheDeviceAndComesBackToTheInput() throws java.io.IOException {
        Path input = randomComplex128(2, 32, 64);
        Cli run = fft(input, "--dims", "2");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("computes in double (float64)") && run.err.contains("x 2 forward norm=backward double"),
                "the report names double: " + run.err);
        double[] x = NpyIo.read(input).asDoubles();
        double[] expected = x.clone();
        ReferenceFft.c2c(expected, new int[]{2, 32, 64}, new int[]{1, 2}, Direction.FORWARD, Norm.BACKWARD);
        NpyData spectrum = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.COMPLEX128, spectrum.dtype());
        assertTrue(Cli.relativeL2(spectrum.asDoubles(), expected) < 1e-12, "relative L2 error against numpy.fft.fft2");

        Path half = Files.move(dir.resolve("y.npy"), dir.resolve("spectrum.npy"));
        Cli back = fft(half, "--dims", "2", "--inverse");
        assertEquals(0, back.exitCode, back.err);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), x) < 1e-12, "ifft2(fft2(x)) = x");
    }

    @Test
    void complex128RunsInFloatWhenAskedAndKeepsItsDtype() {
        Path input = randomComplex128(4, 256);
        Cli run = fft(input, "--dims", "1", "--precision", "float");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("computes in float (float32)"), run.err);
        double[] expected = NpyIo.read(input).asDoubles().clone();
        ReferenceFft.c2c(expected, new int[]{4, 256}, new int[]{1}, Direction.FORWARD, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.COMPLEX128, out.dtype());
        double error = Cli.relativeL2(out.asDoubles(), expected);
        assertTrue(error < 1e-5 && error > 1e-12, "a float's error, " + error);
    }

    private Path randomReal(boolean doublePrecision, int... shape) {
        Random random = new Random();
        double[] values = new double[(int) Shapes.elements(shape)];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextGaussian();
        }
        Path file = dir.resolve("r.npy");
        NpyData data = NpyData.ofDoubles(shape, false, values);
        NpyIo.write(file, doublePrecision ? data : data.withPrecision(false));
        return file;
    }

    @Test
    void aBatchOfRealRowsGetsTheirHalfSpectraLikeNumpyRfft() {
        Path input = randomReal(false, 4, 256);
        Cli run = fft(input, "--dims", "1");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("plan:      r2c [256] x 4") && run.err.contains("split"), run.err);
        double[] expected = ReferenceFft.r2c(NpyIo.read(input).asDoubles(), new int[]{4, 256}, new int[]{1}, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.COMPLEX64, out.dtype());
        assertArrayEquals(new int[]{4, 129}, out.shape());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void aHalfSpectrumWithRealOutputGivesTheSignalLikeNumpyIrfft() {
        Path input = randomComplex64(3, 129);
        Cli run = fft(input, "--dims", "1", "--inverse", "--real-size", "256", "--norm", "ortho");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("plan:      c2r [256] x 3") && run.err.contains("merge"), run.err);
        double[] expected = ReferenceFft.c2r(NpyIo.read(input).asDoubles(), new int[]{3, 256}, new int[]{1}, Norm.ORTHO);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.FLOAT32, out.dtype());
        assertArrayEquals(new int[]{3, 256}, out.shape());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void aFloat64RealInputRunsInDoubleOrSaysWhyNotAndHowToRunIt() {
        Path input = randomReal(true, 2, 64);
        Cli run = fft(input, "--dims", "1");
        if (run.exitCode == 0) {
            // Once the device plans take real transforms in double.
            assertTrue(run.err.contains("computes in double (float64)"), run.err);
            double[] expected = ReferenceFft.r2c(NpyIo.read(input).asDoubles(), new int[]{2, 64}, new int[]{1}, Norm.BACKWARD);
            NpyData out = NpyIo.read(dir.resolve("y.npy"));
            assertEquals(NpyDtype.COMPLEX128, out.dtype());
            assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-12, "relative L2 error");
        } else {
            assertRejected(run, "compute double on device " + DEVICE + ": precision: DOUBLE");
            assertTrue(run.err.contains(DeviceEngine.DOUBLE_HINT), run.err);
        }
    }

    @Test
    void aFloat64RealInputRunsInSinglePrecisionWhenAskedAndKeepsItsDtype() {
        Path input = randomReal(true, 2, 64);
        Cli run = fft(input, "--dims", "1", "--precision", "float");
        assertEquals(0, run.exitCode, run.err);
        double[] expected = ReferenceFft.r2c(NpyIo.read(input).asDoubles(), new int[]{2, 64}, new int[]{1}, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertEquals(NpyDtype.COMPLEX128, out.dtype());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void imagesGetTheirHalfSpectraLikeNumpyRfft2AndBackLikeIrfft2() throws java.io.IOException {
        Path input = randomReal(false, 2, 32, 64);
        Cli run = fft(input, "--dims", "2");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("plan:      r2c [32, 64] x 2") && run.err.contains("split"), run.err);
        double[] expected = ReferenceFft.r2c(NpyIo.read(input).asDoubles(), new int[]{2, 32, 64}, new int[]{1, 2}, Norm.BACKWARD);
        NpyData spectrum = NpyIo.read(dir.resolve("y.npy"));
        assertArrayEquals(new int[]{2, 32, 33}, spectrum.shape());
        assertTrue(Cli.relativeL2(spectrum.asDoubles(), expected) < 1e-5, "relative L2 error");
        Path half = Files.move(dir.resolve("y.npy"), dir.resolve("half.npy"));
        Cli back = fft(half, "--dims", "2", "--inverse", "--real-size", "64");
        assertEquals(0, back.exitCode, back.err);
        NpyData signal = NpyIo.read(dir.resolve("y.npy"));
        assertArrayEquals(new int[]{2, 32, 64}, signal.shape());
        assertTrue(Cli.relativeL2(signal.asDoubles(), NpyIo.read(input).asDoubles()) < 1e-5, "irfft2(rfft2(x)) = x");
    }

    @Test
    void aVolumesHalfSpectrumGivesItsSignalLikeNumpyIrfftn() {
        Path input = randomComplex64(8, 16, 9);
        Cli run = fft(input, "--inverse", "--real-size", "16");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("plan:      c2r [8, 16, 16] x 1") && run.err.contains("merge"), run.err);
        double[] expected = ReferenceFft.c2r(NpyIo.read(input).asDoubles(), new int[]{8, 16, 16}, new int[]{0, 1, 2}, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertArrayEquals(new int[]{8, 16, 16}, out.shape());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void realTransformsOfOddAndOtherLengthsRunLikeNumpyRfftnAndIrfftn() throws Exception {
        // 101 (odd, prime) and 34 (N/2 = 17): the natural route; 17 x 16 (an axis with a prime factor above 13):
        // the half spectrum, the 17 by Bluestein's convolution along it.
        for (int[] shape : new int[][] {{2, 101}, {17, 16}, {2, 34}}) {
            Path input = randomReal(false, shape);
            int dims = shape[0] == 17 ? 2 : 1;
            Cli run = fft(input, "--dims", String.valueOf(dims));
            assertEquals(0, run.exitCode, run.err);
            assertTrue(run.err.contains(dims == 2 ? "mixed radix 17 x 8" : "by the complex transform of its whole shape"), run.err);
            int[] axes = dims == 2 ? new int[] {0, 1} : new int[] {1};
            double[] expected = ReferenceFft.r2c(NpyIo.read(input).asDoubles(), shape, axes, Norm.BACKWARD);
            assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, Arrays.toString(shape));
        }
        Path half = randomComplex64(2, 51);
        Cli run = fft(half, "--dims", "1", "--inverse", "--real-size", "101");
        assertEquals(0, run.exitCode, run.err);
        double[] expected = ReferenceFft.c2r(NpyIo.read(half).asDoubles(), new int[] {2, 101}, new int[] {1}, Norm.BACKWARD);
        NpyData out = NpyIo.read(dir.resolve("y.npy"));
        assertArrayEquals(new int[] {2, 101}, out.shape());
        assertTrue(Cli.relativeL2(out.asDoubles(), expected) < 1e-5, "c2r 101");
    }

    @Test
    void aBatchOfOneDimensionalTransformsOfAnyLengthRunsLikeNumpyFft() {
        // 100 = 10 x 10 by mixed-radix passes, 101 (prime) by Bluestein's convolution.
        for (int n : new int[] {100, 101}) {
            Path input = randomComplex64(3, n);
            Cli run = fft(input, "--dims", "1");
            assertEquals(0, run.exitCode, run.err);
            assertTrue(run.err.contains("plan:      c2c [" + n + "] x 3")
                    && run.err.contains(n == 100 ? "mixed radix 100 = 10 x 10" : "Bluestein"), run.err);
            double[] expected = NpyIo.read(input).asDoubles();
            ReferenceFft.c2c1d(expected, 0, n, 1, 3, n, Direction.FORWARD, Norm.BACKWARD);
            assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, "relative L2 error");
        }
    }

    @Test
    void twoAxesOfSevenSmoothLengthsRunLikeNumpyFftn() {
        Path input = randomComplex64(12, 100);
        Cli run = fft(input);
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("mixed radix 12 x 100, the last axis first"), run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{12, 100}, new int[]{0, 1}, Direction.FORWARD, Norm.BACKWARD);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, "relative L2 error");
    }

    @Test
    void anAxisOfSeveralWithALargerPrimeFactorRunsLikeNumpyFftn() {
        Path input = randomComplex64(17, 100);
        Cli run = fft(input);
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("axis 0 17: Bluestein"), run.err);
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{17, 100}, new int[]{0, 1}, Direction.FORWARD, Norm.BACKWARD);
        assertTrue(Cli.relativeL2(NpyIo.read(dir.resolve("y.npy")).asDoubles(), expected) < 1e-5, "relative L2 error");
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
