package io.github.tornadofft.kernels;

/**
 * Single-precision values as two scaled half-precision parts, the split that lets fp16 tensor-core
 * products keep float-class accuracy (the Tensor-Core FFT seed's Algorithm 1, with power-of-two
 * scales): {@code x[i] ≈ hiScale · hi[i] + loScale · lo[i]}, {@code hi} the value rounded to fp16 after
 * scaling the vector into [-1, 1], {@code lo} what that rounding lost, scaled into [-1, 1] again.
 *
 * <p>Why powers of two: dividing by one is exact in float, so the only roundings are the two to fp16,
 * and {@code hiScale · hi[i]} is exact too, so the residual is. With {@code m = max |x[i]|}, {@code
 * hiScale} is the least power of two ≥ m (below 2m), the fp16 rounding of a value in [-1, 1] errs by at
 * most 2^-12, so every residual is at most 2^-12 · hiScale, {@code loScale} at most that, and the lo
 * part errs by at most 2^-12 · loScale: the split loses at most 2^-24 · hiScale &lt; 2^-23 · m per
 * value, float's own rounding of the largest value. (Above 2^127, where float has no larger power of
 * two, the scale is 2^127 and the bound 2^-23 · m still holds.) The seed divides by m itself, which adds a float
 * rounding to every value before it is split.
 *
 * <p>fp16 here is IEEE binary16 as {@link Float#floatToFloat16} rounds to it: to nearest, ties to even,
 * beyond 65504 to infinity.
 */
public final class HalfSplit {

    /** The largest finite fp16 value. */
    public static final float HALF_MAX = 65504f;

    private HalfSplit() {
    }

    /**
     * One vector split: its fp16 parts (binary16 bit patterns) and their float scales, powers of two.
     *
     * @param hi      the values scaled by 1 / hiScale, rounded to fp16
     * @param lo      what that rounding lost, scaled by 1 / loScale, rounded to fp16
     * @param hiScale the least power of two at least the largest magnitude (1 for a vector of zeros)
     * @param loScale the least power of two at least the largest residual (1 where there is none)
     */
    public record Parts(short[] hi, short[] lo, float hiScale, float loScale) {

        /** Value {@code i} as the two parts give it back. */
        public float value(int i) {
            return (float) ((double) hiScale * Float.float16ToFloat(hi[i]) + (double) loScale * Float.float16ToFloat(lo[i]));
        }

        /** How many values. */
        public int size() {
            return hi.length;
        }
    }

    /** {@code x} rounded to fp16 and back: the model of what a half-precision store keeps. */
    public static float toHalfAndBack(float x) {
        return Float.float16ToFloat(Float.floatToFloat16(x));
    }

    /**
     * Splits {@code count} values of {@code x} from {@code from}; {@code x} is left as it was.
     *
     * @throws IllegalArgumentException naming {@code from} / {@code count} where they leave the array,
     *                                  or {@code x} and the index of a value that is not finite
     */
    public static Parts split(float[] x, int from, int count) {
        if (x == null) {
            throw new IllegalArgumentException("x: null");
        }
        if (from < 0 || count < 0 || from > x.length - count) {
            throw new IllegalArgumentException("from, count: " + from + ", " + count + " leave an array of " + x.length);
        }
        float max = 0;
        for (int i = 0; i < count; i++) {
            float v = x[from + i];
            if (!Float.isFinite(v)) {
                throw new IllegalArgumentException("x: value " + (from + i) + " is " + v + "; only finite values split");
            }
            max = Math.max(max, Math.abs(v));
        }
        float hiScale = powerOfTwoAtLeast(max);
        short[] hi = new short[count];
        float[] residual = new float[count];
        float maxResidual = 0;
        for (int i = 0; i < count; i++) {
            float v = x[from + i];
            hi[i] = Float.floatToFloat16(v / hiScale);
            // exact in double (hiScale * hi has 11 significant bits); one float rounding of a value already 2^12 smaller
            residual[i] = (float) ((double) v - (double) hiScale * Float.float16ToFloat(hi[i]));
            maxResidual = Math.max(maxResidual, Math.abs(residual[i]));
        }
        float loScale = powerOfTwoAtLeast(maxResidual);
        short[] lo = new short[count];
        for (int i = 0; i < count; i++) {
            lo[i] = Float.floatToFloat16(residual[i] / loScale);
        }
        return new Parts(hi, lo, hiScale, loScale);
    }

    /**
     * The least power of two at least {@code m} (m ≥ 0, finite); 1 for 0; 2^127 above it (float has no
     * larger power of two: the scaled values then lie in (1, 2), which fp16 holds as well).
     */
    static float powerOfTwoAtLeast(float m) {
        if (m == 0) {
            return 1;
        }
        float p = Math.scalb(1f, Math.getExponent(m));
        // a subnormal m gives the exponent below the smallest normal's: step up from there
        while (p < m && p < LARGEST_POWER) {
            p *= 2;
        }
        return p;
    }

    private static final float LARGEST_POWER = Math.scalb(1f, Float.MAX_EXPONENT);
}
