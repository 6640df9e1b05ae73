package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Metrics;
import org.bytedeco.cuda.cudart.CUevent_st;
import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.cuda.global.cudart;
import org.bytedeco.cuda.global.cufft;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.SizeTPointer;

import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaDriverGetVersion;
import static org.bytedeco.cuda.global.cudart.cudaEventCreate;
import static org.bytedeco.cuda.global.cudart.cudaEventDestroy;
import static org.bytedeco.cuda.global.cudart.cudaEventElapsedTime;
import static org.bytedeco.cuda.global.cudart.cudaEventRecord;
import static org.bytedeco.cuda.global.cudart.cudaEventSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceCount;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceProperties;
import static org.bytedeco.cuda.global.cudart.cudaGetErrorString;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemGetInfo;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToDevice;
import static org.bytedeco.cuda.global.cudart.cudaRuntimeGetVersion;
import static org.bytedeco.cuda.global.cufft.cufftGetVersion;

/**
 * The little of the CUDA runtime the bench needs, through the bytedeco presets and the system's
 * CUDA libraries. Every reference to bytedeco lives here and in {@link CuFftEngine}; nothing loads
 * them until {@link #open()} is called, and a failure there only makes cuFFT absent.
 */
final class Cuda {

    private static String device;
    private static String versions;

    private Cuda() {
    }

    /** Loads the native libraries and finds device 0; returns its name. Throws (anything) when that fails. */
    static synchronized String open() {
        if (device != null) {
            return device;
        }
        Loader.load(cudart.class);
        Loader.load(cufft.class);
        int[] count = {0};
        check(cudaGetDeviceCount(count), "cudaGetDeviceCount");
        if (count[0] < 1) {
            throw new IllegalStateException("no CUDA device");
        }
        cudaDeviceProp prop = new cudaDeviceProp();
        check(cudaGetDeviceProperties(prop, 0), "cudaGetDeviceProperties");
        int[] runtime = {0};
        int[] driver = {0};
        int[] fft = {0};
        check(cudaRuntimeGetVersion(runtime), "cudaRuntimeGetVersion");
        check(cudaDriverGetVersion(driver), "cudaDriverGetVersion");
        cufftGetVersion(fft);
        versions = "CUDA runtime " + version(runtime[0]) + ", driver API " + version(driver[0]) + ", cuFFT " + fft[0];
        device = prop.name().getString().trim();
        return device;
    }

    /**
     * Bytes of device 0's memory in use as the driver counts them (cudaMemGetInfo: total minus free),
     * by every context on the device, this process's CUDA runtime context included.
     */
    static synchronized long usedBytes() {
        open();
        try (SizeTPointer free = new SizeTPointer(1); SizeTPointer total = new SizeTPointer(1)) {
            check(cudaMemGetInfo(free, total), "cudaMemGetInfo");
            return total.get() - free.get();
        }
    }

    /** "CUDA runtime 13.0, driver API 13.0, cuFFT 12000". */
    static String versions() {
        return versions;
    }

    private static String version(int v) {
        return v / 1000 + "." + (v % 1000) / 10;
    }

    static void check(int error, String what) {
        if (error != 0) {
            throw new IllegalStateException(what + ": CUDA error " + error + " (" + cudaGetErrorString(error).getString() + ")");
        }
    }

    static void checkFft(int result, String what) {
        if (result != 0) {
            throw new IllegalStateException(what + ": cufftResult " + result);
        }
    }

    /** Device memory of {@code bytes}; free with {@link #free}. */
    static Pointer malloc(long bytes, String what) {
        Pointer p = new Pointer();
        check(cudaMalloc(p, bytes), "cudaMalloc " + Metrics.bytes(bytes) + " for " + what);
        return p;
    }

    static void free(Pointer p) {
        if (p != null && !p.isNull()) {
            cudaFree(p);
        }
    }

    /** A pair of CUDA events on the default stream, timing what happens between {@link #start} and {@link #stopNanos}. */
    static final class Timer implements AutoCloseable {
        private final CUevent_st start = new CUevent_st();
        private final CUevent_st stop = new CUevent_st();
        private final float[] ms = {0};

        Timer() {
            check(cudaEventCreate(start), "cudaEventCreate");
            check(cudaEventCreate(stop), "cudaEventCreate");
        }

        void start() {
            check(cudaEventRecord(start), "cudaEventRecord");
        }

        /** Records the stop event, waits for it, and returns the elapsed device time in ns. */
        long stopNanos() {
            check(cudaEventRecord(stop), "cudaEventRecord");
            check(cudaEventSynchronize(stop), "cudaEventSynchronize");
            check(cudaEventElapsedTime(ms, start, stop), "cudaEventElapsedTime");
            return Math.round(ms[0] * 1e6);
        }

        @Override
        public void close() {
            cudaEventDestroy(start);
            cudaEventDestroy(stop);
        }
    }

    /** The GPU's copy ceiling: cudaMemcpy device-to-device of the case's bytes, timed with CUDA events. */
    static final class Copy implements CopyCeiling {
        @Override
        public String key() {
            return "cuda:0";
        }

        @Override
        public String method() {
            return "cuda:0: cudaMemcpy device-to-device, CUDA events";
        }

        @Override
        public double measure(long bytes, int warmup, int reps) {
            Pointer src = malloc(bytes, "copy source");
            Pointer dst = null;
            try (Timer timer = new Timer()) {
                dst = malloc(bytes, "copy destination");
                check(cudart.cudaMemset(src, 0, bytes), "cudaMemset");
                long[] samples = new long[reps];
                for (int i = 0; i < warmup + reps; i++) {
                    timer.start();
                    check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
                    long t = timer.stopNanos();
                    if (i >= warmup) {
                        samples[i - warmup] = t;
                    }
                }
                return Metrics.copyGBs(bytes, Metrics.median(samples));
            } finally {
                free(src);
                free(dst);
                cudaDeviceSynchronize();
            }
        }
    }
}
