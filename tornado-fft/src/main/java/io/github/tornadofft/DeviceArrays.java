package io.github.tornadofft;

import io.github.tornadofft.api.Precision;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.lang.foreign.ValueLayout;

/**
 * The TornadoVM arrays of a plan's precision, {@link FloatArray} for {@link Precision#FLOAT},
 * {@link DoubleArray} for {@link Precision#DOUBLE} and {@link HalfFloatArray} for {@link Precision#HALF}:
 * the one place that maps a precision to its array type, so that the engine, its buffer chains and its
 * copies are written once for all. A HALF plan's data arrays (input, output, scratch) are fp16; its
 * tables, registers and local memory are of its arithmetic's precision ({@link #arithmetic}), float.
 */
final class DeviceArrays {

    private DeviceArrays() {
    }

    /** A new array of {@code length} values of {@code precision}, with unspecified contents. */
    static TornadoNativeArray allocate(Precision precision, int length) {
        return switch (precision) {
            case FLOAT -> new FloatArray(length);
            case DOUBLE -> new DoubleArray(length);
            case HALF -> new HalfFloatArray(length);
        };
    }

    /** The precision a plan of {@code precision} computes in, and keeps its scratch arrays and tables in. */
    static Precision arithmetic(Precision precision) {
        return precision == Precision.HALF ? Precision.FLOAT : precision;
    }

    /**
     * {@code values} in an array of {@code precision}: kept for double, each rounded once for float.
     *
     * @throws IllegalArgumentException for HALF, which keeps its tables in float ({@link #arithmetic})
     */
    static TornadoNativeArray of(Precision precision, double[] values) {
        if (precision == Precision.HALF) {
            throw new IllegalArgumentException("precision: tables are FLOAT or DOUBLE, got HALF");
        }
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
        return array instanceof DoubleArray ? Precision.DOUBLE : array instanceof HalfFloatArray ? Precision.HALF : Precision.FLOAT;
    }

    /** The memory layout of one value of {@code precision}, for bulk copies. */
    static ValueLayout layout(Precision precision) {
        return switch (precision) {
            case FLOAT -> ValueLayout.JAVA_FLOAT;
            case DOUBLE -> ValueLayout.JAVA_DOUBLE;
            case HALF -> ValueLayout.JAVA_SHORT;
        };
    }

    /**
     * Checks that a caller's array has the plan's precision.
     *
     * @throws IllegalArgumentException naming {@code parameter} and the array type the plan takes
     */
    static void requireType(String parameter, TornadoNativeArray array, Precision precision) {
        Class<?> expected = switch (precision) {
            case FLOAT -> FloatArray.class;
            case DOUBLE -> DoubleArray.class;
            case HALF -> HalfFloatArray.class;
        };
        if (array != null && !expected.isInstance(array)) {
            throw new IllegalArgumentException(parameter + ": a " + precision + " plan takes a " + expected.getSimpleName()
                    + ", got a " + array.getClass().getSimpleName());
        }
    }
}
