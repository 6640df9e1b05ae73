package io.github.tornadofft.examples;

import io.github.tornadofft.Devices;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.stream.Collectors;

/**
 * Step 5: a 3D FFT of X x Y x Z points (X contiguous) in two kernels, as the 3D paper the project
 * builds on does it: the X stage fused into the Y kernel through local memory, then Z.
 *
 * <p>Kernel {@link #xy}: a group loads one whole XY plane (contiguous: one long run), computes the X
 * DFT of each row and the Y DFT of each column in local memory, and stores the plane. Between the
 * stages each work-item changes what it holds: four points of a row, then four of a column; that
 * transpose goes through local memory. In the X stage neighbouring work-items take neighbouring rows,
 * so they read down a column, X points apart: for X a multiple of 32 every one of them would hit the
 * same memory bank. One float of padding per row ({@link #slot}) puts each row one bank further.
 * The Z axis is then one {@link Step4CoalescedRuns#pass} of radix Z whose lines are the X x Y
 * positions: span X Y, no twiddles, runs of 16 adjacent positions.
 *
 * <p>The plan in the paper's notation X(n2, n1, stride, span, tw), one pair of braces per kernel, is
 * {@code {X(1,X,1,X,no-tw), Y(1,Y,1,Y,no-tw)} {Z(1,Z,1,Z,no-tw)}}; the program prints it next to
 * the library's plan for the same shape ({@link Pass#kernelNotation()}).
 */
public final class Step5Fft3d {

    /** Floats of each local array: a plane of up to 4096 points, rows padded by one (at most 1024 rows). */
    static final int LOCAL_FLOATS = 4096 + 1024;

    private Step5Fft3d() {
    }

    /**
     * Where point (x, y) of the plane lies in local memory: rows of X points and one float of
     * padding, so that a column's points are X + 1 apart and fall in different memory banks.
     */
    public static int slot(int x, int y, int nx) {
        return y * (nx + 1) + x;
    }

    /**
     * The slot of element 0 of the line work-item t takes in a stage: stage 0 (X), row t mod Y, so
     * that neighbouring work-items take neighbouring rows and read down a column; stage 1 (Y),
     * column t mod X.
     */
    public static int lineStart(int stage, int t, int nx, int ny) {
        return stage == 0 ? slot(0, t % ny, nx) : slot(t % nx, 0, nx);
    }

    /** Which line of the stage's radix-4 steps work-item t takes (see {@link #lineStart}). */
    public static int stepLine(int stage, int t, int nx, int ny) {
        return stage == 0 ? t / ny : t / nx;
    }

    /** Slots between the elements of a line: 1 along X, a padded row along Y. */
    public static int stride(int stage, int nx) {
        return stage == 0 ? 1 : nx + 1;
    }

    /**
     * The X and Y DFTs of one plane per group (X Y / 4 work-items).
     *
     * @param w      {@code W_N^e}, N the largest length; {@code W_r^e} is entry {@code e N/r}
     * @param tableN N
     */
    public static void xy(KernelContext ctx, FloatArray x, FloatArray y, FloatArray w, int nx, int ny, int tableN) {
        float[] re = ctx.allocateFloatLocalArray(LOCAL_FLOATS);
        float[] im = ctx.allocateFloatLocalArray(LOCAL_FLOATS);
        int t = ctx.localIdx;
        int items = nx * ny / 4;
        int first = ctx.groupIdx * nx * ny;
        for (int j = 0; j < 4; j++) {
            int p = t + j * items;
            re[slot(p % nx, p / nx, nx)] = x.get(2 * (first + p));
            im[slot(p % nx, p / nx, nx)] = x.get(2 * (first + p) + 1);
        }
        ctx.localBarrier();
        for (int stage = 0; stage < 2; stage++) {
            int r = stage == 0 ? nx : ny;
            int base = lineStart(stage, t, nx, ny);
            int q = stepLine(stage, t, nx, ny);
            int stride = stride(stage, nx);
            int scale = 2 * (tableN / r);
            int step = 1;
            for (; 4 * step <= r; step *= 4) {                // step 3's radix-4 steps, on one line
                int s0 = base + Stockham.input(q, 0, r, 4) * stride;
                int s1 = base + Stockham.input(q, 1, r, 4) * stride;
                int s2 = base + Stockham.input(q, 2, r, 4) * stride;
                int s3 = base + Stockham.input(q, 3, r, 4) * stride;
                int e1 = scale * Stockham.twiddle(q, 1, step, 4, r);
                int e2 = scale * Stockham.twiddle(q, 2, step, 4, r);
                int e3 = scale * Stockham.twiddle(q, 3, step, 4, r);
                float x0r = re[s0];
                float x0i = im[s0];
                float x1r = re[s1] * w.get(e1) - im[s1] * w.get(e1 + 1);
                float x1i = re[s1] * w.get(e1 + 1) + im[s1] * w.get(e1);
                float x2r = re[s2] * w.get(e2) - im[s2] * w.get(e2 + 1);
                float x2i = re[s2] * w.get(e2 + 1) + im[s2] * w.get(e2);
                float x3r = re[s3] * w.get(e3) - im[s3] * w.get(e3 + 1);
                float x3i = re[s3] * w.get(e3 + 1) + im[s3] * w.get(e3);
                ctx.localBarrier();
                s0 = base + Stockham.output(q, 0, step, 4) * stride;
                s1 = base + Stockham.output(q, 1, step, 4) * stride;
                s2 = base + Stockham.output(q, 2, step, 4) * stride;
                s3 = base + Stockham.output(q, 3, step, 4) * stride;
                re[s0] = x0r + x2r + x1r + x3r;               // DFT4
                im[s0] = x0i + x2i + x1i + x3i;
                re[s1] = x0r - x2r + x1i - x3i;
                im[s1] = x0i - x2i - x1r + x3r;
                re[s2] = x0r + x2r - x1r - x3r;
                im[s2] = x0i + x2i - x1i - x3i;
                re[s3] = x0r - x2r - x1i + x3i;
                im[s3] = x0i - x2i + x1r - x3r;
                ctx.localBarrier();
            }
            if (step < r) {                                   // and the last radix-2 step, in place
                for (int h = 0; h < 2; h++) {
                    int l = q + h * (r / 4);
                    int a = base + Stockham.input(l, 0, r, 2) * stride;
                    int b = base + Stockham.input(l, 1, r, 2) * stride;
                    int e = scale * Stockham.twiddle(l, 1, step, 2, r);
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
        }
        for (int j = 0; j < 4; j++) {
            int p = t + j * items;
            y.set(2 * (first + p), re[slot(p % nx, p / nx, nx)]);
            y.set(2 * (first + p) + 1, im[slot(p % nx, p / nx, nx)]);
        }
    }

    /** The two kernels' plan in the 3D paper's notation. */
    public static String notation(int nx, int ny, int nz) {
        return String.format("{X(1,%d,1,%d,no-tw), Y(1,%d,1,%d,no-tw)} {Z(1,%d,1,%d,no-tw)}", nx, nx, ny, ny, nz, nz);
    }

    /** Runs both kernels on the device, checks them against reference-fft and times them. */
    public static Outcome run(TornadoDevice device, Options options) {
        int[] size = options.size();
        // A plane is one group of X Y / 4 work-items: at most what step 3 takes on this device.
        int most = Step3LocalMemory.maxPoints(device);
        if (size.length != 3 || size[0] * size[1] > most || size[2] > 256) {
            throw new IllegalArgumentException("size: XxYxZ with a plane X Y of at most " + most + " points on "
                    + device.getPhysicalDevice().getDeviceName() + " and Z up to 256, got "
                    + String.join("x", java.util.Arrays.stream(size).mapToObj(Integer::toString).toList()));
        }
        int nx = size[0];
        int ny = size[1];
        int nz = size[2];
        int plane = nx * ny;
        int total = plane * nz * options.batch();
        int tableN = Math.max(nx, Math.max(ny, nz));
        FloatArray x = Signal.random(total, options.seed());
        FloatArray w = Signal.twiddles(tableN);
        FloatArray mid = new FloatArray(2 * total);
        FloatArray out = new FloatArray(2 * total);

        int cols = Math.min(16, plane);
        TaskGraph graph = new TaskGraph("step5")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, x, w)
                .task("xy", Step5Fft3d::xy, new KernelContext(), x, mid, w, nx, ny, tableN)
                .task("z", Step4CoalescedRuns::pass, new KernelContext(), mid, out, w, nz * plane, plane, nz, cols, 1, 0,
                        tableN / nz)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out)
                .transferToHost(DataTransferMode.UNDER_DEMAND, mid);
        GridScheduler grid = new GridScheduler();
        Tour.launch(grid, graph, "xy", total / 4, plane / 4);
        Tour.launch(grid, graph, "z", total / 4, cols * nz / 4);
        System.out.println("this step's kernels:   " + notation(nx, ny, nz));
        System.out.println("the library's kernels: " + Planner.plan(new int[] {nz, ny, nx}, options.batch(),
                Devices.profile(device)).stream().map(Pass::kernelNotation).collect(Collectors.joining(" ")));
        long nanos = Tour.kernelNanos(graph, grid, device, options);
        return new Outcome("step 5, 3D in two kernels", size, options.batch(),
                Signal.error(x, out, options.batch(), nz, ny, nx), nanos);
    }

    public static void main(String[] args) {
        Tour.main("Step 5: 3D, the X stage fused into the Y kernel, then Z", args,
                new Options("default", new int[] {32, 32, 32}, 4, 10, 1, false), Step5Fft3d::run);
    }
}
