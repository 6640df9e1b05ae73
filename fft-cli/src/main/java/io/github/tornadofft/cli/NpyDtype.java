package io.github.tornadofft.cli;

import java.util.Optional;

/** The four NumPy dtypes the command reads and writes, all little-endian. */
enum NpyDtype {
    FLOAT32('f', 4), FLOAT64('f', 8), COMPLEX64('c', 8), COMPLEX128('c', 16);

    private final char kind;
    private final int itemBytes;

    NpyDtype(char kind, int itemBytes) {
        this.kind = kind;
        this.itemBytes = itemBytes;
    }

    /** The dtype with NumPy's kind character ('f', 'c') and item size, if it is one of the four. */
    static Optional<NpyDtype> of(char kind, int itemBytes) {
        for (NpyDtype t : values()) {
            if (t.kind == kind && t.itemBytes == itemBytes) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** The dtype whose NumPy 'descr' string this is ({@link #descr}), if it is one of the four. */
    static Optional<NpyDtype> ofDescr(String descr) {
        for (NpyDtype t : values()) {
            if (t.descr().equals(descr)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    static NpyDtype of(boolean complex, boolean doublePrecision) {
        if (complex) {
            return doublePrecision ? COMPLEX128 : COMPLEX64;
        }
        return doublePrecision ? FLOAT64 : FLOAT32;
    }

    boolean complex() {
        return kind == 'c';
    }

    boolean doublePrecision() {
        return scalarBytes() == 8;
    }

    /** Bytes of one real number: 4 or 8. */
    int scalarBytes() {
        return complex() ? itemBytes / 2 : itemBytes;
    }

    /** NumPy's 'descr' string, e.g. {@code <c8}. */
    String descr() {
        return "<" + kind + itemBytes;
    }

    /** NumPy's name, e.g. complex64. */
    String numpyName() {
        return (complex() ? "complex" : "float") + itemBytes * 8;
    }
}
