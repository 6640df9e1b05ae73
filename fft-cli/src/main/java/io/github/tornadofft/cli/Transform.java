package io.github.tornadofft.cli;

import io.github.tornadofft.api.Precision;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;

import java.util.Arrays;

/**
 * One request, as a value: which transform, over which axes of an input array, with which
 * direction, normalisation and arithmetic precision. The transformed axes are the last
 * {@code dims}; the leading axes are a batch.
 *
 * @param realLength for {@link Kind#C2R}, the length of the last output axis; 0 otherwise
 */
record Transform(Kind kind, int[] shape, int dims, Direction direction, Norm norm, Precision precision,
                 int realLength) {

    enum Kind {
        /** complex to complex (numpy fftn / ifftn) */
        C2C,
        /** real to half-spectrum complex (numpy rfftn) */
        R2C,
        /** half-spectrum complex to real (numpy irfftn) */
        C2R
    }

    Transform {
        shape = shape.clone();
    }

    /**
     * The transform the command line asks for on {@code input}, or a {@link CliError#usage} saying
     * why the options do not fit the input.
     *
     * @param dims       the {@code --dims} option, or null for all axes
     * @param precision  the {@code --precision} option, or null for the input's precision
     * @param realLength the {@code --real-size} option, or null
     */
    static Transform forInput(NpyData input, Integer dims, boolean inverse, Norm norm, Precision precision,
                              Integer realLength) {
        int rank = input.rank();
        int k = dims == null ? rank : dims;
        if (k < 1 || k > rank) {
            throw CliError.usage("--dims " + k + ": must be from 1 to the input's rank, " + rank
                    + " for " + input);
        }
        Precision compute = precision != null ? precision
                : input.dtype().doublePrecision() ? Precision.DOUBLE : Precision.FLOAT;
        Direction direction = inverse ? Direction.INVERSE : Direction.FORWARD;
        int[] shape = input.shape();
        if (realLength != null) {
            checkRealOutput(input, inverse, realLength);
            return new Transform(Kind.C2R, shape, k, direction, norm, compute, realLength);
        }
        if (!input.complex()) {
            if (inverse) {
                throw CliError.usage("--inverse: needs complex input (complex64 or complex128), got " + input
                        + "; a real input has only a forward (r2c) transform");
            }
            return new Transform(Kind.R2C, shape, k, direction, norm, compute, 0);
        }
        return new Transform(Kind.C2C, shape, k, direction, norm, compute, 0);
    }

    private static void checkRealOutput(NpyData input, boolean inverse, int realLength) {
        if (!input.complex()) {
            throw CliError.usage("--real-size: needs complex input (a half spectrum, complex64 or complex128), got " + input);
        }
        if (!inverse) {
            throw CliError.usage("--real-size: is the inverse complex-to-real transform; add --inverse");
        }
        int last = input.shape()[input.rank() - 1];
        if (realLength < 1 || realLength / 2 + 1 != last) {
            throw CliError.usage("--real-size " + realLength + ": the last axis of the input must have length "
                    + "N/2 + 1 for N = " + realLength + ", got " + last);
        }
    }

    /** The transformed axes: the last {@code dims}. */
    int[] axes() {
        int[] axes = new int[dims];
        for (int i = 0; i < dims; i++) {
            axes[i] = shape.length - dims + i;
        }
        return axes;
    }

    /** The lengths of the transformed axes: the shape of one transform. */
    int[] transformShape() {
        return Arrays.copyOfRange(shape, shape.length - dims, shape.length);
    }

    /** Number of transforms: the product of the leading axes. */
    int batch() {
        return (int) Shapes.elements(Arrays.copyOfRange(shape, 0, shape.length - dims));
    }

    @Override
    public int[] shape() {
        return shape.clone();
    }

    /** The output array's shape: the input's, but the last axis halved + 1 for r2c, or N for c2r. */
    int[] outputShape() {
        int[] out = shape.clone();
        int last = out.length - 1;
        switch (kind) {
            case R2C -> out[last] = shape[last] / 2 + 1;
            case C2R -> out[last] = realLength;
            case C2C -> {
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(kind.name().toLowerCase()).append(' ')
                .append(direction.name().toLowerCase()).append(" of ").append(Shapes.format(shape));
        if (dims < shape.length) {
            s.append(" over axes ").append(Arrays.toString(axes())).append(": ").append(batch())
                    .append(" transforms of ").append(Shapes.format(transformShape()));
        }
        if (kind != Kind.C2C) {
            s.append(" -> ").append(Shapes.format(outputShape()));
        }
        return s.append(", norm ").append(norm.name().toLowerCase()).append(", compute ")
                .append(precision.name().toLowerCase()).toString();
    }
}
