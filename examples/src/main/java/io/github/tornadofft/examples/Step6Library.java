package io.github.tornadofft.examples;

import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import io.github.tornadofft.reference.ReferenceFft;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Arrays;
import java.util.Locale;

/**
 * Step 6: the library. {@link FftPlan} does what steps 2 to 5 did by hand: it chooses the passes for
 * the size and the device (printed in the 3D paper's notation), compiles them once, and runs them.
 *
 * <p>Two ways to keep data on the device. The plan's own arrays: fill {@link FftPlan#input()},
 * {@link FftPlan#upload()} once, {@link FftPlan#executeOnDevice(Direction)} as often as needed (nothing
 * crosses to the host), {@link FftPlan#download()} and read {@link FftPlan#output()}. Or your own
 * TaskGraph: {@link FftPlan#appendTo} adds the transform's kernels between yours, here a window
 * before it and the power spectrum after it, and the data never leaves the device between them.
 */
public final class Step6Library {

    private Step6Library() {
    }

    /** Your kernel before the transform: each point times the window's value at its position. */
    public static void window(FloatArray x, FloatArray windowed, FloatArray hann, int n, int total) {
        for (@Parallel int t = 0; t < total; t++) {
            float h = hann.get(t & (n - 1));
            windowed.set(2 * t, x.get(2 * t) * h);
            windowed.set(2 * t + 1, x.get(2 * t + 1) * h);
        }
    }

    /** Your kernel after it: the power |X|^2 of each bin. */
    public static void power(FloatArray spectrum, FloatArray power, int total) {
        for (@Parallel int t = 0; t < total; t++) {
            float re = spectrum.get(2 * t);
            float im = spectrum.get(2 * t + 1);
            power.set(t, re * re + im * im);
        }
    }

    /** The Hann window of n points, sin^2(pi j / n). */
    public static FloatArray hann(int n) {
        FloatArray hann = new FloatArray(n);
        for (int j = 0; j < n; j++) {
            double s = Math.sin(Math.PI * j / n);
            hann.set(j, (float) (s * s));
        }
        return hann;
    }

    /** Runs a plan with its data resident, then appended to a TaskGraph; checks both against reference-fft. */
    public static Outcome run(TornadoDevice device, Options options) {
        int n = options.size()[0];
        int total = n * options.batch();
        FloatArray x = Signal.random(total, options.seed());
        FftDescriptor descriptor = FftDescriptor.c2c(n).batch(options.batch()).build();
        try (FftPlan plan = FftPlan.create(descriptor, device).withProfiler()) {
            System.out.println(plan);

            // 1. The plan's own arrays, resident on the device.
            for (int i = 0; i < x.getSize(); i++) {
                plan.input().set(i, x.get(i));
            }
            plan.upload();
            long[] times = new long[Math.max(1, options.runs())];
            for (int i = 0; i < times.length; i++) {
                plan.executeOnDevice(Direction.FORWARD);
                times[i] = plan.lastKernelNanos();
            }
            plan.download();
            Arrays.sort(times);
            double error = Signal.error(x, plan.output(), options.batch(), n);

            // 2. Window, transform, power spectrum: one TaskGraph, the plan's kernels in the middle.
            FloatArray hann = hann(n);
            FloatArray windowed = new FloatArray(2 * total);
            FloatArray spectrum = new FloatArray(2 * total);
            FloatArray power = new FloatArray(total);
            GridScheduler grid = new GridScheduler();
            TaskGraph graph = new TaskGraph("step6")
                    .transferToDevice(DataTransferMode.FIRST_EXECUTION, x, hann)
                    .task("window", Step6Library::window, x, windowed, hann, n, total);
            plan.appendTo(Direction.FORWARD, graph, windowed, spectrum, grid);
            graph.task("power", Step6Library::power, spectrum, power, total)
                    .transferToHost(DataTransferMode.EVERY_EXECUTION, power)
                    .transferToHost(DataTransferMode.UNDER_DEMAND, windowed, spectrum);
            long pipeline = Tour.kernelNanos(graph, grid, device, options);
            double powerError = Signal.relativeError(power, referencePower(x, hann, n, options.batch()));
            System.out.printf(Locale.ROOT, "window + FFT + power spectrum in one TaskGraph: error %.2e, kernels %.3f ms%n",
                    powerError, pipeline / 1e6);
            return new Outcome("step 6, the library", options.size(), options.batch(), Math.max(error, powerError),
                    times[times.length / 2]);
        }
    }

    /** |FFT(window x)|^2 in double precision. */
    private static double[] referencePower(FloatArray x, FloatArray hann, int n, int batch) {
        double[] data = new double[x.getSize()];
        for (int i = 0; i < data.length; i++) {
            data[i] = x.get(i) * (double) hann.get(i / 2 % n);
        }
        ReferenceFft.c2c1d(data, 0, n, 1, batch, n, Direction.FORWARD, Norm.BACKWARD);
        double[] power = new double[data.length / 2];
        for (int t = 0; t < power.length; t++) {
            power[t] = data[2 * t] * data[2 * t] + data[2 * t + 1] * data[2 * t + 1];
        }
        return power;
    }

    public static void main(String[] args) {
        Tour.main("Step 6: the library, resident and inside your own TaskGraph", args,
                new Options("default", new int[] {1 << 16}, 16, 10, 1, false), Step6Library::run);
    }
}
