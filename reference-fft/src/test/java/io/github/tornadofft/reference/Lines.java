package io.github.tornadofft.reference;

import io.github.tornadofft.api.Direction;

/**
 * The plain way to transform a C-order array along one axis: visit every multi-index with that axis
 * at 0, copy the line out, transform it with the 1D plan, copy it back. A slow but obvious reference
 * for {@link ReferenceFft}'s batched, parallel version.
 */
final class Lines {
    private Lines() {}

    /** C-order strides (in elements) of a shape. */
    static int[] strides(int[] shape) {
        int[] s = new int[shape.length];
        int acc = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            s[d] = acc;
            acc *= shape[d];
        }
        return s;
    }

    static int size(int[] shape) {
        int p = 1;
        for (int v : shape) {
            p *= v;
        }
        return p;
    }

    /** Unnormalized 1D transforms of every line of complex {@code data} along {@code axis}. */
    static void transformAlong(double[] data, int[] shape, int axis, Direction dir) {
        int[] stride = strides(shape);
        int n = shape[axis];
        Fft1d plan = Fft1dPlanner.plan(n);
        double[] line = new double[2 * n];
        for (int start = 0; start < size(shape); start++) {
            if ((start / stride[axis]) % n != 0) {
                continue; // not the first element of its line
            }
            for (int j = 0; j < n; j++) {
                line[2 * j] = data[2 * (start + j * stride[axis])];
                line[2 * j + 1] = data[2 * (start + j * stride[axis]) + 1];
            }
            plan.transform(line, 0, 1, dir);
            for (int j = 0; j < n; j++) {
                data[2 * (start + j * stride[axis])] = line[2 * j];
                data[2 * (start + j * stride[axis]) + 1] = line[2 * j + 1];
            }
        }
    }

    /** Real values as complex ones with zero imaginary parts. */
    static double[] complexOf(double[] real) {
        double[] c = new double[2 * real.length];
        for (int i = 0; i < real.length; i++) {
            c[2 * i] = real[i];
        }
        return c;
    }

    /** The entries of complex {@code full} whose index along {@code axis} is at most shape[axis]/2. */
    static double[] truncateAlong(double[] full, int[] shape, int axis) {
        int[] stride = strides(shape);
        int h = shape[axis] / 2 + 1;
        int[] outShape = shape.clone();
        outShape[axis] = h;
        double[] out = new double[2 * size(outShape)];
        int o = 0;
        for (int i = 0; i < size(shape); i++) {
            if ((i / stride[axis]) % shape[axis] < h) { // C order is kept, so entries arrive in order
                out[o++] = full[2 * i];
                out[o++] = full[2 * i + 1];
            }
        }
        return out;
    }

    static double[] scaled(double[] x, double s) {
        double[] y = x.clone();
        for (int i = 0; i < y.length; i++) {
            y[i] *= s;
        }
        return y;
    }
}
