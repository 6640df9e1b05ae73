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
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
            "one per chunk in flight on each device). In the same run: the host<->device copy ceiling of each device and",
            "of all at once, the host's memory copy rate, and the case on the first device alone. Output is checked",
            "against reference-fft."})
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

    @Option(names = "--chunk-mib", paramLabel = "MIB", description = "Most MiB per chunk (tornado.fft.chunk.mib; default: the library's, 64).")
    Integer chunkMib;

    @Option(names = "--in-flight", paramLabel = "N", description = "Chunks in flight per device (tornado.fft.chunks.inflight; default: the library's, eight on the host: four a device on one or two, two on more).")
    Integer inFlight;

    @Option(names = "--exchange", paramLabel = "WHERE", description = "auto (a plan per Z chunk where the devices hold them) or buffer (tornado.fft.split.exchange; default: the library's, auto).")
    String exchange;

    @Option(names = "--sampled-check", description = {"Check every case as one beyond an array is checked: " + SplitBench.BINS
            + " bins against their DFT sums computed directly, and Parseval's identity (default: against reference-fft where the case fits one array)."})
    boolean sampledCheck;

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
        if (inFlight != null) {
            System.setProperty("tornado.fft.chunks.inflight", Integer.toString(inFlight));
        }
        if (exchange != null) {
            System.setProperty("tornado.fft.split.exchange", exchange);
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
        long chunkBytes = (long) (chunkMib != null ? chunkMib : DEFAULT_CHUNK_MIB) << 20;
        System.err.println("run-bench split: host<->device copy rates, " + Metrics.bytes(chunkBytes) + " at a time");
        Rates rates = Rates.measure(list, chunkBytes);
        double hostRate = hostCopyRate();
        XtSide xt = XtSide.open(list, chunkBytes);
        md.append("\nseed ").append(seed).append(", ").append(warmup).append(" warm-up + ").append(reps)
                .append(" timed calls, medians, host array to host array. Worker columns: time summed over the workers (")
                .append(inFlight != null ? inFlight.toString() : "the library's default, as the plans below say,")
                .append(" chunks in flight per device), divided by their number. 'busy/wall': the workers' time summed over")
                .append(" the wall time, the activities in flight on average. 'bound': the bytes moved over TornadoVM's")
                .append(" all-at-once copy rates, up then down ('of bound': bound over wall); 'CUDA bound': the same bytes")
                .append(" at CUDA's pinned all-at-once rates. 'host bound': the plan's host copies (into the chunks and")
                .append(" out of them, and for 3D into the exchange blocks, and out of them unless they are the Z plans' own")
                .append(" arrays) at the host's memory copy rate. 'one device': the same case on the first device alone, where")
                .append(" it fits one array. cuFFTXt: cuFFT's multi-GPU plan over as many GPUs (0 .. G - 1), host memory")
                .append(" as given (pageable), its upload, exec and download timed apart; 'diff': its output against")
                .append(" ours. 'rel. error': against reference-fft where the case fits one array, else over ")
                .append(BINS).append(" bins against their DFT sums computed directly in double, with Parseval's identity")
                .append(" over the whole output.\n\n");
        md.append("| case | wall ms | workers | kernel ms | launch ms | transfer ms | regroup ms | busy/wall | moved | bound ms")
                .append(" | of bound | CUDA bound ms | host bound ms | one device ms | one device kernel ms | cuFFTXt ms (up + exec + down)")
                .append(" | ours / cuFFTXt | diff | rel. error |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        StringBuilder plans = new StringBuilder("\n## The plans\n");
        StringBuilder failures = new StringBuilder();
        for (String spec : cases.split(",")) {
            if (spec.isBlank()) {
                continue;
            }
            try {
                runCase(spec.strip(), list, rates, hostRate, xt, md, plans);
            } catch (RuntimeException | OutOfMemoryError e) {
                // One failing case leaves a row saying why; the others still run.
                System.err.println("run-bench split: " + spec.strip() + ": " + e);
                failures.append("- ").append(spec.strip()).append(": ").append(e.getMessage()).append('\n');
            }
        }
        String xtNotes = xt.describe();
        xt.close();
        if (failures.length() > 0) {
            md.append("\nCases that failed:\n\n").append(failures);
        }
        md.append("\nHost<->device copy rates in this run, ").append(Metrics.bytes(chunkBytes)).append(" at a time (a plan's own")
                .append(" upload() and download() of its host arrays, wall time, medians of ").append(Rates.ROUNDS)
                .append("): per device (up, down GB/s) ").append(rates.perDevice).append("; all devices at once: ")
                .append(Double.isNaN(rates.allUp) ? "not measured on PTX (TornadoVM's PTX backend crashes when fresh"
                        + " threads drive two devices at once; CUDA's rates stand in).\n"
                        : String.format(Locale.ROOT, "%.1f up, %.1f down GB/s.%n", rates.allUp, rates.allDown))
                .append(String.format(Locale.ROOT, "Host memory copy rate: %.1f GB/s (read + written; %s between two"
                        + " segments, in slices of %s side by side on the common pool, as the plan copies; median of %d)%n",
                        hostRate, Metrics.bytes(HOST_COPY_BYTES), Metrics.bytes(HOST_COPY_SLICE), Rates.ROUNDS))
                .append(xtNotes).append(plans);
        stdout.print(md);
        Files.createDirectories(out);
        Files.writeString(out.resolve("split.md"), md);
        stdout.println("\nWritten: " + out.resolve("split.md"));
        return 0;
    }

    /** Sampled bins of the check of a case beyond one array. */
    static final int BINS = 8;

    /** Bytes of the host memory copy whose rate prices the plan's host copies, and its slices (the plan's). */
    private static final long HOST_COPY_BYTES = 2L << 30;
    private static final long HOST_COPY_SLICE = 256L << 10;

    /** GB/s (read + written) of copies between two segments of host memory, sliced as the plan slices its copies. */
    private static double hostCopyRate() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment from = arena.allocate(HOST_COPY_BYTES, 64);
            MemorySegment to = arena.allocate(HOST_COPY_BYTES, 64);
            from.fill((byte) 1);
            to.fill((byte) 2);
            long[] samples = new long[Rates.ROUNDS];
            for (int r = -1; r < Rates.ROUNDS; r++) {
                long t0 = System.nanoTime();
                java.util.stream.LongStream.range(0, HOST_COPY_BYTES / HOST_COPY_SLICE).parallel().forEach(i ->
                        MemorySegment.copy(from, i * HOST_COPY_SLICE, to, i * HOST_COPY_SLICE, HOST_COPY_SLICE));
                if (r >= 0) {
                    samples[r] = System.nanoTime() - t0;
                }
            }
            return Metrics.copyGBs(HOST_COPY_BYTES, Metrics.median(samples));
        }
    }

    /** Runs one case and appends its row and plan. */
    private void runCase(String spec, List<TornadoDevice> list, Rates rates, double hostRate, XtSide xt, StringBuilder md,
                         StringBuilder plans) {
        SplitCase c = SplitCase.parse(spec);
        System.err.println("run-bench split: " + c.label());
        FftDescriptor d = FftDescriptor.c2c(c.shape()).batch(c.batch()).direction(Direction.FORWARD).build();
        long floats = d.inputFloats();
        try (Arena arena = Arena.ofShared()) {
            MemorySegment in = arena.allocate(floats * Float.BYTES, 64);
            MemorySegment result = arena.allocate(floats * Float.BYTES, 64);
            Truth truth = null;
            if (d.fitsOneArray() && !sampledCheck) {
                truth = Truth.of(Case.parse(spec), seed, 4);
                MemorySegment.copy(truth.input(), 0, in, ValueLayout.JAVA_FLOAT, 0, (int) floats);
            } else {
                SegmentCheck.fill(in, floats, seed);
            }
            List<SplitTimes> times = new ArrayList<>();
            String plan;
            try (FftPlan split = FftPlan.create(d, list).withProfiler()) {
                plan = split.toString();
                for (int r = 0; r < warmup + reps; r++) {
                    split.execute(Direction.FORWARD, in, result);
                    if (r >= warmup) {
                        times.add(split.lastSplitTimes());
                    }
                }
            }
            double error;
            if (truth != null) {
                int len = (int) (2 * c.points());
                error = truth.relativeError((index, dst) -> MemorySegment.copy(result, ValueLayout.JAVA_FLOAT,
                        (long) index * len * Float.BYTES, dst, 0, len));
            } else {
                if (c.shape().length != 3 || c.batch() != 1) {
                    throw new IllegalArgumentException("--sampled-check: a 3D case of batch 1, got " + c.label());
                }
                double sampled = SegmentCheck.sampledError(in, result, c.shape(), SegmentCheck.bins(c.shape(), BINS, seed));
                double parseval = SegmentCheck.parsevalError(in, result, floats, d.size());
                System.err.printf(Locale.ROOT, "run-bench split: %s: sampled bins %.2e, Parseval %.2e%n", c.label(), sampled, parseval);
                error = Math.max(sampled, parseval);
            }
            double[] alone = d.fitsOneArray() ? oneDevice(d, list.get(0), in.toArray(ValueLayout.JAVA_FLOAT))
                    : new double[] {Double.NaN, Double.NaN};
            XtSide.Result theirs = xt.run(c, in, result, floats, arena, warmup, reps);
            int workers = times.get(0).workers();
            long moved = times.get(0).bytesMoved();
            double wall = median(times, SplitTimes::wallNanos);
            // A worker is busy launching (its kernels' time within), transferring or regrouping.
            double busy = median(times, t -> t.launchNanos() + t.transferNanos() + t.regroupNanos());
            double bound = moved / 2.0 / rates.allUp + moved / 2.0 / rates.allDown;
            double cudaBound = moved / 2.0 / xt.pinnedUp() + moved / 2.0 / xt.pinnedDown();
            // Each byte the plan copied on the host is read and written once.
            double hostBound = 2.0 * times.get(0).bytesCopied() / hostRate;
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    c.label(), ms(wall), workers, ms(median(times, SplitTimes::kernelNanos) / workers),
                    ms(median(times, SplitTimes::launchNanos) / workers), ms(median(times, SplitTimes::transferNanos) / workers),
                    ms(median(times, SplitTimes::regroupNanos) / workers), Metrics.sig3(busy / wall), Metrics.bytes(moved),
                    ms(bound), percent(bound / wall), ms(cudaBound), ms(hostBound), ms(alone[0]), ms(alone[1]), theirs.times(),
                    theirs.total() > 0 ? Metrics.sig3(wall / theirs.total()) + "×" : "—", Metrics.sci(theirs.difference()),
                    Metrics.sci(error)));
            plans.append("\n").append(c.label()).append(":\n\n```\n").append(plan.strip()).append("\n```\n");
        }
    }

    private static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.0f%%", 100 * fraction) : "—";
    }

    /** The library's most MiB per chunk, where --chunk-mib does not say. */
    static final int DEFAULT_CHUNK_MIB = 64;

    /** Median ms host to host, and kernel ms, of the case on one device. */
    private double[] oneDevice(FftDescriptor d, TornadoDevice device, float[] input) {
        float[] output = new float[input.length];
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

    static String ms(double nanos) {
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
                if (devices.stream().anyMatch(device -> device.getTornadoVMBackend().name().equals("PTX"))) {
                    // Measured on two H200s: TornadoVM 5.2's PTX backend, driven from fresh threads on two
                    // devices at once, fails in cuEventCreate (CUDA_ERROR_INVALID_CONTEXT) and then crashes
                    // the JVM in libcuda; on two H100s, one device listed twice crashed it too. The plans'
                    // own worker threads are not affected; this measurement is. CUDA's own rates stand in.
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
