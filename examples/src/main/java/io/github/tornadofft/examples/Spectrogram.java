package io.github.tornadofft.examples;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import io.github.tornadofft.kernels.BlockFft;
import io.github.tornadofft.reference.ReferenceFft;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.Random;

/**
 * After the tour: a spectrogram (short-time Fourier transform) of a long real signal in one kernel,
 * the example users ask for next to convolution. Each frame of N samples, {@code hop} apart, is read
 * straight from the signal (frames overlap: no copy of them is made), windowed as it is loaded, transformed
 * by the block FFT and written as the power |X_k|^2 of bins 0 to N/2, the ones a real signal has.
 * The load and the store are your own loops over the block FFT's layout ({@link BlockFft#index}),
 * which is where the window and the power go.
 */
public final class Spectrogram {

    private Spectrogram() {
    }

    /** Frame f: samples f hop + j times the window, transformed, |X_k|^2 for k up to N/2 into row f. */
    public static void frames(KernelContext ctx, FloatArray samples, FloatArray window, FloatArray power,
                              FloatArray twiddles, int fft, int hop, int frameCount) {
        float[] re = new float[BlockFft.MAX_VALUES];
        float[] im = new float[BlockFft.MAX_VALUES];
        int n = BlockFft.points(fft);
        int frame = BlockFft.transform(ctx, fft);
        int start = frame < frameCount ? frame * hop : 0;
        for (int i = 0; i < BlockFft.values(fft); i++) {
            int j = BlockFft.index(ctx, fft, i);
            re[i] = samples.get(start + j) * window.get(j);
            im[i] = 0f;
        }
        BlockFft.execute(ctx, re, im, twiddles, fft);
        int bins = n / 2 + 1;
        for (int i = 0; i < BlockFft.values(fft); i++) {
            int k = BlockFft.index(ctx, fft, i);
            if (frame < frameCount && k < bins) {
                power.set(frame * bins + k, re[i] * re[i] + im[i] * im[i]);
            }
        }
    }

    /**
     * The spectrogram of {@code batch} frames of {@code size} samples with half-overlapping frames,
     * against the reference.
     */
    public static Outcome run(TornadoDevice device, Options options) {
        int n = options.size()[0];
        int hop = n / 2;
        int count = options.batch();
        FloatArray samples = chirp(hop * (count - 1) + n, options.seed());
        FloatArray window = Step6Library.hann(n);
        BlockFft fft = BlockFft.of(n).transformsPerGroup(Math.max(1, Math.min(8, 64 * 8 / n))).check(device);
        FloatArray twiddles = fft.twiddles();
        FloatArray power = new FloatArray(count * (n / 2 + 1));
        TaskGraph graph = new TaskGraph("spectrogram")
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, samples, window, twiddles)
                .task("frames", Spectrogram::frames, new KernelContext(), samples, window, power, twiddles, fft.word(),
                        hop, count)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, power);
        GridScheduler grid = new GridScheduler("spectrogram.frames", fft.grid(count));
        long nanos = Tour.kernelNanos(graph, grid, device, options);
        double error = Signal.relativeError(power, reference(samples, window, n, hop, count));
        return new Outcome("spectrogram (window, FFT, power)", options.size(), count, error, nanos);
    }

    /** A sweep from low to high frequency with a little noise: a spectrogram worth looking at. */
    static FloatArray chirp(int length, long seed) {
        Random random = new Random(seed);
        FloatArray x = new FloatArray(length);
        for (int i = 0; i < length; i++) {
            double t = (double) i / length;
            x.set(i, (float) (Math.sin(Math.PI * length * 0.25 * t * t) + 0.1 * random.nextGaussian()));
        }
        return x;
    }

    /** |FFT(window frame)|^2, bins 0 to N/2, in double precision. */
    static double[] reference(FloatArray samples, FloatArray window, int n, int hop, int count) {
        int bins = n / 2 + 1;
        double[] power = new double[count * bins];
        double[] frame = new double[2 * n];
        for (int f = 0; f < count; f++) {
            for (int j = 0; j < n; j++) {
                frame[2 * j] = samples.get(f * hop + j) * (double) window.get(j);
                frame[2 * j + 1] = 0;
            }
            ReferenceFft.c2c1d(frame, 0, n, 1, 1, n, Direction.FORWARD, Norm.BACKWARD);
            for (int k = 0; k < bins; k++) {
                power[f * bins + k] = frame[2 * k] * frame[2 * k] + frame[2 * k + 1] * frame[2 * k + 1];
            }
        }
        return power;
    }

    public static void main(String[] args) {
        Tour.main("The block FFT in your kernel: a spectrogram", args,
                new Options("default", new int[] {1024}, 4096, 10, 1, false), Spectrogram::run);
    }
}
