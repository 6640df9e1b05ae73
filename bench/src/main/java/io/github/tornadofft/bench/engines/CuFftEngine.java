package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.UnsupportedCaseException;
import org.bytedeco.cuda.cudart.float2;

import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftPlanMany;

/**
 * cuFFT through the bytedeco CUDA presets on the system's CUDA libraries, in the same process and
 * on the same data as every other engine. In place, as the baseline numbers are; each launch timed
 * with a pair of CUDA events ({@link InPlaceCudaRun}).
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

    private static final class Run extends InPlaceCudaRun {
        private final int[] plan = {0};
        private final float2 buffer;
        private boolean planned;

        Run(Case c) {
            super(c, "cuFFT");
            buffer = new float2(data);
            try {
                int dist = (int) c.points();
                Cuda.checkFft(cufftPlanMany(plan, c.rank(), c.shape(), (int[]) null, 1, dist, (int[]) null, 1, dist,
                        CUFFT_C2C, c.batch()), "cufftPlanMany " + c.label());
                planned = true;
            } catch (RuntimeException e) {
                close();
                throw e;
            }
            planned();
        }

        @Override
        void launch() {
            Cuda.checkFft(cufftExecC2C(plan[0], buffer, buffer, CUFFT_FORWARD), "cufftExecC2C");
        }

        @Override
        void destroyPlan() {
            if (planned) {
                cufftDestroy(plan[0]);
                planned = false;
            }
        }

        @Override
        public String plan() {
            return "cufftPlanMany rank " + c.rank() + ", batch " + c.batch();
        }
    }
}
