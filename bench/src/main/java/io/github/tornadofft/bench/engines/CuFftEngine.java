package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.UnsupportedCaseException;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.javacpp.FloatPointer;

import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_C2R;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.CUFFT_R2C;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftExecC2R;
import static org.bytedeco.cuda.global.cufft.cufftExecR2C;
import static org.bytedeco.cuda.global.cufft.cufftPlanMany;

/**
 * cuFFT through the bytedeco CUDA presets on the system's CUDA libraries, in the same process and
 * on the same data as every other engine. c2c in place, as the baseline numbers are; r2c and c2r out of
 * place on packed buffers (a CUFFT_R2C or CUFFT_C2R plan); each launch timed with a pair of CUDA events
 * ({@link CudaRun}).
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
                + " stream; r2c and c2r: a CUFFT_R2C or CUFFT_C2R plan, cufftExecR2C or cufftExecC2R out of place between"
                + " packed buffers (real values, then the half spectrum, no padding; C2R overwrites its input, so resident"
                + " runs after the first transform what the last one left). 'kernel' is one launch between two CUDA"
                + " events; 'call' the host wall time of launch + event synchronize; 'e2e' is cudaMemcpy host-to-device"
                + " from a pageable off-heap buffer, the transform, cudaMemcpy device-to-host into another.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) throws UnsupportedCaseException {
        return new Run(c);
    }

    private static final class Run extends CudaRun {
        private final int[] plan = {0};
        /** The buffers as the exec functions type them, made once (not per launch). */
        private final float2 complexIn;
        private final float2 complexOut;
        private final FloatPointer realIn;
        private final FloatPointer realOut;
        private boolean planned;

        Run(Case c) {
            super(c, "cuFFT");
            complexIn = c.kind() == Case.Kind.R2C ? null : new float2(input);
            complexOut = c.kind() == Case.Kind.C2R ? null : new float2(output);
            realIn = c.kind() == Case.Kind.R2C ? new FloatPointer(input) : null;
            realOut = c.kind() == Case.Kind.C2R ? new FloatPointer(output) : null;
            try {
                // Packed batches: with null embeds cuFFT takes its basic layout, and these distances are theirs.
                int type = switch (c.kind()) {
                    case C2C -> CUFFT_C2C;
                    case R2C -> CUFFT_R2C;
                    case C2R -> CUFFT_C2R;
                };
                int inDist = c.kind() == Case.Kind.C2R ? c.inputLength() / 2 : (int) c.points();
                int outDist = c.kind() == Case.Kind.R2C ? c.outputLength() / 2 : (int) c.points();
                Cuda.checkFft(cufftPlanMany(plan, c.rank(), c.shape(), (int[]) null, 1, inDist, (int[]) null, 1, outDist,
                        type, c.batch()), "cufftPlanMany " + c.label());
                planned = true;
            } catch (RuntimeException e) {
                close();
                throw e;
            }
            planned();
        }

        @Override
        void launch() {
            switch (c.kind()) {
                case C2C -> Cuda.checkFft(cufftExecC2C(plan[0], complexIn, complexOut, CUFFT_FORWARD), "cufftExecC2C");
                case R2C -> Cuda.checkFft(cufftExecR2C(plan[0], realIn, complexOut), "cufftExecR2C");
                case C2R -> Cuda.checkFft(cufftExecC2R(plan[0], complexIn, realOut), "cufftExecC2R");
            }
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
            return "cufftPlanMany " + (c.kind() == Case.Kind.C2C ? "" : c.kind() == Case.Kind.R2C ? "R2C, " : "C2R, ")
                    + "rank " + c.rank() + ", batch " + c.batch();
        }
    }
}
