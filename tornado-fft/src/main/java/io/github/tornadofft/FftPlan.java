package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.util.List;

/**
 * A transform planned once and executed many times on a TornadoVM device, in either direction.
 *
 * <p>Building a plan chooses the passes, allocates the device buffers and compiles the kernels of the
 * descriptor's direction; the other direction's kernels compile on its first use. Executing launches
 * the kernels with no other host work. {@link #forward(float[], float[])} and
 * {@link #inverse(float[], float[])} copy the caller's data in and out in bulk; data can also stay on
 * the device: fill {@link #input()}, {@link #upload()}, {@link #executeOnDevice(Direction)} any number of
 * times, {@link #download()} and read {@link #output()}. The transform can also join a caller's own
 * TaskGraph ({@link #appendTo}).
 *
 * <p><b>Several devices.</b> {@link #create(FftDescriptor, List, FftOptions)} splits a 3D transform
 * into a slab of Z planes per device (the exchange into pencils through host memory), or a batch of
 * 1D or 2D transforms into whole transforms per device; such a plan transforms the caller's arrays and
 * keeps nothing on the devices between calls.
 *
 * <p><b>Real transforms.</b> A plan of an r2c or c2r descriptor computes its one direction (r2c
 * forward, c2r inverse); the calls that name the other direction refuse it. It is a complex
 * transform of N/2 points plus one kernel that splits its result into the N/2 + 1 bins (r2c), or
 * merges the half spectrum into its input (c2r); c2r never writes its input array.
 *
 * <p><b>Threads.</b> A plan may be shared between threads: its methods run one at a time (each holds the
 * plan's lock), so calls from several threads queue up and each gets its own correct result. For
 * transforms that run at the same time, give each thread its own plan: every open plan has kernels and
 * device buffers of its own, and a closed plan's go to the next plan of the same descriptor, device and
 * options (see Memory). The arrays of {@link #input()} and {@link #output()} are the plan's own: a
 * sequence {@code upload}/{@code executeOnDevice}/{@code download} is only meaningful from one thread
 * at a time (or under the caller's own lock), as with any shared buffer.
 *
 * <p><b>Memory.</b> Close the plan when done. Its kernels and device buffers then go to a small cache
 * for the next plan of the same descriptor, device and options, which is built without compiling (the
 * cache's limits are in {@link #clearCache()}); creating and closing plans in a loop keeps heap, process
 * and device memory bounded. {@link #clearCache()} frees what the cache holds.
 */
public final class FftPlan implements AutoCloseable {

    private final FftDescriptor descriptor;
    private final TornadoDevice device;
    private final FftOptions options;
    private final long buildNanos;
    private Engine engine;
    /** A plan over several devices: the devices, and what runs on them (null on one device, and once closed). */
    private final List<TornadoDevice> devices;
    private SplitPlan split;

    private FftPlan(FftDescriptor descriptor, TornadoDevice device, FftOptions options) {
        long start = System.nanoTime();
        checkOneDevice(descriptor);
        checkLaunch(options, device);
        if (options.compute() == Compute.TENSOR_CORES) {
            TensorCores.check(descriptor, device);
        }
        checkPrecision(descriptor, device);
        this.descriptor = descriptor;
        this.device = device;
        this.options = options;
        this.devices = List.of(device);
        DeviceProfile profile = Devices.profile(device, options.tuning());
        long bytesNeeded = deviceBytesNeeded(descriptor, options.compute());
        if (profile.globalBytes() > 0 && bytesNeeded > profile.globalBytes()) {
            throw new IllegalArgumentException("batch: " + descriptor + " needs about " + (bytesNeeded >> 20)
                    + " MiB of device memory (data, output, scratch); " + profile.name() + " has "
                    + (profile.globalBytes() >> 20) + " MiB for TornadoVM (its -Dtornado.device.memory option raises that)");
        }
        Engine.Key key = new Engine.Key(Devices.key(device), descriptor, options);
        this.engine = Failures.plain("plan", () -> EngineCache.lease(key, bytesNeeded, profile.globalBytes(),
                () -> new Engine(key, device, profile)));
        this.buildNanos = System.nanoTime() - start;
    }

    /** A plan over several devices ({@link DeviceSplit}): a plan per chunk in flight and step on each device. */
    private FftPlan(FftDescriptor descriptor, List<TornadoDevice> devices, FftOptions options, long chunkBytes) {
        long start = System.nanoTime();
        List<DeviceSplit.Device> heaps = new java.util.ArrayList<>();
        for (TornadoDevice d : devices) {
            checkLaunch(options, d);
            heaps.add(new DeviceSplit.Device(Devices.key(d), describe(d), Devices.profile(d, options.tuning()).globalBytes()));
        }
        DeviceSplit plan = DeviceSplit.of(descriptor, heaps, chunkBytes, DeviceSplit.inFlightFromProperty(devices.size()),
                DeviceSplit.planBlocksFromProperty());
        this.descriptor = descriptor;
        this.device = devices.get(0);
        this.options = options;
        this.devices = List.copyOf(devices);
        this.split = new SplitPlan(plan, (d, part) -> new DeviceStage(new FftPlan(part, devices.get(d), options)));
        this.buildNanos = System.nanoTime() - start;
    }

    /**
     * What a plan on one device takes: at most {@link FftDescriptor#MAX_LENGTH} elements a transform, and
     * input and output that each fit one array. Larger 3D transforms (to 2^31 elements) run on a plan over
     * several devices, which streams them through the devices in chunks from a {@code MemorySegment}.
     *
     * @throws IllegalArgumentException naming {@code shape} or {@code batch}, the limit, and the plan that takes it
     */
    static void checkOneDevice(FftDescriptor descriptor) {
        if (descriptor.size() > FftDescriptor.MAX_LENGTH) {
            throw new IllegalArgumentException("shape: a plan on one device takes at most 2^27 elements per transform, got "
                    + java.util.Arrays.toString(descriptor.shape()) + " (" + descriptor.size() + "); a 3D transform of up to"
                    + " 2^31 elements runs on a plan over several devices, FftPlan.create(descriptor, devices), from a MemorySegment");
        }
        if (!descriptor.fitsOneArray()) {
            throw new IllegalArgumentException("batch: " + descriptor + " needs arrays of "
                    + Math.max(descriptor.inputFloats(), descriptor.outputFloats()) + " values, more than one array holds (2^31 - 64);"
                    + " split the batch, or use a plan over several devices, FftPlan.create(descriptor, devices), from a MemorySegment");
        }
    }

    /**
     * A double plan needs a device with fp64 ({@link Devices#requireFp64}); a half plan a device with fp16
     * loads and stores ({@link Devices#requireFp16}), and complex power-of-two axes (the register passes,
     * which have fp16 twins; {@link #checkHalf}).
     */
    private static void checkPrecision(FftDescriptor descriptor, TornadoDevice device) {
        if (descriptor.precision() == Precision.DOUBLE) {
            Devices.requireFp64(device);
        }
        if (descriptor.precision() == Precision.HALF) {
            checkHalf(descriptor);
            Devices.requireFp16(device);
        }
    }

    /**
     * What a HALF plan takes, on any device: a complex (c2c) transform whose axes are powers of two.
     *
     * @throws IllegalArgumentException naming {@code precision} for a real transform, {@code shape} for an
     *                                  axis that is not a power of two
     */
    static void checkHalf(FftDescriptor descriptor) {
        if (descriptor.isReal()) {
            throw new IllegalArgumentException("precision: HALF takes complex (c2c) transforms; " + descriptor.kind()
                    + " is FLOAT or DOUBLE only");
        }
        for (int n : descriptor.shape()) {
            if (Integer.bitCount(n) != 1) {
                throw new IllegalArgumentException("shape: a HALF plan takes axes that are powers of two; got "
                        + java.util.Arrays.toString(descriptor.shape()) + " (FLOAT and DOUBLE take any length)");
            }
        }
    }

    private static void checkLaunch(FftOptions options, TornadoDevice device) {
        SignalChaining.check(device);
        if (options.launch() == Launch.CUDA_GRAPH && !Devices.capturesCudaGraphs(device)) {
            throw new IllegalArgumentException("launch: CUDA_GRAPH needs a device of the PTX or CUDA backend; "
                    + device.getPhysicalDevice().getDeviceName() + " is " + device.getTornadoVMBackend()
                    + " (use KERNELS)");
        }
    }

    /**
     * Device memory a plan of {@code descriptor} allocates, in bytes: input, output, and the packed
     * scratch arrays of the buffer chain: one out of place, two in place or where a layout array cannot
     * serve as one (for a real transform, its complex part's); the twiddle tables aside (so for the
     * mixed-radix passes of a 1D length whose prime factors are 2, 3, 5, 7, 11 and 13 too). For a 1D length
     * with a larger prime factor, Bluestein's ({@link Bluestein#deviceBytes}).
     */
    static long deviceBytesNeeded(FftDescriptor descriptor) {
        return deviceBytesNeeded(descriptor, Compute.STANDARD);
    }

    /**
     * {@link #deviceBytesNeeded(FftDescriptor)} for a plan whose stages {@code compute} computes: with
     * tensor cores, input, output and two fp32 work arrays of the batch ({@link TensorCores}).
     */
    static long deviceBytesNeeded(FftDescriptor descriptor, Compute compute) {
        if (compute == Compute.TENSOR_CORES) {
            return (descriptor.inputFloats() + (descriptor.inPlace() ? 0 : descriptor.outputFloats())) * descriptor.precision().bytes()
                    + 2 * descriptor.floats() * Float.BYTES;
        }
        if (Engine.promotes(descriptor)) {
            // The caller's arrays, and the whole shape's complex transform between two packed arrays of its own.
            FftDescriptor whole = Engine.wholeComplex(descriptor);
            return (descriptor.inputFloats() + (descriptor.inPlace() ? 0 : descriptor.outputFloats())) * descriptor.precision().bytes()
                    + deviceBytesNeeded(whole, compute);
        }
        if (Bluestein.applies(descriptor)) {
            return Bluestein.deviceBytes(descriptor);
        }
        FftDescriptor complex = Engine.complexPart(descriptor);
        boolean packed = complex.inputPacked() && complex.outputPacked();
        if (Engine.isRealRows(descriptor)) {
            // Two scratch arrays of the half spectrum (rows of N/2 + 1: the rows-first routes'), and the work
            // arrays of an axis that runs as a convolution over its columns.
            int[] spectrum = descriptor.shape();
            spectrum[spectrum.length - 1] = Engine.lastAxis(descriptor) / 2 + 1;
            FftDescriptor half = FftDescriptor.c2c(spectrum).batch(descriptor.batch()).precision(descriptor.precision()).build();
            return (descriptor.inputFloats() + (descriptor.inPlace() ? 0 : descriptor.outputFloats()) + 2 * half.floats())
                    * descriptor.precision().bytes() + MixedRadix.columnsWorkBytes(half);
        }
        return (descriptor.inputFloats() + (descriptor.inPlace() ? 0 : descriptor.outputFloats())
                + (packed && !complex.inPlace() ? 1 : 2) * complex.floats())
                * descriptor.precision().bytes() + MixedRadix.workBytes(Engine.mixedPart(descriptor));
    }

    /** "name (BACKEND device-name)", for printouts and messages. */
    private static String describe(TornadoDevice device) {
        return device.getPhysicalDevice().getDeviceName() + " (" + device.getTornadoVMBackend() + " " + device.getDeviceName() + ")";
    }

    /**
     * Plans the transform on TornadoVM's default device with {@link FftOptions#defaults()}.
     *
     * @throws IllegalArgumentException as {@link #create(FftDescriptor, TornadoDevice, FftOptions)}, or naming a
     *                                  {@code tornado.fft.*} property whose value is not allowed
     * @throws IllegalStateException    as {@link #create(FftDescriptor, TornadoDevice, FftOptions)}
     */
    public static FftPlan create(FftDescriptor descriptor) {
        return create(descriptor, Devices.resolve("default"));
    }

    /**
     * Plans the transform on the given device with {@link FftOptions#defaults()}; compiles the kernels
     * of the descriptor's direction before returning.
     *
     * @throws IllegalArgumentException as {@link #create(FftDescriptor, TornadoDevice, FftOptions)}, or naming a
     *                                  {@code tornado.fft.*} property whose value is not allowed
     * @throws IllegalStateException    as {@link #create(FftDescriptor, TornadoDevice, FftOptions)}
     */
    public static FftPlan create(FftDescriptor descriptor, TornadoDevice device) {
        return create(descriptor, device, FftOptions.defaults());
    }

    /**
     * Plans the transform on the given device, launched as {@code launch} says ({@link Launch#CUDA_GRAPH}
     * needs a PTX device), the rest of the options the defaults ({@link FftOptions#defaults()}).
     *
     * @throws IllegalArgumentException naming {@code launch} where it is null; otherwise as
     *                                  {@link #create(FftDescriptor, TornadoDevice, FftOptions)}
     * @throws IllegalStateException    as {@link #create(FftDescriptor, TornadoDevice, FftOptions)}
     */
    public static FftPlan create(FftDescriptor descriptor, TornadoDevice device, Launch launch) {
        if (launch == null) {
            throw new IllegalArgumentException("launch: must not be null (KERNELS or CUDA_GRAPH)");
        }
        return create(descriptor, device, FftOptions.defaults().withLaunch(launch));
    }

    /**
     * Plans the transform on the given device with the given options; compiles the kernels of the
     * descriptor's direction before returning.
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, a launch the device's
     *                                  backend cannot do, a precision the device path lacks, a batch
     *                                  that does not fit the device's memory
     * @throws IllegalStateException    when TornadoVM fails to allocate or compile (its message, plain)
     */
    public static FftPlan create(FftDescriptor descriptor, TornadoDevice device, FftOptions options) {
        if (descriptor == null) {
            throw new IllegalArgumentException("descriptor: must not be null");
        }
        if (device == null) {
            throw new IllegalArgumentException("device: must not be null");
        }
        if (options == null) {
            throw new IllegalArgumentException("options: must not be null (FftOptions.defaults())");
        }
        return new FftPlan(descriptor, device, options);
    }

    /**
     * Plans the transform over several devices of this host with {@link FftOptions#defaults()}; see
     * {@link #create(FftDescriptor, List, FftOptions)}.
     *
     * @throws IllegalArgumentException as {@link #create(FftDescriptor, List, FftOptions)}
     * @throws IllegalStateException    as {@link #create(FftDescriptor, List, FftOptions)}
     */
    public static FftPlan create(FftDescriptor descriptor, List<TornadoDevice> devices) {
        return create(descriptor, devices, FftOptions.defaults());
    }

    /**
     * Plans the transform over several devices of this host (the multi-GPU seed's slab decomposition),
     * each device's plans built with {@code options}. A 3D transform is cut along its first (slowest)
     * axis into one slab of Z planes per device; each device runs the 2D (Y, X) transforms of its planes,
     * the host regroups the planes into pencils, each device runs the Z transforms of its share of the
     * pencils, and the result is gathered into the caller's array in natural order. A batch of 1D or 2D
     * transforms is cut into whole transforms per device. Shares may differ by one; a device may be listed
     * more than once (each entry gets its own share and plans), and the devices may be of different
     * backends. Each device streams its share through plans of up to 64 MiB in chunks, several in flight
     * (eight on the host: four a device on one or two entries, two on more), so the data need not fit the
     * devices; {@link #toString()} shows the split.
     *
     * <p>Such a plan transforms the caller's arrays ({@link #forward(float[], float[])},
     * {@link #inverse(float[], float[])}, the {@code execute} methods with arrays, buffers and
     * segments) and keeps no data on the devices between calls: the methods of data resident on the
     * device and {@link #appendTo} refuse. {@link #lastSplitTimes()} tells where a call's time went.
     * A list of one device plans the same way (for testing the split on one device). A 3D transform
     * larger than one array holds (up to 2^31 complex values, 16 GiB, e.g. 2048 x 1024 x 1024) runs from
     * a {@link MemorySegment} ({@link #execute(Direction, MemorySegment, MemorySegment)}) of a shared,
     * automatic or global arena: the plan's worker threads read and write it.
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, an empty list or a null
     *                                  entry; a descriptor the split does not take (real transforms,
     *                                  double precision, layouts other than packed, 1D or 2D with fewer
     *                                  transforms than devices, 3D with fewer Z planes than devices); a
     *                                  launch a device's backend cannot do; a device whose memory cannot
     *                                  hold its chunks in flight of one plane (or transform) each
     * @throws IllegalStateException    when TornadoVM fails to allocate or compile (its message, plain)
     */
    public static FftPlan create(FftDescriptor descriptor, List<TornadoDevice> devices, FftOptions options) {
        return create(descriptor, devices, options, DeviceSplit.chunkBytesFromProperty());
    }

    /** {@link #create(FftDescriptor, List, FftOptions)} with chunks of at most {@code chunkBytes} (tests). */
    static FftPlan create(FftDescriptor descriptor, List<TornadoDevice> devices, FftOptions options, long chunkBytes) {
        if (descriptor == null) {
            throw new IllegalArgumentException("descriptor: must not be null");
        }
        if (devices == null || devices.isEmpty()) {
            throw new IllegalArgumentException("devices: at least one device, got " + (devices == null ? "null" : "none"));
        }
        for (int i = 0; i < devices.size(); i++) {
            if (devices.get(i) == null) {
                throw new IllegalArgumentException("devices: entry " + i + " of " + devices.size() + " is null");
            }
        }
        if (options == null) {
            throw new IllegalArgumentException("options: must not be null (FftOptions.defaults())");
        }
        return new FftPlan(descriptor, devices, options, chunkBytes);
    }

    // ---- Transforms of the caller's arrays ---------------------------------------------------------

    /**
     * {@code out} = the forward transform of {@code in} (which may be the same array), scaled as the
     * descriptor's norm says; see {@link #execute(Direction, float[], int, float[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void forward(float[] in, float[] out) {
        execute(Direction.FORWARD, in, 0, out, 0);
    }

    /**
     * {@code out} = the inverse transform of {@code in} (which may be the same array), scaled as the
     * descriptor's norm says; see {@link #execute(Direction, float[], int, float[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void inverse(float[] in, float[] out) {
        execute(Direction.INVERSE, in, 0, out, 0);
    }

    /**
     * Transforms {@code data} forward, in place: the input and output layouts must be the same.
     *
     * @throws IllegalArgumentException naming the array where it is null or too short
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void forward(float[] data) {
        execute(Direction.FORWARD, data, 0, data, 0);
    }

    /**
     * Transforms {@code data} inverse, in place: the input and output layouts must be the same.
     *
     * @throws IllegalArgumentException naming the array where it is null or too short
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void inverse(float[] data) {
        execute(Direction.INVERSE, data, 0, data, 0);
    }

    /**
     * Transforms {@code in} into {@code out} in the descriptor's direction; see
     * {@link #execute(Direction, float[], int, float[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void execute(float[] in, float[] out) {
        execute(descriptor.direction(), in, 0, out, 0);
    }

    /**
     * Transforms the {@link FftDescriptor#inputFloats()} floats of {@code in} from {@code inOffset}
     * into {@code out} from {@code outOffset}, in {@code direction}: interleaved complex, in the
     * descriptor's layouts. Of {@code out} only the positions of the output layout are written. The
     * arrays may be the same (then the regions may overlap only where the layouts are the same).
     *
     * @throws IllegalArgumentException naming the parameter: null arrays or direction, the direction a
     *                                  real plan does not compute, a negative offset, or an array too
     *                                  short from its offset; nothing is written then
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails (its message, plain)
     */
    public synchronized void execute(Direction direction, float[] in, int inOffset, float[] out, int outOffset) {
        checkCall(direction, in, out);
        transform(direction, Precision.FLOAT, "float[]", MemorySegment.ofArray(in), in.length, inOffset,
                MemorySegment.ofArray(out), out.length, outOffset);
    }

    /**
     * {@code out} = the forward transform of {@code in} (which may be the same array), in double, for a
     * plan of {@link Precision#DOUBLE}; see {@link #execute(Direction, double[], int, double[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short, or
     *                                  the plan is not of double precision
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void forward(double[] in, double[] out) {
        execute(Direction.FORWARD, in, 0, out, 0);
    }

    /**
     * {@code out} = the inverse transform of {@code in} (which may be the same array), in double; see
     * {@link #execute(Direction, double[], int, double[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short, or
     *                                  the plan is not of double precision
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void inverse(double[] in, double[] out) {
        execute(Direction.INVERSE, in, 0, out, 0);
    }

    /**
     * Transforms {@code data} forward in place, in double: the input and output layouts must be the same.
     *
     * @throws IllegalArgumentException naming the array where it is null or too short, or the plan is not
     *                                  of double precision
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void forward(double[] data) {
        execute(Direction.FORWARD, data, 0, data, 0);
    }

    /**
     * Transforms {@code data} inverse in place, in double: the input and output layouts must be the same.
     *
     * @throws IllegalArgumentException naming the array where it is null or too short, or the plan is not
     *                                  of double precision
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void inverse(double[] data) {
        execute(Direction.INVERSE, data, 0, data, 0);
    }

    /**
     * {@link #execute(Direction, float[], int, float[], int)} in double, for a plan of
     * {@link Precision#DOUBLE}: {@link FftDescriptor#inputFloats()} doubles of {@code in} from
     * {@code inOffset}, interleaved complex, into {@code out} from {@code outOffset}.
     *
     * @throws IllegalArgumentException naming the parameter: null arrays or direction, a float plan, the
     *                                  direction a real plan does not compute, a negative offset, or an
     *                                  array too short from its offset; nothing is written then
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails (its message, plain)
     */
    public synchronized void execute(Direction direction, double[] in, int inOffset, double[] out, int outOffset) {
        checkCall(direction, in, out);
        transform(direction, Precision.DOUBLE, "double[]", MemorySegment.ofArray(in), in.length, inOffset,
                MemorySegment.ofArray(out), out.length, outOffset);
    }

    /**
     * {@code out} = the forward transform of {@code in} (which may be the same array), for a plan of
     * {@link Precision#HALF}: IEEE fp16 values as their bits ({@link Float#floatToFloat16}, numpy's
     * {@code float16.view(int16)}), interleaved complex; see
     * {@link #execute(Direction, short[], int, short[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short, or
     *                                  the plan is not of half precision
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void forward(short[] in, short[] out) {
        execute(Direction.FORWARD, in, 0, out, 0);
    }

    /**
     * {@code out} = the inverse transform of {@code in} (which may be the same array), in fp16; see
     * {@link #execute(Direction, short[], int, short[], int)}.
     *
     * @throws IllegalArgumentException naming {@code in} or {@code out} where it is null or too short, or
     *                                  the plan is not of half precision
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public void inverse(short[] in, short[] out) {
        execute(Direction.INVERSE, in, 0, out, 0);
    }

    /**
     * {@link #execute(Direction, float[], int, float[], int)} for a plan of {@link Precision#HALF}:
     * {@link FftDescriptor#inputFloats()} fp16 values of {@code in} from {@code inOffset} (their bits, as
     * {@link Float#floatToFloat16} gives them), interleaved complex, into {@code out} from
     * {@code outOffset}. The device computes in float and keeps values in fp16 between its kernels too:
     * each kernel rounds what it stores to fp16 (to nearest, ties to even), so a plan of k kernels
     * ({@link #kernelsPerTransform()}) rounds each value k times; a value beyond fp16's range (65504)
     * becomes an infinity of its sign.
     *
     * @throws IllegalArgumentException naming the parameter: null arrays or direction, a plan not of half
     *                                  precision, a negative offset, or an array too short from its offset;
     *                                  nothing is written then
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails (its message, plain)
     */
    public synchronized void execute(Direction direction, short[] in, int inOffset, short[] out, int outOffset) {
        checkCall(direction, in, out);
        transform(direction, Precision.HALF, "short[]", MemorySegment.ofArray(in), in.length, inOffset,
                MemorySegment.ofArray(out), out.length, outOffset);
    }

    /**
     * What every call on the caller's data checks first: the plan open, the direction, both arguments
     * given, and an {@code out} that takes writes.
     */
    private void checkCall(Direction direction, Object in, Object out) {
        checkOpen();
        requireDirection(direction);
        if (in == null || out == null) {
            throw new IllegalArgumentException("in, out: must not be null");
        }
        if (out instanceof Buffer buffer && buffer.isReadOnly()) {
            throw new IllegalArgumentException("out: a read-only buffer cannot take the result");
        }
        if (out instanceof MemorySegment segment && segment.isReadOnly()) {
            throw new IllegalArgumentException("out: a read-only segment cannot take the result");
        }
    }

    /**
     * Checks the caller's data, of precision {@code given} ({@code type} names it), {@code inValues}
     * values in {@code in} and {@code outValues} in {@code out}, read and written from the offsets (in
     * values), then copies it to the device, transforms, and copies the output layout's positions back.
     */
    private void transform(Direction direction, Precision given, String type, MemorySegment in, long inValues,
                           long inOffset, MemorySegment out, long outValues, long outOffset) {
        requirePrecision("in", given, type);
        checkRegion("in", inValues, inOffset, descriptor.inputFloats());
        checkRegion("out", outValues, outOffset, descriptor.outputFloats());
        int bytes = given.bytes();
        transform(direction, in, inOffset * bytes, out, outOffset * bytes);
    }

    /**
     * Copies {@code in} from byte {@code inAt} to the device, transforms, and copies the output layout's
     * positions into {@code out} from byte {@code outAt}; checks done.
     */
    private void transform(Direction direction, MemorySegment in, long inAt, MemorySegment out, long outAt) {
        if (split != null) {
            requireShared("in", in);
            requireShared("out", out);
            split.execute(direction, in, inAt, out, outAt);
            return;
        }
        MemorySegment.copy(in, inAt, engine.input.getSegment(), 0, descriptor.inputFloats() * descriptor.precision().bytes());
        run(direction);
        copyOut(out, outAt);
    }

    /** A thread that is no segment's owner: a segment it may access is one every thread may. */
    private static final Thread ANY_OTHER_THREAD = new Thread(() -> { });

    /**
     * A plan over several devices reads and writes the caller's data on its worker threads.
     *
     * @throws IllegalArgumentException naming {@code parameter} for a segment of a confined arena
     */
    private static void requireShared(String parameter, MemorySegment segment) {
        if (!segment.isAccessibleBy(ANY_OTHER_THREAD)) {
            throw new IllegalArgumentException(parameter + ": a plan over several devices reads and writes the data on its"
                    + " worker threads, which a segment of a confined arena forbids; allocate it in Arena.ofShared(),"
                    + " Arena.ofAuto() or Arena.global()");
        }
    }

    /**
     * Checks that the caller's data has the plan's precision.
     *
     * @throws IllegalArgumentException naming {@code parameter}, the type given and the type the plan takes
     */
    private void requirePrecision(String parameter, Precision given, String type) {
        if (given != descriptor.precision()) {
            String expected = switch (descriptor.precision()) {
                case FLOAT -> "float[], FloatBuffer or FloatArray";
                case DOUBLE -> "double[], DoubleBuffer or DoubleArray";
                case HALF -> "short[] of fp16 bits or HalfFloatArray";
            };
            throw new IllegalArgumentException(parameter + ": a " + descriptor.precision() + " plan takes " + expected
                    + ", got " + type);
        }
    }

    /**
     * Transforms the floats of {@code in} from its position into {@code out} from its position, in
     * {@code direction}; the buffers' positions and limits do not change. Heap and direct buffers both work.
     *
     * @throws IllegalArgumentException naming the parameter: null arguments, a read-only {@code out}, or
     *                                  fewer floats remaining than the layouts need
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void execute(Direction direction, FloatBuffer in, FloatBuffer out) {
        checkCall(direction, in, out);
        transform(direction, Precision.FLOAT, "FloatBuffer", MemorySegment.ofBuffer(in), in.remaining(), 0,
                MemorySegment.ofBuffer(out), out.remaining(), 0);
    }

    /**
     * {@link #execute(Direction, FloatBuffer, FloatBuffer)} in double, for a plan of {@link Precision#DOUBLE}.
     *
     * @throws IllegalArgumentException naming the parameter: null arguments, a float plan, a read-only
     *                                  {@code out}, or fewer doubles remaining than the layouts need
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void execute(Direction direction, DoubleBuffer in, DoubleBuffer out) {
        checkCall(direction, in, out);
        transform(direction, Precision.DOUBLE, "DoubleBuffer", MemorySegment.ofBuffer(in), in.remaining(), 0,
                MemorySegment.ofBuffer(out), out.remaining(), 0);
    }

    /**
     * Transforms the values of {@code in} (native byte order; floats or doubles, the plan's precision)
     * into {@code out}, in {@code direction}.
     *
     * @throws IllegalArgumentException naming the parameter: null arguments, a read-only {@code out}, or
     *                                  a segment smaller than the layouts need
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void execute(Direction direction, MemorySegment in, MemorySegment out) {
        checkCall(direction, in, out);
        int bytes = descriptor.precision().bytes();
        transform(direction, descriptor.precision(), "MemorySegment", in, in.byteSize() / bytes, 0, out,
                out.byteSize() / bytes, 0);
    }


    private void run(Direction direction) {
        Failures.plain("execute", () -> {
            engine.upload();
            engine.run(direction);
            engine.download();
            return null;
        });
    }

    /** Copies the output layout's positions from the plan's output array into {@code out} from byte {@code at}. */
    private void copyOut(MemorySegment out, long at) {
        MemorySegment result = engine.output.getSegment();
        int bytes = descriptor.precision().bytes();
        if (descriptor.outputPacked()) {
            MemorySegment.copy(result, 0, out, at, descriptor.outputFloats() * bytes);
            return;
        }
        if (descriptor.isReal()) {
            // c2r in place: real rows of N floats, each padded to 2 (N/2 + 1).
            int n = Engine.lastAxis(descriptor);
            long rows = descriptor.size() / n * descriptor.batch();
            for (long r = 0; r < rows; r++) {
                long from = r * 2 * (n / 2 + 1) * bytes;
                MemorySegment.copy(result, from, out, at + from, (long) n * bytes);
            }
            return;
        }
        FftDescriptor.Layout layout = descriptor.outputLayout();
        long size = descriptor.outputSize();
        for (int b = 0; b < descriptor.batch(); b++) {
            if (layout.stride() == 1) {
                // One transform's elements are adjacent: one copy each.
                long from = 2 * layout.index(b, 0) * bytes;
                MemorySegment.copy(result, from, out, at + from, 2 * size * bytes);
                continue;
            }
            for (long e = 0; e < size; e++) {
                long from = 2 * layout.index(b, e) * bytes;
                MemorySegment.copy(result, from, out, at + from, 2L * bytes);
            }
        }
    }

    // ---- Data resident on the device ---------------------------------------------------------------

    /**
     * The array the transform reads: interleaved complex, {@link FftDescriptor#inputFloats()} floats (the
     * input layout's positions are read, no others). The plan's own until {@link #close()}; do not keep
     * it past that (a later plan reuses it).
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized FloatArray input() {
        checkOneDevice("input");
        return (FloatArray) typed("input", Precision.FLOAT, engine.input);
    }

    /**
     * {@link #input()} of a plan of {@link Precision#DOUBLE}: {@link FftDescriptor#inputFloats()} doubles.
     *
     * @throws IllegalStateException after {@link #close()}, or for a float plan (whose array is {@link #input()})
     */
    public synchronized DoubleArray doubleInput() {
        checkOneDevice("doubleInput");
        return (DoubleArray) typed("doubleInput", Precision.DOUBLE, engine.input);
    }

    /**
     * The array the transform writes (the input array when in place), {@link FftDescriptor#outputFloats()}
     * floats: after {@link #download()} the output layout's positions hold the result, and out of place
     * the others are unspecified. The plan's until {@link #close()}.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized FloatArray output() {
        checkOneDevice("output");
        return (FloatArray) typed("output", Precision.FLOAT, engine.output);
    }

    /**
     * {@link #output()} of a plan of {@link Precision#DOUBLE}: {@link FftDescriptor#outputFloats()} doubles.
     *
     * @throws IllegalStateException after {@link #close()}, or for a float plan (whose array is {@link #output()})
     */
    public synchronized DoubleArray doubleOutput() {
        checkOneDevice("doubleOutput");
        return (DoubleArray) typed("doubleOutput", Precision.DOUBLE, engine.output);
    }

    /**
     * {@link #input()} of a plan of {@link Precision#HALF}: {@link FftDescriptor#inputFloats()} fp16 values.
     *
     * @throws IllegalStateException after {@link #close()}, or for a plan of another precision
     */
    public synchronized HalfFloatArray halfInput() {
        checkOneDevice("halfInput");
        return (HalfFloatArray) typed("halfInput", Precision.HALF, engine.input);
    }

    /**
     * {@link #output()} of a plan of {@link Precision#HALF}: {@link FftDescriptor#outputFloats()} fp16 values.
     *
     * @throws IllegalStateException after {@link #close()}, or for a plan of another precision
     */
    public synchronized HalfFloatArray halfOutput() {
        checkOneDevice("halfOutput");
        return (HalfFloatArray) typed("halfOutput", Precision.HALF, engine.output);
    }

    /** {@code array}, where the plan's precision is {@code precision}. */
    private TornadoNativeArray typed(String accessor, Precision precision, TornadoNativeArray array) {
        if (descriptor.precision() != precision) {
            String arrays = switch (descriptor.precision()) {
                case FLOAT -> "input() / output()";
                case DOUBLE -> "doubleInput() / doubleOutput()";
                case HALF -> "halfInput() / halfOutput()";
            };
            throw new IllegalStateException(accessor + ": the arrays of a " + descriptor.precision() + " plan are " + arrays);
        }
        return array;
    }

    /**
     * Copies {@link #input()} to the device.
     *
     * @throws IllegalStateException after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void upload() {
        checkOneDevice("upload");
        Failures.plain("upload", () -> {
            engine.upload();
            return null;
        });
    }

    /**
     * Runs the transform in the descriptor's direction on data already on the device; see
     * {@link #executeOnDevice(Direction)}.
     *
     * @throws IllegalStateException after {@link #close()}, or when TornadoVM fails
     */
    public void executeOnDevice() {
        executeOnDevice(descriptor.direction());
    }

    /**
     * Runs the transform in {@code direction} on data already on the device; nothing crosses to the
     * host (the plan's first run uploads {@link #input()} if {@link #upload()} never did).
     *
     * @throws IllegalArgumentException naming {@code direction} where it is null
     * @throws IllegalStateException    after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void executeOnDevice(Direction direction) {
        checkOneDevice("executeOnDevice");
        requireDirection(direction);
        Failures.plain("executeOnDevice", () -> {
            engine.run(direction);
            return null;
        });
    }

    /**
     * Copies the output of the last transform from the device into {@link #output()}.
     *
     * @throws IllegalStateException after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void download() {
        checkOneDevice("download");
        Failures.plain("download", () -> {
            engine.download();
            return null;
        });
    }

    /**
     * Upload, transform in the descriptor's direction, download: {@link #input()} to {@link #output()}.
     *
     * @throws IllegalStateException after {@link #close()}, or when TornadoVM fails
     */
    public synchronized void execute() {
        checkOneDevice("execute()");
        Failures.plain("execute", () -> {
            engine.upload();
            engine.run(descriptor.direction());
            engine.download();
            return null;
        });
    }

    // ---- Profiling ---------------------------------------------------------------------------------

    /**
     * TornadoVM's switch for profiling on its OpenCL command queues, on by default; with
     * {@code -Dtornado.opencl.profiling.enable=false} an OpenCL device records no kernel times.
     */
    public static final String OPENCL_QUEUE_PROFILING_PROPERTY = "tornado.opencl.profiling.enable";

    /**
     * Enables TornadoVM's profiler so that {@link #lastKernelNanos()} reports device time (on every
     * device of a plan over several).
     *
     * @return this plan
     * @throws IllegalStateException on an OpenCL device in a JVM started with
     *                               {@value #OPENCL_QUEUE_PROFILING_PROPERTY}{@code =false}, whose queues
     *                               record no kernel times; after {@link #close()}
     */
    public synchronized FftPlan withProfiler() {
        checkOpen();
        for (TornadoDevice d : devices) {
            if (!recordsKernelTimes(d)) {
                throw new IllegalStateException("withProfiler: this JVM runs TornadoVM's OpenCL queues without profiling (-D"
                        + OPENCL_QUEUE_PROFILING_PROPERTY + "=false), so they record no kernel times; start it without that"
                        + " option to time kernels");
            }
        }
        if (split != null) {
            split.stages().forEach(stage -> ((DeviceStage) stage).plan.withProfiler());
            return this;
        }
        engine.profile(true);
        return this;
    }

    /**
     * Whether TornadoVM's queues on {@code device} record kernel times: everywhere but on an OpenCL device
     * in a JVM started with {@value #OPENCL_QUEUE_PROFILING_PROPERTY}{@code =false}.
     */
    static boolean recordsKernelTimes(TornadoDevice device) {
        // TornadoVM reads the switch as Boolean.parseBoolean does, once, when its runtime starts.
        return device.getTornadoVMBackend() != TornadoVMBackendType.OPENCL
                || Boolean.parseBoolean(System.getProperty(OPENCL_QUEUE_PROFILING_PROPERTY, "true"));
    }

    /**
     * Device kernel time of the last transform, in ns; -1 when unknown: without {@link #withProfiler()},
     * before the first transform of this plan, or for a {@link Launch#CUDA_GRAPH} plan (no kernel events
     * in a graph). For a plan over several devices, the kernel time of all chunks on all devices, summed.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized long lastKernelNanos() {
        checkOpen();
        if (split != null) {
            SplitTimes times = split.lastTimes();
            return times == null || options.launch() == Launch.CUDA_GRAPH ? -1 : times.kernelNanos();
        }
        if (!engine.profiled() || options.launch() == Launch.CUDA_GRAPH) {
            return -1;
        }
        return engine.lastKernelNanos();
    }

    /**
     * Where the last transform's time went, for a plan over several devices: the call's wall time, and
     * the time its workers spent on kernels, on copies between host and devices, and on the host's
     * regrouping ({@link SplitTimes}).
     *
     * @throws IllegalStateException for a plan on one device, before the first transform, or after {@link #close()}
     */
    public synchronized SplitTimes lastSplitTimes() {
        checkOpen();
        if (split == null) {
            throw new IllegalStateException("lastSplitTimes: a plan on one device (see lastKernelNanos)");
        }
        SplitTimes times = split.lastTimes();
        if (times == null) {
            throw new IllegalStateException("lastSplitTimes: no transform yet");
        }
        return times;
    }

    // ---- Appending to a caller's TaskGraph ---------------------------------------------------------

    /**
     * Appends the transform in the descriptor's direction; see
     * {@link #appendTo(Direction, TaskGraph, FloatArray, FloatArray, GridScheduler)}.
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, or an array whose length
     *                                  is not the descriptor's
     * @throws IllegalStateException    after {@link #close()}
     */
    public void appendTo(TaskGraph graph, FloatArray in, FloatArray out, GridScheduler gridScheduler) {
        appendTo(descriptor.direction(), graph, in, out, gridScheduler);
    }

    /**
     * Appends this plan's kernels in {@code direction} to {@code graph}, reading {@code in} and writing
     * {@code out} (which may be the same array), and registers their work-group shapes in
     * {@code gridScheduler}. The caller transfers {@code in} and {@code out}; the twiddle tables are sent
     * on first execution. The appended kernels launch on any device as they are; on an NVIDIA GPU,
     * {@link CompilerFlags#apply} on the caller's execution plan makes some of them faster.
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, or {@code in} not of
     *                                  {@link FftDescriptor#inputFloats()} or {@code out} not of
     *                                  {@link FftDescriptor#outputFloats()} floats
     * @throws IllegalStateException    after {@link #close()}
     */
    public void appendTo(Direction direction, TaskGraph graph, FloatArray in, FloatArray out, GridScheduler gridScheduler) {
        append(direction, graph, in, out, gridScheduler);
    }

    /**
     * Appends the transform in the descriptor's direction, in double; see
     * {@link #appendTo(Direction, TaskGraph, DoubleArray, DoubleArray, GridScheduler)}.
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, a float plan, or an array
     *                                  whose length is not the descriptor's
     * @throws IllegalStateException    after {@link #close()}
     */
    public void appendTo(TaskGraph graph, DoubleArray in, DoubleArray out, GridScheduler gridScheduler) {
        appendTo(descriptor.direction(), graph, in, out, gridScheduler);
    }

    /**
     * {@link #appendTo(Direction, TaskGraph, FloatArray, FloatArray, GridScheduler)} for a plan of
     * {@link Precision#DOUBLE}: its kernels read and write DoubleArrays.
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, a float plan, or an array
     *                                  whose length is not the descriptor's
     * @throws IllegalStateException    after {@link #close()}
     */
    public void appendTo(Direction direction, TaskGraph graph, DoubleArray in, DoubleArray out, GridScheduler gridScheduler) {
        append(direction, graph, in, out, gridScheduler);
    }

    /**
     * {@link #appendTo(Direction, TaskGraph, FloatArray, FloatArray, GridScheduler)} for a plan of
     * {@link Precision#HALF}: its kernels read and write HalfFloatArrays (fp16 values, float arithmetic).
     *
     * @throws IllegalArgumentException naming the parameter: a null argument, a plan of another precision,
     *                                  or an array whose length is not the descriptor's
     * @throws IllegalStateException    after {@link #close()}
     */
    public void appendTo(Direction direction, TaskGraph graph, HalfFloatArray in, HalfFloatArray out, GridScheduler gridScheduler) {
        append(direction, graph, in, out, gridScheduler);
    }

    private synchronized void append(Direction direction, TaskGraph graph, TornadoNativeArray in, TornadoNativeArray out,
                                     GridScheduler gridScheduler) {
        checkOneDevice("appendTo");
        requireDirection(direction);
        if (graph == null || in == null || out == null || gridScheduler == null) {
            throw new IllegalArgumentException("graph, in, out, gridScheduler: must not be null");
        }
        DeviceArrays.requireType("in", in, descriptor.precision());
        DeviceArrays.requireType("out", out, descriptor.precision());
        if (in.getSize() != descriptor.inputFloats()) {
            throw lengthError("in", in.getSize(), descriptor.inputFloats());
        }
        if (out.getSize() != descriptor.outputFloats()) {
            throw lengthError("out", out.getSize(), descriptor.outputFloats());
        }
        GridScheduler mine = new GridScheduler();
        // The caller's execution plan takes one register cap for all its kernels: no late stores here.
        List<String> tasks = engine.append(graph, direction, in, out, mine);
        for (String task : tasks) {
            String id = graph.getTaskGraphName() + "." + task;
            gridScheduler.addWorkerGrid(id, mine.get(id));
        }
    }

    // ---- What the plan is --------------------------------------------------------------------------

    /** How this plan launches its passes. */
    public Launch launch() {
        return options.launch();
    }

    /** The options this plan was built with. */
    public FftOptions options() {
        return options;
    }

    /** Wall time taken to plan, allocate and compile (less when a cached engine served), in ns. */
    public long buildNanos() {
        return buildNanos;
    }

    /** What this plan computes. */
    public FftDescriptor descriptor() {
        return descriptor;
    }

    /**
     * The passes, in order: an unmodifiable list of values. For a plan over several devices, the passes
     * each chunk of each step runs on a device: the first step's (the 2D passes of a 3D split), then the
     * Z step's. For a 1D length that is not a power of two, the passes of Bluestein's convolution of M
     * points, forward then inverse (the same values twice); none where the length's prime factors are 2,
     * 3, 5, 7, 11 and 13, whose mixed-radix passes are not the planner's ({@link #toString()} shows them).
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized List<Pass> passes() {
        checkOpen();
        if (split != null) {
            List<Pass> all = new java.util.ArrayList<>(((DeviceStage) split.stage(0)).plan.passes());
            if (split.stage(1) != null) {
                all.addAll(((DeviceStage) split.stage(1)).plan.passes());
            }
            return List.copyOf(all);
        }
        if (engine.bluestein != null) {
            List<Pass> both = new java.util.ArrayList<>(engine.passes);
            both.addAll(engine.passes);
            return List.copyOf(both);
        }
        return engine.passes;
    }

    /**
     * Kernels per transform, one per pass (a layout costs none: the first and last pass read and write
     * it), and for r2c and c2r the split or merge kernel, except where the rows' complex part is one
     * pass, which then does the split or merge too (1D, and 2D and 3D rows first: {@code RowsFirst}). For a plan over several devices, the kernels of one
     * chunk of each step ({@link #passes()}). For a 1D length that is not a power of two, the passes of
     * Bluestein's convolution both ways (its pointwise steps are inside the first and last); where the length's
     * prime factors are 2, 3, 5, 7, 11 and 13, one mixed-radix pass per factor (radix 16, 8, 4 or 2 for the twos).
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public synchronized int kernelsPerTransform() {
        checkOpen();
        if (split != null) {
            return passes().size();
        }
        // The natural route of a real transform: its two pointwise kernels around the complex transform.
        boolean real = descriptor.isReal() && engine.promoted == null;
        int around = engine.promoted != null ? 2 : 0;
        if (engine.bluestein != null) {
            return 2 * engine.passes.size() + around;
        }
        if (engine.mixedRows != null) {
            return engine.mixedRows.kernels();
        }
        if (engine.mixedRadix != null) {
            return engine.mixedRadix.kernels() + (real && !engine.fusesRealStep ? 1 : 0) + around;
        }
        if (engine.tensorCores != null) {
            return engine.tensorCores.kernels(descriptor.direction());
        }
        if (engine.rowsFirst != null) {
            return engine.rowsFirst.kernels();
        }
        return engine.passes.size() + (real && !engine.fusesRealStep ? 1 : 0) + around;
    }

    /** The devices the plan runs on: one, or those of a plan over several (as listed, repeats included). */
    public List<TornadoDevice> devices() {
        return devices;
    }

    /**
     * Bytes of device memory this library's engines hold now, those of open plans and those the cache
     * keeps for reuse: their data, scratch and twiddle buffers.
     */
    public static long deviceBytesHeld() {
        return EngineCache.deviceBytes();
    }

    /**
     * Frees the compiled kernels and device buffers that closed plans left for reuse. The cache keeps at
     * most 16 engines and 1024 MiB of their device memory (system properties
     * {@code tornado.fft.cache.engines} and {@code tornado.fft.cache.mib}), the least recently used
     * going first; 0 keeps none. A new plan that needs the device memory idle engines on its device hold
     * (beyond TornadoVM's heap there) frees the least recently used of them first.
     */
    public static void clearCache() {
        EngineCache.clear();
    }

    @Override
    public synchronized String toString() {
        if (engine == null && split == null) {
            return descriptor + " on " + (devices.size() == 1 ? device.getPhysicalDevice().getDeviceName()
                    : devices.size() + " devices") + " (closed)";
        }
        if (split != null) {
            String unitPasses = passNotation(((DeviceStage) split.stage(0)).plan);
            SplitPlan.Stage column = split.stage(1);
            return split.split().describe(devices.stream().map(FftPlan::describe).toList(), unitPasses,
                    column == null ? "" : passNotation(((DeviceStage) column).plan));
        }
        StringBuilder s = new StringBuilder();
        DeviceProfile profile = engine.profile;
        s.append(descriptor).append(" on ").append(profile.name()).append(", data on ").append(profile.dataAlignment())
                .append("-byte boundaries").append(launch() == Launch.CUDA_GRAPH ? ", launched as one CUDA graph\n" : "\n");
        if (engine.promoted == null) {
            return describeTransform(s, descriptor);
        }
        // The natural route: complex transforms of the whole shape, two real ones each, between two pointwise kernels.
        boolean r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
        int n = Engine.lastAxis(descriptor);
        long rows = descriptor.size() / n * descriptor.batch();
        long points = engine.promoted.size() * engine.promoted.batch();
        s.append(r2c ? "r2c" : "c2r").append(" by the complex transform of its whole shape, two real transforms in one (the natural route): ")
                .append(r2c ? "pair, " : "pair halves, ").append(engine.promoted).append(r2c ? ", part\n" : ", unpair\n");
        s.append("  kernel 0: ").append(r2c ? "pair: real transforms 2t and 2t + 1 as the real and imaginary parts of one"
                : "pair halves: the Hermitian parts of half spectra 2t and 2t + 1, bins 0 to " + n / 2
                + " of each row times 1, 2, ..., 2, 1 (bin N/2 of an even N once), as one")
                .append(", ").append(points).append(" work-items\n");
        String inner = describeTransform(new StringBuilder(), engine.promoted);
        java.util.regex.Matcher kernel = java.util.regex.Pattern.compile("(?m)^  kernel (\\d+):").matcher(inner);
        StringBuilder renumbered = new StringBuilder();
        int last = 0;
        while (kernel.find()) {
            last = Integer.parseInt(kernel.group(1)) + 1;
            kernel.appendReplacement(renumbered, "  kernel " + last + ":");
        }
        kernel.appendTail(renumbered);
        s.append(renumbered);
        s.append("  kernel ").append(last + 1).append(": ").append(r2c ? "part: bins 0 to " + n / 2 + " of each row of both, "
                + rows * (n / 2 + 1) : "unpair: each pair's real parts as transform 2t, its imaginary parts as 2t + 1, " + points).append(" work-items\n");
        return s.toString();
    }

    /**
     * The lines after the first of {@link #toString()} for the transform {@code d} the engine's kernels
     * compute: the descriptor's own, or the complex transform of a real one's whole shape.
     */
    private String describeTransform(StringBuilder s, FftDescriptor d) {
        List<Pass> passes = engine.passes;
        FftDescriptor complex = engine.complex;
        if (engine.tensorCores != null) {
            return s.append(engine.tensorCores.describe()).toString();
        }
        if (engine.rowsFirst != null) {
            return s.append(engine.rowsFirst.describe()).toString();
        }
        if (engine.mixedRows != null) {
            return s.append(engine.mixedRows.describe()).toString();
        }
        if (engine.mixedRadix != null) {
            if (!d.isReal() || engine.mixedRadix.real()) {
                // c2c, or a 1D real transform whose one fused kernel splits or merges too.
                return s.append(engine.mixedRadix.describe()).toString();
            }
            // A real transform's complex part, then the split (r2c), or the merge first (c2r).
            boolean c2r = d.kind() == FftDescriptor.Kind.C2R;
            s.append(c2r ? "merge, " : "").append(engine.mixedRadix.notation()).append(c2r ? "" : ", split").append('\n');
            if (c2r) {
                appendRealStep(s, 0);
            }
            s.append(engine.mixedRadix.kernels(c2r ? 1 : 0));
            if (!c2r) {
                appendRealStep(s, engine.mixedRadix.kernels());
            }
            return s.toString();
        }
        if (engine.bluestein != null) {
            return s.append(engine.bluestein.describe(passes, (pass, direction) -> pass.kernelNotation() + "  "
                    + direction.name().toLowerCase(java.util.Locale.ROOT) + ", " + pass.schedule() + ", "
                    + pass.groups(complex.floats() / 2) + " groups"
                    + engine.registerNote())).toString();
        }
        // One pair of braces per kernel, as in the 3D seed's appendix; a real transform's split or merge as a
        // word, inside the braces of the one pass where it is fused.
        List<String> notation = new java.util.ArrayList<>(passes.stream().map(Pass::kernelNotation).toList());
        boolean r2c = d.kind() == FftDescriptor.Kind.R2C;
        boolean fused = engine.fusesRealStep;
        // The pass the split or merge is inside: r2c's last, c2r's first.
        int end = r2c ? passes.size() - 1 : 0;
        if (fused) {
            String only = notation.get(end);
            notation.set(end, r2c ? only.substring(0, only.length() - 1) + ", split}" : "{merge, " + only.substring(1));
        } else if (d.isReal()) {
            notation.add(r2c ? notation.size() : 0, r2c ? "split" : "merge");
        }
        s.append(String.join(" ", notation)).append('\n');
        int kernel = 0;
        if (d.kind() == FftDescriptor.Kind.C2R && !fused) {
            appendRealStep(s, kernel++);
        }
        for (int p = 0; p < passes.size(); p++) {
            Pass pass = passes.get(p);
            s.append("  kernel ").append(kernel++).append(": ").append(fused && p == end ? notation.get(end) : pass.kernelNotation())
                    .append("  ").append(pass.schedule()).append(", ").append(pass.groups(complex.floats() / 2)).append(" groups");
            if (d.isReal() && pass.axis() == 0 && (p == 0 || passes.get(p - 1).axis() != 0)) {
                s.append(", ").append(complex.size()).append("-point complex transform").append(r2c ? " of the real rows as pairs" : "");
            }
            if (fused && p == end) {
                int n = Engine.lastAxis(d);
                String pairs = passes.size() > 1 ? ", lines i and " + pass.n() / pass.radix() + " - i in one group" : "";
                s.append(r2c ? ", split into the " + (n / 2 + 1) + " bins as it stores (bins k, N/2 - k paired in local memory"
                        + pairs + ")" : ", merge of the " + (n / 2 + 1) + " bins as it loads (bins k, N/2 - k read together)");
            }
            if (p == 0 && !complex.inputPacked()) {
                s.append(", reads the input's layout (").append(complex.inputLayout()).append(')');
            }
            if (p == passes.size() - 1 && !complex.outputPacked()) {
                s.append(", writes the output's layout (").append(complex.outputLayout()).append(')');
            }
            s.append(engine.registerNote()).append('\n');
        }
        if (r2c && !fused) {
            appendRealStep(s, kernel);
        }
        return s.toString();
    }

    /** The kernels of a plan in the seed's notation, one pair of braces each, and its first kernel's register decomposition. */
    private static String passNotation(FftPlan plan) {
        return String.join(" ", plan.passes().stream().map(Pass::kernelNotation).toList());
    }

    /** The line of a real transform's split (r2c) or merge (c2r) kernel. */
    private void appendRealStep(StringBuilder s, int kernel) {
        int n = Engine.lastAxis(descriptor);
        long rows = descriptor.size() / n * descriptor.batch();
        long items = io.github.tornadofft.kernels.RealTransform.itemsPerRow(n) * rows;
        String pairs = Engine.isRealRows(descriptor) ? "bins k, N/2 - k of rows at negated indices" : "bins k, N/2 - k";
        s.append("  kernel ").append(kernel).append(": ")
                .append(descriptor.kind() == FftDescriptor.Kind.R2C
                        ? "split: the " + (n / 2 + 1) + " bins of each real row from its " + n / 2 + "-point transform"
                        : "merge: each half spectrum of " + (n / 2 + 1) + " bins into " + n / 2 + " complex values")
                .append(", ").append(items).append(" work-items (one per pair of ").append(pairs).append(")\n");
    }

    /**
     * Ends the plan: its kernels and device buffers go to the cache for the next plan of the same
     * descriptor, device and options (or are freed, beyond the cache's limits); the plan cannot be used
     * afterwards. Closing twice does nothing.
     */
    @Override
    public synchronized void close() {
        if (split != null) {
            SplitPlan held = split;
            split = null;
            held.close();
            return;
        }
        if (engine == null) {
            return;
        }
        Engine held = engine;
        engine = null;
        Failures.plain("close", () -> {
            EngineCache.release(held);
            return null;
        });
    }

    // ---- Checks ------------------------------------------------------------------------------------

    private void checkOpen() {
        if (engine == null && split == null) {
            throw new IllegalStateException("plan: closed; create a new plan");
        }
    }

    /** For the methods of one device's data and kernels, which a plan over several devices has not. */
    private void checkOneDevice(String method) {
        checkOpen();
        if (split != null) {
            throw new IllegalStateException(method + ": a plan over " + devices.size() + " devices keeps no data on the"
                    + " devices between calls; transform the caller's arrays with execute(in, out), forward or inverse");
        }
    }

    private void requireDirection(Direction direction) {
        if (direction == null) {
            throw new IllegalArgumentException("direction: FORWARD or INVERSE, got null");
        }
        if (descriptor.isReal() && direction != descriptor.direction()) {
            boolean r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
            throw new IllegalArgumentException("direction: " + (r2c ? "an r2c" : "a c2r") + " plan computes "
                    + descriptor.direction() + " only, got " + direction + "; its inverse is a plan of FftDescriptor."
                    + (r2c ? "c2r" : "r2c") + "(" + descriptor.size() + ")");
        }
    }

    private void checkRegion(String parameter, long length, long offset, long needed) {
        if (offset < 0) {
            throw new IllegalArgumentException(parameter + "Offset: at least 0, got " + offset);
        }
        if (length - offset < needed) {
            throw new IllegalArgumentException(parameter + ": expected " + needed + " " + values() + " from offset " + offset
                    + " (" + holds(parameter) + ", " + descriptor + "), got " + Math.max(0, length - offset));
        }
    }

    private IllegalArgumentException lengthError(String parameter, long length, long expected) {
        return new IllegalArgumentException(parameter + ": expected " + expected
                + " " + values() + " (" + holds(parameter) + ", " + descriptor + "), got " + length);
    }

    /** What the plan's values are called in messages: floats, doubles or fp16 values. */
    private String values() {
        return switch (descriptor.precision()) {
            case FLOAT -> "floats";
            case DOUBLE -> "doubles";
            case HALF -> "fp16 values";
        };
    }

    /** What the array {@code parameter} ("in" or "out") holds: interleaved complex, or a real signal. */
    private String holds(String parameter) {
        FftDescriptor.Kind realSide = parameter.equals("in") ? FftDescriptor.Kind.R2C : FftDescriptor.Kind.C2R;
        if (descriptor.kind() != realSide) {
            return "interleaved complex";
        }
        return descriptor.inPlace() ? "real, rows padded to " + 2 * (descriptor.size() / 2 + 1) + " " + values() : "real";
    }

    /** One chunk's plan on one device, as a {@link SplitPlan.Stage}: its own arrays are the host side. */
    private static final class DeviceStage implements SplitPlan.Stage {
        final FftPlan plan;
        private final MemorySegment input;
        private final MemorySegment output;

        DeviceStage(FftPlan plan) {
            this.plan = plan;
            this.input = plan.input().getSegment();
            this.output = plan.output().getSegment();
        }

        @Override
        public MemorySegment input() {
            return input;
        }

        @Override
        public MemorySegment output() {
            return output;
        }

        @Override
        public void upload() {
            plan.upload();
        }

        @Override
        public void run(Direction direction) {
            plan.executeOnDevice(direction);
        }

        @Override
        public void download() {
            plan.download();
        }

        @Override
        public long kernelNanos() {
            return plan.lastKernelNanos();
        }

        @Override
        public void close() {
            plan.close();
        }
    }
}
