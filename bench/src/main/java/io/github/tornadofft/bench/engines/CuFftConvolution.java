package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Metrics;
import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.cuda.global.cublas;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.Pointer;

import static org.bytedeco.cuda.global.cublas.CUBLAS_SIDE_LEFT;
import static org.bytedeco.cuda.global.cublas.cublasCdgmm;
import static org.bytedeco.cuda.global.cublas.cublasCreate_v2;
import static org.bytedeco.cuda.global.cublas.cublasDestroy_v2;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.CUFFT_INVERSE;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftPlanMany;

/**
 * The cuFFT chain of a batched convolution, as a CUDA programmer without cuFFTDx writes it: cuFFT
 * forward, the product with the filter's spectrum (cuBLAS's {@code cublasCdgmm}: each signal, a
 * column, times the diagonal of H), cuFFT inverse; each its own kernel through global memory, on
 * the default stream, timed with CUDA events. The filter comes scaled by 1/N.
 */
public final class CuFftConvolution implements AutoCloseable {

    /** Median kernel times of one run: the chain, and the forward transform alone. */
    public record Times(long chainNanos, long forwardNanos) {
    }

    private final int n;
    private final int count;
    private final long bytes;
    private final int[] plan = {0};
    private final cublasContext blas = new cublasContext();
    private Pointer signals;
    private Pointer spectra;
    private Pointer product;
    private Pointer filter;
    /** signals, spectra, product, filter as cuFFT and cuBLAS type them, made once. */
    private float2[] typed;
    private boolean planned;
    private boolean blasOpen;

    /** Device buffers for {@code count} signals of {@code n} points, a cuFFT plan and a cuBLAS handle. */
    public CuFftConvolution(int n, int count) {
        Cuda.open();
        Loader.load(cublas.class);
        this.n = n;
        this.count = count;
        this.bytes = 8L * n * count;
        try {
            signals = Cuda.malloc(bytes, "cuFFT convolution signals");
            spectra = Cuda.malloc(bytes, "cuFFT convolution spectra");
            product = Cuda.malloc(bytes, "cuFFT convolution product");
            filter = Cuda.malloc(8L * n, "cuFFT convolution filter");
            typed = new float2[] {new float2(signals), new float2(spectra), new float2(product), new float2(filter)};
            Cuda.checkFft(cufftPlanMany(plan, 1, new int[] {n}, (int[]) null, 1, n, (int[]) null, 1, n, CUFFT_C2C, count),
                    "cufftPlanMany");
            planned = true;
            Cuda.check(cublasCreate_v2(blas), "cublasCreate");
            blasOpen = true;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The device's copy rate, GB/s (cudaMemcpy device-to-device of {@code bytes}, reads and writes counted). */
    public static double copyGBs(long bytes) {
        return new Cuda.Copy().measure(bytes, 3, 10);
    }

    /** Copies the signals and the (scaled) filter spectrum to the device. */
    public void load(float[] host, float[] scaledFilter) {
        try (FloatPointer a = new FloatPointer(host); FloatPointer h = new FloatPointer(scaledFilter)) {
            Cuda.check(cudaMemcpy(signals, a, bytes, cudaMemcpyHostToDevice), "cudaMemcpy signals");
            Cuda.check(cudaMemcpy(filter, h, 8L * n, cudaMemcpyHostToDevice), "cudaMemcpy filter");
        }
    }

    /** Runs the chain (and the forward transform alone) {@code warmup + reps} times; the medians. */
    public Times time(int warmup, int reps) {
        long[] chain = new long[reps];
        long[] forward = new long[reps];
        try (Cuda.Timer timer = new Cuda.Timer()) {
            for (int i = 0; i < warmup + reps; i++) {
                timer.start();
                forward();
                long f = timer.stopNanos();
                timer.start();
                forward();
                multiply();
                inverse();
                long t = timer.stopNanos();
                if (i >= warmup) {
                    chain[i - warmup] = t;
                    forward[i - warmup] = f;
                }
            }
        }
        return new Times(Math.round(Metrics.median(chain)), Math.round(Metrics.median(forward)));
    }

    /** The chain once more, from the signals as loaded; its result. */
    public float[] chainOnce() {
        forward();
        multiply();
        inverse();
        return download(spectra);
    }

    /** The forward transform once, from the signals as loaded; the spectra. */
    public float[] forwardOnce() {
        forward();
        return download(spectra);
    }

    /** The signals' buffer as it is now (the chain must leave it as loaded). */
    public float[] signalsNow() {
        return download(signals);
    }

    private float[] download(Pointer buffer) {
        float[] out = new float[2 * n * count];
        try (FloatPointer host = new FloatPointer(out.length)) {
            Cuda.check(cudaMemcpy(host, buffer, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy result");
            host.get(out);
        }
        return out;
    }

    /** signals to spectra. */
    private void forward() {
        Cuda.checkFft(cufftExecC2C(plan[0], typed[0], typed[1], CUFFT_FORWARD), "cufftExecC2C forward");
    }

    /** spectra times the filter to product. */
    private void multiply() {
        Cuda.check(cublasCdgmm(blas, CUBLAS_SIDE_LEFT, n, count, typed[1], n, typed[3], 1, typed[2], n), "cublasCdgmm");
    }

    /** product to spectra (the signals stay: every run reads the same input). */
    private void inverse() {
        Cuda.checkFft(cufftExecC2C(plan[0], typed[2], typed[1], CUFFT_INVERSE), "cufftExecC2C inverse");
    }

    @Override
    public void close() {
        if (planned) {
            cufftDestroy(plan[0]);
            planned = false;
        }
        if (blasOpen) {
            cublasDestroy_v2(blas);
            blasOpen = false;
        }
        Cuda.free(signals);
        Cuda.free(spectra);
        Cuda.free(product);
        Cuda.free(filter);
        signals = spectra = product = filter = null;
    }
}
