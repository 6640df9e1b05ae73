package io.github.tornadofft.examples;

import io.github.tornadofft.Devices;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import io.github.tornadofft.examples.Tour.Step;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every step of the tour over a range of sizes, on one device: {@code results.csv}, a Markdown table
 * and {@link SpeedPlot}'s GFLOP/s-versus-size plot in the output folder. Each size runs a batch of
 * about {@code --points} points in all (the direct DFT a sixteenth of that).
 *
 * <p>{@code ./run-example sweep [--device B:D] [--out DIR] [--points P] [--runs R] [--largest N]}
 */
public final class Sweep {

    private Sweep() {
    }

    /** One step's cases: its name, how it runs, and the sizes it takes. */
    private record Series(String name, Step step, List<int[]> sizes, int workDivisor) {
    }

    public static void main(String[] args) throws IOException {
        String device = "default";
        Path out = Path.of("tour-results");
        int points = 1 << 20;
        int runs = 10;
        int largest = 1 << 20;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--device" -> device = args[i + 1];
                case "--out" -> out = Path.of(args[i + 1]);
                case "--points" -> points = Integer.parseInt(args[i + 1]);
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--largest" -> largest = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException(args[i] + ": unknown option (--device B:D, --out DIR, "
                        + "--points P, --runs R, --largest N)");
            }
        }
        TornadoDevice target = Devices.resolve(device);
        String name = target.getPhysicalDevice().getDeviceName() + " (" + target.getTornadoVMBackend() + ")";
        System.out.println("The tour's sweep on " + name);
        Files.createDirectories(out);

        List<Series> series = List.of(
                new Series("1 direct DFT", Step1DirectDft::run, lengths(64, 4096), 16),
                new Series("2 radix-2 passes", Step2StockhamPasses::run, lengths(64, largest), 1),
                new Series("3 one group", Step3LocalMemory::run, lengths(64, Step3LocalMemory.maxPoints(target)), 1),
                new Series("4 lines far apart", (d, o) -> Step4CoalescedRuns.run(d, o, true), lengths(256, largest), 1),
                new Series("4 runs", (d, o) -> Step4CoalescedRuns.run(d, o, false), lengths(256, largest), 1),
                new Series("5 3D", Step5Fft3d::run, cubes(largest, Step3LocalMemory.maxPoints(target)), 1),
                new Series("6 library", Step6Library::run, lengths(64, largest), 1));
        List<String> csv = new ArrayList<>(List.of("step,size,points,batch,error,kernel_ms,gflops"));
        List<String> table = new ArrayList<>(List.of("| step | size | batch | error | kernel ms | GFLOP/s |", "|---|---|--:|--:|--:|--:|"));
        for (Series s : series) {
            for (int[] size : s.sizes) {
                long n = Options.points(size);
                int batch = (int) Math.max(1, points / n / s.workDivisor);
                Options options = new Options(device, size, batch, runs, 1, false);
                try {
                    Outcome o = s.step.run(target, options);
                    System.out.println(o);
                    csv.add(String.format(Locale.ROOT, "%s,%s,%d,%d,%.3e,%.6f,%.4f", s.name, o.sizeLabel(), n, batch, o.error(),
                            o.kernelNanos() / 1e6, o.gflops()));
                    table.add(String.format(Locale.ROOT, "| %s | %s | %d | %.1e | %.4f | %.2f |", s.name, o.sizeLabel(), batch,
                            o.error(), o.kernelNanos() / 1e6, o.gflops()));
                } catch (RuntimeException e) {
                    System.out.println(s.name + " " + java.util.Arrays.toString(size) + ": failed, " + e.getMessage());
                }
            }
        }
        Files.write(out.resolve("results.csv"), csv);
        table.add(0, "The tour on " + name + ", " + points + " points a size; kernel time from TornadoVM's profiler.\n");
        Files.write(out.resolve("results.md"), table);
        Path plot = SpeedPlot.write(out.resolve("results.csv"), out.resolve("gflops.png"), "The tour on " + name);
        System.out.println("wrote " + out.resolve("results.csv") + ", " + out.resolve("results.md") + " and " + plot);
    }

    /** 1D lengths from {@code from} to {@code to}, every power of four times {@code from}. */
    private static List<int[]> lengths(int from, int to) {
        List<int[]> sizes = new ArrayList<>();
        for (int n = from; n <= to; n *= 4) {
            sizes.add(new int[] {n});
        }
        return sizes;
    }

    /** The 3D shapes step 5 takes (a plane of at most 4096 points, Z up to 256), up to {@code largest} points. */
    private static List<int[]> cubes(int largest, int largestPlane) {
        List<int[]> sizes = new ArrayList<>();
        for (int[] size : List.of(new int[] {16, 16, 16}, new int[] {32, 32, 32}, new int[] {64, 64, 64},
                new int[] {64, 64, 256})) {
            if (Options.points(size) <= largest && size[0] * size[1] <= largestPlane) {
                sizes.add(size);
            }
        }
        return sizes;
    }
}
