package io.github.tornadofft.plan;

/**
 * What the planner needs to know about a device: its kind and the limits a work-group lives in.
 *
 * @param name          the device's name, for printing
 * @param cpu           whether it is a CPU (PoCL): there fewer, fatter work-groups run best
 * @param localBytes    local (shared) memory per work-group
 * @param maxGroupSize  most work-items per work-group
 * @param globalBytes   device memory
 */
public record DeviceProfile(String name, boolean cpu, long localBytes, int maxGroupSize, long globalBytes) {

    /** Complex values of local memory one work-group may use for its tile, a power of two. */
    public int localComplexCapacity() {
        // Two float arrays (re, im), padded by 1/32, and no more than half of what the device offers
        // so that at least two groups fit on a GPU multiprocessor.
        long usable = cpu ? localBytes : localBytes / 2 + localBytes / 4;
        long complex = usable / (2L * Float.BYTES) * 32 / 33;
        return Integer.highestOneBit((int) Math.min(complex, 1 << 14));
    }

    /** Work-items per work-group the planner aims for. */
    public int targetGroupSize() {
        return Math.min(maxGroupSize, 256);
    }
}
