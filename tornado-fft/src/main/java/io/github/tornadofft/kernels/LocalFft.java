package io.github.tornadofft.kernels;

/**
 * Index maps of the exchange through local memory inside a work-group.
 *
 * <p>Local memory holds element {@code e} of lane {@code c} at {@code pad(e * lanes + c)}, with one
 * float of padding every 32 ({@link #pad}) so that the strided writes of a Stockham step fall into
 * different banks (the 3D seed's padded transposes).
 */
final class LocalFft {

    private LocalFft() {
    }

    /** Local-memory index with one float of padding every 32, against bank conflicts. */
    static int pad(int index) {
        return index + (index >> 5);
    }

    /** Local-memory floats per component needed for {@code lanes} lines of {@code r} elements. */
    static int localSize(int lanes, int r) {
        return pad(lanes * r - 1) + 1;
    }

    /**
     * Local slot holding the value a staged store writes at offset {@code linear} from the group's
     * first output address. Output element m of lane c lands at
     * {@code (c / span) span r + m span + c mod span} (for a group of whole blocks of span lines), so
     * the offset decomposes into (lane low part, element, lane block).
     */
    static int stagedSlot(int linear, int r, int span, int cols, int lanes) {
        // Powers of two and non-negative indices: shifts and masks (constants in a specialised kernel).
        int spanBits = Integer.numberOfTrailingZeros(span);
        int colBlocks = cols >> spanBits;
        int lo = linear & (span - 1);
        int rest = linear >> spanBits;
        int m = rest & (r - 1);
        int block = rest >> Integer.numberOfTrailingZeros(r);
        int row = block >> Integer.numberOfTrailingZeros(colBlocks);
        int lane = row * cols + (block & (colBlocks - 1)) * span + lo;
        return pad(m * lanes + lane);
    }
}
