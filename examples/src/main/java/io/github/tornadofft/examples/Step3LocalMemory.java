package io.github.tornadofft.examples;

import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Step 3: one work-group per transform. Work-items compute DFT4s (and DFT2s) in registers and
 * exchange values through local memory between the steps, with barriers: the pattern of the OpenCL
 * FFT article this project started from ("one work-group per DFT, values in registers").
 *
 * <p>TornadoVM's {@link KernelContext} API exposes what the loop API of steps 1 and 2 hides: the
 * work-item's index in its group ({@code localIdx}), the group's index ({@code groupIdx}), local
 * memory shared by a group ({@code allocateFloatLocalArray}) and {@code localBarrier()}. A group of
 * n/4 work-items loads its transform once, runs all the radix-4 {@link Stockham} steps in local
 * memory, and stores the result once: one round trip to global memory instead of step 2's log2 n.
 * Up to 4096 points: the 32 KiB of local memory a GPU group can count on.
 */
public final class Step3LocalMemory {

    /** The longest transform a group holds: 2 x 4096 floats of local memory, 32 KiB. */
    public static final int MAX_POINTS = 4096;

    private Step3LocalMemory() {
    }

    /**
     * The kernel: group g transforms points {@code g n .. g n + n - 1}, held in local memory. Work-item
     * q (of n/4) loads and stores points {@code q + m n/4}, m = 0..3, so adjacent work-items touch
     * adjacent points. Between, the radix-4 steps: in each, work-item q takes line q, reads and twiddles
     * its four values, waits at a barrier until every work-item has read, computes a DFT4 in registers,
     * writes its four results where the next step reads them, and waits again. Where log2 n is odd a
     * last radix-2 step follows, two lines per work-item.
     */
    public static void fft(KernelContext ctx, FloatArray x, FloatArray y, FloatArray w, int n) {
        float[] re = ctx.allocateFloatLocalArray(MAX_POINTS);
        float[] im = ctx.allocateFloatLocalArray(MAX_POINTS);
        int q = ctx.localIdx;
        int first = ctx.groupIdx * n;
        for (int m = 0; m < 4; m++) {
            int e = Stockham.input(q, m, n, 4);
            re[e] = x.get(2 * (first + e));
            im[e] = x.get(2 * (first + e) + 1);
        }
        ctx.localBarrier();
        int span = 1;
        for (; 4 * span <= n; span *= 4) {
            int s0 = Stockham.input(q, 0, n, 4);
            int s1 = Stockham.input(q, 1, n, 4);
            int s2 = Stockham.input(q, 2, n, 4);
            int s3 = Stockham.input(q, 3, n, 4);
            int e1 = 2 * Stockham.twiddle(q, 1, span, 4, n);
            int e2 = 2 * Stockham.twiddle(q, 2, span, 4, n);
            int e3 = 2 * Stockham.twiddle(q, 3, span, 4, n);
            float x0r = re[s0];
            float x0i = im[s0];
            float x1r = re[s1] * w.get(e1) - im[s1] * w.get(e1 + 1);
            float x1i = re[s1] * w.get(e1 + 1) + im[s1] * w.get(e1);
            float x2r = re[s2] * w.get(e2) - im[s2] * w.get(e2 + 1);
            float x2i = re[s2] * w.get(e2 + 1) + im[s2] * w.get(e2);
            float x3r = re[s3] * w.get(e3) - im[s3] * w.get(e3 + 1);
            float x3i = re[s3] * w.get(e3 + 1) + im[s3] * w.get(e3);
            ctx.localBarrier();
            // DFT4: two layers of DFT2, (x1 - x3) turned by -i in between.
            float t0r = x0r + x2r;
            float t0i = x0i + x2i;
            float t1r = x0r - x2r;
            float t1i = x0i - x2i;
            float t2r = x1r + x3r;
            float t2i = x1i + x3i;
            float t3r = x1i - x3i;
            float t3i = x3r - x1r;
            s0 = Stockham.output(q, 0, span, 4);
            s1 = Stockham.output(q, 1, span, 4);
            s2 = Stockham.output(q, 2, span, 4);
            s3 = Stockham.output(q, 3, span, 4);
            re[s0] = t0r + t2r;
            im[s0] = t0i + t2i;
            re[s1] = t1r + t3r;
            im[s1] = t1i + t3i;
            re[s2] = t0r - t2r;
            im[s2] = t0i - t2i;
            re[s3] = t1r - t3r;
            im[s3] = t1i - t3i;
            ctx.localBarrier();
        }
        if (span < n) {
            // The last step of a Stockham FFT writes where it read: no barrier between reads and writes.
            for (int h = 0; h < 2; h++) {
                int line = q + h * (n / 4);
                int a = Stockham.input(line, 0, n, 2);
                int b = Stockham.input(line, 1, n, 2);
                int e = 2 * Stockham.twiddle(line, 1, span, 2, n);
                float ar = re[a];
                float ai = im[a];
                float br = re[b] * w.get(e) - im[b] * w.get(e + 1);
                float bi = re[b] * w.get(e + 1) + im[b] * w.get(e);
                a = Stockham.output(line, 0, span, 2);
                b = Stockham.output(line, 1, span, 2);
                re[a] = ar + br;
                im[a] = ai + bi;
                re[b] = ar - br;
                im[b] = ai - bi;
            }
            ctx.localBarrier();
        }
        for (int m = 0; m < 4; m++) {
            int e = Stockham.input(q, m, n, 4);
            y.set(2 * (first + e), re[e]);
            y.set(2 * (first + e) + 1, im[e]);
        }
    }

    /**
     * The largest transform this step runs on {@code device}: four points per work-item of the largest
     * group it takes, at most {@value #MAX_POINTS}. On a GPU that is 512 work-items: asked for 1024,
     * TornadoVM's PTX backend launched this kernel (compiled without a register cap) in groups of 512 on
     * an H100, and the kernel, whose indexing assumes n/4 work-items, then read out of bounds.
     */
    public static int maxPoints(TornadoDevice device) {
        int group = io.github.tornadofft.Devices.profile(device).maxGroupSize();
        return Math.min(MAX_POINTS, 4 * (device.getDeviceType() == TornadoDeviceType.CPU ? group : Math.min(512, group)));
    }

    /** Runs the kernel on the device, one group per transform, checks it against reference-fft and times it. */
    public static Outcome run(TornadoDevice device, Options options) {
        int n = options.size()[0];
        int most = maxPoints(device);
        if (n > most) {
            throw new IllegalArgumentException("size: up to " + most + " points in one work-group of n/4 work-items on "
                    + device.getPhysicalDevice().getDeviceName() + ", got " + n + " (step 4 goes further)");
        }
        int total = n * options.batch();
        FloatArray x = Signal.random(total, options.seed());
        FloatArray y = new FloatArray(2 * total);
        FloatArray w = Signal.twiddles(n);

        TaskGraph graph = new TaskGraph("step3")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, x, w)
                .task("fft", Step3LocalMemory::fft, new KernelContext(), x, y, w, n)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, y);
        GridScheduler grid = new GridScheduler();
        Tour.launch(grid, graph, "fft", total / 4, n / 4);
        long nanos = Tour.kernelNanos(graph, grid, device, options);
        return new Outcome("step 3, one group per transform", options.size(), options.batch(),
                Signal.error(x, y, options.batch(), n), nanos);
    }

    public static void main(String[] args) {
        Tour.main("Step 3: one work-group per transform, registers and local memory", args,
                new Options("default", new int[] {1024}, 256, 10, 1, false), Step3LocalMemory::run);
    }
}
