package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.UnsupportedCaseException;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Pointer;

import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftPlanMany;

/**
 * cuFFT through the bytedeco CUDA presets on the system's CUDA libraries, in the same process and
 * on the same data as every other engine. In place, as the baseline numbers are; each launch timed
 * with a pair of CUDA events.
 */
final class CuFftEngine implements Engine {

    private final String device;
    private final CopyCeiling ceiling;

    CuFftEngine(String device, CopyCeiling ceiling) {
        this.device = device;
        this.ceiling = ceiling;
    }

    @Override
    public String name() {
        return "cuFFT";
    }

    @Override
    public String device() {
        return device;
    }

    @Override
    public Place place() {
        return Place.GPU;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        return "cuFFT (" + Cuda.versions() + ") via org.bytedeco:cuda, cufftPlanMany + cufftExecC2C in place on the default"
                + " stream. 'kernel' is one launch between two CUDA events; 'call' the host wall time of launch + event"
                + " synchronize; 'e2e' is cudaMemcpy host-to-device from a pageable off-heap buffer, the transform,"
                + " cudaMemcpy device-to-host into another.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) throws UnsupportedCaseException {
        return new Run(c);
    }

    private static final class Run implements Prepared {
        private final Case c;
        private final long bytes;
        private final int[] plan = {0};
        private boolean planned;
        private final long setup;
        private final Cuda.Timer timer = new Cuda.Timer();
        private Pointer device;
        private float2 data;
        private FloatPointer hostIn;
        private FloatPointer hostOut;

        Run(Case c) {
            long t0 = System.nanoTime();
            this.c = c;
            this.bytes = c.bytes();
            try {
                device = Cuda.malloc(bytes, "cuFFT data");
                data = new float2(device);
                int dist = (int) c.points();
                Cuda.checkFft(cufftPlanMany(plan, c.rank(), c.shape(), (int[]) null, 1, dist, (int[]) null, 1, dist,
                        CUFFT_C2C, c.batch()), "cufftPlanMany " + c.label());
                planned = true;
                cudaDeviceSynchronize();
            } catch (RuntimeException e) {
                close();
                throw e;
            }
            this.setup = System.nanoTime() - t0;
        }

        @Override
        public void load(float[] input) {
            hostIn = new FloatPointer(input.length);
            hostIn.put(input, 0, input.length);
            hostOut = new FloatPointer(input.length);
            Cuda.check(cudaMemcpy(device, hostIn, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
        }

        @Override
        public boolean hasKernelTime() {
            return true;
        }

        @Override
        public Sample runResident() {
            long t0 = System.nanoTime();
            timer.start();
            Cuda.checkFft(cufftExecC2C(plan[0], data, data, CUFFT_FORWARD), "cufftExecC2C");
            long kernel = timer.stopNanos();
            return new Sample(System.nanoTime() - t0, kernel);
        }

        @Override
        public long runEndToEnd() {
            long t0 = System.nanoTime();
            Cuda.check(cudaMemcpy(device, hostIn, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
            Cuda.checkFft(cufftExecC2C(plan[0], data, data, CUFFT_FORWARD), "cufftExecC2C");
            Cuda.check(cudaMemcpy(hostOut, device, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
            return System.nanoTime() - t0;
        }

        @Override
        public void result(int index, float[] dst) {
            long base = index * 2 * c.points();
            hostOut.position(base).get(dst, 0, dst.length);
            hostOut.position(0);
        }

        @Override
        public long setupNanos() {
            return setup;
        }

        @Override
        public String plan() {
            return "cufftPlanMany rank " + c.rank() + ", batch " + c.batch();
        }

        @Override
        public void close() {
            if (planned) {
                cufftDestroy(plan[0]);
                planned = false;
            }
            Cuda.free(device);
            device = null;
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
}
