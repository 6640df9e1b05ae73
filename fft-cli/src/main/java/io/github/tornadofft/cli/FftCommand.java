package io.github.tornadofft.cli;

import io.github.tornadofft.Compute;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.api.Norm;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code ./fft}: transforms a NumPy .npy file on a TornadoVM device or on the JVM. */
@Command(name = "fft", sortOptions = false, usageHelpWidth = 110,
        customSynopsis = {
                "fft --in X.npy --out Y.npy [--dims K] [--inverse] [--norm backward|ortho|forward]",
                "           [--device jvm|default|B:D[,B:D...]] [--precision float|double] [--real-size N]",
                "           [--compute standard|tensor_cores]",
                "       fft [--device jvm|default|B:D[,B:D...]] [--precision float|double]     (demo)",
                "       fft --list-devices",
                ""},
        description = {
                "Fast Fourier transform of a NumPy .npy file, on a TornadoVM device or on the JVM.",
                "",
                "complex64/complex128 input: complex-to-complex transform (numpy.fft.fftn, or ifftn with --inverse).",
                "float32/float64 input: real-to-complex forward transform (numpy.fft.rfftn: last axis -> N/2+1).",
                "complex input with --inverse --real-size N: complex-to-real (numpy.fft.irfftn: last axis N/2+1 -> N).",
                "The last K axes are transformed (--dims K, default all); leading axes are a batch. C order.",
                "The output has the input's precision: complex64 for single, complex128 for double input.",
                "",
                "Devices: 'jvm' runs reference-fft in pure Java (any size, any rank, both precisions).",
                "'default' or 'B:D' runs a tornado-fft plan on a TornadoVM device, in the precision to compute",
                "in: complex128 and float64 input in double on the device (a complex128 result computed in",
                "double), complex64 and float32 in float; --precision float or double overrides it, and the",
                "output keeps the input's dtype. The device runs complex-to-complex of 1 to 3 axes of any",
                "length (up to 2^26 where one is not a power of two; 1920x1080, 100x100x100, 11x4099), and",
                "real-to-complex / complex-to-real (numpy.fft.rfftn / irfftn) of 1 to 3 axes of any length",
                "(an even last axis N whose N/2 has no prime factor above 13 as a transform of N/2 points, the",
                "other axes of any length; any other shape as the complex transform of the whole shape); in float,",
                "and in double on a device with fp64.",
                "Anything else is an error saying so (--device jvm runs it), never a silent fallback to the JVM.",
                "--compute tensor_cores computes on a PTX device's tensor cores: 1D complex transforms of a power",
                "of two from 128 (a batch over the leading axes) as fp16 matrix products, float input in the",
                "split mode (two fp16 parts per value, float's accuracy); slower than the standard kernels today.",
                "Several devices, 'B:D,B:D,...' (one may repeat), split a single-precision transform: a 3D",
                "transform into a slab of Z planes per device, exchanged through host memory into pencils for",
                "the Z axis; a batch of 1D or 2D transforms into whole transforms per device.",
                "",
                "Without --in: a demo, a random 32x32x32 complex64 transform on the chosen device, checked",
                "against reference-fft (relative L2 error must stay within 1e-5).",
                "Reports (device and the precision it computes in, plan, build/JIT and execution time) go to",
                "stderr.",
                ""},
        footer = {
                "",
                "Examples:",
                "  python3 -c \"import numpy as np; np.save('x.npy', np.random.rand(8, 1024).astype(np.complex64))\"",
                "  ./fft --in x.npy --out y.npy --dims 1            # 8 transforms of length 1024 on the default device",
                "  ./fft --in y.npy --out z.npy --dims 1 --inverse  # and back: z equals x",
                "  ./fft --in x.npy --out f.npy --device jvm        # np.fft.fft2(x), in pure Java",
                "  python3 -c \"import numpy as np; np.save('r.npy', np.random.rand(8, 1024).astype(np.float32))\"",
                "  ./fft --in r.npy --out h.npy --dims 1            # np.fft.rfft(r): 8 x 513 bins, on the device",
                "  ./fft --in h.npy --out s.npy --dims 1 --inverse --real-size 1024",
                "                                                   # np.fft.irfft(h, 1024): s equals r",
                "  python3 -c \"import numpy as np; np.save('i.npy', np.random.rand(4, 512, 512).astype(np.float32))\"",
                "  ./fft --in i.npy --out k.npy --dims 2            # np.fft.rfft2(i): 4 x 512 x 257 bins",
                "  ./fft --in k.npy --out j.npy --dims 2 --inverse --real-size 512",
                "                                                   # np.fft.irfft2(k, (512, 512)): j equals i",
                "  python3 -c \"import numpy as np; np.save('d.npy', np.random.rand(4, 4096).astype(np.complex128))\"",
                "  ./fft --in d.npy --out e.npy --dims 1            # np.fft.fft(d) in double on the device",
                "  ./fft --in d.npy --out e.npy --dims 1 --precision float   # in float; e is still complex128",
                "  ./fft --in x.npy --out y.npy --dims 1 --device 1:0 --compute tensor_cores",
                "                                                   # on a PTX device's tensor cores",
                "  ./fft --in v.npy --out w.npy --device 0:0,0:1    # a 3D transform split over two devices",
                "  ./fft --list-devices",
                "  ./fft                                            # the demo",
                "",
                "Exit status: 0 done; 2 bad command line or input; 1 anything else: no TornadoVM SDK, a device",
                "failure, or a demo error above tolerance."})
public final class FftCommand implements Callable<Integer> {

    @Option(names = "--in", paramLabel = "X.npy", description = "input array: complex64, complex128, float32 or float64, C order")
    Path in;

    @Option(names = "--out", paramLabel = "Y.npy", description = "output array; written only when the transform succeeds")
    Path out;

    @Option(names = "--dims", paramLabel = "K", description = "transform the last K axes (default: all)")
    Integer dims;

    @Option(names = "--inverse", description = "inverse transform (complex input only)")
    boolean inverse;

    @Option(names = "--norm", paramLabel = "NORM", converter = NormConverter.class,
            description = "backward (default: 1/n on the inverse), ortho (1/sqrt(n) both ways) or forward (1/n on the forward)")
    Norm norm;

    @Option(names = "--device", paramLabel = "DEVICE", defaultValue = "default",
            description = "jvm, default (TornadoVM's default device), B:D as --list-devices numbers them, or B:D,B:D,..."
                    + " to split the transform over several devices (default: ${DEFAULT-VALUE})")
    String device;

    @Option(names = "--precision", paramLabel = "P", converter = PrecisionConverter.class,
            description = "float or double: the precision to compute in, on the JVM or the device (default: the input's;"
                    + " the output keeps the input's dtype)")
    Precision precision;

    @Option(names = "--compute", paramLabel = "C", converter = ComputeConverter.class,
            description = "standard (default) or tensor_cores: the DFT stages as fp16 tensor-core products (a PTX device;"
                    + " 1D complex of a power of two from 128)")
    Compute compute = Compute.STANDARD;

    @Option(names = {"--real-size", "--real-output"}, paramLabel = "N",
            description = "with --inverse: complex half spectrum to real output whose last axis has N points (numpy"
                    + " irfftn with that shape)")
    Integer realOutput;

    @Option(names = "--list-devices", description = "list the devices and exit")
    boolean listDevices;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    private PrintWriter err;
    private PrintWriter stdout;

    /** Runs the command and exits the JVM with its status: 0 done, 2 bad command line or input, 1 else. */
    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command; returns the exit status. User mistakes print one line on {@code err}. */
    static int execute(PrintWriter out, PrintWriter err, String... args) {
        FftCommand command = new FftCommand();
        command.stdout = out;
        command.err = err;
        CommandLine cli = new CommandLine(command).setOut(out).setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("fft: " + e.getMessage() + " (see ./fft --help)");
            return CliError.USAGE;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            if (e instanceof CliError error) {
                err.println("fft: " + error.getMessage());
                return error.exitCode();
            }
            err.println("fft: unexpected error: " + e);
            e.printStackTrace(err);
            return 1;
        });
        try {
            return cli.execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    @Override
    public Integer call() {
        Engines.checkDeviceSpec(device);
        if (listDevices) {
            return listDevices();
        }
        if (in == null) {
            checkDemoOptions();
            return Demo.run(Engines.forDevice(device, compute), precision, err);
        }
        if (out == null) {
            throw CliError.usage("--out: missing; where should the transform of " + in + " go?");
        }
        checkOutput();
        NpyData input = NpyIo.read(in);
        Transform transform = Transform.forInput(input, dims, inverse, norm == null ? Norm.BACKWARD : norm, precision,
                realOutput);
        Engine engine = Engines.forDevice(device, compute);
        Engine.Result result = engine.run(transform, input);
        Report.run(err, engine, transform, result);
        NpyIo.write(out, result.output());
        err.println("wrote:     " + out + " (" + result.output() + ")");
        return 0;
    }

    private int listDevices() {
        for (String d : Engines.list()) {
            stdout.println(d);
        }
        return 0;
    }

    /** Without --in the demo runs: the options that describe a file's transform make no sense. */
    private void checkDemoOptions() {
        String option = out != null ? "--out" : dims != null ? "--dims" : inverse ? "--inverse"
                : norm != null ? "--norm" : realOutput != null ? "--real-size" : null;
        if (option != null) {
            throw CliError.usage(option + ": needs --in (without --in, ./fft runs its demo: only --device and --precision apply)");
        }
    }

    /** The output must go to a directory that exists, and never over the input. */
    private void checkOutput() {
        Path dir = out.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw CliError.usage("--out " + out + ": directory " + dir + " does not exist");
        }
        if (Files.isDirectory(out)) {
            throw CliError.usage("--out " + out + ": is a directory, expected a file name");
        }
        if (out.toAbsolutePath().normalize().equals(in.toAbsolutePath().normalize()) || sameFile(in, out)) {
            throw CliError.usage("--out " + out + ": is the input file; ./fft never modifies its input");
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    static final class NormConverter implements CommandLine.ITypeConverter<Norm> {
        @Override
        public Norm convert(String value) {
            try {
                return Norm.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("expected backward, ortho or forward, got '" + value + "'");
            }
        }
    }

    static final class ComputeConverter implements CommandLine.ITypeConverter<Compute> {
        @Override
        public Compute convert(String value) {
            try {
                return Compute.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("expected standard or tensor_cores, got '" + value + "'");
            }
        }
    }

    static final class PrecisionConverter implements CommandLine.ITypeConverter<Precision> {
        @Override
        public Precision convert(String value) {
            // HALF is a library precision (fp16 storage on CUDA-capable backends); .npy files here are float or double.
            Precision precision = null;
            try {
                precision = Precision.parse(value);
            } catch (IllegalArgumentException e) {
                // refused below
            }
            if (precision == null || precision == Precision.HALF) {
                throw new CommandLine.TypeConversionException("expected float or double, got '" + value + "'");
            }
            return precision;
        }
    }
}
