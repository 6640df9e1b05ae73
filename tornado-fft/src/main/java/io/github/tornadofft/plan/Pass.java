package io.github.tornadofft.plan;

import io.github.tornadofft.kernels.StockhamPass;

/**
 * One global pass of a 1D transform, as the planner decided it.
 *
 * @param n     transform length
 * @param radix this pass's radix r: each line is a radix-r DFT
 * @param span  product of the radices of earlier passes (the twiddle stride)
 * @param cols  adjacent lines of one transform per work-group
 * @param rows  transforms of the batch per work-group
 * @param regs  values per work-item held in registers
 * @param sub   register sub-pass radices, product = radix (at most three)
 */
public record Pass(int n, int radix, int span, int cols, int rows, int regs, int[] sub) {

    public Pass {
        if (sub.length < 1 || sub.length > 3) {
            throw new IllegalArgumentException("sub: 1 to 3 register sub-passes, got " + sub.length);
        }
        if (regs > StockhamPass.MAX_REGS) {
            throw new IllegalArgumentException("regs: at most " + StockhamPass.MAX_REGS + ", got " + regs);
        }
    }

    /** Work-items per work-group. */
    public int groupSize() {
        return cols * rows * (radix / regs);
    }

    /** Work-groups for a batch of the given size. */
    public int groups(int batch) {
        return (int) ((long) batch * (n / radix) / ((long) cols * rows));
    }

    /** Sub-pass radix s (1 when absent). */
    public int subRadix(int s) {
        return s < sub.length ? sub[s] : 1;
    }

    /** Whether this is the last pass of its transform (output in natural order). */
    public boolean last() {
        return (long) span * radix == n;
    }

    /**
     * The 3D seed's notation X(n2, n1, stride, span, tw): n2 DFTs of n1 points whose inputs lie
     * {@code stride} apart and together span {@code span} elements, followed by twiddle factors
     * ({@code tw}) unless this is the last pass. Stockham passes all read at stride n / r across the
     * whole line; the twiddles "after" a pass are applied as the next pass loads.
     */
    public String notation() {
        return String.format("X(%d,%d,%d,%d,%s)", n / radix, radix, n / radix, n, last() ? "no-tw" : "tw");
    }

    /** The register decomposition and work-group shape, for printing. */
    public String schedule() {
        StringBuilder radices = new StringBuilder();
        for (int s : sub) {
            radices.append(radices.isEmpty() ? "" : "x").append(s);
        }
        return String.format("radix %d = %s in registers (%d per work-item), group %d = %d lines x %d transforms x %d items",
                radix, radices, regs, groupSize(), cols, rows, radix / regs);
    }
}
