package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.Engine;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Pointer;

import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;

/**
 * A case planned by a CUDA FFT library on the default stream (cuFFT, VkFFT), timed the same way for
 * each: 'kernel' is one {@link #launch} between two CUDA events, 'call' the host wall time of launch and
 * event synchronize, 'e2e' a cudaMemcpy of the input to the device from a pageable off-heap buffer, the
 * launch, and a cudaMemcpy of the output back into another. A c2c case is transformed in place in one
 * device buffer; a real case (r2c, c2r) out of place, from a packed input buffer to a packed output
 * buffer (real signal and numpy's rfftn half spectrum, no padding). Buffers hold the case's precision:
 * floats, or doubles for a float64 case. A library's run allocates the buffers through this class's
 * constructor, plans on them, then calls {@link #planned}.
 */
abstract class CudaRun implements Engine.Prepared {

    final Case c;
    /** Bytes of the whole batch's input and output. */
    final long inputBytes;
    final long outputBytes;
    /** The device buffer the library reads. */
    final Pointer input;
    /** The device buffer the library writes: {@link #input} itself for c2c (in place). */
    final Pointer output;
    private final long start = System.nanoTime();
    private final Cuda.Timer timer;
    private long setup = -1;
    /** Pageable host buffers of the case's precision: FloatPointer or DoublePointer. */
    private Pointer hostIn;
    private Pointer hostOut;
    private boolean closed;

    /** Allocates the case's device buffers; {@code what} names the library in an allocation failure. */
    CudaRun(Case c, String what) {
        this.c = c;
        this.inputBytes = (long) c.precision().bytes() * c.floats();
        this.outputBytes = (long) c.precision().bytes() * c.outputFloats();
        this.timer = new Cuda.Timer();
        Pointer in = null;
        Pointer out;
        try {
            in = Cuda.malloc(inputBytes, what + (inPlace() ? " data" : " input"));
            out = inPlace() ? in : Cuda.malloc(outputBytes, what + " output");
        } catch (RuntimeException e) {
            Cuda.free(in);
            timer.close();
            throw e;
        }
        this.input = in;
        this.output = out;
    }

    /** Whether the library transforms in place: c2c cases are; real ones are out of place. */
    final boolean inPlace() {
        return !c.kind().real();
    }

    /** Launches the transform of the whole batch on the default stream. */
    abstract void launch();

    /** Frees the library's plan (not the buffers); called once by the first {@link #close}, planned or not. */
    abstract void destroyPlan();

    /** Marks the end of planning: the setup time runs from the constructor to here. */
    final void planned() {
        cudaDeviceSynchronize();
        setup = System.nanoTime() - start;
    }

    @Override
    public final void load(float[] in) {
        requirePrecision(false, "load(float[])");
        hostIn = new FloatPointer(in.length).put(in, 0, in.length);
        hostOut = new FloatPointer(c.outputFloats());
        Cuda.check(cudaMemcpy(input, hostIn, inputBytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
    }

    @Override
    public final void load(double[] in) {
        requirePrecision(true, "load(double[])");
        hostIn = new DoublePointer(in.length).put(in, 0, in.length);
        hostOut = new DoublePointer(c.outputFloats());
        Cuda.check(cudaMemcpy(input, hostIn, inputBytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
    }

    private void requirePrecision(boolean doubles, String call) {
        if (c.isDouble() != doubles) {
            throw new IllegalArgumentException(call + ": the case is " + c.precision() + ", its buffers hold "
                    + (c.isDouble() ? "doubles" : "floats"));
        }
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
        Cuda.check(cudaMemcpy(input, hostIn, inputBytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
        launch();
        Cuda.check(cudaMemcpy(hostOut, output, outputBytes, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
        return System.nanoTime() - t0;
    }

    @Override
    public final void result(int index, float[] dst) {
        requirePrecision(false, "result(int, float[])");
        FloatPointer out = (FloatPointer) hostOut;
        out.position((long) index * c.outputLength()).get(dst, 0, dst.length);
        out.position(0);
    }

    @Override
    public final void result(int index, double[] dst) {
        requirePrecision(true, "result(int, double[])");
        DoublePointer out = (DoublePointer) hostOut;
        out.position((long) index * c.outputLength()).get(dst, 0, dst.length);
        out.position(0);
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
        Cuda.free(input);
        if (output != input) {
            Cuda.free(output);
        }
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
