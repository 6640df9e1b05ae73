package io.github.tornadofft.examples;

import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.ArrayList;
import java.util.List;

/**
 * Step 4: transforms larger than a work-group holds, in a few passes of large radix r, each computed
 * in local memory as in step 3, with every global access a run of adjacent elements.
 *
 * <p>A pass of radix r is one {@link Stockham} step: n / r lines of r elements, {@code n/r} apart.
 * One line per group would read r lone elements scattered over the array, each in a memory
 * transaction of its own. So a group takes {@code cols} lines ({@link #line}): with adjacent lines
 * (gap 1) its work-items read, for each element m, cols adjacent values, one run; with lines far
 * apart (the strided variant) every read is alone. The arithmetic is the same; only the runs
 * differ, and {@code ./run-example 4} times both. The results wait in local memory, so the group
 * stores them in address order ({@link #storedLane}): runs again.
 */
public final class Step4CoalescedRuns {

    /** Complex values a group holds: cols times r, at most 4096 (32 KiB of local memory). */
    public static final int MAX_TILE = 4096;

    private Step4CoalescedRuns() {
    }

    /** The line that lane c of group g takes: cols adjacent lines (gap 1), or cols lines {@code gap} apart. */
    public static int line(int group, int c, int cols, int gap) {
        return group / gap * cols * gap + group % gap + c * gap;
    }

    /** The lane of the f-th value the group stores: runs of min(span, cols) lanes, element by element. */
    public static int storedLane(int f, int span, int cols, int r) {
        int run = Math.min(span, cols);
        return f / run / r * run + f % run;
    }

    /** The element of the f-th value the group stores (see {@link #storedLane}). */
    public static int storedElement(int f, int span, int cols, int r) {
        return f / Math.min(span, cols) % r;
    }

    /**
     * One pass: lane c of the group ({@code cols} lanes of r/4 work-items) computes line
     * {@link #line}{@code (g, c)}: loads its r elements twiddled, runs step 3's radix-4 steps on them
     * in local memory (element e of lane c at {@code e cols + c}), and the group stores its cols x r
     * results in address order.
     *
     * @param w      the twiddle table: {@code W_n^e} is entry {@code e nScale} (nScale 0: no twiddles
     *               between passes, step 5's Z axis), {@code W_r^e} entry {@code e rScale}
     * @param n      points per transform (lines n/r)
     * @param span   product of the radices of the earlier passes
     */
    public static void pass(KernelContext ctx, FloatArray x, FloatArray y, FloatArray w, int n, int span, int r,
                            int cols, int gap, int nScale, int rScale) {
        float[] re = ctx.allocateFloatLocalArray(MAX_TILE);
        float[] im = ctx.allocateFloatLocalArray(MAX_TILE);
        int c = ctx.localIdx % cols;
        int q = ctx.localIdx / cols;
        int lines = n / r;
        int line = line(ctx.groupIdx, c, cols, gap);
        int first = line / lines * n;
        for (int j = 0; j < 4; j++) {
            int m = Stockham.input(q, j, r, 4);
            int a = 2 * (first + Stockham.input(line % lines, m, n, r));
            int e = 2 * nScale * Stockham.twiddle(line % lines, m, span, r, n);
            re[m * cols + c] = x.get(a) * w.get(e) - x.get(a + 1) * w.get(e + 1);
            im[m * cols + c] = x.get(a) * w.get(e + 1) + x.get(a + 1) * w.get(e);
        }
        ctx.localBarrier();
        int step = 1;
        for (; 4 * step <= r; step *= 4) {                    // step 3's radix-4 steps, on lane c
            int s0 = Stockham.input(q, 0, r, 4) * cols + c;
            int s1 = Stockham.input(q, 1, r, 4) * cols + c;
            int s2 = Stockham.input(q, 2, r, 4) * cols + c;
            int s3 = Stockham.input(q, 3, r, 4) * cols + c;
            int e1 = 2 * rScale * Stockham.twiddle(q, 1, step, 4, r);
            int e2 = 2 * rScale * Stockham.twiddle(q, 2, step, 4, r);
            int e3 = 2 * rScale * Stockham.twiddle(q, 3, step, 4, r);
            float x0r = re[s0];
            float x0i = im[s0];
            float x1r = re[s1] * w.get(e1) - im[s1] * w.get(e1 + 1);
            float x1i = re[s1] * w.get(e1 + 1) + im[s1] * w.get(e1);
            float x2r = re[s2] * w.get(e2) - im[s2] * w.get(e2 + 1);
            float x2i = re[s2] * w.get(e2 + 1) + im[s2] * w.get(e2);
            float x3r = re[s3] * w.get(e3) - im[s3] * w.get(e3 + 1);
            float x3i = re[s3] * w.get(e3 + 1) + im[s3] * w.get(e3);
            ctx.localBarrier();
            s0 = Stockham.output(q, 0, step, 4) * cols + c;
            s1 = Stockham.output(q, 1, step, 4) * cols + c;
            s2 = Stockham.output(q, 2, step, 4) * cols + c;
            s3 = Stockham.output(q, 3, step, 4) * cols + c;
            re[s0] = x0r + x2r + x1r + x3r;                   // DFT4
            im[s0] = x0i + x2i + x1i + x3i;
            re[s1] = x0r - x2r + x1i - x3i;
            im[s1] = x0i - x2i - x1r + x3r;
            re[s2] = x0r + x2r - x1r - x3r;
            im[s2] = x0i + x2i - x1i - x3i;
            re[s3] = x0r - x2r - x1i + x3i;
            im[s3] = x0i - x2i + x1r - x3r;
            ctx.localBarrier();
        }
        if (step < r) {                                       // and the last radix-2 step, in place
            for (int h = 0; h < 2; h++) {
                int l = q + h * (r / 4);
                int a = Stockham.input(l, 0, r, 2) * cols + c;
                int b = Stockham.input(l, 1, r, 2) * cols + c;
                int e = 2 * rScale * Stockham.twiddle(l, 1, step, 2, r);
                float br = re[b] * w.get(e) - im[b] * w.get(e + 1);
                float bi = re[b] * w.get(e + 1) + im[b] * w.get(e);
                float ar = re[a];
                float ai = im[a];
                re[a] = ar + br;
                im[a] = ai + bi;
                re[b] = ar - br;
                im[b] = ai - bi;
            }
            ctx.localBarrier();
        }
        for (int j = 0; j < 4; j++) {
            int f = ctx.localIdx + j * (cols * r / 4);
            int lane = storedLane(f, span, cols, r);
            int m = storedElement(f, span, cols, r);
            int l = line(ctx.groupIdx, lane, cols, gap);
            int a = 2 * (l / lines * n + Stockham.output(l % lines, m, span, r));
            y.set(a, re[m * cols + lane]);
            y.set(a + 1, im[m * cols + lane]);
        }
    }

    /** The radices of the passes: as few passes as radices up to {@code maxRadix} allow, as even as can be. */
    public static List<Integer> radices(int n, int maxRadix) {
        int bits = Integer.numberOfTrailingZeros(n);
        int most = Integer.numberOfTrailingZeros(maxRadix);
        int passes = (bits + most - 1) / most;
        List<Integer> radices = new ArrayList<>();
        for (int p = 0; p < passes; p++) {
            radices.add(1 << ((p + 1) * bits / passes - p * bits / passes));
        }
        return radices;
    }

    /** Runs the passes (adjacent lines, or with {@code strided} lines far apart), checks them and times them. */
    public static Outcome run(TornadoDevice device, Options options, boolean strided) {
        int n = options.size()[0];
        int total = n * options.batch();
        FloatArray x = Signal.random(total, options.seed());
        FloatArray w = Signal.twiddles(n);
        FloatArray[] buffers = {new FloatArray(2 * total), new FloatArray(2 * total)};

        TaskGraph graph = new TaskGraph("step4").transferToDevice(DataTransferMode.FIRST_EXECUTION, x, w);
        GridScheduler grid = new GridScheduler();
        FloatArray in = x;
        int span = 1;
        List<Integer> radices = radices(n, 64);
        for (int p = 0; p < radices.size(); p++) {
            int r = radices.get(p);
            int cols = Math.min(16, n / r);
            int gap = strided ? n / r / cols : 1;
            FloatArray out = buffers[p % 2];
            graph.task("pass" + p, Step4CoalescedRuns::pass, new KernelContext(), in, out, w, n, span, r, cols, gap, 1, n / r);
            Tour.launch(grid, graph, "pass" + p, (long) total / 4, cols * r / 4);
            in = out;
            span *= r;
        }
        graph.transferToHost(DataTransferMode.EVERY_EXECUTION, in);
        if (radices.size() > 1) {   // the other buffer is scratch: an on-demand output, so that closing the plan frees it
            graph.transferToHost(DataTransferMode.UNDER_DEMAND, buffers[radices.size() % 2]);
        }
        long nanos = Tour.kernelNanos(graph, grid, device, options);
        return new Outcome(strided ? "step 4, lines far apart" : "step 4, runs", options.size(), options.batch(),
                Signal.error(x, in, options.batch(), n), nanos);
    }

    public static void main(String[] args) {
        Options options = Options.parse(args, new Options("default", new int[] {1 << 16}, 16, 10, 1, false));
        Tour.main("Step 4: passes of large radix, lines far apart", args, options, (d, o) -> run(d, o, true));
        Tour.main("Step 4: passes of large radix, runs of adjacent lines", args, options, (d, o) -> run(d, o, false));
    }
}
