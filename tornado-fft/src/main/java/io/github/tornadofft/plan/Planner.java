package io.github.tornadofft.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses how a power-of-two 1D transform is computed: the passes over global memory, the radix of
 * each, its register decomposition and the work-group shape, from the device's properties.
 *
 * <p>A transform that fits one work-group's local memory is one pass (the single work-group FFT of
 * the OpenCL seed). A larger one is split into passes of equal radix, each a strided batch of
 * radix-r DFTs whose work-groups take {@link #COALESCE} adjacent lines, so every global access is a
 * run of adjacent elements (the 3D seed's 128-byte rule).
 */
public final class Planner {

    /** Adjacent lines a work-group takes in a strided pass: 16 complex floats = 128 bytes. */
    static final int COALESCE = 16;
    /** Largest register radix. */
    static final int MAX_REG_BITS = 4;

    private Planner() {
    }

    /** The passes of a 1D transform of length n (a power of two) over a batch. */
    public static List<Pass> plan1d(int n, int batch, DeviceProfile device) {
        int bits = Integer.numberOfTrailingZeros(n);
        int capacity = device.localComplexCapacity();
        int singleBits = Math.min(Integer.numberOfTrailingZeros(capacity), 3 * MAX_REG_BITS);
        if (bits <= singleBits) {
            return List.of(pass(n, n, 1, batch, device));
        }
        // Strided passes: each work-group holds COALESCE lines of r points.
        int passBits = Math.min(singleBits, Integer.numberOfTrailingZeros(capacity / COALESCE));
        int passes = (bits + passBits - 1) / passBits;
        List<Pass> plan = new ArrayList<>();
        int span = 1;
        for (int p = 0; p < passes; p++) {
            int rBits = bits / passes + (p < bits % passes ? 1 : 0);
            int r = 1 << rBits;
            plan.add(pass(n, r, span, batch, device));
            span *= r;
        }
        return List.copyOf(plan);
    }

    private static Pass pass(int n, int r, int span, int batch, DeviceProfile device) {
        int[] sub = registerRadices(Integer.numberOfTrailingZeros(r));
        int regs = 1;
        for (int s : sub) {
            regs = Math.max(regs, s);
        }
        int lines = n / r;
        int itemsPerLine = r / regs;
        int capacity = device.localComplexCapacity();
        int cols = Math.max(1, Math.min(Math.min(lines, COALESCE), capacity / r));
        int rows = 1;
        if (cols == lines) {
            // Whole transforms per group: add batch rows until the group is full.
            int target = device.targetGroupSize();
            while (rows * 2 * cols * itemsPerLine <= target
                    && rows * 2 * cols * r <= capacity
                    && batch % (rows * 2) == 0) {
                rows *= 2;
            }
        }
        while (cols * rows * itemsPerLine > device.maxGroupSize() && cols > 1) {
            cols /= 2;
        }
        return new Pass(n, r, span, cols, rows, regs, sub);
    }

    /** Splits 2^bits into at most three register radices of at most 16, largest first, evenly. */
    static int[] registerRadices(int bits) {
        if (bits == 0) {
            return new int[] {1};
        }
        int count = (bits + MAX_REG_BITS - 1) / MAX_REG_BITS;
        int[] sub = new int[count];
        for (int s = 0; s < count; s++) {
            sub[s] = 1 << (bits / count + (s < bits % count ? 1 : 0));
        }
        return sub;
    }
}
