package io.github.tornadofft.plan;

import io.github.tornadofft.plan.DeviceProfile.Choice;
import io.github.tornadofft.plan.DeviceProfile.Exchange;

import java.util.Locale;

/**
 * The planner's knobs for one plan: what the planner would choose for the device unless a field says
 * otherwise. {@link #AUTO} (0) in an integer field leaves that choice to the planner.
 *
 * @param groupSize     work-items per work-group the planner aims for (AUTO: 64, or the device's cap if lower)
 * @param maxGroupSize  a lower cap on work-items per work-group than the device's (AUTO: none)
 * @param registerBits  log2 of the largest radix a work-item computes in registers, 1 to 4
 * @param coalesce      shortest run of a strided pass, in complex values, a power of two up to 64 (AUTO:
 *                      16 on a GPU, 32 on a CPU)
 * @param exchange      how a work-group exchanges values through local memory
 * @param fusion        where a short contiguous axis is fused into the first strided pass
 * @param shortRuns     where an axis takes runs of 4 or 8 values for a pass fewer
 * @param lateStore     where a plan's single kernel stores late under a lower register cap
 * @param maxRegisters  registers per work-item NVIDIA's compilers may give a kernel, 32 to 255
 * @param dataAlignment bytes to which element 0 of every array is aligned in device memory, a power of
 *                      two (AUTO: what TornadoVM's array header gives)
 */
public record Tuning(int groupSize, int maxGroupSize, int registerBits, int coalesce, Exchange exchange, Choice fusion,
                     Choice shortRuns, Choice lateStore, int maxRegisters, int dataAlignment) {

    /** In an integer field: let the planner choose. */
    public static final int AUTO = 0;

    /** Every choice left to the planner. */
    public static final Tuning PLANNER = new Tuning(AUTO, AUTO, 4, AUTO, Exchange.AUTO, Choice.AUTO, Choice.AUTO,
            Choice.AUTO, DeviceProfile.MAX_REGISTERS, AUTO);

    /**
     * Checks the fields.
     *
     * @throws IllegalArgumentException naming the field whose value is out of range, or the null ones
     */
    public Tuning {
        require(groupSize >= 0, "groupSize", "0 (auto) or at least 1", groupSize);
        require(maxGroupSize >= 0, "maxGroupSize", "0 (auto) or at least 1", maxGroupSize);
        require(registerBits >= 1 && registerBits <= 4, "registerBits", "1 to 4 (radix 2 to 16)", registerBits);
        require(coalesce == AUTO || coalesce <= 64 && Integer.bitCount(coalesce) == 1, "coalesce",
                "0 (auto) or a power of two from 1 to 64", coalesce);
        require(maxRegisters >= 32 && maxRegisters <= 255, "maxRegisters", "32 to 255", maxRegisters);
        require(dataAlignment == AUTO || Integer.bitCount(dataAlignment) == 1, "dataAlignment",
                "0 (auto) or a power of two (bytes)", dataAlignment);
        if (exchange == null || fusion == null || shortRuns == null || lateStore == null) {
            throw new IllegalArgumentException("exchange, fusion, shortRuns, lateStore: must not be null");
        }
    }

    private static void require(boolean ok, String name, String allowed, int got) {
        if (!ok) {
            throw new IllegalArgumentException(name + ": " + allowed + ", got " + got);
        }
    }

    /**
     * The knobs the {@code tornado.fft.*} system properties set (unset: the planner's choice; docs/TUNING.md
     * lists them).
     *
     * @throws IllegalArgumentException naming the property, where its value is not allowed
     */
    public static Tuning fromProperties() {
        int maxGroup = DeviceProfile.intProperty(DeviceProfile.MAX_GROUP_SIZE_PROPERTY, AUTO);
        if (System.getProperty(DeviceProfile.MAX_GROUP_SIZE_PROPERTY) != null && maxGroup < 1) {
            throw new IllegalArgumentException(DeviceProfile.MAX_GROUP_SIZE_PROPERTY + ": at least 1, got " + maxGroup);
        }
        int group = DeviceProfile.intProperty(DeviceProfile.GROUP_SIZE_PROPERTY, AUTO);
        int bits = DeviceProfile.intProperty(DeviceProfile.REGISTER_BITS_PROPERTY, 4);
        int coalesce = DeviceProfile.intProperty(DeviceProfile.COALESCE_PROPERTY, AUTO);
        int registers = DeviceProfile.maxRegisters();
        int alignment = DeviceProfile.intProperty(DeviceProfile.DATA_ALIGNMENT_PROPERTY, AUTO);
        if (System.getProperty(DeviceProfile.DATA_ALIGNMENT_PROPERTY) != null
                && (alignment < 1 || Integer.bitCount(alignment) != 1)) {
            throw new IllegalArgumentException(DeviceProfile.DATA_ALIGNMENT_PROPERTY + ": a power of two (bytes), got "
                    + alignment);
        }
        String exchange = System.getProperty(DeviceProfile.EXCHANGE_PROPERTY, "auto");
        Exchange mode;
        try {
            mode = Exchange.valueOf(exchange.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(DeviceProfile.EXCHANGE_PROPERTY + ": auto, pair or split, got '" + exchange + "'");
        }
        try {
            return new Tuning(group, maxGroup, bits, coalesce, mode, Choice.of(DeviceProfile.FUSE_X_PROPERTY),
                    Choice.of(DeviceProfile.SHORT_RUNS_PROPERTY), Choice.of(DeviceProfile.LATE_STORE_PROPERTY), registers,
                    alignment);
        } catch (IllegalArgumentException e) {
            // Name the property the value came from, not the field.
            String field = e.getMessage().substring(0, e.getMessage().indexOf(':'));
            throw new IllegalArgumentException("tornado.fft." + field + e.getMessage().substring(field.length()), e);
        }
    }

    /** Most work-items per work-group on a GPU under {@link #maxRegisters}: 65536 / cap, at most 1024. */
    public int maxGpuGroup() {
        return Math.min(1024, Integer.highestOneBit(DeviceProfile.REGISTER_FILE / maxRegisters));
    }

    /**
     * These knobs with {@code groupSize} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code groupSize} unless {@code v} is 0 (auto) or at least 1
     */
    public Tuning withGroupSize(int v) {
        return new Tuning(v, maxGroupSize, registerBits, coalesce, exchange, fusion, shortRuns, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code maxGroupSize} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code maxGroupSize} unless {@code v} is 0 (auto) or at least 1
     */
    public Tuning withMaxGroupSize(int v) {
        return new Tuning(groupSize, v, registerBits, coalesce, exchange, fusion, shortRuns, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code registerBits} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code registerBits} unless {@code v} is 1 to 4
     */
    public Tuning withRegisterBits(int v) {
        return new Tuning(groupSize, maxGroupSize, v, coalesce, exchange, fusion, shortRuns, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code coalesce} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code coalesce} unless {@code v} is 0 (auto) or a power of
     *                                  two from 1 to 64
     */
    public Tuning withCoalesce(int v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, v, exchange, fusion, shortRuns, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code exchange} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code exchange} unless {@code v} is not null
     */
    public Tuning withExchange(Exchange v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, coalesce, v, fusion, shortRuns, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code fusion} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code fusion} unless {@code v} is not null
     */
    public Tuning withFusion(Choice v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, coalesce, exchange, v, shortRuns, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code shortRuns} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code shortRuns} unless {@code v} is not null
     */
    public Tuning withShortRuns(Choice v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, coalesce, exchange, fusion, v, lateStore, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code lateStore} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code lateStore} unless {@code v} is not null
     */
    public Tuning withLateStore(Choice v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, coalesce, exchange, fusion, shortRuns, v, maxRegisters, dataAlignment);
    }

    /**
     * These knobs with {@code maxRegisters} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code maxRegisters} unless {@code v} is 32 to 255
     */
    public Tuning withMaxRegisters(int v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, coalesce, exchange, fusion, shortRuns, lateStore, v, dataAlignment);
    }

    /**
     * These knobs for a compiler no register cap reaches (TornadoVM 5.2's CUDA backend): a kernel may
     * then take {@link DeviceProfile#UNCAPPED_REGISTERS}, so GPU groups keep to what launches under any
     * count, unless {@code maxRegisters} was chosen: set to another value than the default, or by
     * {@link DeviceProfile#MAX_REGISTERS_PROPERTY}.
     */
    public Tuning withoutCompilerCap() {
        return registersChosen() ? this : withMaxRegisters(DeviceProfile.UNCAPPED_REGISTERS);
    }

    /**
     * Whether {@code maxRegisters} was chosen: set to another value than the default, or by
     * {@link DeviceProfile#MAX_REGISTERS_PROPERTY}; the planner then leaves it as it is.
     */
    public boolean registersChosen() {
        return maxRegisters != DeviceProfile.MAX_REGISTERS || System.getProperty(DeviceProfile.MAX_REGISTERS_PROPERTY) != null;
    }

    /**
     * These knobs with {@code dataAlignment} set to {@code v}.
     *
     * @throws IllegalArgumentException naming {@code dataAlignment} unless {@code v} is 0 (auto) or a power of two
     */
    public Tuning withDataAlignment(int v) {
        return new Tuning(groupSize, maxGroupSize, registerBits, coalesce, exchange, fusion, shortRuns, lateStore, maxRegisters, v);
    }
}
