package io.github.tornadofft.bench;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.reference.ReferenceFft;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.StringJoiner;

/**
 * A case's input (every engine gets the same) and what it should become: reference-fft, in double
 * precision, for a sample of the batch. Checking a sample keeps huge batches fast; the report says
 * which transforms were checked.
 */
public final class Truth {

    private final Case c;
    private final float[] input;
    private final int[] samples;
    private final double[][] expected;

    private Truth(Case c, float[] input, int[] samples, double[][] expected) {
        this.c = c;
        this.input = input;
        this.samples = samples;
        this.expected = expected;
    }

    /** Fresh uniform random input in [-1, 1) and the reference transforms of up to {@code maxSamples} of the batch. */
    public static Truth of(Case c, long seed, int maxSamples) {
        float[] input = new float[c.floats()];
        SplittableRandom random = new SplittableRandom(seed ^ c.hashCode());
        for (int i = 0; i < input.length; i++) {
            input[i] = (float) (2 * random.nextDouble() - 1);
        }
        int[] samples = sampleIndices(c.batch(), maxSamples);
        int len = (int) (2 * c.points());
        double[][] expected = new double[samples.length][];
        for (int k = 0; k < samples.length; k++) {
            double[] d = new double[len];
            int base = samples[k] * len;
            for (int i = 0; i < len; i++) {
                d[i] = input[base + i];
            }
            ReferenceFft.c2c(d, c.shape(), ReferenceFft.allAxes(c.rank()), Direction.FORWARD, Norm.BACKWARD);
            expected[k] = d;
        }
        return new Truth(c, input, samples, expected);
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

    /** The input, shared and not to be modified: every engine copies it into its own buffer. */
    public float[] input() {
        return input;
    }

    /**
     * Relative L2 error of the engine's last end-to-end output against the reference, over the
     * sampled transforms: ||y - y_ref|| / ||y_ref||. Infinite when the output has NaN or infinity.
     */
    public double relativeError(Engine.Prepared prepared) {
        return relativeError(prepared::result);
    }

    /** Where an output is read from: copies transform {@code index} of the batch into {@code dst}. */
    @FunctionalInterface
    public interface Output {
        void read(int index, float[] dst);
    }

    /** As {@link #relativeError(Engine.Prepared)}, of an output read through {@code output}. */
    public double relativeError(Output output) {
        int len = (int) (2 * c.points());
        float[] got = new float[len];
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
