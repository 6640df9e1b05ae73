package io.github.tornadofft.plan;

import io.github.tornadofft.kernels.RegisterPass;

/**
 * One global pass over the data, as the planner decided it: part of the 1D transforms along one
 * axis of the array.
 *
 * @param axis  0 for the contiguous (last) axis X, 1 for Y, 2 for Z
 * @param n     transform length along the axis
 * @param stride elements between consecutive points of the axis (1 for X)
 * @param radix this pass's radix r: each line is a radix-r DFT
 * @param span  product of the radices of earlier passes (the twiddle stride)
 * @param cols  adjacent lines of one transform per work-group (X), or adjacent positions of the
 *              faster axes (Y, Z)
 * @param rows  transforms of the batch per work-group (X), or adjacent lines (Y, Z)
 * @param regs  values per work-item held in registers
 * @param sub   register sub-pass radices, product = radix (at most three): the first is {@code regs},
 *              the others {@code regs / d} for d = 1, 2, 4 or 8, at least 2 ({@link RegisterPass})
 * @param split whether the group exchanges values one part at a time through one local array
 *              ({@link DeviceProfile.Exchange#SPLIT}) rather than both parts through two
 * @param fused length of the contiguous axis X whose whole DFT this strided pass also computes (the 3D
 *              seed's X stage fused into a Y or Z kernel), or 1: its lanes are whole rows of X, and
 *              the array then needs no pass of its own along X; up to regs points in one step, up to
 *              {@link RegisterPass#maxFused} in two (then only in the first pass of its axis, whose
 *              table has room for W_X)
 */
public record Pass(int axis, int n, int stride, int radix, int span, int cols, int rows, int regs, int[] sub,
                   boolean split, int fused) {

    /** A pass with no fused X axis. */
    public Pass(int axis, int n, int stride, int radix, int span, int cols, int rows, int regs, int[] sub, boolean split) {
        this(axis, n, stride, radix, span, cols, rows, regs, sub, split, 1);
    }

    public Pass {
        sub = sub.clone();
        if (fused != 1 && (Integer.bitCount(fused) != 1 || fused > RegisterPass.maxFused(regs) || stride != fused
                || cols % fused != 0 || fused > regs && span != 1)) {
            throw new IllegalArgumentException("fused: 1, or a power of two up to " + RegisterPass.maxFused(regs)
                    + " for regs = " + regs + " (above regs only in a first pass) equal to the stride and dividing cols = "
                    + cols + ", got " + fused + " (stride " + stride + ", span " + span + ")");
        }
        if (sub.length < 1 || sub.length > 3) {
            throw new IllegalArgumentException("sub: 1 to 3 register sub-passes, got " + sub.length);
        }
        if (regs > RegisterPass.MAX_REGS || Integer.bitCount(regs) != 1) {
            throw new IllegalArgumentException("regs: a power of two up to " + RegisterPass.MAX_REGS + ", got " + regs);
        }
        if (sub[0] != regs) {
            throw new IllegalArgumentException("sub: the first register radix must be regs = " + regs + ", got " + sub[0]);
        }
        for (int s = 1; s < sub.length; s++) {
            if (Integer.bitCount(sub[s]) != 1 || sub[s] < Math.max(2, regs / 8) || sub[s] > regs) {
                throw new IllegalArgumentException("sub: later register radices must be powers of two from "
                        + Math.max(2, regs / 8) + " to " + regs + ", got " + sub[s]);
            }
        }
    }

    /** The register radix of each sub-pass (a copy). */
    @Override
    public int[] sub() {
        return sub.clone();
    }

    /** Work-items per work-group. */
    public int groupSize() {
        return cols * rows * (radix / regs);
    }

    /** Work-groups for an array of {@code points} complex values. */
    public int groups(long points) {
        return (int) (points / radix / ((long) cols * rows));
    }

    /** The axis letter of the 3D seed: X (contiguous), Y, Z. */
    public char axisName() {
        return (char) ('X' + axis);
    }

    /** Sub-pass radix s (1 when absent). */
    public int subRadix(int s) {
        return s < sub.length ? sub[s] : 1;
    }

    /**
     * Whether the pass stages its stores through local memory: a pass over adjacent lines (stride 1)
     * whose outputs land {@code span} apart, closer than its lines per group, writes its tile back in
     * address order ({@link RegisterPass}'s store); every other pass stores straight from registers.
     */
    public boolean stagesStores() {
        return stride == 1 && span < cols;
    }

    /** Whether this is the last pass of its transform (output in natural order). */
    public boolean last() {
        return (long) span * radix == n;
    }

    /**
     * The 3D seed's notation X(n2, n1, stride, span, tw): n2 DFTs of n1 points whose inputs lie
     * {@code stride} apart and together span {@code span} elements, followed by twiddle factors
     * ({@code tw}) unless this is the last pass of its axis, with the axis letter in front (X, Y, Z).
     * Stockham passes all read at stride n / r across the whole line, in units of the axis; the
     * twiddles "after" a pass are applied as the next pass loads.
     */
    public String notation() {
        return String.format("%c(%d,%d,%d,%d,%s)", axisName(), n / radix, radix, n / radix, n, last() ? "no-tw" : "tw");
    }

    /** This pass with the whole X axis of the array, {@code length} points, fused in ({@link #fused}). */
    public Pass withFused(int length) {
        return new Pass(axis, n, stride, radix, span, cols, rows, regs, sub, split, length);
    }

    /**
     * The seed's notation of everything this kernel computes: the fused X axis, if any, then this pass
     * ({@link #notation}), in braces as in the seed's appendix, e.g. {@code {X(1,16,1,16,no-tw),
     * Y(16,256,16,4096,tw)}}; an X axis of two steps shows both, e.g. {@code {X(8,8,8,64,tw),
     * X(8,8,1,8,no-tw), Y(1,64,1,64,no-tw)}}.
     */
    public String kernelNotation() {
        String x = "";
        if (fused > regs) {
            int b = fused / regs;
            x = String.format("X(%d,%d,%d,%d,tw), X(%d,%d,1,%d,no-tw), ", b, regs, b, fused, regs, b, b);
        } else if (fused > 1) {
            x = String.format("X(1,%d,1,%d,no-tw), ", fused, fused);
        }
        return "{" + x + notation() + "}";
    }

    /** The register decomposition and work-group shape, for printing. */
    public String schedule() {
        StringBuilder radices = new StringBuilder();
        for (int s : sub) {
            radices.append(radices.isEmpty() ? "" : "x").append(s);
        }
        String exchange = (split ? ", split exchange" : "")
                + (fused > 1 ? ", X axis of " + fused + " fused (rows transposed through local memory)" : "");
        if (stride > 1) {
            return String.format("stride %d, radix %d = %s in registers (%d per work-item), group %d = %d columns x %d lines x %d items%s",
                    stride, radix, radices, regs, groupSize(), cols, rows, radix / regs, exchange);
        }
        return String.format("radix %d = %s in registers (%d per work-item), group %d = %d lines x %d transforms x %d items%s",
                radix, radices, regs, groupSize(), cols, rows, radix / regs, exchange);
    }
}
