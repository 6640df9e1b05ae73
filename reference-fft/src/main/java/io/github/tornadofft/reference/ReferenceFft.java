package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;

import java.util.stream.IntStream;

/**
 * numpy.fft over arrays: complex-to-complex, real-to-complex and complex-to-real transforms over any
 * set of axes of a C-order (row-major, last index fastest) array, and batched strided 1D transforms.
 *
 * <p>Complex arrays are interleaved doubles (real, imaginary) with length 2 * product(shape). Every
 * multi-dimensional transform is the 1D plan of {@link Fft1dPlanner} applied along each axis in turn:
 * lines along an axis are copied, a few at a time, into a contiguous buffer, transformed there and
 * copied back. Large transforms spread their lines over the common fork-join pool.
 *
 * <p>Axes may be negative, counting from the end as in numpy (-1 is the last axis). Scaling follows
 * {@link Norm}, with n the product of the lengths of the transformed axes (of the real shape for
 * {@code r2c} and {@code c2r}).
 *
 * <p>Every method checks all its arguments before it touches any array, and reports a bad one with an
 * {@link IllegalArgumentException} that names it. The float methods compute in double and never change
 * their input.
 */
public final class ReferenceFft {
    private ReferenceFft() {}

    /** Below this many complex points an axis pass runs on the calling thread only. */
    private static final long PARALLEL_THRESHOLD = 1 << 15;

    /** About how many complex points of lines are gathered into one contiguous buffer at a time. */
    private static final int BATCH_POINTS = 1 << 12;

    // ---------------------------------------------------------------------------------------------
    // complex to complex

    /**
     * Complex-to-complex transform over the given axes, in place (numpy.fft.fftn / ifftn).
     *
     * @param data  interleaved complex values, length 2 * product(shape)
     * @param shape the array's lengths, each at least 1
     * @param axes  the axes to transform, distinct, each in [-rank, rank); may be empty
     * @param dir   the direction
     * @param norm  the scaling
     * @throws IllegalArgumentException naming the bad argument; {@code data} is then left untouched
     */
    public static void c2c(double[] data, int[] shape, int[] axes, Direction dir, Norm norm) {
        Checks.notNull(data, "data");
        long size = checkShape(shape, "shape");
        int[] ax = checkAxes(axes, shape.length, false);
        Checks.notNull(dir, "dir");
        Checks.notNull(norm, "norm");
        checkLength(data.length, 2 * size, "data", "2 * product(shape) (interleaved complex)");
        for (int a : ax) {
            // Every axis planned (and refused, where its length is) before the first one is transformed.
            Fft1dPlanner.plan(shape[a]);
        }
        for (int a : ax) {
            alongAxis(data, shape, a, dir);
        }
        scale(data, norm.scale(product(shape, ax), dir));
    }

    /**
     * {@link #c2c(double[], int[], int[], Direction, Norm)} for float data: computed in double, returned
     * as a new array; {@code data} is not changed.
     *
     * @throws IllegalArgumentException naming the bad argument
     */
    public static float[] c2c(float[] data, int[] shape, int[] axes, Direction dir, Norm norm) {
        Checks.notNull(data, "data");
        double[] d = toDouble(data);
        c2c(d, shape, axes, dir, norm);
        return toFloat(d);
    }

    // ---------------------------------------------------------------------------------------------
    // real to complex

    /**
     * Real-to-complex forward transform, numpy.fft.rfftn: the last axis in {@code axes} is transformed
     * first and keeps only its n/2 + 1 non-redundant outputs; the other axes are then transformed
     * complex-to-complex.
     *
     * @param real  real values in C order, length product(shape)
     * @param shape the real array's lengths, each at least 1
     * @param axes  the axes to transform, distinct, at least one, each in [-rank, rank)
     * @param norm  the scaling (n = product of shape over axes)
     * @return interleaved complex values of shape {@code shape} with {@code shape[last axis]} replaced by
     *         {@code shape[last axis]/2 + 1}
     * @throws IllegalArgumentException naming the bad argument
     */
    public static double[] r2c(double[] real, int[] shape, int[] axes, Norm norm) {
        Checks.notNull(real, "real");
        long size = checkShape(shape, "shape");
        int[] ax = checkAxes(axes, shape.length, true);
        Checks.notNull(norm, "norm");
        checkLength(real.length, size, "real", "product(shape)");
        int last = ax[ax.length - 1];
        int[] outShape = halved(shape, last);
        checkShape(outShape, "shape"); // fits in an array as complex
        double[] out = new double[(int) (2 * product(outShape))];
        // the halved axis: transform each real line as complex, keep k = 0..n/2
        int n = shape[last];
        int h = outShape[last];
        long inner = product(shape, last + 1, shape.length);
        long outer = product(shape, 0, last);
        Fft1d plan = Fft1dPlanner.plan(n);
        double[] line = new double[2 * n];
        double[] scratch = new double[plan.scratchLength()];
        for (long o = 0; o < outer; o++) {
            for (long t = 0; t < inner; t++) {
                for (int j = 0; j < n; j++) {
                    line[2 * j] = real[(int) ((o * n + j) * inner + t)];
                    line[2 * j + 1] = 0;
                }
                plan.transform(line, 0, 1, Direction.FORWARD, scratch);
                for (int k = 0; k < h; k++) {
                    int at = (int) (2 * ((o * h + k) * inner + t));
                    out[at] = line[2 * k];
                    out[at + 1] = line[2 * k + 1];
                }
            }
        }
        for (int i = 0; i < ax.length - 1; i++) {
            alongAxis(out, outShape, ax[i], Direction.FORWARD);
        }
        scale(out, norm.scale(product(shape, ax), Direction.FORWARD));
        return out;
    }

    /**
     * {@link #r2c(double[], int[], int[], Norm)} for float data, computed in double.
     *
     * @throws IllegalArgumentException naming the bad argument
     */
    public static float[] r2c(float[] real, int[] shape, int[] axes, Norm norm) {
        Checks.notNull(real, "real");
        return toFloat(r2c(toDouble(real), shape, axes, norm));
    }

    // ---------------------------------------------------------------------------------------------
    // complex to real

    /**
     * Complex-to-real inverse transform, numpy.fft.irfftn with an explicit output shape: the axes other
     * than the last in {@code axes} are inverse-transformed complex-to-complex, then the last one is
     * extended by Hermitian symmetry ({@code X[n-k] = conj(X[k])}) to {@code outShape[last]} points and
     * inverse-transformed to real values. As in numpy, the imaginary parts of the entries that must be
     * real (k = 0, and k = n/2 for even n) are ignored.
     *
     * @param complex  interleaved complex values of shape {@code outShape} with the last axis's length
     *                 replaced by {@code outShape[last]/2 + 1}; not changed
     * @param outShape the real output's lengths, each at least 1
     * @param axes     the axes to transform, distinct, at least one, each in [-rank, rank)
     * @param norm     the scaling (n = product of outShape over axes)
     * @return real values of shape {@code outShape}
     * @throws IllegalArgumentException naming the bad argument
     */
    public static double[] c2r(double[] complex, int[] outShape, int[] axes, Norm norm) {
        Checks.notNull(complex, "complex");
        long size = checkShape(outShape, "outShape");
        int[] ax = checkAxes(axes, outShape.length, true);
        Checks.notNull(norm, "norm");
        int last = ax[ax.length - 1];
        int[] inShape = halved(outShape, last);
        checkLength(complex.length, 2 * product(inShape), "complex",
                "2 * product(outShape with outShape[" + last + "] replaced by " + inShape[last] + ")");
        double[] spec = complex.clone();
        for (int i = 0; i < ax.length - 1; i++) {
            alongAxis(spec, inShape, ax[i], Direction.INVERSE);
        }
        double[] out = new double[(int) size];
        int n = outShape[last];
        int h = inShape[last];
        long inner = product(outShape, last + 1, outShape.length);
        long outer = product(outShape, 0, last);
        Fft1d plan = Fft1dPlanner.plan(n);
        double[] line = new double[2 * n];
        double[] scratch = new double[plan.scratchLength()];
        for (long o = 0; o < outer; o++) {
            for (long t = 0; t < inner; t++) {
                // Hermitian extension: X[k] for k < h, conj(X[n-k]) above
                for (int k = 0; k < n; k++) {
                    int src = k < h ? k : n - k;
                    int at = (int) (2 * ((o * h + src) * inner + t));
                    line[2 * k] = spec[at];
                    line[2 * k + 1] = k < h ? spec[at + 1] : -spec[at + 1];
                }
                line[1] = 0; // X[0] is real
                if (n % 2 == 0) {
                    line[n + 1] = 0; // and so is X[n/2]
                }
                plan.transform(line, 0, 1, Direction.INVERSE, scratch);
                for (int j = 0; j < n; j++) {
                    out[(int) ((o * n + j) * inner + t)] = line[2 * j];
                }
            }
        }
        scale(out, norm.scale(product(outShape, ax), Direction.INVERSE));
        return out;
    }

    /**
     * {@link #c2r(double[], int[], int[], Norm)} for float data, computed in double.
     *
     * @throws IllegalArgumentException naming the bad argument
     */
    public static float[] c2r(float[] complex, int[] outShape, int[] axes, Norm norm) {
        Checks.notNull(complex, "complex");
        return toFloat(c2r(toDouble(complex), outShape, axes, norm));
    }

    // ---------------------------------------------------------------------------------------------
    // batched strided 1D

    /**
     * {@code howMany} complex 1D transforms of n points each, in place (FFTW's advanced interface):
     * point j of transform b is the complex element at index {@code offset + b*dist + j*stride}, that
     * is, {@code data[2*(offset + b*dist + j*stride)]} (real) and {@code +1} (imaginary).
     *
     * <p>The transforms must not share elements: either {@code dist >= n*stride} (transforms one after
     * another) or {@code stride >= howMany*dist} (transforms interleaved).
     *
     * @param data    interleaved complex values (even length)
     * @param offset  complex index of point 0 of transform 0, at least 0
     * @param n       points per transform, at least 1
     * @param stride  complex elements between points of a transform, at least 1
     * @param howMany number of transforms, at least 1
     * @param dist    complex elements between the starts of consecutive transforms (at least 1 when
     *                howMany &gt; 1)
     * @param dir     the direction
     * @param norm    the scaling, with n the length of one transform
     * @throws IllegalArgumentException naming the bad argument; {@code data} is then left untouched
     */
    public static void c2c1d(double[] data, int offset, int n, int stride, int howMany, int dist,
                             Direction dir, Norm norm) {
        Checks.notNull(data, "data");
        if (data.length % 2 != 0) {
            throw Checks.bad("data.length", "even (interleaved complex)", data.length);
        }
        if (offset < 0) {
            throw Checks.bad("offset", "at least 0", offset);
        }
        if (n < 1) {
            throw Checks.bad("n", "at least 1", n);
        }
        if (stride < 1) {
            throw Checks.bad("stride", "at least 1", stride);
        }
        if (howMany < 1) {
            throw Checks.bad("howMany", "at least 1", howMany);
        }
        if (howMany > 1 && dist < 1) {
            throw Checks.bad("dist", "at least 1 when howMany > 1", dist);
        }
        Checks.notNull(dir, "dir");
        Checks.notNull(norm, "norm");
        if (howMany > 1 && n > 1 && (long) dist < (long) n * stride && (long) stride < (long) howMany * dist) {
            throw new IllegalArgumentException("dist and stride make transforms overlap: need dist >= n*stride ("
                    + ((long) n * stride) + ") or stride >= howMany*dist (" + ((long) howMany * dist)
                    + "), got dist " + dist + ", stride " + stride);
        }
        long lastIndex = offset + (long) (howMany - 1) * (howMany > 1 ? dist : 0) + (long) (n - 1) * stride;
        if (lastIndex >= data.length / 2) {
            throw new IllegalArgumentException("data is too short: the last point is complex element "
                    + lastIndex + " but data holds " + data.length / 2 + " complex elements");
        }
        Fft1d plan = Fft1dPlanner.plan(n);
        double s = norm.scale(n, dir);
        double[] scratch = new double[plan.scratchLength()];
        for (int b = 0; b < howMany; b++) {
            int start = 2 * (offset + b * dist);
            plan.transform(data, start, stride, dir, scratch);
            if (s != 1) {
                for (int j = 0; j < n; j++) {
                    data[start + 2 * j * stride] *= s;
                    data[start + 2 * j * stride + 1] *= s;
                }
            }
        }
    }

    /**
     * {@code {0, 1, ..., rank-1}}: every axis.
     *
     * @throws IllegalArgumentException naming {@code rank} where it is negative
     */
    public static int[] allAxes(int rank) {
        if (rank < 0) {
            throw Checks.bad("rank", "at least 0", rank);
        }
        return IntStream.range(0, rank).toArray();
    }

    // ---------------------------------------------------------------------------------------------
    // the one N-D building block

    /**
     * Unnormalized transform of every line along {@code axis}. Line (o, t) starts at complex element
     * {@code o*n*inner + t} and steps by {@code inner}; {@code batch} neighbouring lines (consecutive
     * t, adjacent in memory) are gathered together so that the copies walk memory in order.
     */
    private static void alongAxis(double[] data, int[] shape, int axis, Direction dir) {
        int n = shape[axis];
        if (n == 1) {
            return;
        }
        int inner = (int) product(shape, axis + 1, shape.length);
        int outer = (int) product(shape, 0, axis);
        int batch = Math.max(1, Math.min(inner, BATCH_POINTS / n));
        int blocksPerRow = (inner + batch - 1) / batch;
        long units = (long) outer * blocksPerRow;
        Fft1d plan = Fft1dPlanner.plan(n);
        // Each chunk of units runs on one thread, with its own buffer and scratch.
        int chunks = (long) n * outer * inner < PARALLEL_THRESHOLD
                ? 1 : (int) Math.min(units, 4L * Runtime.getRuntime().availableProcessors());
        IntStream range = IntStream.range(0, chunks);
        (chunks > 1 ? range.parallel() : range).forEach(c -> {
            double[] buf = inner == 1 ? null : new double[2 * n * batch];
            double[] scratch = new double[plan.scratchLength()];
            for (long u = units * c / chunks; u < units * (c + 1) / chunks; u++) {
                int o = (int) (u / blocksPerRow);
                int t0 = (int) (u % blocksPerRow) * batch;
                int base = o * n * inner; // complex index of line (o, 0)
                if (inner == 1) { // contiguous: transform where it lies
                    plan.transform(data, 2 * base, 1, dir, scratch);
                    continue;
                }
                int lines = Math.min(batch, inner - t0);
                for (int j = 0; j < n; j++) { // gather: buf[b][j] = data[line t0+b][j]
                    int from = 2 * (base + j * inner + t0);
                    for (int b = 0; b < lines; b++) {
                        buf[2 * (b * n + j)] = data[from + 2 * b];
                        buf[2 * (b * n + j) + 1] = data[from + 2 * b + 1];
                    }
                }
                for (int b = 0; b < lines; b++) {
                    plan.transform(buf, 2 * b * n, 1, dir, scratch);
                }
                for (int j = 0; j < n; j++) { // scatter back
                    int to = 2 * (base + j * inner + t0);
                    for (int b = 0; b < lines; b++) {
                        data[to + 2 * b] = buf[2 * (b * n + j)];
                        data[to + 2 * b + 1] = buf[2 * (b * n + j) + 1];
                    }
                }
            }
        });
    }

    // ---------------------------------------------------------------------------------------------
    // checks and small helpers

    /** Largest element count whose interleaved complex array still fits in a Java array. */
    private static final long MAX_ELEMENTS = (Integer.MAX_VALUE - 8) / 2;

    /** Checks a shape and returns its product. */
    private static long checkShape(int[] shape, String param) {
        Checks.notNull(shape, param);
        if (shape.length == 0) {
            throw Checks.bad(param + ".length", "at least 1 (rank-0 arrays are not transformed)", 0);
        }
        long size = 1;
        for (int i = 0; i < shape.length; i++) {
            if (shape[i] < 1) {
                throw Checks.bad(param + "[" + i + "]", "at least 1", shape[i]);
            }
            size *= shape[i];
            if (size > MAX_ELEMENTS) {
                throw Checks.bad("product(" + param + ")", "at most " + MAX_ELEMENTS
                        + " so that the complex array fits in a Java array", "more");
            }
        }
        return size;
    }

    /** Checks axes against a rank and returns them with negative axes made non-negative. */
    private static int[] checkAxes(int[] axes, int rank, boolean needOne) {
        Checks.notNull(axes, "axes");
        if (needOne && axes.length == 0) {
            throw Checks.bad("axes", "non-empty for a real transform (its last axis is the halved one)", "[]");
        }
        int[] ax = new int[axes.length];
        for (int i = 0; i < axes.length; i++) {
            if (axes[i] < -rank || axes[i] >= rank) {
                throw Checks.bad("axes[" + i + "]", "in [" + (-rank) + ", " + rank
                        + ") for a rank-" + rank + " array (negative counts from the end)", axes[i]);
            }
            ax[i] = axes[i] < 0 ? axes[i] + rank : axes[i];
            for (int j = 0; j < i; j++) {
                if (ax[j] == ax[i]) {
                    throw new IllegalArgumentException("axes must be distinct, but axes[" + j + "] = " + axes[j]
                            + " and axes[" + i + "] = " + axes[i] + " both name axis " + ax[i]);
                }
            }
        }
        return ax;
    }

    private static void checkLength(int length, long want, String param, String what) {
        if (length != want) {
            throw Checks.bad(param + ".length", what + " = " + want, length);
        }
    }

    /** shape with shape[axis] replaced by shape[axis]/2 + 1. */
    private static int[] halved(int[] shape, int axis) {
        int[] s = shape.clone();
        s[axis] = shape[axis] / 2 + 1;
        return s;
    }

    private static long product(int[] shape) {
        return product(shape, 0, shape.length);
    }

    private static long product(int[] shape, int from, int to) {
        long p = 1;
        for (int i = from; i < to; i++) {
            p *= shape[i];
        }
        return p;
    }

    private static long product(int[] shape, int[] axes) {
        long p = 1;
        for (int a : axes) {
            p *= shape[a];
        }
        return p;
    }

    private static void scale(double[] data, double s) {
        if (s != 1) {
            for (int i = 0; i < data.length; i++) {
                data[i] *= s;
            }
        }
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }

    private static float[] toFloat(double[] d) {
        float[] f = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            f[i] = (float) d[i];
        }
        return f;
    }
}
