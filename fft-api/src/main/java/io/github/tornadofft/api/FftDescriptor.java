package io.github.tornadofft.api;


import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * What to compute, as a value (the cuFFTDx idea of a descriptor): the kind of transform, the shape of
 * one transform, how many of them, direction, normalisation, precision and placement. A planner turns
 * it into a plan.
 *
 * <p>Complex data is interleaved, C order. By default the batch is packed: transform {@code b} starts
 * at complex index {@code b * size()}. A {@link Layout} places it otherwise (cuFFT's and FFTW's
 * stride and distance): element {@code e} (C order within the transform) of transform {@code b} at
 * complex index {@code b * distance + e * stride}, for the input and the output separately.
 *
 * <p>Real transforms ({@link Kind#R2C}, {@link Kind#C2R}) follow numpy's {@code rfftn} and
 * {@code irfftn}: a real signal whose last axis has N points has N/2 + 1 bins along that axis of its
 * half spectrum (the others are conjugates of bins at the negated indices). r2c is always forward and
 * c2r always inverse. The last axis has an even length. A transform's
 * real signal is M rows of N floats (M the product of the other axes), packed, or in place with cuFFT's
 * and FFTW's padding: each row padded to 2 (N/2 + 1) floats, so that its bins fit where it was; the
 * spectrum is M rows of N/2 + 1 complex values. Their layouts count a real row in pairs of floats: a
 * transform has M N/2 elements packed, and lies M (N/2 + 1) elements from the next padded.
 */
public final class FftDescriptor {

    /** Largest transform length along one axis on a device path: 2^27. */
    public static final int MAX_LENGTH = 1 << 27;

    /**
     * Most elements of one transform, and of shape x batch: 2^31 complex values (16 GiB of complex64,
     * 2048 x 1024 x 1024). A plan on one device takes what one array holds ({@link #fitsOneArray()}) and
     * at most {@link #MAX_LENGTH} elements a transform; larger 3D transforms run on a plan over several
     * devices from a {@code MemorySegment}.
     */
    public static final long MAX_ELEMENTS = 1L << 31;

    /** Most floats (or doubles) of one Java or TornadoVM array a plan reads or writes: 2^31 - 64. */
    public static final long MAX_ARRAY_FLOATS = Integer.MAX_VALUE - 64;

    /** What a real transform supports in this version, for the messages that refuse the rest. */
    private static final String REAL_SHAPES = "r2c/c2r: one to three axes";
    private static final String REAL_LAYOUTS = "r2c/c2r take packed rows (N real floats, N/2 + 1 complex values), or"
            + " inPlace(true) for real rows padded to 2 (N/2 + 1) floats; other strides and distances are planned";

    /** The kind of transform: what the input and the output hold. */
    public enum Kind {
        /** Complex to complex, either direction (numpy's {@code fftn} and {@code ifftn}). */
        C2C,
        /** Real to complex, forward: N real points to N/2 + 1 bins (numpy's {@code rfft}). */
        R2C,
        /** Complex to real, inverse: N/2 + 1 bins to N real points (numpy's {@code irfft} with {@code n = N}). */
        C2R;

        /** The direction a transform of this kind goes: its own for C2C, fixed for the real kinds. */
        Direction fixedDirection() {
            return this == R2C ? Direction.FORWARD : this == C2R ? Direction.INVERSE : null;
        }
    }

    private final Kind kind;
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
            // A single transform of 2^31 elements (the most a descriptor takes) has no next transform to
            // be apart from; its distance is never used, and an int holds one less.
            return new Layout(1, (int) Math.min(size, Integer.MAX_VALUE));
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
        this.kind = b.kind;
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
     * A complex-to-complex transform of the given shape (C order, at most 2^31 elements; a plan on one
     * device takes 2^27): one to three axes, each of any length from 1 to 2^27; the builder's other
     * settings start as batch 1, {@link Direction#FORWARD}, {@link Norm#BACKWARD}, {@link Precision#FLOAT},
     * out of place, packed.
     *
     * @throws IllegalArgumentException naming {@code shape} where it has no axes or more than three, an
     *                                  axis length below 1 or above 2^27, or more than 2^31 elements
     */
    public static Builder c2c(int... shape) {
        return new Builder(Kind.C2C, shape);
    }

    /**
     * A real-to-complex transform of real signals of the given shape (numpy's {@code s} of
     * {@code rfftn}, one to three axes): forward, the last axis of N points to N/2 + 1 bins. The
     * builder's other settings start as for {@link #c2c}; its direction is FORWARD and stays so.
     *
     * @throws IllegalArgumentException naming {@code shape} where it has no axes or more than three, an
     *                                  axis is not from 1 to 2^27, the last is not even, or it has more
     *                                  than 2^31 points
     */
    public static Builder r2c(int... shape) {
        return new Builder(Kind.R2C, shape);
    }

    /**
     * A complex-to-real transform whose real outputs have the given shape (numpy's {@code s} of
     * {@code irfftn}): inverse, a half spectrum whose last axis has N/2 + 1 bins to real signals whose
     * last axis has N points. As numpy's {@code irfftn}, it takes the Hermitian part of bins 0 and N/2
     * (in 1D: their real parts), the only part a real signal can have. The builder's other settings
     * start as for {@link #c2c}; its direction is INVERSE and stays so.
     *
     * @throws IllegalArgumentException as {@link #r2c}
     */
    public static Builder c2r(int... shape) {
        return new Builder(Kind.C2R, shape);
    }

    /** What the input and the output hold: complex, or a real signal on one side. */
    public Kind kind() {
        return kind;
    }

    /** Whether this is a real transform ({@link Kind#R2C} or {@link Kind#C2R}). */
    public boolean isReal() {
        return kind != Kind.C2C;
    }

    /** The shape of one transform: of its complex values for c2c, of its real signal for r2c and c2r. */
    public int[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    /**
     * Points in one transform, the n of its normalisation: complex elements for c2c, real values of
     * the signal for r2c and c2r.
     */
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

    /**
     * Floats of the complex values a plan's passes work on for the whole batch, packed (its working
     * buffers): 2 size() batch for c2c; for r2c and c2r, whose passes are a complex transform of N/2
     * points, N batch.
     */
    public long floats() {
        return isReal() ? size() * batch : 2L * size() * batch;
    }

    /**
     * Elements of one transform's input, in the units of {@link #inputLayout()}: size() for c2c, M N/2
     * (a real signal of M rows of N points as pairs of floats) for r2c, M (N/2 + 1) bins for c2r.
     */
    public long inputSize() {
        return sideSize(kind == Kind.C2R);
    }

    /** Elements of one transform's output, in the units of {@link #outputLayout()}: as {@link #inputSize()}, the other way. */
    public long outputSize() {
        return sideSize(kind == Kind.R2C);
    }

    /** Elements on one side: the spectrum's M (N/2 + 1) bins, or the real signal's M N/2 pairs (for c2c, size()). */
    private long sideSize(boolean spectrum) {
        if (!isReal()) {
            return size();
        }
        int n = shape[shape.length - 1];
        return size() / n * (spectrum ? n / 2 + 1 : n / 2);
    }

    /** Where the input lies in its array. */
    public Layout inputLayout() {
        return input;
    }

    /** Where the output lies in its array (the input's layout when in place). */
    public Layout outputLayout() {
        return output;
    }

    /**
     * Floats of the input array: 2 size() batch for a packed c2c, more with a stride or a larger
     * distance; for r2c, batch x N packed, and in place batch x 2 (N/2 + 1) (the array also takes the
     * output); for c2r, batch x 2 (N/2 + 1).
     */
    public long inputFloats() {
        long floats = kind == Kind.R2C ? signalFloats() : input.floats(inputSize(), batch);
        return inPlace ? Math.max(floats, output.floats(outputSize(), batch)) : floats;
    }

    /**
     * Floats of the output array: for r2c, batch x 2 (N/2 + 1); for c2r, batch x N packed, and in place
     * batch x 2 (N/2 + 1) (the input's array).
     */
    public long outputFloats() {
        long floats = kind == Kind.C2R ? signalFloats() : output.floats(outputSize(), batch);
        return inPlace ? Math.max(floats, input.floats(inputSize(), batch)) : floats;
    }

    /**
     * Floats of a real transform's signal: N a row packed, 2 (N/2 + 1) padded in place, over every row of
     * the batch (for an odd N the packed signal is not pairs of floats, which its layout counts).
     */
    private long signalFloats() {
        int n = shape[shape.length - 1];
        return (inPlace ? 2L * (n / 2 + 1) : n) * (size() / n) * batch;
    }

    /**
     * Whether the input and the output each fit one array ({@link #MAX_ARRAY_FLOATS} values at most):
     * what a plan on one device, and every {@code float[]}, {@code FloatArray} or buffer entry point,
     * needs. Beyond it, a 3D transform runs on a plan over several devices from a {@code MemorySegment}.
     */
    public boolean fitsOneArray() {
        return inputFloats() <= MAX_ARRAY_FLOATS && outputFloats() <= MAX_ARRAY_FLOATS;
    }

    /** Whether the input is packed (a real signal: out of place, N floats a row, odd N too). */
    public boolean inputPacked() {
        return kind == Kind.R2C ? !inPlace : input.isPacked(inputSize(), batch);
    }

    /** Whether the output is packed (a real signal: out of place, N floats a row, odd N too). */
    public boolean outputPacked() {
        return kind == Kind.C2R ? !inPlace : output.isPacked(outputSize(), batch);
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
     * @throws IllegalStateException    for r2c or c2r in the other direction: a real descriptor's
     *                                  direction is fixed (c2r is r2c's inverse, and the other way)
     */
    public FftDescriptor withDirection(Direction direction) {
        if (direction == null) {
            throw new IllegalArgumentException("direction: FORWARD or INVERSE, got null");
        }
        if (direction == this.direction) {
            return this;
        }
        if (isReal()) {
            throw new IllegalStateException("direction: a real descriptor has a fixed direction: " + kindName()
                    + " is always " + this.direction + "; its inverse is a " + (kind == Kind.R2C ? "c2r" : "r2c")
                    + " descriptor of the same shape, got " + direction);
        }
        Builder b = new Builder(kind, shape).batch(batch).direction(direction).norm(norm).precision(precision).inPlace(inPlace);
        return new FftDescriptor(b, input, output);
    }

    /** Two descriptors are equal when they describe the same computation on the same layouts. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FftDescriptor d && kind == d.kind && Arrays.equals(shape, d.shape) && batch == d.batch
                && direction == d.direction && norm == d.norm && precision == d.precision && inPlace == d.inPlace
                && input.equals(d.input) && output.equals(d.output);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, Arrays.hashCode(shape), batch, direction, norm, precision, inPlace, input, output);
    }

    @Override
    public String toString() {
        String layout = "";
        if (isReal()) {
            layout = inPlace ? " (real rows padded to " + 2 * (shape[shape.length - 1] / 2 + 1) + " floats)" : "";
        } else if (!inputPacked() || !outputPacked()) {
            layout = inPlace || input.equals(output) ? " (" + input + ")" : " (input " + input + ", output " + output + ")";
        }
        return String.format("%s %s x %d %s norm=%s %s %s%s", kindName(), Arrays.toString(shape), batch,
                direction.name().toLowerCase(Locale.ROOT), norm.name().toLowerCase(Locale.ROOT), precision.name().toLowerCase(Locale.ROOT),
                inPlace ? "in-place" : "out-of-place", layout);
    }

    private String kindName() {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    /** Builds a descriptor; every setter checks its argument and names it when it is wrong. */
    public static final class Builder {
        private final Kind kind;
        private final int[] shape;
        private int batch = 1;
        private Direction direction;
        private Norm norm = Norm.BACKWARD;
        private Precision precision = Precision.FLOAT;
        private boolean inPlace;
        private Layout input;
        private Layout output;

        private Builder(Kind kind, int[] shape) {
            this.kind = kind;
            this.direction = kind == Kind.C2C ? Direction.FORWARD : kind.fixedDirection();
            if (kind != Kind.C2C && (shape == null || shape.length < 1 || shape.length > 3)) {
                throw new IllegalArgumentException("shape: " + REAL_SHAPES + ", got "
                        + (shape == null ? "null" : Arrays.toString(shape)));
            }
            if (shape == null || shape.length < 1 || shape.length > 3) {
                throw new IllegalArgumentException("shape: one to three axis lengths, got "
                        + (shape == null ? "null" : Arrays.toString(shape)));
            }
            long total = 1;
            for (int s : shape) {
                if (s < 1 || s > MAX_LENGTH) {
                    throw new IllegalArgumentException("shape: every axis length must be from 1 to 2^27, got "
                            + Arrays.toString(shape));
                }
                total *= s;
                // Checked as it grows: three axes of up to 2^27 would overflow a long.
                if (total > MAX_ELEMENTS) {
                    throw new IllegalArgumentException("shape: at most 2^31 elements per transform, got "
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
         * The direction (default {@link Direction#FORWARD}). A real transform's is fixed: r2c is FORWARD,
         * c2r INVERSE, and setting that same direction changes nothing.
         *
         * @throws IllegalArgumentException naming {@code direction} where it is null, or where it is not
         *                                  the fixed direction of r2c or c2r
         */
        public Builder direction(Direction direction) {
            if (direction == null) {
                throw new IllegalArgumentException("direction: FORWARD or INVERSE, got null");
            }
            if (kind != Kind.C2C && direction != kind.fixedDirection()) {
                throw new IllegalArgumentException("direction: " + kind.name().toLowerCase(Locale.ROOT) + " is always "
                        + kind.fixedDirection() + " (its inverse is " + (kind == Kind.R2C ? "c2r" : "r2c")
                        + " of the same shape), got " + direction);
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
         * The precision of the values (default {@link Precision#FLOAT}); {@link Precision#HALF} is fp16 storage
         * with float arithmetic.
         *
         * @throws IllegalArgumentException naming {@code precision} where it is null
         */
        public Builder precision(Precision precision) {
            if (precision == null) {
                throw new IllegalArgumentException("precision: FLOAT, DOUBLE or HALF, got null");
            }
            this.precision = precision;
            return this;
        }

        /**
         * Whether the output overwrites the input (default false: out of place). For r2c and c2r in place,
         * each real row is padded to 2 (N/2 + 1) floats, cuFFT's and FFTW's layout, so that its N/2 + 1
         * bins fit where it was.
         */
        public Builder inPlace(boolean inPlace) {
            this.inPlace = inPlace;
            return this;
        }

        /**
         * The input's and the output's layout: element e of transform b at b distance + e stride.
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1;
         *                                  naming {@code layout} for r2c and c2r, which take packed rows
         *                                  or {@link #inPlace(boolean)}'s padded rows only
         */
        public Builder layout(int stride, int distance) {
            refuseRealLayout();
            Layout layout = new Layout(stride, distance);
            this.input = layout;
            this.output = layout;
            return this;
        }

        /**
         * The input's layout (the output's stays packed unless set, or in place).
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1;
         *                                  naming {@code layout} for r2c and c2r
         */
        public Builder inputLayout(int stride, int distance) {
            refuseRealLayout();
            this.input = new Layout(stride, distance);
            return this;
        }

        /**
         * The output's layout (out of place only).
         *
         * @throws IllegalArgumentException naming {@code stride} or {@code distance} where it is below 1;
         *                                  naming {@code layout} for r2c and c2r
         */
        public Builder outputLayout(int stride, int distance) {
            refuseRealLayout();
            this.output = new Layout(stride, distance);
            return this;
        }

        /**
         * The descriptor; an unset layout is packed, and in place the output's is the input's.
         *
         * @throws IllegalArgumentException naming {@code batch} where shape x batch is over 2^31
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
            if (kind != Kind.C2C) {
                return buildReal(size);
            }
            if ((long) batch * size > MAX_ELEMENTS) {
                throw new IllegalArgumentException("batch: shape x batch must stay at or under 2^31 complex values, got "
                        + (long) batch * size);
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
         * r2c and c2r: M rows of a real signal of N floats, M N/2 elements in pairs of floats, packed
         * or (in place) each row padded to N/2 + 1 elements; the spectrum's M rows of N/2 + 1 bins.
         */
        private FftDescriptor buildReal(long size) {
            int n = shape[shape.length - 1];
            long rows = size / n;
            long spectrumFloats = 2 * (n / 2 + 1) * rows * batch;
            if (spectrumFloats > MAX_ARRAY_FLOATS) {
                throw new IllegalArgumentException("batch: " + Arrays.toString(shape) + " x " + batch
                        + " needs arrays of " + spectrumFloats + " floats, more than an array can index (2^31 - 64)");
            }
            Layout spectrum = Layout.packed((n / 2 + 1) * rows);
            // In pairs of floats (N = 1 has none, and its packed layout takes one; inputFloats and outputFloats
            // count an odd N's floats exactly).
            Layout signal = inPlace ? spectrum : Layout.packed(Math.max(1, n / 2 * rows));
            return kind == Kind.R2C ? new FftDescriptor(this, signal, spectrum) : new FftDescriptor(this, spectrum, signal);
        }

        private void refuseRealLayout() {
            if (kind != Kind.C2C) {
                throw new IllegalArgumentException("layout: " + REAL_LAYOUTS);
            }
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
            if (floats > MAX_ARRAY_FLOATS && !layout.isPacked(size, batch)) {
                throw new IllegalArgumentException(parameter + ": the array would need " + floats
                        + " floats, more than an array can index (2^31 - 64); got " + layout);
            }
        }
    }
}
