package io.github.tornadofft.api;


import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * What to compute, as a value (the cuFFTDx idea of a descriptor): the shape of one transform, how
 * many of them, direction, normalisation, precision and placement. A planner turns it into a plan.
 *
 * <p>Data is interleaved complex, C order. By default the batch is packed: transform {@code b} starts
 * at complex index {@code b * size()}. A {@link Layout} places it otherwise (cuFFT's and FFTW's
 * stride and distance): element {@code e} (C order within the transform) of transform {@code b} at
 * complex index {@code b * distance + e * stride}, for the input and the output separately.
 */
public final class FftDescriptor {

    /** Largest transform length along one axis on a device path: 2^27. */
    public static final int MAX_LENGTH = 1 << 27;

    private final int[] shape;
    private final int batch;
    private final Direction direction;
    private final Norm norm;
    private final Precision precision;
    private final boolean inPlace;
    private final Layout input;
    private final Layout output;

    /**
     * Where a batch lies in its array, in complex elements: element {@code e} of transform {@code b}
     * at {@code b * distance + e * stride} ({@code e} in C order within the transform).
     *
     * @param stride   elements between consecutive elements of one transform, at least 1
     * @param distance elements between the first elements of consecutive transforms, at least 1
     */
    public record Layout(int stride, int distance) {

        /**
         * Checks the components.
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1
         */
        public Layout {
            if (stride < 1) {
                throw new IllegalArgumentException("stride: at least 1 (complex elements), got " + stride);
            }
            if (distance < 1) {
                throw new IllegalArgumentException("distance: at least 1 (complex elements), got " + distance);
            }
        }

        /**
         * The packed layout of transforms of {@code size} elements: stride 1, distance {@code size}.
         *
         * @throws IllegalArgumentException naming {@code distance} where {@code size} is below 1
         */
        public static Layout packed(long size) {
            return new Layout(1, (int) size);
        }

        /** Whether this is the packed layout of transforms of {@code size} elements (or of a single one). */
        public boolean isPacked(long size, int batch) {
            return stride == 1 && (distance == size || batch == 1);
        }

        /** Complex index of element {@code e} of transform {@code b}. */
        public long index(int b, long e) {
            return (long) b * distance + e * stride;
        }

        /** Floats an interleaved array needs to hold the batch in this layout. */
        public long floats(long size, int batch) {
            return 2 * (index(batch - 1, size - 1) + 1);
        }

        @Override
        public String toString() {
            return "stride " + stride + ", distance " + distance;
        }
    }

    private FftDescriptor(Builder b, Layout input, Layout output) {
        this.shape = b.shape.clone();
        this.batch = b.batch;
        this.direction = b.direction;
        this.norm = b.norm;
        this.precision = b.precision;
        this.inPlace = b.inPlace;
        this.input = input;
        this.output = output;
    }

    /**
     * A complex-to-complex transform of the given shape (one to three power-of-two axes, C order, at
     * most 2^27 elements); the builder's other settings start as batch 1, {@link Direction#FORWARD},
     * {@link Norm#BACKWARD}, {@link Precision#FLOAT}, out of place, packed.
     *
     * @throws IllegalArgumentException naming {@code shape} where it has no axes or more than three, an
     *                                  axis length that is not a power of two from 1 to 2^27, or more
     *                                  than 2^27 elements
     */
    public static Builder c2c(int... shape) {
        return new Builder(shape);
    }

    public int[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    /** Complex elements in one transform. */
    public long size() {
        long size = 1;
        for (int s : shape) {
            size *= s;
        }
        return size;
    }

    public int batch() {
        return batch;
    }

    /** Floats in the whole interleaved batch, packed (the plan's working buffers). */
    public long floats() {
        return 2L * size() * batch;
    }

    /** Where the input lies in its array. */
    public Layout inputLayout() {
        return input;
    }

    /** Where the output lies in its array (the input's layout when in place). */
    public Layout outputLayout() {
        return output;
    }

    /** Floats of the input array: {@link #floats()} when packed, more with a stride or a larger distance. */
    public long inputFloats() {
        return input.floats(size(), batch);
    }

    /** Floats of the output array. */
    public long outputFloats() {
        return output.floats(size(), batch);
    }

    /** Whether the input is packed. */
    public boolean inputPacked() {
        return input.isPacked(size(), batch);
    }

    /** Whether the output is packed. */
    public boolean outputPacked() {
        return output.isPacked(size(), batch);
    }

    public Direction direction() {
        return direction;
    }

    public Norm norm() {
        return norm;
    }

    public Precision precision() {
        return precision;
    }

    public boolean inPlace() {
        return inPlace;
    }

    /** Factor the output is multiplied by. */
    public float scale() {
        return (float) norm.scale(size(), direction);
    }

    /**
     * The same transform in {@code direction}, everything else equal (this descriptor where it already
     * goes that way).
     *
     * @throws IllegalArgumentException naming {@code direction} where it is null
     */
    public FftDescriptor withDirection(Direction direction) {
        if (direction == null) {
            throw new IllegalArgumentException("direction: FORWARD or INVERSE, got null");
        }
        if (direction == this.direction) {
            return this;
        }
        Builder b = new Builder(shape).batch(batch).direction(direction).norm(norm).precision(precision).inPlace(inPlace);
        return new FftDescriptor(b, input, output);
    }

    /** Two descriptors are equal when they describe the same computation on the same layouts. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FftDescriptor d && Arrays.equals(shape, d.shape) && batch == d.batch
                && direction == d.direction && norm == d.norm && precision == d.precision && inPlace == d.inPlace
                && input.equals(d.input) && output.equals(d.output);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(shape), batch, direction, norm, precision, inPlace, input, output);
    }

    @Override
    public String toString() {
        String layout = "";
        if (!inputPacked() || !outputPacked()) {
            layout = inPlace || input.equals(output) ? " (" + input + ")" : " (input " + input + ", output " + output + ")";
        }
        return String.format("c2c %s x %d %s norm=%s %s %s%s", Arrays.toString(shape), batch,
                direction.name().toLowerCase(Locale.ROOT), norm.name().toLowerCase(Locale.ROOT), precision.name().toLowerCase(Locale.ROOT),
                inPlace ? "in-place" : "out-of-place", layout);
    }

    /** Builds a descriptor; every setter checks its argument and names it when it is wrong. */
    public static final class Builder {
        private final int[] shape;
        private int batch = 1;
        private Direction direction = Direction.FORWARD;
        private Norm norm = Norm.BACKWARD;
        private Precision precision = Precision.FLOAT;
        private boolean inPlace;
        private Layout input;
        private Layout output;

        private Builder(int[] shape) {
            if (shape == null || shape.length < 1 || shape.length > 3) {
                throw new IllegalArgumentException("shape: one to three axis lengths, got "
                        + (shape == null ? "null" : Arrays.toString(shape)));
            }
            long total = 1;
            for (int s : shape) {
                if (s < 1 || Integer.bitCount(s) != 1 || s > MAX_LENGTH) {
                    throw new IllegalArgumentException("shape: every axis length must be a power of two from 1 to 2^27, got "
                            + Arrays.toString(shape));
                }
                total *= s;
                // Checked as it grows: three axes of up to 2^27 would overflow a long.
                if (total > MAX_LENGTH) {
                    throw new IllegalArgumentException("shape: at most 2^27 elements per transform, got "
                            + Arrays.toString(shape));
                }
            }
            this.shape = shape.clone();
        }

        /**
         * Transforms in the batch (default 1).
         *
         * @throws IllegalArgumentException naming {@code batch} where it is below 1
         */
        public Builder batch(int batch) {
            if (batch < 1) {
                throw new IllegalArgumentException("batch: must be at least 1, got " + batch);
            }
            this.batch = batch;
            return this;
        }

        /**
         * The direction (default {@link Direction#FORWARD}).
         *
         * @throws IllegalArgumentException naming {@code direction} where it is null
         */
        public Builder direction(Direction direction) {
            if (direction == null) {
                throw new IllegalArgumentException("direction: FORWARD or INVERSE, got null");
            }
            this.direction = direction;
            return this;
        }

        /**
         * The normalisation (default {@link Norm#BACKWARD}, numpy's).
         *
         * @throws IllegalArgumentException naming {@code norm} where it is null
         */
        public Builder norm(Norm norm) {
            if (norm == null) {
                throw new IllegalArgumentException("norm: BACKWARD, ORTHO or FORWARD, got null");
            }
            this.norm = norm;
            return this;
        }

        /**
         * The arithmetic precision (default {@link Precision#FLOAT}).
         *
         * @throws IllegalArgumentException naming {@code precision} where it is null
         */
        public Builder precision(Precision precision) {
            if (precision == null) {
                throw new IllegalArgumentException("precision: FLOAT or DOUBLE, got null");
            }
            this.precision = precision;
            return this;
        }

        /** Whether the output overwrites the input (default false: out of place). */
        public Builder inPlace(boolean inPlace) {
            this.inPlace = inPlace;
            return this;
        }

        /**
         * The input's and the output's layout: element e of transform b at b distance + e stride.
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1
         */
        public Builder layout(int stride, int distance) {
            Layout layout = new Layout(stride, distance);
            this.input = layout;
            this.output = layout;
            return this;
        }

        /**
         * The input's layout (the output's stays packed unless set, or in place).
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1
         */
        public Builder inputLayout(int stride, int distance) {
            this.input = new Layout(stride, distance);
            return this;
        }

        /**
         * The output's layout (out of place only).
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1
         */
        public Builder outputLayout(int stride, int distance) {
            this.output = new Layout(stride, distance);
            return this;
        }

        /**
         * The descriptor; an unset layout is packed, and in place the output's is the input's.
         *
         * @throws IllegalArgumentException naming {@code batch} where shape x batch is not under 2^30
         *                                  complex values, {@code outputLayout} where an in-place
         *                                  transform's layouts differ, or {@code inputLayout} /
         *                                  {@code outputLayout} where elements of different transforms
         *                                  would share a position or the array would exceed what a
         *                                  Java array can index
         */
        public FftDescriptor build() {
            long size = 1;
            for (int s : shape) {
                size *= s;
            }
            long floats = 2L * batch * size;
            if (floats > Integer.MAX_VALUE - 64) {
                throw new IllegalArgumentException("batch: shape x batch must stay under 2^30 complex values, got "
                        + floats / 2);
            }
            Layout in = input != null ? input : Layout.packed(size);
            Layout out = output != null ? output : inPlace ? in : Layout.packed(size);
            if (inPlace && !in.equals(out)) {
                throw new IllegalArgumentException("outputLayout: an in-place transform writes where it reads; got input "
                        + in + " and output " + out);
            }
            checkLayout("inputLayout", in, size);
            checkLayout("outputLayout", out, size);
            return new FftDescriptor(this, in, out);
        }

        /**
         * A layout must give every element of the batch its own position, and the array must stay
         * indexable: the transforms lie one after another (distance at least (size - 1) stride + 1),
         * or their elements do, all transforms' element e before element e + 1 (stride at least
         * (batch - 1) distance + 1).
         */
        private void checkLayout(String parameter, Layout layout, long size) {
            boolean transformsApart = batch == 1 || layout.distance() >= (size - 1) * layout.stride() + 1;
            boolean elementsApart = size == 1 || layout.stride() >= (long) (batch - 1) * layout.distance() + 1;
            if (!transformsApart && !elementsApart) {
                throw new IllegalArgumentException(parameter + ": elements of different transforms would share a position ("
                        + layout + ", " + size + " elements x " + batch + "); the distance must be at least "
                        + ((size - 1) * layout.stride() + 1) + ", or the stride at least " + ((long) (batch - 1) * layout.distance() + 1));
            }
            long floats = layout.floats(size, batch);
            if (floats > Integer.MAX_VALUE - 64) {
                throw new IllegalArgumentException(parameter + ": the array would need " + floats
                        + " floats, more than an array can index (2^31 - 64); got " + layout);
            }
        }
    }
}
