package io.github.tornadofft.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/**
 * One global pass of a Stockham (autosort) FFT: the kernel every 1D, 2D and 3D plan is made of.
 *
 * <p>A transform of length {@code n} is split into passes of radix {@code r}; a pass with span
 * {@code p} (the product of the radices before it) computes, for each of the {@code n / r} lines
 * {@code i}, a radix-{@code r} DFT of {@code x[i + m n/r]} after twiddling element {@code m} by
 * {@code W_{pr}^{m (i mod p)}}, and writes output {@code m} to {@code (i - i mod p) r + i mod p + m p}.
 * After the last pass the data is in natural order.
 *
 * <p>Inside a work-group the radix-{@code r} DFT is itself a small FFT (the OpenCL FFT seed): each
 * work-item holds {@code regs} values in registers, computes radix-{@code r1}, {@code r2}, {@code r3}
 * butterflies on them ({@link Butterflies}) and exchanges values with the group through padded
 * local memory between sub-passes. A work-group takes {@code cols} adjacent lines of one transform
 * (so every global access is a run of adjacent elements, the 3D seed's coalescing) times
 * {@code rows} transforms of the batch.
 *
 * <p>The same pass serves every axis of a 2D or 3D array (the 3D seed's X, Y and Z passes): with
 * {@code stride} S > 1 the transform runs along an axis whose consecutive points lie S elements
 * apart, and a work-group takes {@code cols} adjacent positions of the faster axes, so every global
 * access is a run of {@code cols} adjacent elements however large S is.
 *
 * <p>Every integer parameter is a compile-time constant: TornadoVM specialises the kernel to the
 * values it is scheduled with, so loops over registers unroll and every register-array index is a
 * constant (which OpenCL drivers turn into registers; see {@link Butterflies} for PTX).
 */
public final class StockhamPass {

    /** Most values a work-item holds in registers. */
    public static final int MAX_REGS = 16;

    private StockhamPass() {
    }

    /**
     * @param src     interleaved complex input, {@code batch * n} values
     * @param dst     interleaved complex output (a different buffer from {@code src})
     * @param tw      two-level twiddle table for size n ({@link TwiddleTable#forSize})
     * @param n       transform length (points along this axis)
     * @param stride  elements between consecutive points of the axis (1 for the contiguous axis)
     * @param r       this pass's radix (r1 * r2 * r3)
     * @param span    product of the radices of the passes before this one
     * @param cols    adjacent lines of one transform per work-group (stride 1), or adjacent positions
     *                of the faster axes (stride > 1)
     * @param rows    transforms of the batch per work-group (stride 1; more than 1 only when
     *                cols = n / r), or adjacent lines of one transform (stride > 1)
     * @param regs    values per work-item
     * @param r1      radix of the first register sub-pass
     * @param r2      radix of the second (1 when absent)
     * @param r3      radix of the third (1 when absent)
     * @param loBits  log2 of the twiddle table's low level
     * @param inverse 1 for the inverse transform (conjugate on load and store), else 0
     * @param scale   factor applied on store (normalisation), 1 for none
     * @param localFloats floats of local memory per component: pad(cols * rows * r)
     */
    public static void pass(KernelContext ctx, FloatArray src, FloatArray dst, FloatArray tw, int n, int stride, int r, int span,
                            int cols, int rows, int regs, int r1, int r2, int r3, int loBits, int inverse, float scale,
                            int localFloats) {
        int lines = n / r;
        int threadsPerLine = r / regs;
        int lanes = cols * rows;
        int t = ctx.localIdx;
        int col = t % cols;
        int q = (t / cols) % threadsPerLine;
        int row = t / (cols * threadsPerLine);
        int firstLine = ctx.groupIdx * lanes;
        int firstBatch = firstLine / lines;
        int firstCol = firstLine % lines;
        int i;
        int base;
        if (stride == 1) {
            // Lanes are adjacent lines i of transform firstBatch + row.
            i = firstCol + col;
            base = (firstBatch + row) * n;
        } else {
            // Lanes are adjacent positions s of the faster axes, for rows adjacent lines i.
            int sBlocks = stride / cols;
            int lineBlocks = lines / rows;
            int rest = ctx.groupIdx / sBlocks;
            i = (rest % lineBlocks) * rows + row;
            base = (rest / lineBlocks) * n * stride + (ctx.groupIdx % sBlocks) * cols + col;
        }
        int k = i % span;
        int lane = row * cols + col;
        boolean split = (n >> loBits) > 1;

        float[] re = new float[MAX_REGS];
        float[] im = new float[MAX_REGS];
        float[] lre = ctx.allocateFloatLocalArray(localFloats);
        float[] lim = ctx.allocateFloatLocalArray(localFloats);

        // Load: element m = q + j * threadsPerLine of line i; adjacent work-items read adjacent columns.
        for (int j = 0; j < regs; j++) {
            int addr = base + (i + (q + j * threadsPerLine) * lines) * stride;
            re[j] = src.get(2 * addr);
            im[j] = inverse == 1 ? -src.get(2 * addr + 1) : src.get(2 * addr + 1);
        }
        // Twiddle on load: element m by W_{span r}^{m k}.
        if (span > 1) {
            for (int j = 0; j < regs; j++) {
                int m = q + j * threadsPerLine;
                TwiddleAccess.rotate(re, im, j, tw, m * k * (n / (span * r)), loBits, split);
            }
        }

        // The radix-r DFT of each line: up to three register sub-passes (radix r1, r2, r3), with an
        // exchange through local memory between them. TornadoVM limits the size of an inlined callee
        // and needs local arrays to be indexed in the kernel method itself, so the steps are spelled
        // out here and only index arithmetic and register work live in helpers.
        int perThread = regs / r1;
        for (int u = 0; u < perThread; u++) {
            if (r1 == 16) {
                Butterflies.dft16(re, im, u, perThread);
            } else if (r1 == 8) {
                Butterflies.dft8(re, im, u, perThread);
            } else if (r1 == 4) {
                Butterflies.dft4(re, im, u, u + perThread, u + 2 * perThread, u + 3 * perThread);
            } else if (r1 == 2) {
                Butterflies.dft2(re, im, u, u + perThread);
            }
        }
        if (r2 > 1) {
            // exchange after the radix-r1 step (span 1)
            ctx.localBarrier();
            for (int u = 0; u < perThread; u++) {
                for (int v = 0; v < r1; v++) {
                    int slot = LocalFft.outputSlot(q + u * threadsPerLine, r1, 1, v, lane, lanes);
                    lre[slot] = re[u + v * perThread];
                    lim[slot] = im[u + v * perThread];
                }
            }
            ctx.localBarrier();
            for (int j = 0; j < regs; j++) {
                int slot = LocalFft.inputSlot(q + j * threadsPerLine, lane, lanes);
                re[j] = lre[slot];
                im[j] = lim[slot];
            }
            LocalFft.twiddle(re, im, tw, n, r2, r1, regs, q, threadsPerLine, loBits, split);
            perThread = regs / r2;
            for (int u = 0; u < perThread; u++) {
                if (r2 == 16) {
                    Butterflies.dft16(re, im, u, perThread);
                } else if (r2 == 8) {
                    Butterflies.dft8(re, im, u, perThread);
                } else if (r2 == 4) {
                    Butterflies.dft4(re, im, u, u + perThread, u + 2 * perThread, u + 3 * perThread);
                } else if (r2 == 2) {
                    Butterflies.dft2(re, im, u, u + perThread);
                }
            }
        }
        if (r3 > 1) {
            // exchange after the radix-r2 step (span r1)
            ctx.localBarrier();
            for (int u = 0; u < perThread; u++) {
                for (int v = 0; v < r2; v++) {
                    int slot = LocalFft.outputSlot(q + u * threadsPerLine, r2, r1, v, lane, lanes);
                    lre[slot] = re[u + v * perThread];
                    lim[slot] = im[u + v * perThread];
                }
            }
            ctx.localBarrier();
            for (int j = 0; j < regs; j++) {
                int slot = LocalFft.inputSlot(q + j * threadsPerLine, lane, lanes);
                re[j] = lre[slot];
                im[j] = lim[slot];
            }
            LocalFft.twiddle(re, im, tw, n, r3, r1 * r2, regs, q, threadsPerLine, loBits, split);
            perThread = regs / r3;
            for (int u = 0; u < perThread; u++) {
                if (r3 == 16) {
                    Butterflies.dft16(re, im, u, perThread);
                } else if (r3 == 8) {
                    Butterflies.dft8(re, im, u, perThread);
                } else if (r3 == 4) {
                    Butterflies.dft4(re, im, u, u + perThread, u + 2 * perThread, u + 3 * perThread);
                } else if (r3 == 2) {
                    Butterflies.dft2(re, im, u, u + perThread);
                }
            }
        }

        // Store output m = q + j * threadsPerLine of line i at (i - k) r + k + m span.
        if (stride > 1 || span >= cols) {
            for (int j = 0; j < regs; j++) {
                int addr = base + ((i - k) * r + k + (q + j * threadsPerLine) * span) * stride;
                dst.set(2 * addr, re[j] * scale);
                dst.set(2 * addr + 1, inverse == 1 ? -im[j] * scale : im[j] * scale);
            }
        } else {
            // Adjacent lines land r elements apart: stage the tile in local memory and write it back
            // in address order, so that every global write is a run of adjacent elements.
            ctx.localBarrier();
            for (int j = 0; j < regs; j++) {
                int slot = LocalFft.inputSlot(q + j * threadsPerLine, lane, lanes);
                lre[slot] = re[j];
                lim[slot] = im[j];
            }
            ctx.localBarrier();
            for (int j = 0; j < regs; j++) {
                int linear = t + j * lanes * threadsPerLine;
                int slot = LocalFft.stagedSlot(linear, r, span, cols, lanes);
                int addr = firstBatch * n + firstCol * r + linear;
                dst.set(2 * addr, lre[slot] * scale);
                dst.set(2 * addr + 1, inverse == 1 ? -lim[slot] * scale : lim[slot] * scale);
            }
        }
    }
}
