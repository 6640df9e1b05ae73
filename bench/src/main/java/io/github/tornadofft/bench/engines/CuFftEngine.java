package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.UnsupportedCaseException;
import org.bytedeco.cuda.cudart.double2;
import org.bytedeco.cuda.cudart.float2;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;

import static org.bytedeco.cuda.global.cufft.CUFFT_C2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_C2R;
import static org.bytedeco.cuda.global.cufft.CUFFT_D2Z;
import static org.bytedeco.cuda.global.cufft.CUFFT_FORWARD;
import static org.bytedeco.cuda.global.cufft.CUFFT_R2C;
import static org.bytedeco.cuda.global.cufft.CUFFT_Z2D;
import static org.bytedeco.cuda.global.cufft.CUFFT_Z2Z;
import static org.bytedeco.cuda.global.cufft.cufftDestroy;
import static org.bytedeco.cuda.global.cufft.cufftExecC2C;
import static org.bytedeco.cuda.global.cufft.cufftExecC2R;
import static org.bytedeco.cuda.global.cufft.cufftExecD2Z;
import static org.bytedeco.cuda.global.cufft.cufftExecR2C;
import static org.bytedeco.cuda.global.cufft.cufftExecZ2D;
import static org.bytedeco.cuda.global.cufft.cufftExecZ2Z;
import static org.bytedeco.cuda.global.cufft.cufftPlanMany;

/**
 * cuFFT through the bytedeco CUDA presets on the system's CUDA libraries, in the same process and
 * on the same data as every other engine. c2c in place, as the baseline numbers are; r2c and c2r out of
 * place on packed buffers (a CUFFT_R2C or CUFFT_C2R plan); a float64 case the same with CUFFT_Z2Z,
 * CUFFT_D2Z and CUFFT_Z2D; each launch timed with a pair of CUDA events ({@link CudaRun}).
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
                + " runs after the first transform what the last one left); in double the same with cufftExecZ2Z, D2Z"
                + " and Z2D (CUFFT_Z2Z, CUFFT_D2Z, CUFFT_Z2D plans). 'kernel' is one launch between two CUDA"
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
        /**
         * The buffers as the exec functions type them, made once (not per launch): float2 and FloatPointer
         * for float32, double2 and DoublePointer for float64.
         */
        private final org.bytedeco.javacpp.Pointer complexIn;
        private final org.bytedeco.javacpp.Pointer complexOut;
        private final org.bytedeco.javacpp.Pointer realIn;
        private final org.bytedeco.javacpp.Pointer realOut;
        private boolean planned;

        Run(Case c) {
            super(c, "cuFFT");
            boolean z = c.isDouble();
            complexIn = c.kind() == Case.Kind.R2C ? null : z ? new double2(input) : new float2(input);
            complexOut = c.kind() == Case.Kind.C2R ? null : z ? new double2(output) : new float2(output);
            realIn = c.kind() != Case.Kind.R2C ? null : z ? new DoublePointer(input) : new FloatPointer(input);
            realOut = c.kind() != Case.Kind.C2R ? null : z ? new DoublePointer(output) : new FloatPointer(output);
            try {
                // Packed batches: with null embeds cuFFT takes its basic layout, and these distances are theirs.
                int type = switch (c.kind()) {
                    case C2C -> z ? CUFFT_Z2Z : CUFFT_C2C;
                    case R2C -> z ? CUFFT_D2Z : CUFFT_R2C;
                    case C2R -> z ? CUFFT_Z2D : CUFFT_C2R;
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
            if (c.isDouble()) {
                switch (c.kind()) {
                    case C2C -> Cuda.checkFft(cufftExecZ2Z(plan[0], (double2) complexIn, (double2) complexOut, CUFFT_FORWARD),
                            "cufftExecZ2Z");
                    case R2C -> Cuda.checkFft(cufftExecD2Z(plan[0], (DoublePointer) realIn, (double2) complexOut), "cufftExecD2Z");
                    case C2R -> Cuda.checkFft(cufftExecZ2D(plan[0], (double2) complexIn, (DoublePointer) realOut), "cufftExecZ2D");
                }
                return;
            }
            switch (c.kind()) {
                case C2C -> Cuda.checkFft(cufftExecC2C(plan[0], (float2) complexIn, (float2) complexOut, CUFFT_FORWARD),
                        "cufftExecC2C");
                case R2C -> Cuda.checkFft(cufftExecR2C(plan[0], (FloatPointer) realIn, (float2) complexOut), "cufftExecR2C");
                case C2R -> Cuda.checkFft(cufftExecC2R(plan[0], (float2) complexIn, (FloatPointer) realOut), "cufftExecC2R");
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
            String type = switch (c.kind()) {
                case C2C -> c.isDouble() ? "Z2Z, " : "";
                case R2C -> c.isDouble() ? "D2Z, " : "R2C, ";
                case C2R -> c.isDouble() ? "Z2D, " : "C2R, ";
            };
            return "cufftPlanMany " + type + "rank " + c.rank() + ", batch " + c.batch();
        }
    }
}
