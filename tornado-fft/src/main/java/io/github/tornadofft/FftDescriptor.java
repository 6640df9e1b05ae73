package io.github.tornadofft;

import io.github.tornadofft.reference.Direction;
import io.github.tornadofft.reference.Norm;

import java.util.Arrays;

/**
 * What to compute, as a value (the cuFFTDx idea of a descriptor): the shape of one transform, how
 * many of them, direction, normalisation, precision and placement. A planner turns it into a plan.
 *
 * <p>Data is interleaved complex, C order: transform {@code b} of the batch starts at complex index
 * {@code b * size()}.
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

    private FftDescriptor(Builder b) {
        this.shape = b.shape.clone();
        this.batch = b.batch;
        this.direction = b.direction;
        this.norm = b.norm;
        this.precision = b.precision;
        this.inPlace = b.inPlace;
    }

    /** A complex-to-complex transform of the given shape (one to three power-of-two axes). */
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

    /** Floats in the whole interleaved batch. */
    public long floats() {
        return 2L * size() * batch;
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

    @Override
    public String toString() {
        return String.format("c2c %s x %d %s norm=%s %s %s", Arrays.toString(shape), batch,
                direction.name().toLowerCase(), norm.name().toLowerCase(), precision.name().toLowerCase(),
                inPlace ? "in-place" : "out-of-place");
    }

    /** Builds a descriptor; every setter checks its argument and names it when it is wrong. */
    public static final class Builder {
        private final int[] shape;
        private int batch = 1;
        private Direction direction = Direction.FORWARD;
        private Norm norm = Norm.BACKWARD;
        private Precision precision = Precision.FLOAT;
        private boolean inPlace;

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
            }
            if (total > MAX_LENGTH) {
                throw new IllegalArgumentException("shape: at most 2^27 elements per transform, got " + total);
            }
            this.shape = shape.clone();
        }

        public Builder batch(int batch) {
            if (batch < 1) {
                throw new IllegalArgumentException("batch: must be at least 1, got " + batch);
            }
            this.batch = batch;
            return this;
        }

        public Builder direction(Direction direction) {
            if (direction == null) {
                throw new IllegalArgumentException("direction: FORWARD or INVERSE, got null");
            }
            this.direction = direction;
            return this;
        }

        public Builder norm(Norm norm) {
            if (norm == null) {
                throw new IllegalArgumentException("norm: BACKWARD, ORTHO or FORWARD, got null");
            }
            this.norm = norm;
            return this;
        }

        public Builder precision(Precision precision) {
            if (precision == null) {
                throw new IllegalArgumentException("precision: FLOAT or DOUBLE, got null");
            }
            this.precision = precision;
            return this;
        }

        public Builder inPlace(boolean inPlace) {
            this.inPlace = inPlace;
            return this;
        }

        public FftDescriptor build() {
            long floats = 2L * batch;
            for (int s : shape) {
                floats *= s;
            }
            if (floats > Integer.MAX_VALUE - 64) {
                throw new IllegalArgumentException("batch: shape x batch must stay under 2^30 complex values, got "
                        + floats / 2);
            }
            return new FftDescriptor(this);
        }
    }
}
