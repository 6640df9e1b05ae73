package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * The work-group part of a pass: register butterflies and the exchange through local memory.
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
     * Twiddles the inputs of a radix-{@code rs} register step with span {@code pp} (the product of the
     * radices before it): input v of butterfly {@code ib} by {@code W_{pp rs}^{v (ib mod pp)}}.
     *
     * <p>Register {@code j} holds element {@code q + j * threads}; butterfly {@code u} of this
     * work-item uses registers {@code u + v * (regs / rs)}.
     */
    static void twiddle(float[] re, float[] im, FloatArray tw, int n, int rs, int pp, int regs, int q, int threads,
                        int loBits, boolean split) {
        int perThread = regs / rs;
        for (int u = 0; u < perThread; u++) {
            int kk = (q + u * threads) % pp;
            for (int v = 1; v < rs; v++) {
                TwiddleAccess.rotate(re, im, u + v * perThread, tw, v * kk * (n / (pp * rs)), loBits, split);
            }
        }
    }

    /** Local slot of element {@code e} of lane {@code lane}. */
    static int inputSlot(int e, int lane, int lanes) {
        return pad(e * lanes + lane);
    }

    /**
     * Local slot of output {@code v} of butterfly {@code ib} in a radix-{@code rs} Stockham step with
     * span {@code pp}: element {@code (ib - ib mod pp) rs + ib mod pp + v pp}.
     */
    static int outputSlot(int ib, int rs, int pp, int v, int lane, int lanes) {
        int kk = ib % pp;
        return pad(((ib - kk) * rs + kk + v * pp) * lanes + lane);
    }

    /**
     * Local slot holding the value a staged store writes at offset {@code linear} from the group's
     * first output address. Output element m of lane c lands at
     * {@code (c / span) span r + m span + c mod span} (for a group of whole blocks of span lines), so
     * the offset decomposes into (lane low part, element, lane block).
     */
    static int stagedSlot(int linear, int r, int span, int cols, int lanes) {
        int lo = linear % span;
        int rest = linear / span;
        int m = rest % r;
        int block = rest / r;
        int colBlocks = cols / span;
        int row = block / colBlocks;
        int lane = row * cols + (block % colBlocks) * span + lo;
        return pad(m * lanes + lane);
    }
}
