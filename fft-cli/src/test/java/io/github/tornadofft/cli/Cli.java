package io.github.tornadofft.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Runs {@code ./fft} in-process and keeps what it printed; test resources as files. */
final class Cli {

    final int exitCode;
    final String out;
    final String err;

    private Cli(int exitCode, String out, String err) {
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    static Cli run(Object... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] strings = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            strings[i] = String.valueOf(args[i]);
        }
        int code = FftCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), strings);
        return new Cli(code, out.toString(), err.toString());
    }

    /** A copy of {@code src/test/resources/cli/name} in {@code dir}. */
    static Path resource(String name, Path dir) {
        try (InputStream in = Cli.class.getResourceAsStream("/cli/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /cli/" + name);
            }
            Path copy = dir.resolve(name);
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(Path path) {
        try {
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The values the golden files hold: element k is (k/2 - 1) + i(1 - k/4); real files keep the real part. */
    static double[] ramp(int elements, boolean complex) {
        double[] v = new double[complex ? 2 * elements : elements];
        for (int k = 0; k < elements; k++) {
            if (complex) {
                v[2 * k] = k * 0.5 - 1;
                v[2 * k + 1] = 1 - k * 0.25;
            } else {
                v[k] = k * 0.5 - 1;
            }
        }
        return v;
    }

    static double relativeL2(double[] actual, double[] expected) {
        return Demo.relativeL2(actual, expected);
    }
}
