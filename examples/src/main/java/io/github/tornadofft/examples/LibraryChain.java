package io.github.tornadofft.examples;

import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.examples.Tour.Options;
import io.github.tornadofft.examples.Tour.Outcome;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.cufft.CuFft;

import java.util.Locale;

/**
 * Three kinds of task in one TaskGraph on TornadoVM's CUDA backend: the convolution of
 * {@link FusedConvolution} as our forward plan ({@link FftPlan#appendTo}), your kernel multiplying by
 * the filter's spectrum, and TornadoVM's own cuFFT call ({@code TaskGraph.libraryTask} with
 * {@code CuFft::cufftInverseC2C}, unnormalised) for the way back, then your kernel scaling by 1/N. Every
 * array stays on the device between the tasks. Checked against the reference; TornadoVM runs library
 * tasks on its CUDA backend only, and elsewhere the example refuses the device by name.
 */
public final class LibraryChain {

    private LibraryChain() {
    }

    /** Every value times {@code scale}. */
    public static void scale(FloatArray data, float scale) {
        for (@Parallel int i = 0; i < data.getSize(); i++) {
            data.set(i, data.get(i) * scale);
        }
    }

    /**
     * Checks that TornadoVM can run a library task on {@code device}; returns it.
     *
     * @throws IllegalArgumentException naming {@code device}, its backend and what is needed
     */
    public static TornadoDevice check(TornadoDevice device) {
        if (device.getTornadoVMBackend() != TornadoVMBackendType.CUDA) {
            throw new IllegalArgumentException("device: TornadoVM runs library tasks (cuFFT) on its CUDA backend only; "
                    + device.getPhysicalDevice().getDeviceName() + " is a device of its " + device.getTornadoVMBackend()
                    + " backend (run with an SDK that has the CUDA backend, on one of its devices)");
        }
        return device;
    }

    /**
     * The chain in one TaskGraph: {@code there} forward (signals to spectra), {@link FusedConvolution#multiply},
     * cuFFT's inverse, {@link #scale}; the caller adds the transfer of {@code out}.
     */
    public static TaskGraph chain(FftPlan there, FloatArray signals, FloatArray filter, FloatArray out, GridScheduler grid) {
        int n = there.descriptor().shape()[0];
        int count = there.descriptor().batch();
        FloatArray spectra = new FloatArray(signals.getSize());
        FloatArray product = new FloatArray(signals.getSize());
        TaskGraph chain = new TaskGraph("library").transferToDevice(DataTransferMode.FIRST_EXECUTION, signals, filter);
        there.appendTo(Direction.FORWARD, chain, signals, spectra, grid);
        chain.task("multiply", FusedConvolution::multiply, spectra, filter, product, n, n * count)
                .libraryTask("inverse", CuFft::cufftInverseC2C, product, out, n, count)
                .task("scale", LibraryChain::scale, out, 1f / n);
        return chain;
    }

    /** The chain against the reference; its kernel time (the library task's as TornadoVM's profiler counts it). */
    public static Outcome run(TornadoDevice device, Options options) {
        check(device);
        int n = options.size()[0];
        int count = options.batch();
        FloatArray signals = Signal.random((long) n * count, options.seed());
        FloatArray filter = FusedConvolution.spectrumOf(Signal.random(n, options.seed() + 1));
        double[] expected = FusedConvolution.reference(signals, filter, n, count);
        try (FftPlan there = FftPlan.create(FftDescriptor.c2c(n).batch(count).build(), device)) {
            FloatArray out = new FloatArray(2 * n * count);
            GridScheduler grid = new GridScheduler();
            TaskGraph chain = chain(there, signals, filter, out, grid).transferToHost(DataTransferMode.EVERY_EXECUTION, out);
            long nanos = Tour.kernelNanos(chain, grid, device, options);
            double error = Signal.relativeError(out, expected);
            System.out.printf(Locale.ROOT, "%d signals of %d: our forward plan, your multiply, cuFFT's inverse, your scale"
                    + " in one TaskGraph: %.3f ms, error %.2e%n", count, n, nanos / 1e6, error);
            return new Outcome("convolution: our FFT, your kernels, TornadoVM's cuFFT", options.size(), 2 * count, error, nanos);
        }
    }

    public static void main(String[] args) {
        Tour.main("Our FFT, your kernels and TornadoVM's cuFFT in one TaskGraph", args,
                new Options("default", new int[] {4096}, 4096, 10, 1, false), LibraryChain::run);
    }
}
