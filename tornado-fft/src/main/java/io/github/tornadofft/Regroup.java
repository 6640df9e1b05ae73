package io.github.tornadofft;

import java.lang.foreign.MemorySegment;

/**
 * The host's part of a plan over several devices ({@link DeviceSplit}): the copies between the caller's
 * arrays, the chunks' staging arrays and the exchange blocks. Every copy is a run of adjacent complex
 * values (a bulk {@link MemorySegment#copy}); none allocates. The workers of a call run these on their
 * own chunks at the same time, so the regrouping is spread over as many threads as chunks are in flight.
 *
 * <p>The exchange block of a Z chunk holds its columns' pencils as {@code [z][transform][column]}: one
 * plane's share of the chunk is a run of up to {@link DeviceSplit#chunkColumns()} values in that plane,
 * and the Z plan reads the pencils with stride {@code batch x chunkColumns} (measured on PoCL against
 * pencils made contiguous by a host transpose: see docs/DESIGN.md).
 */
final class Regroup {

    private static final long COMPLEX = 2L * Float.BYTES;

    private Regroup() {
    }

    /**
     * Copies units {@code [start, end)} of device {@code d} from the caller's array {@code in} (the
     * transform's data from byte {@code inAt}) into {@code stage}, one after another from its start.
     */
    static void unitsIn(DeviceSplit split, int d, int start, int end, MemorySegment in, long inAt, MemorySegment stage) {
        long unitBytes = split.unitFloats() * Float.BYTES;
        int q = start;
        while (q < end) {
            int run = adjacentUnits(split, d, q, end);
            HostCopy.copy(in, inAt + split.unitOffset(d, q) * Float.BYTES, stage, (q - start) * unitBytes, run * unitBytes);
            q += run;
        }
    }

    /** Copies units {@code [start, end)} of device {@code d} from {@code stage} to their places in the caller's {@code out}. */
    static void unitsOut(DeviceSplit split, int d, int start, int end, MemorySegment stage, MemorySegment out, long outAt) {
        long unitBytes = split.unitFloats() * Float.BYTES;
        int q = start;
        while (q < end) {
            int run = adjacentUnits(split, d, q, end);
            HostCopy.copy(stage, (q - start) * unitBytes, out, outAt + split.unitOffset(d, q) * Float.BYTES, run * unitBytes);
            q += run;
        }
    }

    /** Units from {@code q} that lie one after another in the caller's array (planes of one transform, or transforms), up to {@code end}. */
    private static int adjacentUnits(DeviceSplit split, int d, int q, int end) {
        int last = q + 1;
        while (last < end && split.unitOffset(d, last) == split.unitOffset(d, last - 1) + split.unitFloats()) {
            last++;
        }
        return last - q;
    }

    /**
     * The exchange, from one side: scatters the transformed planes of units {@code [start, end)} of
     * device {@code d}, from {@code stage}, into the exchange {@code blocks} (indexed as
     * {@link DeviceSplit#block}): each plane's columns of each Z chunk of every device go to that chunk's
     * block, at the plane's z and transform.
     */
    static void planesToBlocks(DeviceSplit split, int d, int start, int end, MemorySegment stage, MemorySegment[] blocks) {
        long planeBytes = split.unitFloats() * Float.BYTES;
        int batch = split.batch();
        int chunk = split.chunkColumns();
        HostCopy.forEach(end - start, i -> {
            int q = start + i;
            long plane = i * planeBytes;
            long row = ((long) split.unitPlane(d, q) * batch + split.unitTransform(d, q)) * chunk * COMPLEX;
            for (int e = 0; e < split.devices(); e++) {
                for (int j = 0; j < split.columnChunks(e); j++) {
                    int first = split.columnChunkStart(e, j);
                    int columns = split.columnChunkEnd(e, j) - first;
                    MemorySegment.copy(stage, plane + first * COMPLEX, blocks[split.block(e, j)], row, columns * COMPLEX);
                }
            }
        });
    }

    /**
     * Gathers Z chunk {@code j} of device {@code d}, transformed in {@code stage} (laid out as its
     * exchange block), into the caller's {@code out} in natural order: for each transform and plane,
     * the chunk's columns.
     */
    static void blockToOutput(DeviceSplit split, int d, int j, MemorySegment stage, MemorySegment out, long outAt) {
        int nz = split.nz();
        int batch = split.batch();
        int chunk = split.chunkColumns();
        int first = split.columnChunkStart(d, j);
        long bytes = (split.columnChunkEnd(d, j) - first) * COMPLEX;
        HostCopy.forEach(nz, z -> {
            for (int b = 0; b < batch; b++) {
                long from = ((long) z * batch + b) * chunk * COMPLEX;
                long to = outAt + (((long) b * nz + z) * split.planeColumns() + first) * COMPLEX;
                MemorySegment.copy(stage, from, out, to, bytes);
            }
        });
    }
}
