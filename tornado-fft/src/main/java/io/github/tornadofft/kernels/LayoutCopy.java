package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * Copies a batch between a strided layout (element {@code e} of transform {@code b} at complex index
 * {@code b * distance + e * stride}) and the packed one the passes work on ({@code b * size + e}):
 * one work-item per complex element, the packed side read or written in address order.
 *
 * <p>The passes address a packed batch only: a pass already takes sixteen arguments, TornadoVM's
 * most, so a plan whose input or output has another layout copies it in a kernel of its own before
 * the first pass or after the last, at the cost of one more read and write of the data.
 */
public final class LayoutCopy {

    private LayoutCopy() {
    }

    /**
     * {@code packed[b size + e] = strided[b distance + e stride]}.
     *
     * @param sizeBits log2 of the elements of one transform
     * @param total    elements of the whole batch: work-items beyond it do nothing
     */
    public static void gather(KernelContext ctx, FloatArray strided, FloatArray packed, int sizeBits, int stride,
                              int distance, int total) {
        int g = ctx.globalIdx;
        if (g < total) {
            int from = (g >> sizeBits) * distance + (g & ((1 << sizeBits) - 1)) * stride;
            packed.set(2 * g, strided.get(2 * from));
            packed.set(2 * g + 1, strided.get(2 * from + 1));
        }
    }

    /**
     * {@code strided[b distance + e stride] = packed[b size + e]}; nothing else of {@code strided} is
     * written.
     *
     * @param sizeBits log2 of the elements of one transform
     * @param total    elements of the whole batch: work-items beyond it do nothing
     */
    public static void scatter(KernelContext ctx, FloatArray packed, FloatArray strided, int sizeBits, int stride,
                               int distance, int total) {
        int g = ctx.globalIdx;
        if (g < total) {
            int to = (g >> sizeBits) * distance + (g & ((1 << sizeBits) - 1)) * stride;
            strided.set(2 * to, packed.get(2 * g));
            strided.set(2 * to + 1, packed.get(2 * g + 1));
        }
    }
}
