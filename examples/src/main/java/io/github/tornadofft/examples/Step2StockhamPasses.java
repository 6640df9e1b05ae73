package io.github.tornadofft.examples;

import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Step 2: the FFT as log2 n radix-2 Stockham passes in global memory, one kernel per pass, all
 * chained in one TaskGraph.
 *
 * <p>Each pass is one {@link Stockham} step of radix 2: every work-item reads two values, twiddles
 * the second, computes a DFT2 (sum and difference) and writes two values. n log2 n work instead of
 * step 1's n^2. The passes ping-pong between two device buffers: TornadoVM sees that pass s + 1
 * reads what pass s wrote and keeps the data on the device; only the input goes in and only the
 * result comes back. Every pass reads and writes the whole array in global memory, though: log2 n
 * round trips, which step 3 cuts to one.
 */
public final class Step2StockhamPasses {

    private Step2StockhamPasses() {
    }

    /**
     * One radix-2 pass: iteration {@code t} is butterfly (line) {@code t mod n/2} of transform
     * {@code t / (n/2)}.
     *
     * @param x     this pass's input, interleaved complex
     * @param y     its output
     * @param w     {@code W_n^e} for e &lt; n ({@link Signal#twiddles})
     * @param n     points per transform
     * @param span  product of the radices of the earlier passes: 1, 2, 4, .., n/2
     * @param lines n/2 times the batch
     */
    public static void pass(FloatArray x, FloatArray y, FloatArray w, int n, int span, int lines) {
        for (@Parallel int t = 0; t < lines; t++) {
            int line = t & (n / 2 - 1);
            int first = 2 * (t - line);                           // the transform's first point
            int a = first + Stockham.input(line, 0, n, 2);
            int b = first + Stockham.input(line, 1, n, 2);
            int e = Stockham.twiddle(line, 1, span, 2, n);
            float wr = w.get(2 * e);
            float wi = w.get(2 * e + 1);
            float ar = x.get(2 * a);
            float ai = x.get(2 * a + 1);
            float br = x.get(2 * b) * wr - x.get(2 * b + 1) * wi;  // b times W
            float bi = x.get(2 * b) * wi + x.get(2 * b + 1) * wr;
            int out0 = first + Stockham.output(line, 0, span, 2);
            int out1 = first + Stockham.output(line, 1, span, 2);
            y.set(2 * out0, ar + br);                             // DFT2: sum and difference
            y.set(2 * out0 + 1, ai + bi);
            y.set(2 * out1, ar - br);
            y.set(2 * out1 + 1, ai - bi);
        }
    }

    /** Runs the passes on the device, checks them against reference-fft and times them. */
    public static Outcome run(TornadoDevice device, Options options) {
        int n = options.size()[0];
        int total = n * options.batch();
        FloatArray x = Signal.random(total, options.seed());
        FloatArray w = Signal.twiddles(n);
        FloatArray[] buffers = {new FloatArray(2 * total), new FloatArray(2 * total)};

        TaskGraph graph = new TaskGraph("step2").transferToDevice(DataTransferMode.FIRST_EXECUTION, x, w);
        FloatArray in = x;
        int pass = 0;
        for (int span = 1; span < n; span *= 2, pass++) {
            FloatArray out = buffers[pass % 2];
            graph.task("pass" + pass, Step2StockhamPasses::pass, in, out, w, n, span, total / 2);
            in = out;
        }
        graph.transferToHost(DataTransferMode.EVERY_EXECUTION, in);
        if (pass > 1) {   // the other buffer is scratch: an on-demand output, so that closing the plan frees it
            graph.transferToHost(DataTransferMode.UNDER_DEMAND, buffers[pass % 2]);
        }
        long nanos = Tour.kernelNanos(graph, null, device, options);
        return new Outcome("step 2, radix-2 passes", options.size(), options.batch(), Signal.error(x, in, options.batch(), n),
                nanos);
    }

    public static void main(String[] args) {
        Tour.main("Step 2: radix-2 Stockham passes in global memory, one kernel each", args,
                new Options("default", new int[] {4096}, 256, 10, 1, false), Step2StockhamPasses::run);
    }
}
