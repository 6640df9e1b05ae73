package io.github.tornadofft.plan;

import io.github.tornadofft.api.Precision;

import java.util.Locale;

/**
 * What the planner needs to know about a device: its kind, the limits a work-group lives in, and
 * the two shapes the planner aims for.
 *
 * @param name          the device's name, for printing
 * @param cpu           whether it is a CPU (PoCL): no split exchange, runs of {@code coalesce} as given
 * @param localBytes    local (shared) memory per work-group
 * @param maxGroupSize  most work-items per work-group the planner uses
 * @param globalBytes   device memory TornadoVM may use
 * @param groupSize     work-items per work-group the planner aims for
 * @param registerBits  log2 of the largest radix a work-item computes in registers (1 to 4)
 * @param coalesce      adjacent columns (complex values) a strided pass's work-group takes: the
 *                      length of its runs of global accesses (16 = 128 bytes, the 3D seed's rule)
 * @param exchange      how the planner chooses between the paired and the split exchange
 * @param fusion        where a short contiguous axis X is fused into the first strided pass
 *                      ({@link Planner#plan}) rather than given a pass of its own: AUTO wherever that
 *                      saves a kernel, on a CPU only where the rows take one register step (rows in
 *                      two steps take two more exchanges through local memory: a GPU gains from the
 *                      saved pass, while a CPU, which runs a group as loops over its work-items, gains
 *                      on some shapes and loses on others; measured: docs/history/PERFORMANCE-diary.md,
 *                      v0.6); ON wherever it saves a kernel; OFF never
 * @param shortRuns     where an axis takes runs of 32 or 64 bytes for a pass fewer
 *                      ({@link Planner#runsFor}): AUTO on a GPU whose data starts on 128-byte lines;
 *                      ON wherever that saves a pass, on any device (tests and tuning runs); OFF never
 * @param lateStore     where a plan's kernel stores late under a lower register cap
 *                      ({@link Planner#storesLate}): AUTO for an NVIDIA GPU's single-group kernels of 2048
 *                      and 4096 points; ON every plan on any device (tests and tuning runs); OFF never
 * @param dataAlignment bytes to which element 0 of every array is aligned in device memory (a power of
 *                      two): TornadoVM places it after the array's header, 16 bytes into its buffer by
 *                      default, and the JVM option {@code -Dtornado.panama.objectHeader=128} makes it 128
 *                      ({@link #DEFAULT_DATA_ALIGNMENT}, {@link Planner#ALIGNED_DATA})
 * @param valueBytes    bytes of one real value of the plan's precision, 4 (float) or 8 (double)
 *                      ({@link #forPrecision}): every count of values above ({@code coalesce}, the
 *                      tile's capacity) is in complex values of that precision
 */
public record DeviceProfile(String name, boolean cpu, long localBytes, int maxGroupSize, long globalBytes,
                            int groupSize, int registerBits, int coalesce, Exchange exchange, Choice fusion,
                            Choice shortRuns, Choice lateStore, int dataAlignment, int valueBytes) {

    /**
     * How a work-group passes values through local memory between butterfly steps: real and
     * imaginary parts together in two arrays (PAIR), or in turn through one (SPLIT: twice the tile
     * for the same local memory, two more barriers per exchange). AUTO splits where the larger tile
     * buys something: fewer passes, or runs of at least 32 values where pairs allow only 16 (on a GPU).
     */
    public enum Exchange { AUTO, PAIR, SPLIT }

    /**
     * A planner decision left to the planner's rule (AUTO), or forced on or off for tests and tuning
     * runs: the value of an {@code auto|true|false} property ({@link #of(String)}).
     */
    public enum Choice {
        AUTO, ON, OFF;

        /**
         * The property's value: {@code auto} (or unset) AUTO, {@code true} ON, {@code false} OFF.
         *
         * @throws IllegalArgumentException naming the property, for any other value
         */
        public static Choice of(String property) {
            String value = System.getProperty(property, "auto").trim();
            return switch (value) {
                case "auto" -> AUTO;
                case "true" -> ON;
                case "false" -> OFF;
                default -> throw new IllegalArgumentException(property + ": auto, true or false, got '" + value + "'");
            };
        }
    }

    /** Property that overrides the work-group size the planner aims for (for tuning runs). */
    public static final String GROUP_SIZE_PROPERTY = "tornado.fft.groupSize";
    /** Property that overrides the largest register radix, as log2 (for tuning runs). */
    public static final String REGISTER_BITS_PROPERTY = "tornado.fft.registerBits";
    /** Property that overrides the adjacent columns of a strided pass (for tuning runs). */
    public static final String COALESCE_PROPERTY = "tornado.fft.coalesce";
    /**
     * Most registers per work-item the kernels may take on a GPU: 16 complex values and their
     * addresses. {@code CompilerFlags} holds NVIDIA's compilers to it.
     */
    public static final int MAX_REGISTERS = 128;
    /**
     * Registers per work-item a kernel may take where no cap reaches the compiler (TornadoVM 5.2's CUDA
     * backend hands NVRTC no options): the planner then keeps GPU groups to 65536 / 255, 256 work-items.
     */
    public static final int UNCAPPED_REGISTERS = 255;
    /** Registers of one GPU multiprocessor. */
    static final int REGISTER_FILE = 65536;
    /**
     * Property that overrides {@link #MAX_REGISTERS} (for tuning runs): the register cap handed to
     * NVIDIA's compilers, and with it the largest GPU work-group, 65536 / cap (at most 1024).
     */
    public static final String MAX_REGISTERS_PROPERTY = "tornado.fft.maxRegisters";
    /**
     * Property that lowers the most work-items per work-group the planner uses (for tuning runs and
     * tests: a small cap makes the planner take its uneven register decompositions on any device).
     */
    public static final String MAX_GROUP_SIZE_PROPERTY = "tornado.fft.maxGroupSize";
    /** Property that overrides the exchange choice: auto, pair or split (for tuning runs and tests). */
    public static final String EXCHANGE_PROPERTY = "tornado.fft.exchange";

    /**
     * Property that overrides {@link #lateStore}: auto, true or false.
     */
    public static final String LATE_STORE_PROPERTY = "tornado.fft.lateStore";
    /**
     * Registers per work-item NVIDIA's compilers may give the kernel of a float plan that stores late: the
     * fewest with which every such kernel compiles without spilling (ptxas 13, sm_90).
     */
    public static final int LATE_STORE_REGISTERS = 72;
    /**
     * Registers per work-item for the kernel of a double plan that stores late: {@value #MAX_REGISTERS},
     * the default cap. 16 complex doubles take 64 registers alone and spill under
     * {@value #LATE_STORE_REGISTERS}; under 128 the late store is what keeps them from spilling, and
     * {@link #DOUBLE_REGISTERS} gains nothing over it.
     */
    public static final int LATE_STORE_DOUBLE_REGISTERS = MAX_REGISTERS;
    /**
     * Registers per work-item NVIDIA's compilers may give a double-precision plan of small groups where
     * no cap was chosen ({@code Planner.widensRegisters}): on an H200, 1D 256 to 2048 batched in double
     * went from 1.07-1.14x cuFFT (OpenCL) and 1.20-1.29x (PTX) under {@value #MAX_REGISTERS} to
     * 0.98-1.04x on both.
     */
    public static final int DOUBLE_REGISTERS = 168;

    /**
     * Property that overrides the data alignment the planner assumes ({@link #dataAlignment}; for
     * tuning runs: 16 plans as if the arrays kept TornadoVM's default header).
     */
    public static final String DATA_ALIGNMENT_PROPERTY = "tornado.fft.dataAlignment";

    /** Property that overrides {@link #shortRuns}: auto, true or false. */
    public static final String SHORT_RUNS_PROPERTY = "tornado.fft.shortRuns";

    /** Property that overrides {@link #fusion}: auto, true or false. */
    public static final String FUSE_X_PROPERTY = "tornado.fft.fuseX";

    /**
     * Alignment of element 0 of an array in device memory with TornadoVM's default array header (16
     * bytes, with compressed class pointers; 24 without, aligned to 8).
     */
    public static final int DEFAULT_DATA_ALIGNMENT = 16;

    /** A profile that leaves fusion, short runs and late stores to the planner, with the default data alignment. */
    public DeviceProfile(String name, boolean cpu, long localBytes, int maxGroupSize, long globalBytes, int groupSize,
                         int registerBits, int coalesce, Exchange exchange) {
        this(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, coalesce, exchange, Choice.AUTO,
                Choice.AUTO, Choice.AUTO, DEFAULT_DATA_ALIGNMENT, Float.BYTES);
    }

    /**
     * Checks the fields.
     *
     * @throws IllegalArgumentException naming {@code registerBits} (1 to 4), {@code groupSize} (1 to
     *                                  {@code maxGroupSize}), {@code coalesce} (a power of two up to 64)
     *                                  {@code dataAlignment} (a power of two) or {@code valueBytes} (4 or
     *                                  8) when out of range
     */
    public DeviceProfile {
        if (registerBits < 1 || registerBits > 4) {
            throw new IllegalArgumentException("registerBits: 1 to 4 (radix 2 to 16), got " + registerBits);
        }
        if (groupSize < 1 || groupSize > maxGroupSize) {
            throw new IllegalArgumentException("groupSize: 1 to " + maxGroupSize + ", got " + groupSize);
        }
        if (coalesce < 1 || coalesce > 64 || Integer.bitCount(coalesce) != 1) {
            throw new IllegalArgumentException("coalesce: a power of two from 1 to 64, got " + coalesce);
        }
        if (dataAlignment < 1 || Integer.bitCount(dataAlignment) != 1) {
            throw new IllegalArgumentException("dataAlignment: a power of two (bytes), got " + dataAlignment);
        }
        if (valueBytes != Float.BYTES && valueBytes != Double.BYTES) {
            throw new IllegalArgumentException("valueBytes: 4 (float) or 8 (double), got " + valueBytes);
        }
    }

    /**
     * A profile with the planner's defaults for the kind of device, unless the
     * {@link #GROUP_SIZE_PROPERTY}, {@link #REGISTER_BITS_PROPERTY} or {@link #COALESCE_PROPERTY} system
     * properties say otherwise ({@link #MAX_GROUP_SIZE_PROPERTY} lowers the group cap): up to 16
     * values per work-item; strided passes in runs of at least 16 values (128 bytes) on a GPU, where
     * shorter runs waste memory bandwidth, and of 32 on a CPU, which runs a group as loops over its
     * work-items: there a pass of large radix in large groups costs more than the extra pass of
     * smaller radix that longer runs may bring; small transforms packed into groups of 64 work-items
     * (on a GPU more groups in flight per multiprocessor; on a CPU faster as well). The sweeps:
     * docs/history/PERFORMANCE-diary.md, v0.1, v0.2 and v0.4.
     *
     * @throws IllegalArgumentException naming the {@code tornado.fft.*} property whose value is not
     *                                  allowed
     */
    public static DeviceProfile of(String name, boolean cpu, long localBytes, int deviceMaxGroupSize, long globalBytes) {
        return of(name, cpu, localBytes, deviceMaxGroupSize, globalBytes, DEFAULT_DATA_ALIGNMENT);
    }

    /**
     * A profile as {@link #of(String, boolean, long, int, long)} for arrays whose element 0 lies at a
     * multiple of {@code dataAlignment} bytes in device memory.
     *
     * @throws IllegalArgumentException naming the {@code tornado.fft.*} property whose value is not
     *                                  allowed
     */
    public static DeviceProfile of(String name, boolean cpu, long localBytes, int deviceMaxGroupSize, long globalBytes,
                                   int dataAlignment) {
        return of(name, cpu, localBytes, deviceMaxGroupSize, globalBytes, dataAlignment, Tuning.fromProperties());
    }

    /**
     * A profile for the device as {@link #of(String, boolean, long, int, long)}, with the planner's
     * choices that {@code tuning} fixes: its data alignment where set, else {@code dataAlignment}.
     *
     * @throws IllegalArgumentException naming {@code dataAlignment} where it is not a power of two
     *                                  (and {@code tuning} sets none)
     */
    public static DeviceProfile of(String name, boolean cpu, long localBytes, int deviceMaxGroupSize, long globalBytes,
                                   int dataAlignment, Tuning tuning) {
        int maxGroupSize = cpu ? deviceMaxGroupSize : Math.min(deviceMaxGroupSize, tuning.maxGpuGroup());
        if (tuning.maxGroupSize() != Tuning.AUTO) {
            maxGroupSize = Math.min(maxGroupSize, tuning.maxGroupSize());
        }
        int group = tuning.groupSize() != Tuning.AUTO ? tuning.groupSize() : Math.min(maxGroupSize, 64);
        int coalesce = tuning.coalesce() != Tuning.AUTO ? tuning.coalesce() : cpu ? 32 : 16;
        int alignment = tuning.dataAlignment() != Tuning.AUTO ? tuning.dataAlignment() : dataAlignment;
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, Math.min(group, maxGroupSize),
                tuning.registerBits(), coalesce, tuning.exchange(), tuning.fusion(), tuning.shortRuns(), tuning.lateStore(),
                alignment, Float.BYTES);
    }

    /**
     * The value of an integer tuning property, {@code unset} where it is not set; a value that is not an
     * integer is refused with the property's name (not ignored, as {@link Integer#getInteger} would).
     *
     * @throws IllegalArgumentException naming the property, where its value is not an integer
     */
    public static int intProperty(String property, int unset) {
        String value = System.getProperty(property);
        if (value == null) {
            return unset;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + ": an integer, got '" + value + "'");
        }
    }

    /**
     * Registers per work-item NVIDIA's compilers may give a kernel: {@link #MAX_REGISTERS} unless
     * {@link #MAX_REGISTERS_PROPERTY} overrides it.
     *
     * @throws IllegalArgumentException naming the property, where its value is not an integer from 32
     *                                  to 255
     */
    public static int maxRegisters() {
        int registers = intProperty(MAX_REGISTERS_PROPERTY, MAX_REGISTERS);
        if (registers < 32 || registers > 255) {
            throw new IllegalArgumentException(MAX_REGISTERS_PROPERTY + ": 32 to 255, got " + registers);
        }
        return registers;
    }

    /**
     * Most work-items per work-group on a GPU: as many as one multiprocessor's registers hold at
     * {@link #maxRegisters()} each (512 at 128), at most 1024. A larger group fails to launch, and on
     * the PTX backend silently.
     *
     * @throws IllegalArgumentException as {@link #maxRegisters()}
     */
    public static int maxGpuGroup() {
        return Tuning.PLANNER.withMaxRegisters(maxRegisters()).maxGpuGroup();
    }

    /**
     * Most bytes of values a CPU's work-group tile holds ({@link #localComplexCapacity}), whatever local
     * memory the device reports (PoCL: 512 KB): 8192 complex doubles, 16384 complex floats (as the
     * count of 2^14 values always held float's). Double's tiles had been twice float's bytes, and through
     * PoCL on two cores the plans they gave were slower than those of tiles of this size: 2D 1024² in
     * double 12% (Y in one pass of 1024 × 16 against two of 32 × 32), r2c 2D 1024² in double 15%, 1D 2^20
     * in double 1.7× (two passes of 1024 × 16 against three). A cap of 64 KB gained 18-20% more on 2D 512² ×
     * 4 and 1.75× on 1D 2^18 in double, but shortened the runs of 3D 256³'s strided passes and cost it 9%
     * in float and 8-10% in double, so the cap is float's tile, and the axes whose gain that was, those with
     * a pass of radix 512 or more, take {@link #CPU_WIDE_RADIX_TILE_BYTES} (docs/history/PERFORMANCE-diary.md,
     * v0.50 and v0.51).
     */
    public static final long CPU_TILE_BYTES = 128 << 10;

    /**
     * Most bytes of values a CPU's tile holds along an axis with a pass of radix 512 or more that is
     * strided or one of several ({@code Planner.takesNarrowTiles}).
     */
    public static final long CPU_WIDE_RADIX_TILE_BYTES = 64 << 10;

    /**
     * Complex values one work-group's tile may hold with the paired or the {@code split} exchange, a
     * power of two.
     */
    public int localComplexCapacity(boolean split) {
        // Two arrays (re, im) of the precision's values, or one with the split exchange, padded by 1/32,
        // and no more than three quarters of what the device offers so that more than one group fits
        // on a GPU multiprocessor; on a CPU, values of at most CPU_TILE_BYTES.
        long usable = cpu ? localBytes : localBytes / 2 + localBytes / 4;
        long perComplex = (split ? 1L : 2L) * valueBytes;
        long complex = usable / perComplex * 32 / 33;
        if (cpu) {
            complex = Math.min(complex, CPU_TILE_BYTES / perComplex);
        }
        return Integer.highestOneBit((int) Math.min(complex, split ? 1 << 15 : 1 << 14));
    }

    /**
     * This profile for a plan of {@code precision}: where a value is twice as wide (double), the tile
     * holds half the values, and runs of the same bytes are half the values long ({@link #coalesce},
     * and {@link #runs} for the planner's own constants).
     */
    public DeviceProfile forPrecision(Precision precision) {
        int bytes = precision.bytes();
        if (bytes == valueBytes) {
            return this;
        }
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits,
                Math.max(1, coalesce * valueBytes / bytes), exchange, fusion, shortRuns, lateStore, dataAlignment, bytes);
    }

    /**
     * A run of {@code floatValues} complex floats in this profile's values: the same bytes (128 bytes are
     * 16 complex floats or 8 complex doubles), at least 1.
     */
    public int runs(int floatValues) {
        return Math.max(1, floatValues * Float.BYTES / valueBytes);
    }

    /** This profile with runs of at least {@code runs} values on strided passes. */
    public DeviceProfile withCoalesce(int runs) {
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, runs, exchange,
                fusion, shortRuns, lateStore, dataAlignment, valueBytes);
    }

    /** This profile with the given {@link #fusion}. */
    public DeviceProfile withFusion(Choice where) {
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, coalesce,
                exchange, where, shortRuns, lateStore, dataAlignment, valueBytes);
    }

    /** This profile with the given {@link #shortRuns}. */
    public DeviceProfile withShortRuns(Choice where) {
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, coalesce,
                exchange, fusion, where, lateStore, dataAlignment, valueBytes);
    }

    /** This profile with the given {@link #exchange}. */
    public DeviceProfile withExchange(Exchange how) {
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, coalesce,
                how, fusion, shortRuns, lateStore, dataAlignment, valueBytes);
    }

    /** This profile with the given {@link #lateStore}. */
    public DeviceProfile withLateStore(Choice where) {
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, coalesce,
                exchange, fusion, shortRuns, where, dataAlignment, valueBytes);
    }

    /** This profile with work-groups of at most {@code most} work-items. */
    public DeviceProfile withMaxGroupSize(int most) {
        return new DeviceProfile(name, cpu, localBytes, Math.min(maxGroupSize, most), globalBytes,
                Math.min(groupSize, most), registerBits, coalesce, exchange, fusion, shortRuns, lateStore, dataAlignment, valueBytes);
    }

    /**
     * This CPU profile with tiles of at most {@code bytes} of values ({@link #localComplexCapacity}): the local
     * memory they take with their padding, one value in 33, where the device offers more.
     */
    public DeviceProfile withTileBytes(long bytes) {
        return new DeviceProfile(name, cpu, Math.min(localBytes, bytes + bytes / 32), maxGroupSize, globalBytes, groupSize,
                registerBits, coalesce, exchange, fusion, shortRuns, lateStore, dataAlignment, valueBytes);
    }

    /** This profile for arrays whose element 0 is aligned to {@code bytes} in device memory. */
    public DeviceProfile withDataAlignment(int bytes) {
        return new DeviceProfile(name, cpu, localBytes, maxGroupSize, globalBytes, groupSize, registerBits, coalesce,
                exchange, fusion, shortRuns, lateStore, bytes, valueBytes);
    }

    /** Work-items per work-group the planner aims for. */
    public int targetGroupSize() {
        return groupSize;
    }
}
