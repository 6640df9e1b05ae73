package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;

import io.github.tornadofft.kernels.RegisterPass;
import io.github.tornadofft.kernels.TwiddleTable;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import io.github.tornadofft.api.Direction;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.exceptions.TornadoExecutionPlanException;
import uk.ac.manchester.tornado.api.exceptions.TornadoInternalError;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A transform planned once and executed many times on a TornadoVM device.
 *
 * <p>Building a plan chooses the passes ({@link Planner}), allocates the input, output, scratch and
 * twiddle buffers, and compiles the kernels; executing it launches them with no other host work.
 * The plan owns its {@link #input()} and {@link #output()} arrays (the same array when in place):
 * fill the input, run, read the output. Data can stay on the device: {@link #upload()},
 * {@link #executeOnDevice()} any number of times, {@link #download()}. {@link #execute()} does all
 * three. The transform can also join a caller's own TaskGraph ({@link #appendTo}).
 *
 * <p>Close the plan to free its device memory.
 */
public final class FftPlan implements AutoCloseable {

    private static final AtomicInteger IDS = new AtomicInteger();
    private static final Set<FftPlan> OPEN = ConcurrentHashMap.newKeySet();

    private final FftDescriptor descriptor;
    private final TornadoDevice device;
    private final DeviceProfile profile;
    private final List<Pass> passes;
    private final FloatArray input;
    private final FloatArray output;
    /** Each pass's twiddle table; passes of the same register radices and span share it ({@link HostBuffers#twiddles}). */
    private final List<FloatArray> twiddles;
    private final List<FloatArray> scratch = new ArrayList<>();
    private final String name;
    private final GridScheduler grid = new GridScheduler();
    private final TornadoExecutionPlan execution;
    private final long buildNanos;
    private final Launch launch;
    /** Whether this plan's own kernel stores late under a lower register cap ({@link Planner#storesLate}). */
    private final boolean storesLate;
    private TornadoExecutionResult lastResult;
    private boolean profiled;
    private boolean uploaded;
    private boolean closed;

    private FftPlan(FftDescriptor descriptor, TornadoDevice device, Launch launch) {
        long start = System.nanoTime();
        if (launch == Launch.CUDA_GRAPH && device.getTornadoVMBackend() != TornadoVMBackendType.PTX) {
            throw new IllegalArgumentException("launch: CUDA_GRAPH needs a device of the PTX backend; "
                    + device.getPhysicalDevice().getDeviceName() + " is " + device.getTornadoVMBackend()
                    + " (use KERNELS)");
        }
        this.launch = launch;
        if (descriptor.precision() != Precision.FLOAT) {
            throw new IllegalArgumentException("precision: TornadoVM device plans support FLOAT; got "
                    + descriptor.precision() + " (use the reference engine for double precision)");
        }
        this.descriptor = descriptor;
        this.device = device;
        this.profile = Devices.profile(device);
        // Input, output, and the packed scratch arrays of bufferChain: one out of place, two in place
        // or where a layout array cannot serve as one.
        boolean packed = descriptor.inputPacked() && descriptor.outputPacked();
        long bytesNeeded = (descriptor.inputFloats() + (descriptor.inPlace() ? 0 : descriptor.outputFloats())
                + (packed && !descriptor.inPlace() ? 1 : 2) * descriptor.floats()) * Float.BYTES;
        if (profile.globalBytes() > 0 && bytesNeeded > profile.globalBytes()) {
            throw new IllegalArgumentException("batch: " + descriptor + " needs about " + (bytesNeeded >> 20)
                    + " MiB of device memory (data, output, scratch); " + profile.name() + " has "
                    + (profile.globalBytes() >> 20) + " MiB for TornadoVM (its -Dtornado.device.memory option raises that)");
        }
        this.passes = Planner.plan(descriptor.shape(), descriptor.batch(), profile);
        this.storesLate = Planner.storesLate(passes, profile, CompilerFlags.capsRegisters(device));
        this.name = "fft" + IDS.incrementAndGet();
        this.input = HostBuffers.take((int) descriptor.inputFloats());
        this.output = descriptor.inPlace() ? input : HostBuffers.take((int) descriptor.outputFloats());
        this.twiddles = passes.stream().map(pass -> HostBuffers.twiddles(pass.sub(), pass.span(), pass.fused())).toList();
        try {
            this.execution = build();
            execution.withGraph(0).execute();
            uploaded = true;
            lastResult = execution.withGraph(1).execute();
        } catch (RuntimeException | Error e) {
            // TornadoVM's drivers also fail with Errors (TornadoInternalError): the plan frees what it
            // took either way, device memory and the host arrays it took from HostBuffers.
            freeQuietly();
            throw e;
        }
        this.buildNanos = System.nanoTime() - start;
        OPEN.add(this);
    }

    /** The execution plan: the upload graph (0) and the transform's graph (1), compiled on first execution. */
    private TornadoExecutionPlan build() {
        TaskGraph upload = new TaskGraph(name + "in")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, input)
                .task("touch", FftPlan::touch, input)
                .persistOnDevice(input);
        TaskGraph fft = new TaskGraph(name)
                .consumeFromDevice(upload.getTaskGraphName(), input);
        addPasses(fft, input, output, grid, storesLate);
        fft.transferToHost(DataTransferMode.UNDER_DEMAND, output);
        TornadoExecutionPlan plan = CompilerFlags.apply(new TornadoExecutionPlan(upload.snapshot(), fft.snapshot())
                .withDevice(device)
                .withGridScheduler(grid), device, registerCap());
        if (launch == Launch.CUDA_GRAPH) {
            plan.withCUDAGraph();
        }
        return plan;
    }

    /** Plans the transform on TornadoVM's default device. */
    public static FftPlan create(FftDescriptor descriptor) {
        return create(descriptor, Devices.resolve("default"));
    }

    /** Plans the transform on the given device; compiles its kernels before returning. */
    public static FftPlan create(FftDescriptor descriptor, TornadoDevice device) {
        return create(descriptor, device, Launch.KERNELS);
    }

    /**
     * Plans the transform on the given device, launched as {@code launch} says ({@link Launch#CUDA_GRAPH}
     * needs a PTX device); compiles its kernels before returning.
     */
    public static FftPlan create(FftDescriptor descriptor, TornadoDevice device, Launch launch) {
        if (descriptor == null) {
            throw new IllegalArgumentException("descriptor: must not be null");
        }
        if (device == null) {
            throw new IllegalArgumentException("device: must not be null");
        }
        if (launch == null) {
            throw new IllegalArgumentException("launch: must not be null (KERNELS or CUDA_GRAPH)");
        }
        return new FftPlan(descriptor, device, launch);
    }

    /**
     * An empty task: the upload graph exists only to move the input to the device, and TornadoVM
     * moves nothing for a graph without a task (every transform then reads stale data; the tests
     * catch it). It costs one empty launch per {@link #upload()}.
     */
    static void touch(FloatArray data) {
        if (data.getSize() < 0) {
            data.set(0, 0f);
        }
    }

    /**
     * Appends this plan's kernels to {@code graph}, reading {@code in} and writing {@code out} (which
     * may be the same array), and registers their work-group shapes in {@code gridScheduler}. The
     * caller transfers {@code in} and {@code out}; the twiddle table is sent on first execution. On an
     * NVIDIA GPU, give the caller's execution plan the kernels' flags with {@link CompilerFlags#apply}.
     */
    public void appendTo(TaskGraph graph, FloatArray in, FloatArray out, GridScheduler gridScheduler) {
        checkOpen();
        if (graph == null || in == null || out == null || gridScheduler == null) {
            throw new IllegalArgumentException("graph, in, out, gridScheduler: must not be null");
        }
        checkLength("in", in.getSize(), descriptor.inputFloats());
        checkLength("out", out.getSize(), descriptor.outputFloats());
        GridScheduler mine = new GridScheduler();
        // The caller's execution plan takes one register cap for all its kernels: no late stores here.
        List<String> tasks = addPasses(graph, in, out, mine, false);
        for (String task : tasks) {
            gridScheduler.addWorkerGrid(graph.getTaskGraphName() + "." + task, mine.get(graph.getTaskGraphName() + "." + task));
        }
    }

    private List<String> addPasses(TaskGraph graph, FloatArray in, FloatArray out, GridScheduler target, boolean late) {
        Set<FloatArray> tables = Collections.newSetFromMap(new IdentityHashMap<>());
        tables.addAll(twiddles);
        for (FloatArray table : tables) {
            graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, table);
        }
        List<FloatArray> chain = bufferChain(in, out);
        boolean inverse = descriptor.direction() == Direction.INVERSE;
        long points = descriptor.floats() / 2;
        List<String> tasks = new ArrayList<>();
        FftDescriptor.Layout inLayout = descriptor.inputLayout();
        FftDescriptor.Layout outLayout = descriptor.outputLayout();
        for (int p = 0; p < passes.size(); p++) {
            Pass pass = passes.get(p);
            String task = name + "p" + p;
            boolean last = p == passes.size() - 1;
            float scale = last ? descriptor.scale() : 1f;
            // The first pass reads the input's layout, the last writes the output's; between, packed.
            int flags = RegisterPass.flags(inverse, pass.split(), pass.fused())
                    | RegisterPass.steps(pass.subRadix(1), pass.subRadix(2), TwiddleTable.kBits(pass.span()), pass.rows())
                    | RegisterPass.layouts(p == 0 && !descriptor.inputPacked(), last && !descriptor.outputPacked(),
                    descriptor.size()) | (late ? RegisterPass.LATE_STORE : 0);
            graph.task(task, RegisterPass.kernel(pass.regs()), new KernelContext(), chain.get(p), chain.get(p + 1),
                    twiddles.get(p), pass.n(), pass.stride(), pass.radix(), pass.span(), pass.cols(), flags, scale,
                    RegisterPass.localFloats(pass.cols() * pass.rows(), pass.radix()), inLayout.stride(),
                    inLayout.distance(), outLayout.stride(), outLayout.distance());
            WorkerGrid1D worker = new WorkerGrid1D(pass.groups(points) * pass.groupSize());
            worker.setLocalWork(pass.groupSize(), 1, 1);
            target.addWorkerGrid(graph.getTaskGraphName() + "." + task, worker);
            tasks.add(task);
        }
        // Scratch buffers never cross to the host, but naming them as (on-demand) outputs is what makes
        // TornadoVM release their device memory, and unpin their host memory, when the plan closes.
        Set<FloatArray> named = Collections.newSetFromMap(new IdentityHashMap<>());
        named.add(in);
        named.add(out);
        for (FloatArray buffer : chain) {
            if (named.add(buffer)) {
                graph.transferToHost(DataTransferMode.UNDER_DEMAND, buffer);
            }
        }
        return tasks;
    }

    /**
     * The buffers pass p reads (index p) and writes (index p + 1): the first is {@code in}, the last
     * {@code out}, the others packed scratch arrays or {@code out} where it is packed. Neighbours always
     * differ (a Stockham pass cannot run in place across groups), and an out-of-place transform never
     * writes its input.
     */
    private List<FloatArray> bufferChain(FloatArray in, FloatArray out) {
        int k = passes.size();
        FloatArray[] chain = new FloatArray[k + 1];
        chain[0] = in;
        chain[k] = out;
        // From the last pass back, the first array that differs from both neighbours. An array in a
        // layout of its own is not packed and never holds a pass's intermediate result.
        List<FloatArray> candidates = new ArrayList<>();
        if (descriptor.outputPacked()) {
            candidates.add(out);
        }
        for (int i = k - 1; i >= 1; i--) {
            for (int c = 0; ; c++) {
                FloatArray candidate = c < candidates.size() ? candidates.get(c) : scratch(c - candidates.size());
                if (candidate != chain[i + 1] && (i != 1 || candidate != in)) {
                    chain[i] = candidate;
                    break;
                }
            }
        }
        return List.of(chain);
    }

    private FloatArray scratch(int index) {
        while (scratch.size() <= index) {
            scratch.add(HostBuffers.take((int) descriptor.floats()));
        }
        return scratch.get(index);
    }

    /**
     * The array the transform reads: interleaved complex, {@link FftDescriptor#inputFloats()} floats
     * (the input layout's positions are read, no others). It belongs to the plan until
     * {@link #close()}; do not keep it past that (a later plan reuses it).
     */
    public FloatArray input() {
        checkOpen();
        return input;
    }

    /**
     * The array the transform writes (the input array when in place), {@link FftDescriptor#outputFloats()}
     * floats: after {@link #download()} the output layout's positions hold the result, and out of place
     * the others are unspecified. The plan's until {@link #close()}.
     */
    public FloatArray output() {
        checkOpen();
        return output;
    }

    /** Copies the input array to the device. */
    public void upload() {
        checkOpen();
        execution.withGraph(0).execute();
        uploaded = true;
    }

    /** Runs the transform on data already on the device; nothing crosses to the host. */
    public void executeOnDevice() {
        checkOpen();
        if (!uploaded) {
            upload();
        }
        lastResult = execution.withGraph(1).execute();
    }

    /** Copies the output from the device into {@link #output()}. */
    public void download() {
        checkOpen();
        lastResult.transferToHost(output);
    }

    /** Upload, transform, download. */
    public void execute() {
        upload();
        executeOnDevice();
        download();
    }

    /**
     * Transforms {@code in} into {@code out} (which may be the same array): copies into the plan's
     * input, executes, copies back. Neither array is touched if its length is wrong; of {@code out}
     * only the positions of the output layout are written.
     */
    public void execute(float[] in, float[] out) {
        checkOpen();
        if (in == null || out == null) {
            throw new IllegalArgumentException("in, out: must not be null");
        }
        checkLength("in", in.length, descriptor.inputFloats());
        checkLength("out", out.length, descriptor.outputFloats());
        // Element by element: the bulk copies of java.lang.foreign are a preview API at the Java 21
        // language level this library builds for. Resident data (upload/executeOnDevice) avoids it.
        for (int i = 0; i < in.length; i++) {
            input.set(i, in[i]);
        }
        execute();
        if (descriptor.outputPacked()) {
            for (int i = 0; i < out.length; i++) {
                out[i] = output.get(i);
            }
            return;
        }
        FftDescriptor.Layout layout = descriptor.outputLayout();
        for (int b = 0; b < descriptor.batch(); b++) {
            for (long e = 0; e < descriptor.size(); e++) {
                int at = (int) (2 * layout.index(b, e));
                out[at] = output.get(at);
                out[at + 1] = output.get(at + 1);
            }
        }
    }

    /**
     * TornadoVM's switch for profiling on its OpenCL command queues, on by default; with
     * {@code -Dtornado.opencl.profiling.enable=false} an OpenCL device records no kernel times.
     */
    public static final String OPENCL_QUEUE_PROFILING_PROPERTY = "tornado.opencl.profiling.enable";

    /**
     * Enables TornadoVM's profiler so that {@link #lastKernelNanos()} reports device time.
     *
     * @throws IllegalStateException on an OpenCL device in a JVM started with
     *                               {@value #OPENCL_QUEUE_PROFILING_PROPERTY}{@code =false}, whose queues
     *                               record no kernel times
     */
    public FftPlan withProfiler() {
        checkOpen();
        if (!recordsKernelTimes(device)) {
            throw new IllegalStateException("withProfiler: this JVM runs TornadoVM's OpenCL queues without profiling (-D"
                    + OPENCL_QUEUE_PROFILING_PROPERTY + "=false), so they record no kernel times; start it without that"
                    + " option to time kernels");
        }
        execution.withProfiler(ProfilerMode.SILENT);
        profiled = true;
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
     * Device kernel time of the last {@link #executeOnDevice()}, in ns; -1 when unknown: without
     * {@link #withProfiler()}, or for a {@link Launch#CUDA_GRAPH} plan (no kernel events in a graph).
     */
    public long lastKernelNanos() {
        // Without the profiler TornadoVM has no time to give (and prints a hint on every query).
        if (lastResult == null || !profiled || launch == Launch.CUDA_GRAPH) {
            return -1;
        }
        return lastResult.getProfilerResult().getDeviceKernelTime();
    }

    /** How this plan launches its passes. */
    public Launch launch() {
        return launch;
    }

    /**
     * Bytes of device memory that TornadoVM accounts to the plans of this library that are held now
     * (open plans, and any whose buffers the library keeps for reuse), summed over every device.
     */
    public static long deviceBytesHeld() {
        long bytes = 0;
        for (FftPlan plan : OPEN) {
            bytes += plan.execution.getCurrentDeviceMemoryUsage();
        }
        return bytes;
    }

    /** Wall time taken to plan, allocate and compile, in ns. */
    public long buildNanos() {
        return buildNanos;
    }

    public FftDescriptor descriptor() {
        return descriptor;
    }

    public List<Pass> passes() {
        return passes;
    }

    /** Kernels per transform, one per pass (a layout costs none: the first and last pass read and write it). */
    public int kernelsPerTransform() {
        return passes.size();
    }

    private void checkLength(String parameter, long length, long expected) {
        if (length != expected) {
            throw new IllegalArgumentException(parameter + ": expected " + expected
                    + " floats (interleaved complex, " + descriptor + "), got " + length);
        }
    }

    /** Registers per work-item NVIDIA's compilers may give this plan's kernels. */
    private int registerCap() {
        return storesLate ? Math.min(DeviceProfile.LATE_STORE_REGISTERS, DeviceProfile.maxRegisters()) : DeviceProfile.maxRegisters();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("plan: closed; create a new plan");
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append(descriptor).append(" on ").append(profile.name()).append(", data on ").append(profile.dataAlignment())
                .append("-byte boundaries").append(launch == Launch.CUDA_GRAPH ? ", launched as one CUDA graph\n" : "\n");
        // One pair of braces per kernel, as in the 3D seed's appendix.
        s.append(String.join(" ", passes.stream().map(Pass::kernelNotation).toList())).append('\n');
        for (int p = 0; p < passes.size(); p++) {
            Pass pass = passes.get(p);
            s.append("  kernel ").append(p).append(": ").append(pass.kernelNotation()).append("  ")
                    .append(pass.schedule()).append(", ").append(pass.groups(descriptor.floats() / 2)).append(" groups");
            if (p == 0 && !descriptor.inputPacked()) {
                s.append(", reads the input's layout (").append(descriptor.inputLayout()).append(')');
            }
            if (p == passes.size() - 1 && !descriptor.outputPacked()) {
                s.append(", writes the output's layout (").append(descriptor.outputLayout()).append(')');
            }
            if (storesLate) {
                s.append(", stores late (").append(registerCap()).append(" registers)");
            }
            s.append('\n');
        }
        return s.toString();
    }

    private void freeQuietly() {
        if (execution != null) {
            try {
                execution.freeDeviceMemory();
                execution.close();
            } catch (Exception | TornadoInternalError ignored) {
                // best effort while failing
            }
        }
        recycleHostArrays();
    }

    private void recycleHostArrays() {
        HostBuffers.give(input);
        if (output != input) {
            HostBuffers.give(output);
        }
        scratch.forEach(HostBuffers::give);
        scratch.clear();
    }

    /** Frees the plan's device memory; the plan cannot be used afterwards. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(this);
        try {
            execution.freeDeviceMemory();
            execution.close();
        } catch (TornadoExecutionPlanException e) {
            throw new IllegalStateException("plan: could not release device memory", e);
        } finally {
            recycleHostArrays();
        }
    }
}
