package io.github.tornadofft.bench;

import io.github.tornadofft.Devices;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.SplitTimes;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.ToLongFunction;

/**
 * {@code ./run-bench split}: a tornado-fft plan over several devices ({@code FftPlan.create(descriptor,
 * devices)}) on each case, host array to host array, with the time split into the workers' kernels,
 * host-device transfers and host regrouping ({@link SplitTimes}); beside it, in the same run, the copy
 * ceiling between host and each device (the plans' own upload and download of one chunk, each device
 * alone and all at once) and the same case on the first device alone.
 */
@Command(name = "run-bench split", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Times a tornado-fft plan split over several devices (3D: a slab of Z planes per device, the exchange",
            "through host memory; batches of 1D and 2D: whole transforms per device), host array to host array, and",
            "reports where the time went: kernels, host<->device transfers, host regrouping (summed over the workers,",
            "two chunks in flight per device). In the same run: the host<->device copy ceiling of each device and of all",
            "at once, and the case on the first device alone. Output is checked against reference-fft."})
public final class SplitBench implements Callable<Integer> {

    @Option(names = "--devices", required = true, paramLabel = "LIST",
            description = "TornadoVM devices, B:D comma-separated (one may repeat), e.g. 0:0,0:1.")
    String devices;

    @Option(names = "--cases", paramLabel = "LIST", defaultValue = "3d:128, 3d:256, 3d:512, 2d:4096:16",
            description = "Cases as run-bench takes them (default: ${DEFAULT-VALUE}).")
    String cases;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3", description = "Untimed calls first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--reps", paramLabel = "N", defaultValue = "10", description = "Timed calls (default: ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--chunk-mib", paramLabel = "MIB", description = "Most MiB per chunk (tornado.fft.chunk.mib; default: the library's, 16).")
    Integer chunkMib;

    @Option(names = "--seed", description = "Seed of the random input (default: a fresh one, printed).")
    long seed = new java.util.SplittableRandom().nextLong() >>> 16;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench-results", description = "Where split.md goes (default: ${DEFAULT-VALUE}).")
    Path out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SplitBench()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        PrintStream stdout = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        if (chunkMib != null) {
            System.setProperty("tornado.fft.chunk.mib", Integer.toString(chunkMib));
        }
        List<TornadoDevice> list = new ArrayList<>();
        for (String spec : devices.split(",")) {
            list.add(Devices.resolve(spec.strip()));
        }
        StringBuilder md = new StringBuilder("# tornado-fft over " + list.size() + " devices: " + devices + "\n\n");
        for (int i = 0; i < list.size(); i++) {
            md.append("- ").append(devices.split(",")[i].strip()).append(": ").append(list.get(i).getPhysicalDevice().getDeviceName())
                    .append(" (").append(list.get(i).getTornadoVMBackend()).append(")\n");
        }
        md.append("\nseed ").append(seed).append(", ").append(warmup).append(" warm-up + ").append(reps)
                .append(" timed calls, medians. Worker columns: time summed over the workers (two chunks in flight per")
                .append(" device), divided by their number. 'bound' is the bytes moved over the all-at-once copy rates,")
                .append(" up then down. 'one device': the same case on the first device alone, host to host and kernels.\n\n");
        md.append("| case | wall ms | workers | kernel ms | launch ms | transfer ms | regroup ms | moved | bound ms")
                .append(" | one device ms | one device kernel ms | rel. error |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        long chunkBytes = (long) (chunkMib != null ? chunkMib : DEFAULT_CHUNK_MIB) << 20;
        System.err.println("run-bench split: host<->device copy rates, " + Metrics.bytes(chunkBytes) + " at a time");
        Rates rates = Rates.measure(list, chunkBytes);
        StringBuilder plans = new StringBuilder("\n## The plans\n");
        for (Case c : Case.parseList(cases)) {
            if (c.isDouble() || c.kind().real()) {
                throw new IllegalArgumentException("--cases: a plan over several devices runs c2c float32, got " + c.spec());
            }
            System.err.println("run-bench split: " + c.label());
            Truth truth = Truth.of(c, seed, 4);
            FftDescriptor d = FftDescriptor.c2c(c.shape()).batch(c.batch()).direction(Direction.FORWARD).build();
            float[] result = new float[c.floats()];
            List<SplitTimes> times = new ArrayList<>();
            String plan;
            try (FftPlan split = FftPlan.create(d, list).withProfiler()) {
                plan = split.toString();
                for (int r = 0; r < warmup + reps; r++) {
                    split.forward(truth.input(), result);
                    if (r >= warmup) {
                        times.add(split.lastSplitTimes());
                    }
                }
            }
            int len = (int) (2 * c.points());
            double error = truth.relativeError((index, dst) -> System.arraycopy(result, index * len, dst, 0, len));
            double[] alone = oneDevice(d, list.get(0), truth.input(), result);
            int workers = times.get(0).workers();
            long moved = times.get(0).bytesMoved();
            double bound = moved / 2.0 / rates.allUp + moved / 2.0 / rates.allDown;
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", c.label(),
                    ms(median(times, SplitTimes::wallNanos)), workers, ms(median(times, SplitTimes::kernelNanos) / workers),
                    ms(median(times, SplitTimes::launchNanos) / workers), ms(median(times, SplitTimes::transferNanos) / workers),
                    ms(median(times, SplitTimes::regroupNanos) / workers), Metrics.bytes(moved), ms(bound), ms(alone[0]),
                    ms(alone[1]), Metrics.sci(error)));
            plans.append("\n").append(c.label()).append(":\n\n```\n").append(plan.strip()).append("\n```\n");
        }
        md.append("\nHost<->device copy rates in this run, ").append(Metrics.bytes(chunkBytes)).append(" at a time (a plan's own")
                .append(" upload() and download() of its host arrays, wall time, medians of ").append(Rates.ROUNDS)
                .append("): per device (up, down GB/s) ").append(rates.perDevice).append("; all devices at once: ")
                .append(String.format(Locale.ROOT, "%.1f up, %.1f down GB/s.%n", rates.allUp, rates.allDown)).append(plans);
        stdout.print(md);
        Files.createDirectories(out);
        Files.writeString(out.resolve("split.md"), md);
        stdout.println("\nWritten: " + out.resolve("split.md"));
        return 0;
    }

    /** The library's most MiB per chunk, where --chunk-mib does not say. */
    static final int DEFAULT_CHUNK_MIB = 16;

    /** Median ms host to host, and kernel ms, of the case on one device. */
    private double[] oneDevice(FftDescriptor d, TornadoDevice device, float[] input, float[] output) {
        try (FftPlan plan = FftPlan.create(d, device).withProfiler()) {
            long[] wall = new long[reps];
            long[] kernel = new long[reps];
            for (int r = 0; r < warmup + reps; r++) {
                long t0 = System.nanoTime();
                plan.forward(input, output);
                if (r >= warmup) {
                    wall[r - warmup] = System.nanoTime() - t0;
                    kernel[r - warmup] = plan.lastKernelNanos();
                }
            }
            return new double[] {Metrics.median(wall), Metrics.median(kernel)};
        } catch (IllegalArgumentException e) {
            System.err.println("run-bench split: one device: " + e.getMessage());
            return new double[] {Double.NaN, Double.NaN};
        }
    }

    private static double median(List<SplitTimes> times, ToLongFunction<SplitTimes> part) {
        return Metrics.median(times.stream().mapToLong(part).toArray());
    }

    private static String ms(double nanos) {
        return Double.isNaN(nanos) || nanos < 0 ? "—" : Metrics.sig3(nanos / 1e6);
    }

    /** Host-device copy rates of chunk-sized plans: each device alone, and all at once. */
    private record Rates(String perDevice, double allUp, double allDown) {

        static final int ROUNDS = 10;

        static Rates measure(List<TornadoDevice> devices, long chunkBytes) {
            // A batch of 1D transforms of the chunk's size: its upload() and download() move its arrays whole.
            int batch = (int) Math.max(1, chunkBytes / (8 * 4096));
            FftDescriptor d = FftDescriptor.c2c(4096).batch(batch).build();
            long bytes = d.inputFloats() * Float.BYTES;
            List<FftPlan> plans = new ArrayList<>();
            try {
                for (TornadoDevice device : devices) {
                    FftPlan plan = FftPlan.create(d, device);
                    plans.add(plan);
                    plan.executeOnDevice();
                }
                List<String> alone = new ArrayList<>();
                for (FftPlan plan : plans) {
                    long[] up = new long[ROUNDS];
                    long[] down = new long[ROUNDS];
                    for (int r = 0; r < ROUNDS; r++) {
                        long t0 = System.nanoTime();
                        plan.upload();
                        long t1 = System.nanoTime();
                        plan.download();
                        up[r] = t1 - t0;
                        down[r] = System.nanoTime() - t1;
                    }
                    alone.add(String.format(Locale.ROOT, "%.1f, %.1f", bytes / Metrics.median(up), bytes / Metrics.median(down)));
                }
                if (devices.stream().anyMatch(device -> device.getTornadoVMBackend().name().equals("PTX"))
                        && devices.stream().distinct().count() > 1) {
                    // Measured on two H200s: TornadoVM 5.2's PTX backend, driven from fresh threads on two
                    // devices at once, fails in cuEventCreate (CUDA_ERROR_INVALID_CONTEXT) and then crashes
                    // the JVM in libcuda. The plans' own worker threads are not affected; this measurement is.
                    System.err.println("run-bench split: the all-devices-at-once copy rate is not measured on PTX"
                            + " (TornadoVM's PTX backend crashes when fresh threads drive two devices at once)");
                    return new Rates(String.join("; ", alone), Double.NaN, Double.NaN);
                }
                double allUp = together(plans, FftPlan::upload);
                double allDown = together(plans, FftPlan::download);
                return new Rates(String.join("; ", alone), plans.size() * ROUNDS * bytes / allUp,
                        plans.size() * ROUNDS * bytes / allDown);
            } finally {
                plans.forEach(FftPlan::close);
            }
        }

        /** Wall ns of {@value #ROUNDS} rounds of {@code step} on every plan at once, one thread each. */
        private static double together(List<FftPlan> plans, java.util.function.Consumer<FftPlan> step) {
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (FftPlan plan : plans) {
                Thread t = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    for (int r = 0; r < ROUNDS; r++) {
                        step.accept(plan);
                    }
                });
                t.start();
                threads.add(t);
            }
            long t0 = System.nanoTime();
            start.countDown();
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return System.nanoTime() - t0;
        }
    }
}
