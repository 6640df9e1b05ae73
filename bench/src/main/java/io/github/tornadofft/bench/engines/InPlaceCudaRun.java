package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.Engine;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Pointer;

import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;

/**
 * A case planned by a CUDA FFT library that transforms one device buffer in place on the default stream
 * (cuFFT, VkFFT), timed the same way for each: 'kernel' is one {@link #launch} between two CUDA events,
 * 'call' the host wall time of launch and event synchronize, 'e2e' a cudaMemcpy to the device from a
 * pageable off-heap buffer, the launch, and a cudaMemcpy back into another. A library's run allocates
 * the buffer through this class's constructor, plans on it, then calls {@link #planned}.
 */
abstract class InPlaceCudaRun implements Engine.Prepared {

    final Case c;
    final long bytes;
    /** The device buffer the library transforms in place. */
    final Pointer data;
    private final long start = System.nanoTime();
    private final Cuda.Timer timer;
    private long setup = -1;
    private FloatPointer hostIn;
    private FloatPointer hostOut;
    private boolean closed;

    /** Allocates the case's device buffer; {@code what} names the library in an allocation failure. */
    InPlaceCudaRun(Case c, String what) {
        this.c = c;
        this.bytes = c.bytes();
        this.timer = new Cuda.Timer();
        Pointer buffer;
        try {
            buffer = Cuda.malloc(bytes, what + " data");
        } catch (RuntimeException e) {
            timer.close();
            throw e;
        }
        this.data = buffer;
    }

    /** Launches the forward transform of the whole batch on the default stream. */
    abstract void launch();

    /** Frees the library's plan (not {@link #data}); called once by the first {@link #close}, planned or not. */
    abstract void destroyPlan();

    /** Marks the end of planning: the setup time runs from the constructor to here. */
    final void planned() {
        cudaDeviceSynchronize();
        setup = System.nanoTime() - start;
    }

    @Override
    public final void load(float[] input) {
        hostIn = new FloatPointer(input.length);
        hostIn.put(input, 0, input.length);
        hostOut = new FloatPointer(input.length);
        Cuda.check(cudaMemcpy(data, hostIn, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
    }

    @Override
    public final boolean hasKernelTime() {
        return true;
    }

    @Override
    public final Engine.Sample runResident() {
        long t0 = System.nanoTime();
        timer.start();
        launch();
        long kernel = timer.stopNanos();
        return new Engine.Sample(System.nanoTime() - t0, kernel);
    }

    @Override
    public final long runEndToEnd() {
        long t0 = System.nanoTime();
        Cuda.check(cudaMemcpy(data, hostIn, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
        launch();
        Cuda.check(cudaMemcpy(hostOut, data, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
        return System.nanoTime() - t0;
    }

    @Override
    public final void result(int index, float[] dst) {
        long base = index * 2 * c.points();
        hostOut.position(base).get(dst, 0, dst.length);
        hostOut.position(0);
    }

    @Override
    public final long setupNanos() {
        return setup;
    }

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        destroyPlan();
        Cuda.free(data);
        timer.close();
        if (hostIn != null) {
            hostIn.close();
        }
        if (hostOut != null) {
            hostOut.close();
        }
        cudaDeviceSynchronize();
    }
}
