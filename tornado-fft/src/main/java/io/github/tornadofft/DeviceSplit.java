package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How a transform is split across the devices of one host: the arithmetic of a plan over several
 * devices, with no TornadoVM in it. It implements the slab decomposition of the multi-GPU 3D FFT seed.
 *
 * <p>A 3D transform of shape (nz, ny, nx) is cut along its slowest axis into one slab of whole (y, x)
 * planes per device ({@link Kind#SLABS}). Each device transforms its planes in 2D; the host regroups
 * the planes into pencils (the nz values of one (y, x) column, a column being one of the ny nx
 * positions of a plane); each device transforms the pencils of its share of the columns along Z; the
 * host gathers them into the output in natural order. A batch of 1D or 2D transforms is cut into whole
 * transforms per device ({@link Kind#TRANSFORMS}), with no exchange. Shares differ by one plane,
 * column or transform at most (uneven splits are allowed).
 *
 * <p>A device never holds its whole share: the share streams through it in chunks, {@link #inFlight()}
 * in flight per device ({@link #defaultInFlight(int)} unless {@link #IN_FLIGHT_PROPERTY} says), each
 * chunk one call of a plan on that device. A chunk of the first step is
 * {@link #chunkUnits()} planes (whole transforms for {@link Kind#TRANSFORMS}) of any transform of the
 * batch; a chunk of the Z step is {@link #chunkColumns()} columns of every transform of the batch. The
 * chunk sizes are the same on every device, so that the plans of one step are alike and compile alike;
 * the last chunk of a device may be partly empty. Chunks hold at most {@link #DEFAULT_CHUNK_MIB} MiB
 * ({@link #CHUNK_PROPERTY}), less where the devices' memory asks for it, and every device with two
 * units or more gets as many chunks as it has in flight, so that each has work.
 */
final class DeviceSplit {

    /** How the work is cut. */
    enum Kind {
        /** 3D: Z planes per device, then (y, x) columns per device, the exchange between. */
        SLABS,
        /** A batch of 1D or 2D transforms: whole transforms per device, no exchange. */
        TRANSFORMS
    }

    /**
     * Chunks in flight on the whole host by default ({@link #defaultInFlight(int)}), each one a worker
     * whose host copies overlap the other chunks' transfers and kernels. The host's memory is what the
     * workers share: eight were the fastest count on two GPUs (four a device: 3D 512^3, 1024^3 and
     * 2048 x 1024^2 5-9% faster than two a device on two H200s, 1024^3 6% on two H100s) and on four
     * (two a device: three or four a device were 21-33% slower at 1024^3 on four H100s).
     */
    static final int HOST_IN_FLIGHT = 8;
    /** Fewest chunks a device has in flight by default, so that one chunk's copies overlap another's work. */
    static final int MIN_DEFAULT_IN_FLIGHT = 2;
    /** Most chunks a device has in flight by default (one or two devices), the most measured. */
    static final int MAX_DEFAULT_IN_FLIGHT = 4;
    /**
     * Where the exchange blocks live (3D). {@link Exchange#PLANS}: each Z chunk has a plan of its own, whose
     * host input array is its block, so the scatter writes straight into what the Z step uploads (three
     * host copies of the data instead of four); taken where every device's heap holds a plan per Z chunk
     * and a device has at most {@value #MAX_PLAN_BLOCKS} of them. {@link Exchange#BUFFER}: one host buffer
     * holds the blocks, and each Z chunk is copied from it into a plan of the chunks in flight.
     */
    enum Exchange {
        BUFFER,
        PLANS
    }

    /** {@code auto} (the default: {@link Exchange#PLANS} where it fits) or {@code buffer} (always {@link Exchange#BUFFER}). */
    static final String EXCHANGE_PROPERTY = "tornado.fft.split.exchange";
    /** Most Z chunks a device takes a plan each for ({@link Exchange#PLANS}): each plan compiles its own kernels. */
    static final int MAX_PLAN_BLOCKS = 8;

    /** Chunks in flight per device, 1 to {@value #MAX_IN_FLIGHT}; other values are refused. */
    static final String IN_FLIGHT_PROPERTY = "tornado.fft.chunks.inflight";
    static final int MAX_IN_FLIGHT = 8;

    /** Most MiB of data in one chunk; 0 or less is refused. */
    static final String CHUNK_PROPERTY = "tornado.fft.chunk.mib";
    /**
     * 64 MiB: on four H100s over PTX, 3D 2048 x 1024 x 1024 took 1.29 s host to host in chunks of 64 MiB,
     * 1.54 s in 32 and 1.80 s in 16 (fewer launches, longer runs in the exchange); 256^3 and 512^3 were no
     * slower, on two of them faster (25 against 45 ms, 108 against 143 ms).
     */
    static final int DEFAULT_CHUNK_MIB = 64;

    /** The indices {@code start} (inclusive) to {@code end} (exclusive). */
    record Range(int start, int end) {
        int size() {
            return end - start;
        }

        @Override
        public String toString() {
            return size() == 0 ? "none" : size() == 1 ? Integer.toString(start) : start + ".." + (end - 1);
        }
    }

    private final FftDescriptor descriptor;
    private final Kind kind;
    private final int devices;
    private final List<Range> units;
    private final List<Range> columns;
    private final int chunkUnits;
    private final int chunkColumns;
    private final int inFlight;
    private final Exchange exchange;
    /** SLABS: Z planes per transform, and (y, x) columns per plane (0 for TRANSFORMS). */
    private final int nz;
    private final int planeColumns;
    private final int batch;
    private final long unitFloats;
    /** The first exchange block of each device's column chunks, and the number of blocks, last. */
    private final int[] firstBlock;

    private DeviceSplit(FftDescriptor descriptor, Kind kind, int devices, int chunkUnits, int chunkColumns, int inFlight,
                        Exchange exchange) {
        this.descriptor = descriptor;
        this.inFlight = inFlight;
        this.exchange = exchange;
        this.kind = kind;
        this.devices = devices;
        int[] shape = descriptor.shape();
        this.nz = kind == Kind.SLABS ? shape[0] : 0;
        this.planeColumns = kind == Kind.SLABS ? shape[1] * shape[2] : 0;
        this.batch = descriptor.batch();
        this.unitFloats = kind == Kind.SLABS ? 2L * planeColumns : 2L * descriptor.size();
        this.units = split(kind == Kind.SLABS ? nz : batch, devices);
        this.columns = kind == Kind.SLABS ? split(planeColumns, devices) : List.of();
        this.chunkUnits = chunkUnits;
        this.chunkColumns = chunkColumns;
        this.firstBlock = new int[devices + 1];
        for (int d = 0; d < devices; d++) {
            firstBlock[d + 1] = firstBlock[d] + columnChunks(d);
        }
    }

    /**
     * A device as the split sees it: {@code key} names the physical device (entries of the same key share
     * its heap), {@code name} is for messages, {@code heapBytes} what TornadoVM may allocate there (0:
     * unknown, no limit).
     */
    record Device(String key, String name, long heapBytes) {
    }

    /**
     * The split of {@code d} over the devices, in chunks of at most {@code chunkBytes} where the
     * devices' heaps allow (halved until every device's plans fit; a device listed several times holds
     * the plans of each entry).
     *
     * @throws IllegalArgumentException naming the parameter: no devices; a descriptor a split plan does
     *                                  not take (not complex-to-complex, not float, not packed, 3D over
     *                                  fewer Z planes or a batch of fewer transforms than devices); or
     *                                  {@code devices} where a device's heap cannot hold its chunks in
     *                                  flight of one plane (or transform) each, with what they need and
     *                                  what the heap holds
     */
    static DeviceSplit of(FftDescriptor d, List<Device> devices, long chunkBytes) {
        return of(d, devices, chunkBytes, defaultInFlight(devices.size()), true);
    }

    /**
     * Chunks in flight per device when nothing says otherwise: {@value #HOST_IN_FLIGHT} on the host
     * shared among the {@code entries} of the device list, {@value #MIN_DEFAULT_IN_FLIGHT} to
     * {@value #MAX_DEFAULT_IN_FLIGHT} a device (four on one or two, two on three or more).
     */
    static int defaultInFlight(int entries) {
        return Math.clamp(HOST_IN_FLIGHT / Math.max(1, entries), MIN_DEFAULT_IN_FLIGHT, MAX_DEFAULT_IN_FLIGHT);
    }

    /**
     * {@link #of(FftDescriptor, List, long)} with {@code inFlight} chunks in flight per device (1 to
     * {@value #MAX_IN_FLIGHT}), and a plan per Z chunk where it fits if {@code planBlocks} ({@link Exchange}).
     */
    static DeviceSplit of(FftDescriptor d, List<Device> devices, long chunkBytes, int inFlight, boolean planBlocks) {
        int n = devices.size();
        if (n == 0) {
            throw new IllegalArgumentException("devices: at least one device, got none");
        }
        if (chunkBytes < 1) {
            throw new IllegalArgumentException("chunkBytes: at least 1, got " + chunkBytes);
        }
        if (inFlight < 1 || inFlight > MAX_IN_FLIGHT) {
            throw new IllegalArgumentException("inFlight: 1 to " + MAX_IN_FLIGHT + " chunks per device, got " + inFlight);
        }
        Kind kind = check(d, n);
        // Halves the chunks until every device's plans fit its heap; one plane (or transform) a chunk is the least.
        for (long target = chunkBytes; ; target = (target + 1) / 2) {
            DeviceSplit split = sized(d, kind, n, target, inFlight);
            int over = split.deviceOverHeap(devices);
            if (over < 0) {
                DeviceSplit plans = split.withExchange(Exchange.PLANS);
                boolean fits = planBlocks && kind == Kind.SLABS && plans.deviceOverHeap(devices) < 0;
                for (int e = 0; fits && e < n; e++) {
                    fits = split.columnChunks(e) <= MAX_PLAN_BLOCKS;
                }
                return fits ? plans : split;
            }
            if (split.chunkUnits == 1 && (kind == Kind.TRANSFORMS || split.chunkColumns == 1)) {
                Device device = devices.get(over);
                long entries = devices.stream().filter(e -> e.key().equals(device.key())).count();
                throw new IllegalArgumentException("devices: " + d + " on " + n + " devices needs at least "
                        + mib(split.heapBytesNeeded(devices, device.key())) + " MiB of device memory on " + device.name()
                        + (entries > 1 ? " (listed " + entries + " times)" : "") + ": " + inFlight
                        + " chunks in flight per entry of one " + split.unitName() + " each, with their outputs and"
                        + " scratch; it has " + mib(device.heapBytes()) + " MiB for TornadoVM (its -Dtornado.device.memory"
                        + " option raises that)");
            }
        }
    }

    /** The chunk size for {@code d} from {@link #CHUNK_PROPERTY}, in bytes. */
    static long chunkBytesFromProperty() {
        int mib = DeviceProfile.intProperty(CHUNK_PROPERTY, DEFAULT_CHUNK_MIB);
        if (mib < 1) {
            throw new IllegalArgumentException(CHUNK_PROPERTY + ": at least 1 (MiB), got " + mib);
        }
        return (long) mib << 20;
    }

    /** Whether {@link #EXCHANGE_PROPERTY} lets Z chunks have plans of their own ({@code auto}) or not ({@code buffer}). */
    static boolean planBlocksFromProperty() {
        String value = System.getProperty(EXCHANGE_PROPERTY, "auto").trim();
        return switch (value) {
            case "auto" -> true;
            case "buffer" -> false;
            default -> throw new IllegalArgumentException(EXCHANGE_PROPERTY + ": auto or buffer, got '" + value + "'");
        };
    }

    /** Chunks in flight per device from {@link #IN_FLIGHT_PROPERTY}, {@link #defaultInFlight(int)} where it is not set. */
    static int inFlightFromProperty(int entries) {
        int n = DeviceProfile.intProperty(IN_FLIGHT_PROPERTY, defaultInFlight(entries));
        if (n < 1 || n > MAX_IN_FLIGHT) {
            throw new IllegalArgumentException(IN_FLIGHT_PROPERTY + ": 1 to " + MAX_IN_FLIGHT + " chunks per device, got " + n);
        }
        return n;
    }

    /** What a split plan takes: the kind of split for {@code d}, or the refusal naming the parameter. */
    private static Kind check(FftDescriptor d, int devices) {
        if (d.kind() != FftDescriptor.Kind.C2C) {
            throw new IllegalArgumentException("descriptor: a plan over several devices computes complex-to-complex"
                    + " transforms (3D, or batches of 1D and 2D); got " + d);
        }
        if (d.precision() != Precision.FLOAT) {
            throw new IllegalArgumentException("precision: TornadoVM device plans support FLOAT; got " + d.precision()
                    + " (use the reference engine for double precision)");
        }
        if (!d.inputPacked() || !d.outputPacked()) {
            throw new IllegalArgumentException((d.inputPacked() ? "outputLayout" : "inputLayout") + ": a plan over several"
                    + " devices takes packed batches (stride 1, distance the transform's size); got " + d);
        }
        if (d.rank() == 3) {
            int nz = d.shape()[0];
            if (nz < devices) {
                throw new IllegalArgumentException("shape: a 3D transform is split along its first (slowest) axis, one slab"
                        + " of Z planes per device, so that axis needs at least as many planes as devices: "
                        + Arrays.toString(d.shape()) + " has " + nz + " for " + devices + " devices");
            }
            return Kind.SLABS;
        }
        if (d.batch() < devices) {
            throw new IllegalArgumentException("batch: a batch of " + d.rank() + "D transforms is split into whole"
                    + " transforms per device, so it needs at least as many transforms as devices: " + d.batch()
                    + " for " + devices + " devices");
        }
        return Kind.TRANSFORMS;
    }

    /** The split with chunks of at most {@code target} bytes, {@code inFlight} at least on the device with the most work. */
    private static DeviceSplit sized(FftDescriptor d, Kind kind, int devices, long target, int inFlight) {
        DeviceSplit even = new DeviceSplit(d, kind, devices, 1, 1, inFlight, Exchange.BUFFER);
        int mostUnits = 0;
        int mostColumns = 0;
        for (int i = 0; i < devices; i++) {
            mostUnits = Math.max(mostUnits, even.units(i));
            mostColumns = Math.max(mostColumns, even.columns(i).size());
        }
        int chunkUnits = chunkSize(mostUnits, even.unitBytes(), target, inFlight);
        int chunkColumns = kind == Kind.SLABS ? chunkSize(mostColumns, even.columnBytes(), target, inFlight) : 0;
        return new DeviceSplit(d, kind, devices, chunkUnits, chunkColumns, inFlight, Exchange.BUFFER);
    }

    /**
     * Units per chunk: as many as {@code target} bytes hold (one at least), in at least
     * {@code inFlight} chunks where there are that many units, and as few chunks as that allows,
     * all of one size (the last may be short).
     */
    static int chunkSize(int units, long unitBytes, long target, int inFlight) {
        if (units <= 0) {
            return 1;
        }
        long perChunk = Math.max(1, target / unitBytes);
        long chunks = Math.max(Math.min(inFlight, units), ceilDiv(units, perChunk));
        return (int) ceilDiv(units, chunks);
    }

    /** {@code n} split into {@code parts} ranges in order, the first {@code n % parts} one longer. */
    static List<Range> split(int n, int parts) {
        List<Range> ranges = new ArrayList<>(parts);
        int start = 0;
        for (int p = 0; p < parts; p++) {
            int size = n / parts + (p < n % parts ? 1 : 0);
            ranges.add(new Range(start, start + size));
            start += size;
        }
        return List.copyOf(ranges);
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static long mib(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
    }

    // ---- The split ---------------------------------------------------------------------------------

    FftDescriptor descriptor() {
        return descriptor;
    }

    Kind kind() {
        return kind;
    }

    /** This split with its exchange blocks in {@code where}. */
    private DeviceSplit withExchange(Exchange where) {
        return new DeviceSplit(descriptor, kind, devices, chunkUnits, chunkColumns, inFlight, where);
    }

    /** Where the exchange blocks live (3D; {@link Exchange#BUFFER} for a batch, which has none). */
    Exchange exchange() {
        return exchange;
    }

    /** Chunks in flight per device: the workers of each device. */
    int inFlight() {
        return inFlight;
    }

    int devices() {
        return devices;
    }

    /** The Z planes (SLABS) or the transforms of the batch (TRANSFORMS) of device {@code d}. */
    Range slab(int d) {
        return units.get(d);
    }

    /** The (y, x) columns, as y nx + x, whose pencils device {@code d} transforms along Z (SLABS only). */
    Range columns(int d) {
        return kind == Kind.SLABS ? columns.get(d) : NONE;
    }

    private static final Range NONE = new Range(0, 0);

    /** Units of the first step on device {@code d}: its planes of every transform of the batch (SLABS), or its transforms. */
    int units(int d) {
        return kind == Kind.SLABS ? batch * slab(d).size() : slab(d).size();
    }

    /** Units (planes or transforms) per chunk of the first step. */
    int chunkUnits() {
        return chunkUnits;
    }

    /** Columns per chunk of the Z step (SLABS; 0 for TRANSFORMS). */
    int chunkColumns() {
        return chunkColumns;
    }

    /** Chunks of the first step on device {@code d}. */
    int unitChunks(int d) {
        return (int) ceilDiv(units(d), chunkUnits);
    }

    /** Chunks of the Z step on device {@code d} (0 for TRANSFORMS, and for a device without columns). */
    int columnChunks(int d) {
        return kind == Kind.SLABS ? (int) ceilDiv(columns(d).size(), chunkColumns) : 0;
    }

    /** Floats of one unit: a (y, x) plane (SLABS) or one transform (TRANSFORMS). */
    long unitFloats() {
        return unitFloats;
    }

    /** Z planes of one transform (SLABS; 0 for TRANSFORMS). */
    int nz() {
        return nz;
    }

    /** (y, x) columns of one plane, ny nx (SLABS; 0 for TRANSFORMS). */
    int planeColumns() {
        return planeColumns;
    }

    /** Transforms in the batch. */
    int batch() {
        return batch;
    }

    private long unitBytes() {
        return unitFloats() * Float.BYTES;
    }

    /** Bytes of one column: its nz values in every transform of the batch. */
    private long columnBytes() {
        return 8L * nz * batch;
    }

    /** Float offset, in the caller's array, of unit {@code q} (from 0) of device {@code d}. */
    long unitOffset(int d, int q) {
        Range slab = slab(d);
        if (kind == Kind.TRANSFORMS) {
            return (slab.start() + (long) q) * unitFloats;
        }
        int b = q / slab.size();
        int z = slab.start() + q % slab.size();
        return ((long) b * nz + z) * unitFloats;
    }

    /** The Z plane of unit {@code q} of device {@code d} (SLABS). */
    int unitPlane(int d, int q) {
        return slab(d).start() + q % slab(d).size();
    }

    /** The transform of the batch unit {@code q} of device {@code d} belongs to (SLABS). */
    int unitTransform(int d, int q) {
        return q / slab(d).size();
    }

    /** Index of the exchange block of column chunk {@code j} of device {@code d}: the blocks of device 0 first. */
    int block(int d, int j) {
        return firstBlock[d] + j;
    }

    /** Exchange blocks: one per column chunk of every device. */
    int blocks() {
        return firstBlock[devices];
    }

    /**
     * Floats of one exchange block, the input of one Z chunk: {@code nz x batch x chunkColumns} values,
     * Z slowest, then the transform of the batch, then the column (the pencils as the Z plan's layout
     * reads them, with stride batch x chunkColumns and distance 1).
     */
    long blockFloats() {
        return 2L * nz * batch * chunkColumns;
    }

    /** The first column of column chunk {@code j} of device {@code d}. */
    int columnChunkStart(int d, int j) {
        return columns(d).start() + j * chunkColumns;
    }

    /** The column after the last of column chunk {@code j} of device {@code d}. */
    int columnChunkEnd(int d, int j) {
        return Math.min(columns(d).end(), columnChunkStart(d, j) + chunkColumns);
    }

    /** The first unit of chunk {@code k} of device {@code d}'s first step, from 0 within the device. */
    int unitChunkStart(int k) {
        return k * chunkUnits;
    }

    /** The unit after the last of chunk {@code k} of device {@code d}'s first step. */
    int unitChunkEnd(int d, int k) {
        return Math.min(units(d), (k + 1) * chunkUnits);
    }

    /** The plan of one chunk of the first step: the 2D transforms of {@link #chunkUnits()} planes, or that many transforms. */
    FftDescriptor unitDescriptor() {
        int[] shape = descriptor.shape();
        int[] unit = kind == Kind.SLABS ? new int[] {shape[1], shape[2]} : shape;
        return FftDescriptor.c2c(unit).batch(chunkUnits).direction(descriptor.direction()).norm(descriptor.norm()).build();
    }

    /**
     * The plan of one chunk of the Z step: 1D transforms of nz points, one per column of the chunk and
     * transform of the batch, strided through the exchange block ({@link #blockFloats()}).
     */
    FftDescriptor columnDescriptor() {
        int pencils = batch * chunkColumns;
        return FftDescriptor.c2c(nz).batch(pencils).layout(pencils, 1)
                .direction(descriptor.direction()).norm(descriptor.norm()).build();
    }

    /**
     * Device memory device {@code d}'s plans take: one per chunk in flight of each step, or of the Z step
     * one per Z chunk ({@link Exchange#PLANS}).
     */
    long deviceBytes(int d) {
        long bytes = Math.min(inFlight, unitChunks(d)) * FftPlan.deviceBytesNeeded(unitDescriptor());
        if (kind == Kind.SLABS && columnChunks(d) > 0) {
            int plans = exchange == Exchange.PLANS ? columnChunks(d) : Math.min(inFlight, columnChunks(d));
            bytes += plans * FftPlan.deviceBytesNeeded(columnDescriptor());
        }
        return bytes;
    }

    /** The first device whose heap (0: unknown) cannot hold the plans of every entry of it, or -1. */
    private int deviceOverHeap(List<Device> list) {
        for (int d = 0; d < devices; d++) {
            Device device = list.get(d);
            if (device.heapBytes() > 0 && heapBytesNeeded(list, device.key()) > device.heapBytes()) {
                return d;
            }
        }
        return -1;
    }

    /** Device memory the plans of every entry of the device {@code key} take together. */
    private long heapBytesNeeded(List<Device> list, String key) {
        long bytes = 0;
        for (int d = 0; d < devices; d++) {
            if (list.get(d).key().equals(key)) {
                bytes += deviceBytes(d);
            }
        }
        return bytes;
    }

    private String unitName() {
        return kind == Kind.SLABS ? "plane (and of one pencil column)" : "transform";
    }

    /**
     * The decomposition, one line per device and one per step, the devices named as {@code names}
     * says; {@code unitPasses} and {@code columnPasses} are the kernels of the steps' plans.
     */
    String describe(List<String> names, String unitPasses, String columnPasses) {
        StringBuilder s = new StringBuilder();
        s.append(descriptor).append(" on ").append(devices).append(devices == 1 ? " device" : " devices").append(": ")
                .append(kind == Kind.SLABS ? "a slab of Z planes each, the exchange through host memory, then Z on pencils"
                        : "whole transforms each, no exchange").append('\n');
        for (int d = 0; d < devices; d++) {
            s.append("  device ").append(d).append(": ").append(names.get(d)).append(": ");
            if (kind == Kind.SLABS) {
                s.append("Z planes ").append(slab(d)).append(" (").append(slab(d).size()).append(" of ").append(nz)
                        .append("), pencils ").append(columns(d)).append(" (").append(columns(d).size()).append(" of ")
                        .append(planeColumns).append(" columns y nx + x)");
            } else {
                s.append("transforms ").append(slab(d)).append(" (").append(slab(d).size()).append(" of ")
                        .append(descriptor.batch()).append(')');
            }
            s.append(", ").append(unitChunks(d)).append(kind == Kind.SLABS ? " + " + columnChunks(d) : "")
                    .append(" chunks, ").append(mib(deviceBytes(d))).append(" MiB of device memory\n");
        }
        String unit = kind == Kind.SLABS ? "planes" : "transforms";
        s.append("  ").append(kind == Kind.SLABS ? "2D (Y, X) passes" : "passes").append(", per chunk of ")
                .append(chunkUnits).append(' ').append(unit).append(" (").append(kib(chunkUnits * unitBytes()))
                .append(", ").append(inFlight).append(" in flight per device): ").append(unitPasses).append('\n');
        if (kind == Kind.SLABS) {
            s.append("  exchange: each plane's columns to their device's Z chunks, in runs of up to ").append(chunkColumns)
                    .append(" values, through host memory (").append(blocks()).append(" blocks of ")
                    .append(kib(blockFloats() * Float.BYTES))
                    .append(exchange == Exchange.PLANS ? ", each the host array of its Z chunk's own plan)\n" : ")\n");
            s.append("  Z passes, per chunk of ").append(chunkColumns).append(" columns (").append(batch * chunkColumns)
                    .append(" pencils of ").append(nz).append(" points, stride ").append(batch * chunkColumns)
                    .append(", as the 1D plan prints them): ").append(columnPasses).append('\n');
        }
        return s.toString();
    }

    private static String kib(long bytes) {
        return bytes >= (1 << 20) ? String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0)
                : String.format(java.util.Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
}
