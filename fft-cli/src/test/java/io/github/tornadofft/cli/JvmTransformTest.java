package io.github.tornadofft.cli;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ./fft --device jvm}: files transformed by reference-fft, the way numpy.fft would. */
class JvmTransformTest {

    @TempDir
    Path dir;

    /** Runs the command, expects success, returns the output file's array. */
    private NpyData transform(Path input, Object... options) {
        Path out = dir.resolve("out.npy");
        Object[] args = new Object[6 + options.length];
        System.arraycopy(new Object[]{"--in", input, "--out", out, "--device", "jvm"}, 0, args, 0, 6);
        System.arraycopy(options, 0, args, 6, options.length);
        Cli run = Cli.run(args);
        assertEquals(0, run.exitCode, run.err);
        return NpyIo.read(out);
    }

    private Path complex128() {
        return Cli.resource("complex128_2x2x4.npy", dir);
    }

    @Test
    void complexInputGetsTheReferenceTransformOverAllAxes() {
        NpyData out = transform(complex128());
        double[] expected = NpyIo.read(complex128()).asDoubles().clone();
        ReferenceFft.c2c(expected, new int[]{2, 2, 4}, new int[]{0, 1, 2}, Direction.FORWARD, Norm.BACKWARD);
        assertArrayEquals(expected, out.asDoubles());
    }

    @Test
    void dimsTransformsOnlyTheLastKAxes() {
        NpyData out = transform(complex128(), "--dims", "2");
        double[] expected = NpyIo.read(complex128()).asDoubles().clone();
        ReferenceFft.c2c(expected, new int[]{2, 2, 4}, new int[]{1, 2}, Direction.FORWARD, Norm.BACKWARD);
        assertArrayEquals(expected, out.asDoubles());
    }

    @Test
    void dimsMatchesNumpyFftnOverTheLastAxes() {
        NpyData out = transform(complex128(), "--dims", "2");
        NpyData numpy = NpyIo.read(Cli.resource("fft2_of_complex128_2x2x4.npy", dir));
        assertTrue(Cli.relativeL2(out.asDoubles(), numpy.asDoubles()) < 1e-14);
    }

    @Test
    void inverseAndNormArePassedToTheReference() {
        NpyData out = transform(complex128(), "--inverse", "--norm", "ortho");
        double[] expected = NpyIo.read(complex128()).asDoubles().clone();
        ReferenceFft.c2c(expected, new int[]{2, 2, 4}, new int[]{0, 1, 2}, Direction.INVERSE, Norm.ORTHO);
        assertArrayEquals(expected, out.asDoubles());
    }

    @Test
    void complex64InputIsComputedInFloatAndWrittenAsComplex64() {
        Path input = Cli.resource("complex64_2x3.npy", dir);
        NpyData out = transform(input);
        assertEquals(NpyDtype.COMPLEX64, out.dtype());
        float[] expected = ReferenceFft.c2c(NpyIo.read(input).floats(), new int[]{2, 3}, new int[]{0, 1},
                Direction.FORWARD, Norm.BACKWARD);
        assertArrayEquals(expected, out.floats());
    }

    @Test
    void precisionDoubleComputesInDoubleAndKeepsTheInputDtype() {
        Path input = Cli.resource("complex64_2x3.npy", dir);
        NpyData out = transform(input, "--precision", "double");
        assertEquals(NpyDtype.COMPLEX64, out.dtype());
        double[] expected = NpyIo.read(input).asDoubles();
        ReferenceFft.c2c(expected, new int[]{2, 3}, new int[]{0, 1}, Direction.FORWARD, Norm.BACKWARD);
        assertArrayEquals(NpyData.ofDoubles(new int[]{2, 3}, true, expected).asFloats(), out.floats());
    }

    @Test
    void realInputGetsTheHalfSpectrumLikeNumpyRfft() {
        NpyData out = transform(Cli.resource("float64_3x4.npy", dir), "--dims", "1");
        NpyData numpy = NpyIo.read(Cli.resource("rfft_of_float64_3x4.npy", dir));
        assertEquals(NpyDtype.COMPLEX128, out.dtype());
        assertArrayEquals(new int[]{3, 3}, out.shape());
        assertTrue(Cli.relativeL2(out.asDoubles(), numpy.asDoubles()) < 1e-14);
    }

    @Test
    void realOutputInvertsTheHalfSpectrumLikeNumpyIrfft() {
        NpyData out = transform(Cli.resource("rfft_of_float64_3x4.npy", dir), "--dims", "1", "--inverse", "--real-output", "4");
        NpyData original = NpyIo.read(Cli.resource("float64_3x4.npy", dir));
        assertEquals(NpyDtype.FLOAT64, out.dtype());
        assertArrayEquals(new int[]{3, 4}, out.shape());
        assertTrue(Cli.relativeL2(out.asDoubles(), original.asDoubles()) < 1e-14);
    }

    @Test
    void theReportNamesTheDeviceThePlanAndTheTimes() {
        Cli run = Cli.run("--in", complex128(), "--out", dir.resolve("out.npy"), "--device", "jvm");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("device:    jvm (reference-fft, pure Java), computes in double (float64)"), run.err);
        assertTrue(run.err.contains("plan:      reference-fft (mixed radix/Bluestein, double)"), run.err);
        assertTrue(run.err.contains("build:"), run.err);
        assertTrue(run.err.contains("execute:"), run.err);
    }

    @Test
    void theDemoOnTheJvmPassesItsErrorCheck() {
        Cli run = Cli.run("--device", "jvm");
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.err.contains("relative L2 error"), run.err);
    }

    @Test
    void helpExplainsTheOptionsWithAnExample() {
        Cli run = Cli.run("--help");
        assertEquals(0, run.exitCode);
        for (String option : new String[]{"--in", "--out", "--dims", "--inverse", "--norm", "--device", "--precision",
                "--real-size", "--list-devices", "Examples:", "./fft --in x.npy --out y.npy"}) {
            assertTrue(run.out.contains(option), option + " in: " + run.out);
        }
    }
}
