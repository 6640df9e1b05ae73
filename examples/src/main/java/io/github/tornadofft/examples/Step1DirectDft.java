package io.github.tornadofft.examples;

import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Step 1: the direct DFT as a {@code @Parallel} loop.
 *
 * <p>{@code X[k] = sum_j x[j] W_n^{jk}}, {@code W_n = e^{-2 pi i / n}}. Every output is a sum over all
 * n inputs, independent of the other outputs: one loop iteration per output, and TornadoVM's
 * loop-parallel API runs the iterations as work-items. {@code @Parallel} on the loop is all it takes;
 * TornadoVM compiles the method to OpenCL C or PTX and picks the work-group shape.
 *
 * <p>The work is O(n^2) per transform: n^2 complex multiply-adds where an FFT does about
 * (n/2) log2 n. The later steps keep this step's data layout and twiddle table and remove that
 * waste. Run it: {@code ./run-example 1 --size 1024 --show-code}.
 */
public final class Step1DirectDft {

    private Step1DirectDft() {
    }

    /**
     * The twiddle that input j contributes to output k with, as an exponent of {@code W_n}:
     * {@code j k mod n}. For n a power of two the mask is exact even where {@code j k} overflows an int.
     */
    public static int exponent(int j, int k, int n) {
        return j * k & (n - 1);
    }

    /**
     * The kernel: iteration {@code o} computes output {@code k = o mod n} of transform {@code o / n}.
     *
     * @param x     input, interleaved complex, {@code total} values
     * @param y     output, interleaved complex
     * @param w     {@code W_n^e} for e &lt; n ({@link Signal#twiddles})
     * @param n     points per transform
     * @param total n times the batch
     */
    public static void dft(FloatArray x, FloatArray y, FloatArray w, int n, int total) {
        for (@Parallel int o = 0; o < total; o++) {
            int k = o & (n - 1);
            int first = o - k;
            float re = 0f;
            float im = 0f;
            for (int j = 0; j < n; j++) {
                float xr = x.get(2 * (first + j));
                float xi = x.get(2 * (first + j) + 1);
                int e = exponent(j, k, n);
                float wr = w.get(2 * e);
                float wi = w.get(2 * e + 1);
                re += xr * wr - xi * wi;
                im += xr * wi + xi * wr;
            }
            y.set(2 * o, re);
            y.set(2 * o + 1, im);
        }
    }

    /** Runs the kernel on the device, checks it against reference-fft and times it. */
    public static Outcome run(TornadoDevice device, Options options) {
        int n = options.size()[0];
        int total = n * options.batch();
        FloatArray x = Signal.random(total, options.seed());
        FloatArray y = new FloatArray(2 * total);
        FloatArray w = Signal.twiddles(n);

        TaskGraph graph = new TaskGraph("step1")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, x, w)
                .task("dft", Step1DirectDft::dft, x, y, w, n, total)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, y);
        long nanos = Tour.kernelNanos(graph, null, device, options);
        return new Outcome("step 1, direct DFT", options.size(), options.batch(), Signal.error(x, y, options.batch(), n), nanos);
    }

    public static void main(String[] args) {
        Tour.main("Step 1: the direct DFT as a @Parallel loop", args,
                new Options("default", new int[] {1024}, 64, 10, 1, false), Step1DirectDft::run);
    }
}
