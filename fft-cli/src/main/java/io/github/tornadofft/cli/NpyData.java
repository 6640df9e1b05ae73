package io.github.tornadofft.cli;

/**
 * An array read from or written to a .npy file: C-order shape, dtype, and the values (interleaved
 * re, im for complex dtypes) in exactly one of {@code floats} or {@code doubles}, as the dtype says.
 */
record NpyData(int[] shape, NpyDtype dtype, float[] floats, double[] doubles) {

    NpyData {
        shape = shape.clone();
        if ((floats == null) == (doubles == null) || (doubles != null) != dtype.doublePrecision()) {
            throw new IllegalArgumentException("values: a " + dtype.numpyName() + " array holds "
                    + (dtype.doublePrecision() ? "doubles" : "floats") + " only");
        }
        long expected = Shapes.elements(shape) * (dtype.complex() ? 2 : 1);
        long length = doubles != null ? doubles.length : floats.length;
        if (length != expected) {
            throw new IllegalArgumentException("values: " + dtype.numpyName() + " " + Shapes.format(shape)
                    + " holds " + expected + " numbers, got " + length);
        }
    }

    static NpyData ofFloats(int[] shape, boolean complex, float[] values) {
        return new NpyData(shape, NpyDtype.of(complex, false), values, null);
    }

    static NpyData ofDoubles(int[] shape, boolean complex, double[] values) {
        return new NpyData(shape, NpyDtype.of(complex, true), null, values);
    }

    @Override
    public int[] shape() {
        return shape.clone();
    }

    int rank() {
        return shape.length;
    }

    boolean complex() {
        return dtype.complex();
    }

    /** The values as floats: the array itself for single precision, a rounded copy for double. */
    float[] asFloats() {
        if (floats != null) {
            return floats;
        }
        float[] out = new float[doubles.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) doubles[i];
        }
        return out;
    }

    /** The values as doubles: the array itself for double precision, a widened copy for single. */
    double[] asDoubles() {
        if (doubles != null) {
            return doubles;
        }
        double[] out = new double[floats.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = floats[i];
        }
        return out;
    }

    /** The same numbers stored in single or double precision. */
    NpyData withPrecision(boolean doublePrecision) {
        if (doublePrecision == dtype.doublePrecision()) {
            return this;
        }
        return doublePrecision ? ofDoubles(shape, complex(), asDoubles()) : ofFloats(shape, complex(), asFloats());
    }

    @Override
    public String toString() {
        return dtype.numpyName() + " " + Shapes.format(shape);
    }
}
