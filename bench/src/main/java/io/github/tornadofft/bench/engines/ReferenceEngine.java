package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;

/**
 * reference-fft, the project's oracle: pure Java, double precision, one thread. It is here for its
 * accuracy and as the floor any engine must clear, not as a contender. A float32 case's input is widened
 * to double and its result rounded to float; a float64 case's goes in and comes out as it is.
 */
public final class ReferenceEngine implements Engine {

    private final CopyCeiling ceiling;

    public ReferenceEngine(CopyCeiling hostCeiling) {
        this.ceiling = hostCeiling;
    }

    @Override
    public String name() {
        return "reference-fft";
    }

    @Override
    public String device() {
        return "CPU, 1 thread, double";
    }

    @Override
    public Place place() {
        return Place.CPU;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        return "reference-fft ReferenceFft.c2c, double precision, in place, one thread; r2c and c2r: ReferenceFft.r2c and"
                + " c2r (out of place, into a new array). 'call' is the transform of doubles already in the working array;"
                + " 'e2e' adds converting the float input to double and the result back to float (in double: copying the"
                + " input in and the result out).";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) {
        return new Run(c);
    }

    private static final class Run implements Prepared {
        private final Case c;
        private final int[] shape;
        private final int[] axes;
        private double[] input;
        private double[] work;
        /** The float32 input, converted in each end-to-end run; null for a float64 case. */
        private float[] floatIn;
        /** The last end-to-end result: float[] for a float32 case, double[] for float64. */
        private float[] out;
        private double[] doubleOut;

        Run(Case c) {
            this.c = c;
            int rank = c.rank();
            if (c.batch() == 1) {
                shape = c.shape();
                axes = ReferenceFft.allAxes(rank);
            } else {
                shape = new int[rank + 1];
                shape[0] = c.batch();
                System.arraycopy(c.shape(), 0, shape, 1, rank);
                axes = new int[rank];
                for (int i = 0; i < rank; i++) {
                    axes[i] = i + 1;
                }
            }
        }

        @Override
        public void load(float[] in) {
            floatIn = in;
            input = new double[in.length];
            for (int i = 0; i < in.length; i++) {
                input[i] = in[i];
            }
            work = new double[in.length];
            out = new float[c.outputFloats()];
        }

        @Override
        public void load(double[] in) {
            input = in;
            work = new double[in.length];
            doubleOut = new double[c.outputFloats()];
        }

        /** The batch's transform of {@link #work}: in place for c2c, into a new array for r2c and c2r. */
        private double[] transform() {
            return switch (c.kind()) {
                case C2C -> {
                    ReferenceFft.c2c(work, shape, axes, Direction.FORWARD, Norm.BACKWARD);
                    yield work;
                }
                case R2C -> ReferenceFft.r2c(work, shape, axes, Norm.BACKWARD);
                case C2R -> ReferenceFft.c2r(work, shape, axes, Norm.FORWARD);
            };
        }

        @Override
        public boolean hasKernelTime() {
            return false;
        }

        @Override
        public Sample runResident() {
            System.arraycopy(input, 0, work, 0, input.length);
            long t0 = System.nanoTime();
            transform();
            return Sample.wall(System.nanoTime() - t0);
        }

        @Override
        public long runEndToEnd() {
            long t0 = System.nanoTime();
            if (floatIn == null) {
                System.arraycopy(input, 0, work, 0, input.length);
                double[] result = transform();
                System.arraycopy(result, 0, doubleOut, 0, doubleOut.length);
                return System.nanoTime() - t0;
            }
            for (int i = 0; i < floatIn.length; i++) {
                work[i] = floatIn[i];
            }
            double[] result = transform();
            for (int i = 0; i < out.length; i++) {
                out[i] = (float) result[i];
            }
            return System.nanoTime() - t0;
        }

        @Override
        public void result(int index, float[] dst) {
            int len = c.outputLength();
            System.arraycopy(out, index * len, dst, 0, len);
        }

        @Override
        public void result(int index, double[] dst) {
            int len = c.outputLength();
            System.arraycopy(doubleOut, index * len, dst, 0, len);
        }

        @Override
        public long setupNanos() {
            return -1;
        }

        @Override
        public String plan() {
            return "";
        }

        @Override
        public void close() {
            input = null;
            work = null;
            out = null;
            doubleOut = null;
        }
    }
}
