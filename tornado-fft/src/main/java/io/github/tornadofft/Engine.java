package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.kernels.RegisterPass;
import io.github.tornadofft.kernels.TwiddleTable;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One transform compiled for one device, with its buffers: everything of a plan that TornadoVM holds.
 *
 * <p>Its execution plan has three task graphs: the upload of the input (0), the transform in the
 * descriptor's direction (1, compiled when the engine is built), and in the other direction (2,
 * compiled on its first use). Graph 2 works on graph 1's device buffers, so the second direction
 * costs no device memory. Engines outlive plans: {@link EngineCache} gives a closed plan's engine to
 * the next plan of the same descriptor, device and options, which then compiles nothing.
 *
 * <p>Not thread-safe: one plan at a time holds an engine, and serialises its calls.
 */
final class Engine {

    /** What makes two plans' engines interchangeable. */
    record Key(String device, FftDescriptor descriptor, FftOptions options) {
    }

    private static final AtomicInteger IDS = new AtomicInteger();

    final Key key;
    final TornadoDevice device;
    final DeviceProfile profile;
    final List<Pass> passes;
    final FloatArray input;
    final FloatArray output;
    /** Whether this engine's kernels store late under a lower register cap ({@link Planner#storesLate}). */
    final boolean storesLate;
    private final FftDescriptor descriptor;
    /** Each pass's twiddle table; passes of the same register radices and span share it ({@link HostBuffers#twiddles}). */
    private final List<FloatArray> twiddles;
    private final List<FloatArray> scratch = new ArrayList<>();
    private final String name;
    private final GridScheduler grid = new GridScheduler();
    private final TornadoExecutionPlan execution;
    /** Work-items per group of appended passes on a device that caps registers: 65536 / 256 registers. */
    static final int APPENDED_GROUP = 256;
    private List<Pass> appended;
    private List<FloatArray> appendedTwiddles;
    private TornadoExecutionResult lastResult;
    private long lastKernelNanos = -1;
    private boolean uploaded;
    /** Whether graph 2 has its buffers (it has run once). */
    private boolean secondReady;
    private boolean profiled;
    private boolean freed;

    /** Plans, allocates and compiles the descriptor's direction (uploading and transforming once). */
    Engine(Key key, TornadoDevice device, DeviceProfile profile) {
        this.key = key;
        this.device = device;
        this.profile = profile;
        this.descriptor = key.descriptor();
        this.passes = Planner.plan(descriptor.shape(), descriptor.batch(), profile);
        this.storesLate = Planner.storesLate(passes, profile, CompilerFlags.capsRegisters(device));
        this.name = "fft" + IDS.incrementAndGet();
        this.input = HostBuffers.take((int) descriptor.inputFloats());
        this.output = descriptor.inPlace() ? input : HostBuffers.take((int) descriptor.outputFloats());
        this.twiddles = passes.stream().map(pass -> HostBuffers.twiddles(pass.sub(), pass.span(), pass.fused())).toList();
        TornadoExecutionPlan built = null;
        try {
            built = build();
            this.execution = built;
            run(descriptor.direction());
            if (descriptor.inPlace()) {
                // Compiles the other direction now: later its first run could not be preceded by
                // graph 1 without overwriting the caller's data.
                run(descriptor.direction().opposite());
            }
        } catch (RuntimeException | Error e) {
            // TornadoVM's drivers also fail with Errors (TornadoInternalError): free what was taken either way.
            free(built);
            throw e;
        }
    }

    /** Graph 0 uploads, graph 1 transforms in the descriptor's direction, graph 2 in the other. */
    private TornadoExecutionPlan build() {
        TaskGraph upload = new TaskGraph(name + "in")
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, input)
                .task("touch", Engine::touch, input)
                .persistOnDevice(input);
        Direction first = descriptor.direction();
        TaskGraph firstGraph = new TaskGraph(name + first.name().charAt(0))
                .consumeFromDevice(upload.getTaskGraphName(), input);
        List<FloatArray> chain = bufferChain(passes.size(), input, output);
        addPasses(firstGraph, first, passes, twiddles, true, chain, grid, storesLate);
        // Graph 2 runs on graph 1's buffers. TornadoVM hands a graph the buffers it consumes only
        // from the graph executed just before it, so graph 2 takes all of them, the input included,
        // from graph 1 (and the input alone from graph 0, for runs right after an upload), and its
        // first run follows a run of graph 1 (ensureSecond).
        Set<FloatArray> sharedSet = Collections.newSetFromMap(new IdentityHashMap<>());
        chain.stream().filter(buffer -> buffer != input).forEach(sharedSet::add);
        Object[] shared = sharedSet.toArray();
        if (shared.length > 0) {
            firstGraph.persistOnDevice(shared);
        }
        name(firstGraph, chain);
        sharedSet.add(input);
        sharedSet.addAll(twiddles);
        TaskGraph secondGraph = new TaskGraph(name + first.opposite().name().charAt(0))
                .consumeFromDevice(upload.getTaskGraphName(), input)
                .consumeFromDevice(firstGraph.getTaskGraphName(), sharedSet.toArray());
        // Graph 2 allocates nothing of its own (it takes the tables from graph 1 too), so freeing graphs
        // 0 and 1 frees everything, each buffer once.
        addPasses(secondGraph, first.opposite(), passes, twiddles, false, chain, grid, storesLate);
        secondGraph.transferToHost(DataTransferMode.UNDER_DEMAND, output);
        TornadoExecutionPlan plan = CompilerFlags.apply(new TornadoExecutionPlan(upload.snapshot(), firstGraph.snapshot(),
                        secondGraph.snapshot()).withDevice(device).withGridScheduler(grid), device, registerCap());
        if (key.options().launch() == Launch.CUDA_GRAPH) {
            plan.withCUDAGraph();
        }
        return plan;
    }

    /**
     * Names the graph's output and every scratch buffer as (on-demand) outputs: that is what makes
     * TornadoVM release their device memory, and unpin their host memory, when the engine is freed.
     */
    private static void name(TaskGraph graph, List<FloatArray> chain) {
        Set<FloatArray> named = Collections.newSetFromMap(new IdentityHashMap<>());
        for (FloatArray buffer : chain.subList(1, chain.size())) {
            if (named.add(buffer)) {
                graph.transferToHost(DataTransferMode.UNDER_DEMAND, buffer);
            }
        }
    }

    /**
     * An empty task: the upload graph exists only to move the input to the device, and TornadoVM
     * moves nothing for a graph without a task. It costs one empty launch per {@link #upload()}.
     */
    static void touch(FloatArray data) {
        if (data.getSize() < 0) {
            data.set(0, 0f);
        }
    }

    /**
     * Adds the passes in {@code direction} to {@code graph}, from {@code chain.get(0)} to the chain's
     * last array, and registers their work-group shapes in {@code target}; returns the task names.
     */
    private List<String> addPasses(TaskGraph graph, Direction direction, List<Pass> passes, List<FloatArray> twiddles,
                                   boolean sendTables, List<FloatArray> chain, GridScheduler target, boolean late) {
        if (sendTables) {
            Set<FloatArray> tables = Collections.newSetFromMap(new IdentityHashMap<>());
            tables.addAll(twiddles);
            for (FloatArray table : tables) {
                graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, table);
            }
        }
        boolean inverse = direction == Direction.INVERSE;
        FftDescriptor oriented = descriptor.withDirection(direction);
        long points = descriptor.floats() / 2;
        List<String> tasks = new ArrayList<>();
        FftDescriptor.Layout inLayout = descriptor.inputLayout();
        FftDescriptor.Layout outLayout = descriptor.outputLayout();
        for (int p = 0; p < passes.size(); p++) {
            Pass pass = passes.get(p);
            String task = graph.getTaskGraphName() + "p" + p;
            boolean last = p == passes.size() - 1;
            float scale = last ? oriented.scale() : 1f;
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
        return tasks;
    }

    /**
     * The buffers pass p reads (index p) and writes (index p + 1): the first is {@code in}, the last
     * {@code out}, the others packed scratch arrays or {@code out} where it is packed. Neighbours always
     * differ (a Stockham pass cannot run in place across groups), and an out-of-place transform never
     * writes its input.
     */
    private List<FloatArray> bufferChain(int k, FloatArray in, FloatArray out) {
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
     * Appends the transform in {@code direction} to a caller's graph, from {@code in} to {@code out}, and
     * registers the work-group shapes in {@code target}; returns the task names. On a device whose
     * compiler takes a register cap, the appended passes use groups of at most
     * {@value #APPENDED_GROUP} work-items, which launch under any register count: the caller's
     * execution plan may lack the cap.
     */
    synchronized List<String> append(TaskGraph graph, Direction direction, FloatArray in, FloatArray out, GridScheduler target) {
        if (appended == null) {
            appended = CompilerFlags.capsRegisters(device)
                    ? Planner.plan(descriptor.shape(), descriptor.batch(), profile.withMaxGroupSize(APPENDED_GROUP))
                    : passes;
            appendedTwiddles = appended == passes ? twiddles
                    : appended.stream().map(pass -> HostBuffers.twiddles(pass.sub(), pass.span(), pass.fused())).toList();
        }
        return addPasses(graph, direction, appended, appendedTwiddles, true, bufferChain(appended.size(), in, out), target,
                false);
    }

    /** Copies the input array to the device. */
    synchronized void upload() {
        execution.withGraph(0).execute();
        uploaded = true;
    }

    /** Transforms the data on the device in {@code direction}; nothing crosses to the host. */
    synchronized void run(Direction direction) {
        if (!uploaded) {
            upload();
        }
        boolean first = direction == descriptor.direction();
        if (!first) {
            ensureSecond();
        }
        lastResult = execution.withGraph(first ? 1 : 2).execute();
        // Read now: TornadoVM clears a graph's profile when its output is copied to the host.
        lastKernelNanos = profiled ? lastResult.getProfilerResult().getDeviceKernelTime() : -1;
    }

    /**
     * Before the other direction's first run, a run of graph 1, from which graph 2 takes its buffers.
     * Out of place that run only writes the output and scratch buffers, which graph 2 then overwrites;
     * an in-place engine, whose graph 1 overwrites the input, does this when it is built instead.
     */
    private void ensureSecond() {
        if (!secondReady) {
            execution.withGraph(1).execute();
            secondReady = true;
        }
    }

    /** Copies the output from the device into {@link #output}. */
    synchronized void download() {
        lastResult.transferToHost(output);
    }

    /** Turns TornadoVM's profiler on or off. */
    synchronized void profile(boolean on) {
        if (on != profiled) {
            if (on) {
                execution.withProfiler(ProfilerMode.SILENT);
            } else {
                execution.withoutProfiler();
            }
            profiled = on;
        }
    }

    synchronized boolean profiled() {
        return profiled;
    }

    /** Device kernel time of the last transform, in ns, as TornadoVM's profiler reported it; -1 without the profiler. */
    synchronized long lastKernelNanos() {
        return lastKernelNanos;
    }

    /**
     * Device memory this engine's buffers take, in bytes: its input, output, scratch arrays and twiddle
     * tables, each once (TornadoVM's own per-graph accounting counts only the graphs selected last).
     */
    synchronized long deviceBytes() {
        if (freed) {
            return 0;
        }
        Set<FloatArray> buffers = Collections.newSetFromMap(new IdentityHashMap<>());
        buffers.add(input);
        buffers.add(output);
        buffers.addAll(scratch);
        buffers.addAll(twiddles);
        return buffers.stream().mapToLong(FloatArray::getNumBytesOfSegmentWithHeader).sum();
    }

    /** Registers per work-item NVIDIA's compilers may give this engine's kernels. */
    int registerCap() {
        int cap = key.options().tuning().maxRegisters();
        return storesLate ? Math.min(DeviceProfile.LATE_STORE_REGISTERS, cap) : cap;
    }

    /** The transforms' twiddle tables, one per pass. */
    List<FloatArray> twiddles() {
        return twiddles;
    }

    /** Frees the device memory and gives the host arrays back; the engine cannot be used afterwards. */
    synchronized void free() {
        if (!freed) {
            free(execution);
        }
    }

    private void free(TornadoExecutionPlan plan) {
        freed = true;
        try {
            if (plan != null) {
                // TornadoVM frees only the graphs selected last (withGraph), and an array once per graph
                // that transfers it: graph 1 holds the output, scratch and tables (and the input, in
                // place), graph 0 the input; graph 2 holds nothing of its own.
                plan.withGraph(1).freeDeviceMemory();
                if (!descriptor.inPlace()) {
                    plan.withGraph(0).freeDeviceMemory();
                }
            }
        } finally {
            HostBuffers.give(input);
            if (output != input) {
                HostBuffers.give(output);
            }
            scratch.forEach(HostBuffers::give);
            scratch.clear();
        }
    }
}
