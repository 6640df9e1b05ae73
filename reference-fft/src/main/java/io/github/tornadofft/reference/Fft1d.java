package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

/**
 * A plan for unnormalized one-dimensional complex transforms of one size.
 *
 * <p>Data are interleaved complex doubles: point j of a transform is at
 * {@code data[offset + 2*j*stride]} (real part) and {@code data[offset + 2*j*stride + 1]} (imaginary
 * part), j = 0..size()-1. The transform is {@code X[k] = sum_j x[j] e^{sign 2 pi i jk/n}} with
 * sign = {@link Direction#sign()}; no scaling is applied.
 *
 * <p>A plan holds only immutable tables, so one plan may be used from several threads at once. Work
 * space comes from the caller (as in rustfft's {@code process_with_scratch}): pass a scratch array of
 * at least {@link #scratchLength()} doubles to reuse it across calls, or use
 * {@link #transform(double[], int, int, Direction)}, which allocates one per call.
 */
public interface Fft1d {

    /** The number of complex points this plan transforms. */
    int size();

    /** How many doubles of scratch {@link #transform(double[], int, int, Direction, double[])} needs. */
    int scratchLength();

    /**
     * Transforms in place, using the caller's scratch space.
     *
     * @param data    interleaved complex values
     * @param offset  index in {@code data} of the real part of point 0
     * @param stride  distance between consecutive points, in complex elements (at least 1)
     * @param dir     the sign of the exponent
     * @param scratch at least {@link #scratchLength()} doubles, not overlapping the transformed points
     *                (it may be {@code data} itself if they lie beyond the scratch length); its contents
     *                are overwritten
     * @throws IllegalArgumentException naming the bad argument: a null array or direction, a negative
     *                                  offset, a stride below 1, {@code data} too short for the points,
     *                                  or {@code scratch} shorter than {@link #scratchLength()}
     */
    void transform(double[] data, int offset, int stride, Direction dir, double[] scratch);

    /**
     * Transforms in place: the unnormalized transform of the {@link #size()} complex values at
     * {@code data[offset + 2*j*stride]} (real) and {@code +1} (imaginary).
     *
     * @param data   interleaved complex values
     * @param offset index in {@code data} of the real part of point 0
     * @param stride distance between consecutive points, in complex elements (at least 1)
     * @param dir    the sign of the exponent
     * @throws IllegalArgumentException naming the bad argument, as
     *                                  {@link #transform(double[], int, int, Direction, double[])}
     */
    default void transform(double[] data, int offset, int stride, Direction dir) {
        transform(data, offset, stride, dir, new double[scratchLength()]);
    }
}
