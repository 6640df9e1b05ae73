package io.github.tornadofft.examples;

import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import io.github.tornadofft.kernels.BlockFft;
import io.github.tornadofft.reference.ReferenceFft;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Locale;

/**
 * After the tour: the block FFT inside your own kernel. A batch of complex signals convolved
 * (circularly) with one filter, {@code y = IFFT(FFT(x) H) / N}, in one kernel: each group loads its
 * signals, transforms them, multiplies by the filter's spectrum H, transforms back and stores, so
 * every value crosses global memory twice (in and out) where a chain of a forward plan, a multiply
 * kernel and an inverse plan crosses it six times or more. Both run here, against the reference.
 */
public final class FusedConvolution {

    private FusedConvolution() {
    }

    /**
     * The whole convolution of one signal per {@code N / E} work-items: your kernel, the block FFT's
     * calls in it. {@code fft} is the word of the forward description. The two transforms are one call
     * in a loop, so that they share the local memory a call allocates: the forward transform, then
     * the inverse as the conjugate of the forward transform of the conjugate (the product is stored
     * conjugated, and so is the result).
     */
    public static void convolve(KernelContext ctx, FloatArray signals, FloatArray filter, FloatArray out,
                                FloatArray twiddles, int fft, int signalCount) {
        float[] re = new float[BlockFft.MAX_VALUES];
        float[] im = new float[BlockFft.MAX_VALUES];
        int n = BlockFft.points(fft);
        int signal = BlockFft.transform(ctx, fft);
        // The last group's missing signals compute signal 0 and store nothing: every work-item of a
        // group must reach execute's barriers.
        int offset = signal < signalCount ? 2 * n * signal : 0;
        BlockFft.load(ctx, signals, offset, re, im, fft);
        float scale = 1f / n;
        for (int pass = 0; pass < 2; pass++) {
            BlockFft.execute(ctx, re, im, twiddles, fft);
            if (pass == 0) {
                // conj(X H / N): the inverse's input, conjugated.
                for (int i = 0; i < BlockFft.values(fft); i++) {
                    int k = BlockFft.index(ctx, fft, i);
                    float hr = filter.get(2 * k) * scale;
                    float hi = filter.get(2 * k + 1) * scale;
                    float xr = re[i];
                    re[i] = xr * hr - im[i] * hi;
                    im[i] = -(xr * hi + im[i] * hr);
                }
            }
        }
        for (int i = 0; i < BlockFft.values(fft); i++) {
            im[i] = -im[i];
        }
        if (signal < signalCount) {
            BlockFft.store(ctx, out, offset, re, im, fft);
        }
    }

    /** The chain's middle kernel: every spectrum times the filter's. */
    public static void multiply(FloatArray spectra, FloatArray filter, FloatArray product, int n, int total) {
        for (@Parallel int t = 0; t < total; t++) {
            int k = t % n;
            float xr = spectra.get(2 * t);
            float xi = spectra.get(2 * t + 1);
            float hr = filter.get(2 * k);
            float hi = filter.get(2 * k + 1);
            product.set(2 * t, xr * hr - xi * hi);
            product.set(2 * t + 1, xr * hi + xi * hr);
        }
    }

    /**
     * The description the example uses: {@link BlockFft#of}'s values per work-item, as many signals a group
     * as make 64 work-items (at least one, at most 255). 1024 points a signal on an H200: 0.084 ms for
     * 16384 with one or two a group, 0.096 with four; on a 2-core CPU through PoCL one a group took 6.3
     * ms for 1024, two 9.3.
     */
    public static BlockFft describe(int n) {
        BlockFft fft = BlockFft.of(n);
        return fft.transformsPerGroup(Math.max(1, Math.min(255, 64 / fft.workItemsPerTransform())));
    }

    /** The fused kernel and the chain of two plans and a multiply, each against the reference; the fused kernel's time. */
    public static Outcome run(TornadoDevice device, Options options) {
        int n = options.size()[0];
        int count = options.batch();
        BlockFft forward = describe(n).check(device);
        FloatArray signals = Signal.random((long) n * count, options.seed());
        FloatArray filter = spectrumOf(Signal.random(n, options.seed() + 1));
        double[] expected = reference(signals, filter, n, count);

        FloatArray twiddles = forward.twiddles();
        FloatArray out = new FloatArray(2 * n * count);
        TaskGraph fused = new TaskGraph("convolution")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, signals, filter, twiddles)
                .task("convolve", FusedConvolution::convolve, new KernelContext(), signals, filter, out, twiddles,
                        forward.word(), count)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        GridScheduler grid = new GridScheduler("convolution.convolve", forward.grid(count));
        long fusedNanos = Tour.kernelNanos(fused, grid, device, options);
        double error = Signal.relativeError(out, expected);

        FftDescriptor d = FftDescriptor.c2c(n).batch(count).build();
        try (FftPlan there = FftPlan.create(d, device); FftPlan back = FftPlan.create(d, device)) {
            FloatArray chained = new FloatArray(2 * n * count);
            GridScheduler chainGrid = new GridScheduler();
            TaskGraph chain = chain(there, back, signals, filter, chained, chainGrid)
                    .transferToHost(DataTransferMode.EVERY_EXECUTION, chained);
            long chainNanos = Tour.kernelNanos(chain, chainGrid, device, options);
            double chainError = Signal.relativeError(chained, expected);
            System.out.printf(Locale.ROOT, "%s, %d signals of %d: fused %.3f ms, the chain (plan, multiply, plan) "
                            + "%.3f ms (%.2fx), errors %.2e and %.2e%n", forward, count, n, fusedNanos / 1e6,
                    chainNanos / 1e6, (double) chainNanos / fusedNanos, error, chainError);
            return new Outcome("fused convolution (two transforms a signal)", options.size(), 2 * count,
                    Math.max(error, chainError), fusedNanos);
        }
    }

    /**
     * The chain the fused kernel replaces, in one TaskGraph: {@code there} forward (signals to spectra),
     * {@link #multiply}, {@code back} inverse (to {@code out}, scaled 1/N by its norm); the caller adds
     * the transfer of {@code out}.
     */
    public static TaskGraph chain(FftPlan there, FftPlan back, FloatArray signals, FloatArray filter, FloatArray out,
                                  GridScheduler grid) {
        int n = there.descriptor().shape()[0];
        int total = signals.getSize() / 2;
        FloatArray spectra = new FloatArray(signals.getSize());
        FloatArray product = new FloatArray(signals.getSize());
        TaskGraph chain = new TaskGraph("chain").transferToDevice(DataTransferMode.FIRST_EXECUTION, signals, filter);
        there.appendTo(Direction.FORWARD, chain, signals, spectra, grid);
        chain.task("multiply", FusedConvolution::multiply, spectra, filter, product, n, total);
        back.appendTo(Direction.INVERSE, chain, product, out, grid);
        return chain;
    }

    /** The filter's spectrum H = FFT(h), in float, from a double-precision transform. */
    public static FloatArray spectrumOf(FloatArray h) {
        double[] data = new double[h.getSize()];
        for (int i = 0; i < data.length; i++) {
            data[i] = h.get(i);
        }
        ReferenceFft.c2c1d(data, 0, data.length / 2, 1, 1, data.length / 2, Direction.FORWARD, Norm.BACKWARD);
        FloatArray spectrum = new FloatArray(data.length);
        for (int i = 0; i < data.length; i++) {
            spectrum.set(i, (float) data[i]);
        }
        return spectrum;
    }

    /** IFFT(FFT(x) H) / N in double precision. */
    public static double[] reference(FloatArray signals, FloatArray filter, int n, int count) {
        double[] data = new double[signals.getSize()];
        for (int i = 0; i < data.length; i++) {
            data[i] = signals.get(i);
        }
        ReferenceFft.c2c1d(data, 0, n, 1, count, n, Direction.FORWARD, Norm.BACKWARD);
        for (int t = 0; t < n * count; t++) {
            int k = t % n;
            double xr = data[2 * t];
            double xi = data[2 * t + 1];
            double hr = filter.get(2 * k);
            double hi = filter.get(2 * k + 1);
            data[2 * t] = xr * hr - xi * hi;
            data[2 * t + 1] = xr * hi + xi * hr;
        }
        ReferenceFft.c2c1d(data, 0, n, 1, count, n, Direction.INVERSE, Norm.BACKWARD);
        return data;
    }

    public static void main(String[] args) {
        Tour.main("The block FFT in your kernel: a fused convolution", args,
                new Options("default", new int[] {4096}, 4096, 10, 1, false), FusedConvolution::run);
    }
}
