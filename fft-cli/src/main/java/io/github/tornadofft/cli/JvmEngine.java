package io.github.tornadofft.cli;

import io.github.tornadofft.api.Precision;
import io.github.tornadofft.reference.ReferenceFft;

/** Runs a transform with reference-fft: any size, any rank, single or double precision input. */
final class JvmEngine implements Engine {

    static final String PLAN = "reference-fft (mixed radix/Bluestein, double)";

    @Override
    public String device() {
        return "jvm (reference-fft, pure Java)";
    }

    /** reference-fft computes in double whatever the precision asked; a float result is rounded once. */
    @Override
    public String arithmetic(Transform t) {
        return "double (float64)" + (t.precision() == Precision.FLOAT ? ", rounded to float" : "");
    }

    @Override
    public Result run(Transform t, NpyData input) {
        long start = System.nanoTime();
        NpyData output;
        try {
            output = compute(t, input);
        } catch (IllegalArgumentException e) {
            // reference-fft refuses what it cannot hold (a length over its limits): the input's fault.
            throw CliError.usage("--device jvm: " + e.getMessage());
        }
        long executeNanos = System.nanoTime() - start;
        return new Result(output.withPrecision(input.dtype().doublePrecision()), PLAN, 0, executeNanos);
    }

    private static NpyData compute(Transform t, NpyData input) {
        int[] shape = t.shape();
        int[] axes = t.axes();
        boolean single = t.precision() == Precision.FLOAT;
        return switch (t.kind()) {
            case C2C -> {
                if (single) {
                    yield NpyData.ofFloats(shape, true, ReferenceFft.c2c(input.asFloats(), shape, axes, t.direction(), t.norm()));
                }
                double[] data = input.asDoubles().clone();
                ReferenceFft.c2c(data, shape, axes, t.direction(), t.norm());
                yield NpyData.ofDoubles(shape, true, data);
            }
            case R2C -> single
                    ? NpyData.ofFloats(t.outputShape(), true, ReferenceFft.r2c(input.asFloats(), shape, axes, t.norm()))
                    : NpyData.ofDoubles(t.outputShape(), true, ReferenceFft.r2c(input.asDoubles(), shape, axes, t.norm()));
            case C2R -> single
                    ? NpyData.ofFloats(t.outputShape(), false, ReferenceFft.c2r(input.asFloats(), t.outputShape(), axes, t.norm()))
                    : NpyData.ofDoubles(t.outputShape(), false, ReferenceFft.c2r(input.asDoubles(), t.outputShape(), axes, t.norm()));
        };
    }
}
