package io.github.tornadofft.bench;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.reference.ReferenceFft;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.StringJoiner;

/**
 * A case's input (every engine gets the same) and what it should become: reference-fft, in double
 * precision, for a sample of the batch. Checking a sample keeps huge batches fast; the report says
 * which transforms were checked.
 *
 * <p>By kind: c2c, complex input, forward; r2c, a real signal, forward, to numpy's {@code rfftn} half
 * spectrum; c2r, a half spectrum made Hermitian where it must be ({@link HalfSpectrum#makeHermitian}),
 * inverse and unnormalised (cuFFT's convention: the result is N times numpy's {@code irfftn}).
 *
 * <p>A float32 case's input is floats ({@link #input()}), a float64 case's doubles ({@link #doubleInput()});
 * {@link #load} gives an engine the one of its case.
 */
public final class Truth {

    /**
     * Default largest relative L2 error of a right result: float32 transforms of the bench's sizes
     * stay under 1e-6; a wrong one (a misplaced bin, a lost axis) is near 1.
     */
    public static final double TOLERANCE = 1e-4;

    /**
     * Default largest relative L2 error of a right float64 result: double transforms of the bench's sizes
     * stay near 1e-15 (2^-52 log2 N); a kernel that computed anything in float is near 1e-7.
     */
    public static final double DOUBLE_TOLERANCE = 1e-12;

    /**
     * Default largest relative L2 error of a right fp16-storage result: one rounding of each output value
     * to fp16 is at most 2^-11 (4.9e-4) of it, about 2.8e-4 over random data; a transform computed in fp16
     * arithmetic is several times that.
     */
    public static final double HALF_TOLERANCE = 1e-3;

    private final Case c;
    /** The input of a float32 case; null for float64. */
    private final float[] input;
    /** The input of a float64 case; null for float32. */
    private final double[] doubles;
    private final int[] samples;
    private final double[][] expected;

    private Truth(Case c, float[] input, double[] doubles, int[] samples, double[][] expected) {
        this.c = c;
        this.input = input;
        this.doubles = doubles;
        this.samples = samples;
        this.expected = expected;
    }

    /** The default tolerance of a case's precision: {@link #TOLERANCE} or {@link #DOUBLE_TOLERANCE}. */
    public static double tolerance(Precision precision) {
        return switch (precision) {
            case FLOAT -> TOLERANCE;
            case DOUBLE -> DOUBLE_TOLERANCE;
            case HALF -> HALF_TOLERANCE;
        };
    }

    /**
     * Fresh uniform random input in [-1, 1) and the reference transforms of up to {@code maxSamples} of the
     * batch. A float64 case draws the same numbers as its float32 twin, unrounded.
     */
    public static Truth of(Case c, long seed, int maxSamples) {
        float[] input = c.isDouble() ? null : new float[c.floats()];
        double[] doubles = c.isDouble() ? new double[c.floats()] : null;
        SplittableRandom random = new SplittableRandom(seed ^ c.hashCode());
        for (int i = 0; i < c.floats(); i++) {
            double value = 2 * random.nextDouble() - 1;
            if (input != null) {
                // A half case's input is fp16 values: each value rounded to the nearest one.
                input[i] = c.isHalf() ? Float.float16ToFloat(Float.floatToFloat16((float) value)) : (float) value;
            } else {
                doubles[i] = value;
            }
        }
        int len = c.inputLength();
        if (c.kind() == Case.Kind.C2R) {
            for (int b = 0; b < c.batch(); b++) {
                if (input != null) {
                    HalfSpectrum.makeHermitian(input, b * len, c.shape());
                } else {
                    HalfSpectrum.makeHermitian(doubles, b * len, c.shape());
                }
            }
        }
        int[] samples = sampleIndices(c.batch(), maxSamples);
        double[][] expected = new double[samples.length][];
        for (int k = 0; k < samples.length; k++) {
            double[] d = new double[len];
            int base = samples[k] * len;
            for (int i = 0; i < len; i++) {
                d[i] = input != null ? input[base + i] : doubles[base + i];
            }
            expected[k] = expected(c, d);
        }
        return new Truth(c, input, doubles, samples, expected);
    }

    /** reference-fft's transform of one input of the case, in double precision; may reuse {@code in}. */
    static double[] expected(Case c, double[] in) {
        int[] axes = ReferenceFft.allAxes(c.rank());
        return switch (c.kind()) {
            case C2C -> {
                ReferenceFft.c2c(in, c.shape(), axes, Direction.FORWARD, Norm.BACKWARD);
                yield in;
            }
            case R2C -> ReferenceFft.r2c(in, c.shape(), axes, Norm.BACKWARD);
            // Norm.FORWARD leaves the inverse unscaled, as cuFFT, VkFFT and JTransforms (scale false) do.
            case C2R -> ReferenceFft.c2r(in, c.shape(), axes, Norm.FORWARD);
        };
    }

    /** {@code k} indices spread evenly over {@code [0, batch)}, first and last included; all of them when batch <= k. */
    static int[] sampleIndices(int batch, int k) {
        if (batch <= k) {
            return java.util.stream.IntStream.range(0, batch).toArray();
        }
        if (k <= 1) {
            return new int[] {0};
        }
        int[] idx = new int[k];
        for (int i = 0; i < k; i++) {
            idx[i] = (int) ((long) i * (batch - 1) / (k - 1));
        }
        return idx;
    }

    public Case kase() {
        return c;
    }

    /**
     * The input of a float32 case, {@link Case#floats()} floats (transform b at b {@link Case#inputLength()}),
     * shared and not to be modified: every engine copies it into its own buffer.
     *
     * @throws IllegalStateException for a float64 case, whose input is {@link #doubleInput()}
     */
    public float[] input() {
        if (input == null) {
            throw new IllegalStateException("input: the input of a float64 case (" + c.label() + ") is doubleInput()");
        }
        return input;
    }

    /**
     * {@link #input()} of a float64 case: {@link Case#floats()} doubles.
     *
     * @throws IllegalStateException for a float32 case, whose input is {@link #input()}
     */
    public double[] doubleInput() {
        if (doubles == null) {
            throw new IllegalStateException("doubleInput: the input of a float32 case (" + c.label() + ") is input()");
        }
        return doubles;
    }

    /** Gives the engine its input: {@link Engine.Prepared#load(float[])} or, for a float64 case, the doubles. */
    public void load(Engine.Prepared prepared) {
        if (c.isDouble()) {
            prepared.load(doubles);
        } else {
            prepared.load(input);
        }
    }

    /**
     * Relative L2 error of the engine's last end-to-end output against the reference, over the
     * sampled transforms: ||y - y_ref|| / ||y_ref||. Infinite when the output has NaN or infinity.
     * A float64 case's output is read as doubles.
     */
    public double relativeError(Engine.Prepared prepared) {
        return c.isDouble() ? relativeErrorOfDoubles(prepared::result) : relativeError((Output) prepared::result);
    }

    /**
     * Where an output is read from: copies transform {@code index} of the batch into {@code dst}, of
     * {@link Case#outputLength()} floats (c2c and r2c: interleaved complex; c2r: real).
     */
    @FunctionalInterface
    public interface Output {
        void read(int index, float[] dst);
    }

    /** {@link Output} of float64 values. */
    @FunctionalInterface
    public interface DoubleOutput {
        void read(int index, double[] dst);
    }

    /** As {@link #relativeError(Engine.Prepared)}, of a float32 output read through {@code output}. */
    public double relativeError(Output output) {
        float[] floats = new float[c.outputLength()];
        return relativeErrorOfDoubles((index, dst) -> {
            output.read(index, floats);
            for (int i = 0; i < dst.length; i++) {
                dst[i] = floats[i];
            }
        });
    }

    /** As {@link #relativeError(Engine.Prepared)}, of a float64 output read through {@code output}. */
    public double relativeErrorOfDoubles(DoubleOutput output) {
        int len = c.outputLength();
        double[] got = new double[len];
        double err = 0;
        double ref = 0;
        for (int k = 0; k < samples.length; k++) {
            output.read(samples[k], got);
            double[] want = expected[k];
            for (int i = 0; i < len; i++) {
                double d = got[i] - want[i];
                err += d * d;
                ref += want[i] * want[i];
            }
        }
        if (Double.isNaN(err) || Double.isInfinite(err)) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.sqrt(err / ref);
    }

    /** "4 of 1024 (0, 341, 682, 1023)", or "1 of 1". */
    public String describeSamples() {
        if (samples.length == c.batch()) {
            return samples.length + " of " + c.batch();
        }
        StringJoiner j = new StringJoiner(", ", " (transforms ", ")");
        Arrays.stream(samples).forEach(i -> j.add(Integer.toString(i)));
        return samples.length + " of " + c.batch() + j;
    }

    public int sampleCount() {
        return samples.length;
    }
}
