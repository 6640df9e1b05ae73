package io.github.tornadofft.examples;

import io.github.tornadofft.Devices;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What every step of the tour shares, so that each step's file holds only its idea: the command
 * line, running a TaskGraph with TornadoVM's profiler, and the report (error against reference-fft,
 * kernel time, GFLOP/s).
 */
public final class Tour {

    /** The largest relative L2 error against reference-fft a step may have. */
    public static final double TOLERANCE = 1e-5;

    private Tour() {
    }

    /**
     * What a step is asked to run.
     *
     * @param device   "default" or "B:D", as {@code tornado --devices} numbers them
     * @param size     the transform's lengths, X (contiguous) first: {@code {4096}}, or {@code {64, 64, 64}}
     * @param batch    transforms one after the other
     * @param runs     timed executions (after one that compiles the kernels)
     * @param seed     of the random input
     * @param showCode whether TornadoVM prints the OpenCL C or PTX it generates
     */
    public record Options(String device, int[] size, int batch, int runs, long seed, boolean showCode) {

        /** The options of {@code args} ({@code --device --size --batch --runs --seed --show-code}) over {@code defaults}. */
        public static Options parse(String[] args, Options defaults) {
            Options o = defaults;
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (flag.equals("--show-code")) {
                    o = new Options(o.device, o.size, o.batch, o.runs, o.seed, true);
                    continue;
                }
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException(flag + ": needs a value (--device B:D, --size N or XxYxZ, "
                            + "--batch B, --runs R, --seed S, --show-code)");
                }
                String value = args[++i];
                o = switch (flag) {
                    case "--device" -> new Options(value, o.size, o.batch, o.runs, o.seed, o.showCode);
                    case "--size" -> new Options(o.device, parseSize(value), o.batch, o.runs, o.seed, o.showCode);
                    case "--batch" -> new Options(o.device, o.size, Integer.parseInt(value), o.runs, o.seed, o.showCode);
                    case "--runs" -> new Options(o.device, o.size, o.batch, Integer.parseInt(value), o.seed, o.showCode);
                    case "--seed" -> new Options(o.device, o.size, o.batch, o.runs, Long.parseLong(value), o.showCode);
                    default -> throw new IllegalArgumentException(flag + ": unknown option (--device B:D, --size N or "
                            + "XxYxZ, --batch B, --runs R, --seed S, --show-code)");
                };
            }
            return o;
        }

        /** These options with another size and batch. */
        public Options with(int batch, int... size) {
            return new Options(device, size, batch, runs, seed, showCode);
        }

        /** Points of one transform: the product of the lengths. */
        public long points() {
            return points(size);
        }

        /** The product of the lengths. */
        public static long points(int... size) {
            return Arrays.stream(size).asLongStream().reduce(1, (a, b) -> a * b);
        }

        private static int[] parseSize(String value) {
            int[] size = Arrays.stream(value.toLowerCase(Locale.ROOT).split("x")).mapToInt(Integer::parseInt).toArray();
            for (int length : size) {
                if (length < 4 || Integer.bitCount(length) != 1) {
                    throw new IllegalArgumentException("size: powers of two from 4, got " + value);
                }
            }
            return size;
        }
    }

    /**
     * What a step measured: the relative L2 error against reference-fft and the median kernel time.
     * GFLOP/s counts an FFT's 5 N log2 N operations per transform of N points, for every step (the
     * direct DFT does more work; the figure says how fast the transform is done).
     */
    public record Outcome(String step, int[] size, int batch, double error, long kernelNanos) {

        public double gflops() {
            long n = Options.points(size);
            return 5.0 * n * (63 - Long.numberOfLeadingZeros(n)) * batch / kernelNanos;
        }

        public boolean ok() {
            return error < TOLERANCE;
        }

        /** "64x64x64" or "4096", X first. */
        public String sizeLabel() {
            return Arrays.stream(size).mapToObj(Integer::toString).collect(Collectors.joining("x"));
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s  size %s x batch %d: error %.2e (%s 1e-5), kernel %.3f ms, %.2f GFLOP/s",
                    step, sizeLabel(), batch, error, ok() ? "<" : "NOT <", kernelNanos / 1e6, gflops());
        }
    }

    /** A step of the tour: runs its kernels on a device and checks them. */
    @FunctionalInterface
    public interface Step {
        Outcome run(TornadoDevice device, Options options);
    }

    /** The command line of every step: {@code --device B:D --size N --batch B --runs R --seed S --show-code}. */
    static void main(String title, String[] args, Options defaults, Step step) {
        Options options = Options.parse(args, defaults);
        TornadoDevice device = Devices.resolve(options.device());
        System.out.println(title + " on " + device.getPhysicalDevice().getDeviceName() + " (" + device.getTornadoVMBackend() + ")");
        Outcome outcome = step.run(device, options);
        System.out.println(outcome);
        if (!outcome.ok()) {
            System.exit(1);
        }
    }

    /** Work-groups of {@code local} work-items, {@code global} work-items in all, for one KernelContext task. */
    static void launch(GridScheduler grid, TaskGraph graph, String task, long global, int local) {
        WorkerGrid1D worker = new WorkerGrid1D((int) global);
        worker.setLocalWork(local, 1, 1);
        grid.addWorkerGrid(graph.getTaskGraphName() + "." + task, worker);
    }

    /**
     * Runs the graph once to compile its kernels (printing their OpenCL C or PTX with {@code --show-code}),
     * then {@code runs} times; returns the median of the kernel times TornadoVM's profiler measured.
     */
    static long kernelNanos(TaskGraph graph, GridScheduler grid, TornadoDevice device, Options options) {
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(device).withProfiler(ProfilerMode.SILENT);
            if (grid != null) {
                plan.withGridScheduler(grid);
            }
            if (options.showCode()) {
                plan.withPrintKernel();
            }
            plan.execute();
            long[] times = new long[Math.max(1, options.runs())];
            for (int i = 0; i < times.length; i++) {
                times[i] = plan.execute().getProfilerResult().getDeviceKernelTime();
            }
            Arrays.sort(times);
            return times[times.length / 2];
        } catch (Exception e) {
            throw new IllegalStateException("TornadoVM: " + e.getMessage(), e);
        }
    }
}
