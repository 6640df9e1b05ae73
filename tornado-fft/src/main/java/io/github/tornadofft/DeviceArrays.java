package io.github.tornadofft;

import io.github.tornadofft.api.Precision;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.lang.foreign.ValueLayout;

/**
 * The TornadoVM arrays of a plan's precision, {@link FloatArray} for {@link Precision#FLOAT} and
 * {@link DoubleArray} for {@link Precision#DOUBLE}: the one place that maps a precision to its array
 * type, so that the engine, its buffer chains and its copies are written once for both.
 */
final class DeviceArrays {

    private DeviceArrays() {
    }

    /** A new array of {@code length} values of {@code precision}, with unspecified contents. */
    static TornadoNativeArray allocate(Precision precision, int length) {
        return precision == Precision.FLOAT ? new FloatArray(length) : new DoubleArray(length);
    }

    /** {@code values} in an array of {@code precision}: kept for double, each rounded once for float. */
    static TornadoNativeArray of(Precision precision, double[] values) {
        if (precision == Precision.DOUBLE) {
            return DoubleArray.fromArray(values);
        }
        FloatArray array = new FloatArray(values.length);
        for (int i = 0; i < values.length; i++) {
            array.set(i, (float) values[i]);
        }
        return array;
    }

    /** The precision of an array {@link #allocate} made. */
    static Precision precision(TornadoNativeArray array) {
        return array instanceof DoubleArray ? Precision.DOUBLE : Precision.FLOAT;
    }

    /** The memory layout of one value of {@code precision}, for bulk copies. */
    static ValueLayout layout(Precision precision) {
        return precision == Precision.FLOAT ? ValueLayout.JAVA_FLOAT : ValueLayout.JAVA_DOUBLE;
    }

    /**
     * Checks that a caller's array has the plan's precision.
     *
     * @throws IllegalArgumentException naming {@code parameter} and the array type the plan takes
     */
    static void requireType(String parameter, TornadoNativeArray array, Precision precision) {
        Class<?> expected = precision == Precision.FLOAT ? FloatArray.class : DoubleArray.class;
        if (array != null && !expected.isInstance(array)) {
            throw new IllegalArgumentException(parameter + ": a " + precision + " plan takes a " + expected.getSimpleName()
                    + ", got a " + array.getClass().getSimpleName());
        }
    }
}
