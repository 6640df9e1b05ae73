package io.github.tornadofft.bench;

import io.github.tornadofft.CompilerFlags;
import io.github.tornadofft.Devices;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.bench.engines.CuFftConvolution;
import io.github.tornadofft.examples.FusedConvolution;
import io.github.tornadofft.examples.Signal;
import io.github.tornadofft.kernels.BlockFft;
import io.github.tornadofft.reference.ReferenceFft;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * {@code ./run-bench convolution}: a batched 1D convolution (each signal times one filter's spectrum)
 * as the block FFT's fused kernel, as the chain of a forward plan, a multiply kernel and an inverse
 * plan, and as cuFFT's chain (forward, cuBLAS's diagonal product, inverse) in the same process; and the
 * block FFT alone in a load-transform-store kernel beside the plan's own kernel and cuFFT's forward
 * transform. Kernel times (medians), the bytes each moves at least, their rate against the copy
 * ceiling, every result against reference-fft. One engine failing leaves a row saying why.
 */
@Command(name = "run-bench convolution", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Times a batched 1D complex convolution y = IFFT(FFT(x) H) / N three ways: the block FFT's fused kernel",
            "(one kernel, data in registers), the chain of two tornado-fft plans and a multiply kernel, and cuFFT's",
            "chain (cuFFT, cublasCdgmm, cuFFT); and the forward transform alone: the block FFT in a load-transform-store",
            "kernel, the plan, cuFFT. Results are checked against reference-fft."})
public final class ConvolutionBench implements Callable<Integer> {

    @Option(names = "--devices", paramLabel = "LIST", defaultValue = "default",
            description = "TornadoVM devices, B:D comma-separated (default: TornadoVM's default).")
    String devices;

    @Option(names = "--cases", paramLabel = "LIST", defaultValue = "4096x4096, 1024x16384",
            description = "N x signals, comma-separated (default: ${DEFAULT-VALUE}).")
    String cases;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3", description = "Untimed runs first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--reps", paramLabel = "N", defaultValue = "15", description = "Timed runs (default: ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--variants", description = "Also time the block FFT alone with 4, 8 and 16 values per work-item and 1, 2, 4 transforms per group.")
    boolean variants;

    @Option(names = "--no-flags", description = "Launch every kernel without CompilerFlags' register cap (by default "
            + "each execution plan takes CompilerFlags.apply, as the examples do).")
    boolean noFlags;

    @Option(names = "--no-cufft", description = "Leave cuFFT out (a machine without CUDA).")
    boolean noCufft;

    @Option(names = "--seed", description = "Seed of the random input (default: a fresh one, printed).")
    long seed = new SplittableRandom().nextLong() >>> 16;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench-results",
            description = "Where convolution.md goes (default: ${DEFAULT-VALUE}).")
    Path out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ConvolutionBench()).execute(args));
    }

    /** One case: {@code count} signals of {@code n} complex floats. */
    private record ConvolutionCase(int n, int count) {
        long bytes() {
            return 8L * n * count;
        }
    }

    /** One measured way: its kernel time, the bytes it must move, and its error against the reference. */
    record Row(String what, double nanos, long bytes, double error, String note) {
    }

    /**
     * The table row of {@code r} against the copy ceiling {@code copy} (GB/s) and cuFFT's chain
     * ({@code cufftChain} ns): "—" for what was not measured (a failed way, no copy ceiling, no cuFFT on a
     * CPU machine), never "NaN".
     */
    static String tableRow(Row r, double copy, double cufftChain) {
        double gbs = r.bytes / r.nanos;
        return String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", r.what, finite("%.4f", r.nanos / 1e6),
                Metrics.bytes(r.bytes), finite("%.0f", gbs), Report.percent(gbs / copy), finite("%.2fx", r.nanos / cufftChain),
                finite("%.2e", r.error), r.note);
    }

    private static String finite(String format, double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, format, v) : "—";
    }

    @Override
    public Integer call() throws IOException {
        PrintStream stdout = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        StringBuilder md = new StringBuilder("# Batched 1D convolution: fused block FFT, chained plans, cuFFT\n\n");
        md.append("Seed ").append(seed).append("; ").append(warmup).append(" warm-up and ").append(reps)
                .append(" timed runs, kernel-time medians (TornadoVM's profiler; CUDA events for cuFFT). Bytes: what each ")
                .append("way must read and write at least (the fused kernel: signals in, results out; a chain: every ")
                .append("kernel's input and output).\n\n");
        int failures = 0;
        List<ConvolutionCase> list = new ArrayList<>();
        for (String spec : cases.split(",")) {
            String[] parts = spec.strip().toLowerCase(Locale.ROOT).split("x");
            list.add(new ConvolutionCase(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
        }
        // The copy ceilings first, before TornadoVM makes contexts of its own on the GPU: measured after
        // the PTX backend had run, the runtime's allocations failed (CUDA error 208) and the next PTX
        // kernel took the process down.
        double[] copies = new double[list.size()];
        for (int i = 0; i < copies.length; i++) {
            copies[i] = Double.NaN;
            if (!noCufft) {
                try {
                    copies[i] = CuFftConvolution.copyGBs(list.get(i).bytes());
                } catch (RuntimeException | LinkageError e) {
                    stdout.println("copy ceiling: " + e);
                }
            }
        }
        for (int i = 0; i < copies.length; i++) {
            int n = list.get(i).n();
            int count = list.get(i).count();
            List<Row> rows = new ArrayList<>();
            failures += runCase(n, count, rows, stdout);
            long bytes = list.get(i).bytes();
            double copy = copies[i];
            double cufftChain = rows.stream().filter(r -> r.what.equals("cuFFT chain")).mapToDouble(Row::nanos)
                    .findFirst().orElse(Double.NaN);
            md.append(String.format(Locale.ROOT, "## %d x %d complex float32 (%s a copy of the signals; %s)%n%n", n, count,
                    Metrics.bytes(bytes), Double.isFinite(copy) ? String.format(Locale.ROOT, "copy ceiling %.0f GB/s", copy)
                            : "no copy ceiling: CUDA's device-to-device copy did not run"));
            md.append("| way | kernel ms | bytes moved | GB/s | of copy | vs cuFFT chain | rel. L2 error | note |\n");
            md.append("|---|--:|--:|--:|--:|--:|--:|---|\n");
            for (Row r : rows) {
                md.append(tableRow(r, copy, cufftChain));
            }
            md.append('\n');
            stdout.print(md.substring(md.lastIndexOf("## ")));
        }
        Files.createDirectories(out);
        Files.writeString(out.resolve("convolution.md"), md.toString());
        stdout.println("wrote " + out.resolve("convolution.md"));
        return failures == 0 ? 0 : 1;
    }

    /** Every way for one case; returns the number that failed (each leaves a row saying why). */
    private int runCase(int n, int count, List<Row> rows, PrintStream stdout) {
        long bytes = 8L * n * count;
        FloatArray signals = Signal.random((long) n * count, seed);
        float[] host = signals.toHeapArray();
        FloatArray filter = FusedConvolution.spectrumOf(Signal.random(n, seed + 1));
        double[] expected = FusedConvolution.reference(signals, filter, n, count);
        double[] spectra = new double[host.length];
        for (int i = 0; i < host.length; i++) {
            spectra[i] = host[i];
        }
        ReferenceFft.c2c1d(spectra, 0, n, 1, count, n, Direction.FORWARD, Norm.BACKWARD);
        int failed = 0;
        for (String spec : devices.split(",")) {
            String name = spec.strip();
            try {
                TornadoDevice device = Devices.resolve(name);
                String label = name + " " + device.getTornadoVMBackend();
                BlockFft fft = FusedConvolution.describe(n).check(device);
                FloatArray twiddles = fft.twiddles();

                FloatArray fused = new FloatArray(2 * n * count);
                TaskGraph graph = new TaskGraph("fused").transferToDevice(DataTransferMode.FIRST_EXECUTION, signals, filter, twiddles)
                        .task("convolve", FusedConvolution::convolve, new KernelContext(), signals, filter, fused, twiddles,
                                fft.word(), count)
                        .transferToHost(DataTransferMode.UNDER_DEMAND, fused);
                double t = time(graph, new GridScheduler("fused.convolve", fft.grid(count)), device, fused);
                rows.add(new Row(label + " fused block FFT", t, 2 * bytes, Signal.relativeError(fused, expected), fft.toString()));

                FloatArray alone = new FloatArray(2 * n * count);
                TaskGraph block = new TaskGraph("block").transferToDevice(DataTransferMode.FIRST_EXECUTION, signals, twiddles)
                        .task("transform", BlockFft::transform, new KernelContext(), signals, alone, twiddles,
                                fft.word(), count)
                        .transferToHost(DataTransferMode.UNDER_DEMAND, alone);
                t = time(block, new GridScheduler("block.transform", fft.grid(count)), device, alone);
                rows.add(new Row(label + " block FFT alone (forward)", t, 2 * bytes, Signal.relativeError(alone, spectra), "load, execute, store"));
                for (BlockFft v : variants ? variantsOf(n) : List.<BlockFft>of()) {
                    try {
                        v.check(device);
                    } catch (IllegalArgumentException e) {
                        continue;
                    }
                    FloatArray own = v.twiddles();
                    TaskGraph g = new TaskGraph("variant").transferToDevice(DataTransferMode.FIRST_EXECUTION, signals, own)
                            .task("transform", BlockFft::transform, new KernelContext(), signals, alone, own, v.word(), count)
                            .transferToHost(DataTransferMode.UNDER_DEMAND, alone);
                    t = time(g, new GridScheduler("variant.transform", v.grid(count)), device, alone);
                    rows.add(new Row(label + " block FFT alone, variant", t, 2 * bytes, Signal.relativeError(alone, spectra), v.toString()));
                }

                FftDescriptor d = FftDescriptor.c2c(n).batch(count).build();
                try (FftPlan there = FftPlan.create(d, device); FftPlan back = FftPlan.create(d, device)) {
                    FloatArray chained = new FloatArray(2 * n * count);
                    GridScheduler grid = new GridScheduler();
                    TaskGraph chain = FusedConvolution.chain(there, back, signals, filter, chained, grid)
                            .transferToHost(DataTransferMode.UNDER_DEMAND, chained);
                    t = time(chain, grid, device, chained);
                    rows.add(new Row(label + " chain: plan, multiply, plan", t, 6 * bytes, Signal.relativeError(chained, expected),
                            there.passes().size() + " + 1 + " + back.passes().size() + " kernels"));

                    FloatArray planned = new FloatArray(2 * n * count);
                    TaskGraph one = new TaskGraph("plan").transferToDevice(DataTransferMode.FIRST_EXECUTION, signals);
                    GridScheduler oneGrid = new GridScheduler();
                    there.appendTo(Direction.FORWARD, one, signals, planned, oneGrid);
                    one.transferToHost(DataTransferMode.UNDER_DEMAND, planned);
                    t = time(one, oneGrid, device, planned);
                    rows.add(new Row(label + " plan alone (forward)", t, 2 * bytes, Signal.relativeError(planned, spectra),
                            there.passes().size() + " kernel(s)"));
                }
            } catch (RuntimeException | LinkageError e) {
                failed++;
                rows.add(new Row(name + " (failed)", Double.NaN, bytes, Double.NaN, String.valueOf(e).replace('|', '/')));
                stdout.println(name + ": " + e);
            }
        }
        if (!noCufft) {
            try (CuFftConvolution cufft = new CuFftConvolution(n, count)) {
                float[] scaled = new float[2 * n];
                for (int i = 0; i < scaled.length; i++) {
                    scaled[i] = filter.get(i) / n;
                }
                cufft.load(host, scaled);
                CuFftConvolution.Times times = cufft.time(warmup, reps);
                // Checked after the timing, from the signals reloaded: and whether the runs left them alone.
                boolean kept = java.util.Arrays.equals(cufft.signalsNow(), host);
                cufft.load(host, scaled);
                double forwardError = Signal.relativeError(FloatArray.fromArray(cufft.forwardOnce()), spectra);
                double error = Signal.relativeError(FloatArray.fromArray(cufft.chainOnce()), expected);
                String input = kept ? "" : "; the timed runs changed the signals' buffer";
                rows.add(new Row("cuFFT chain", times.chainNanos(), 6 * bytes, error,
                        "cufftExecC2C, cublasCdgmm, cufftExecC2C" + input));
                rows.add(new Row("cuFFT forward alone", times.forwardNanos(), 2 * bytes, forwardError, "cufftExecC2C"));
            } catch (RuntimeException | LinkageError e) {
                failed++;
                rows.add(new Row("cuFFT (failed)", Double.NaN, bytes, Double.NaN, String.valueOf(e).replace('|', '/')));
                stdout.println("cuFFT: " + e);
            }
        }
        return failed;
    }

    private static List<BlockFft> variantsOf(int n) {
        List<BlockFft> list = new ArrayList<>();
        for (int values : new int[] {4, 8, 16}) {
            for (int perGroup : new int[] {1, 2, 4}) {
                try {
                    list.add(BlockFft.of(n).valuesPerWorkItem(values).transformsPerGroup(perGroup));
                } catch (IllegalArgumentException e) {
                    // more values than points, or 16 for an odd power of two
                }
            }
        }
        return list;
    }

    /** Median device kernel time of the graph's executions after {@link #warmup}; the output downloaded after. */
    private double time(TaskGraph graph, GridScheduler grid, TornadoDevice device, FloatArray output) {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(device).withGridScheduler(grid).withProfiler(ProfilerMode.SILENT);
            if (!noFlags) {
                CompilerFlags.apply(plan, device);
            }
            long[] samples = new long[reps];
            for (int i = 0; i < warmup + reps; i++) {
                long t = plan.execute().getProfilerResult().getDeviceKernelTime();
                if (i >= warmup) {
                    samples[i - warmup] = t;
                }
            }
            plan.execute().transferToHost(output);
            return Metrics.median(samples);
        } catch (Exception e) {
            throw new IllegalStateException("TornadoVM: " + e.getMessage(), e);
        }
    }
}
