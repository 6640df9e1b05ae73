package io.github.tornadofft.bench.engines;

import io.github.tornadofft.Devices;
import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.Failures;
import io.github.tornadofft.bench.UnsupportedCaseException;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;
import uk.ac.manchester.tornado.cufft.CuFft;

import java.util.ArrayList;
import java.util.List;

/**
 * TornadoVM's own cuFFT call: a {@code TaskGraph.libraryTask} of the tornado-cufft module
 * ({@code CuFft::cufftForwardC2C} and its siblings) on device-resident TornadoVM arrays, timed as the
 * tornado-fft plans are (graph 0 uploads, graph 1 transforms and leaves the output on the device).
 * TornadoVM runs library tasks on its CUDA backend only; elsewhere this engine is absent, with the
 * reason. What the binding offers is what it runs: 1D c2c, r2c, c2r in float and 1D c2c in double, each
 * batched, and 2D c2c in float of one transform; any other case is unsupported, by name.
 */
final class TornadoCuFftEngine implements Engine {

    private final String spec;
    private final TornadoDevice device;
    private final CopyCeiling ceiling;

    private TornadoCuFftEngine(String spec, TornadoDevice device, CopyCeiling ceiling) {
        this.spec = spec;
        this.device = device;
        this.ceiling = ceiling;
    }

    /**
     * One engine per device of TornadoVM's CUDA backend; an absent one, with the reason, where there is
     * none or the SDK lacks the tornado-cufft module. A device whose name is {@code cudaDevice} measures its
     * ceiling with {@code cudaCopy} (as the tornado-fft engines do), others with a TornadoVM copy kernel.
     */
    static List<Engine> discover(String cudaDevice, CopyCeiling cudaCopy) {
        List<Engine> engines = new ArrayList<>();
        try {
            Class.forName("uk.ac.manchester.tornado.cufft.CuFft", false, TornadoCuFftEngine.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return List.of(new AbsentEngine("TornadoVM cuFFT", Place.GPU,
                    "the SDK's tornado-cufft module is not loaded (an SDK with the CUDA backend loads it)"));
        }
        List<String> backends = new ArrayList<>();
        for (String line : Devices.list()) {
            String spec = line.substring(0, Math.max(0, line.indexOf(' ')));
            try {
                TornadoDevice device = Devices.resolve(spec);
                backends.add(device.getTornadoVMBackend().name());
                if (device.getTornadoVMBackend() == TornadoVMBackendType.CUDA) {
                    String name = device.getPhysicalDevice().getDeviceName();
                    engines.add(new TornadoCuFftEngine(spec, device,
                            cudaCopy != null && name.equals(cudaDevice) ? cudaCopy : new TornadoCopy(device, spec)));
                }
            } catch (Throwable t) {
                Failures.rethrowIfFatal(t);
                engines.add(new FailedEngine("TornadoVM cuFFT " + spec, "?", Place.GPU, "setup: " + Failures.describe(t)));
            }
        }
        if (engines.isEmpty()) {
            return List.of(new AbsentEngine("TornadoVM cuFFT", Place.GPU,
                    "TornadoVM runs library tasks on its CUDA backend only; this SDK's devices are "
                            + (backends.isEmpty() ? "none" : String.join(", ", backends.stream().distinct().toList()))));
        }
        return engines;
    }

    @Override
    public String name() {
        return "TornadoVM cuFFT " + spec;
    }

    @Override
    public String device() {
        return device.getPhysicalDevice().getDeviceName();
    }

    @Override
    public Place place() {
        return Place.GPU;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        return "TornadoVM's cuFFT library task (tornado-cufft, TaskGraph.libraryTask) on CUDA-backend device " + spec
                + ", out of place on TornadoVM arrays. 'call' is the wall time of the task graph with the input resident;"
                + " 'kernel' is what TornadoVM's profiler reports for a library task: the host time of the call between"
                + " two stream markers (TornadoVM 5.2's CUDA backend has no device timestamps for it), so it includes the"
                + " call's host work; 'e2e' uploads, transforms and downloads.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) throws UnsupportedCaseException {
        return new Run(c, descriptorFactory(c), device);
    }

    /** Adds the case's library task to a graph, given its arrays. */
    private interface Factory {
        void add(TaskGraph graph, TornadoNativeArray in, TornadoNativeArray out);
    }

    /** The binding's call for the case, or why it has none. */
    private static Factory descriptorFactory(Case c) throws UnsupportedCaseException {
        int[] shape = c.shape();
        int batch = c.batch();
        if (c.rank() == 1) {
            int n = shape[0];
            if (c.isDouble()) {
                if (c.kind() != Case.Kind.C2C) {
                    throw new UnsupportedCaseException("TornadoVM's cuFFT binding has no double real transforms (D2Z, Z2D)");
                }
                return (g, in, out) -> g.libraryTask("fft", CuFft::cufftForwardZ2Z, (DoubleArray) in, (DoubleArray) out, n, batch);
            }
            return switch (c.kind()) {
                case C2C -> (g, in, out) -> g.libraryTask("fft", CuFft::cufftForwardC2C, (FloatArray) in, (FloatArray) out, n, batch);
                case R2C -> (g, in, out) -> g.libraryTask("fft", CuFft::cufftForwardR2C, (FloatArray) in, (FloatArray) out, n, batch);
                case C2R -> (g, in, out) -> g.libraryTask("fft", CuFft::cufftInverseC2R, (FloatArray) in, (FloatArray) out, n, batch);
            };
        }
        if (c.rank() == 2 && batch == 1 && c.kind() == Case.Kind.C2C && !c.isDouble()) {
            return (g, in, out) -> g.libraryTask("fft", CuFft::cufftForward2dC2C, (FloatArray) in, (FloatArray) out, shape[0], shape[1]);
        }
        throw new UnsupportedCaseException("TornadoVM's cuFFT binding has 1D plans (c2c, r2c, c2r; z2z) and 2D c2c"
                + " plans of one float transform only");
    }

    /** An empty task: TornadoVM moves nothing for a graph without one (as tornado-fft's upload graph). */
    static void touch(FloatArray data) {
        if (data.getSize() < 0) {
            data.set(0, 0f);
        }
    }

    /** {@link #touch} for double input. */
    static void touchDouble(DoubleArray data) {
        if (data.getSize() < 0) {
            data.set(0, 0);
        }
    }

    private static final class Run implements Prepared {
        private final TornadoNativeArray in;
        private final TornadoNativeArray out;
        private final TornadoExecutionPlan plan;
        private final long setup;
        private TornadoExecutionResult last;

        Run(Case c, Factory factory, TornadoDevice device) {
            long t0 = System.nanoTime();
            if (c.isDouble()) {
                in = new DoubleArray(c.floats());
                out = new DoubleArray(c.outputFloats());
            } else {
                in = new FloatArray(c.floats());
                out = new FloatArray(c.outputFloats());
            }
            TaskGraph upload = new TaskGraph("cufftIn").transferToDevice(DataTransferMode.EVERY_EXECUTION, in);
            if (in instanceof DoubleArray doubles) {
                upload.task("touch", TornadoCuFftEngine::touchDouble, doubles);
            } else {
                upload.task("touch", TornadoCuFftEngine::touch, (FloatArray) in);
            }
            upload.persistOnDevice(in);
            TaskGraph fft = new TaskGraph("cufft").consumeFromDevice(upload.getTaskGraphName(), in);
            factory.add(fft, in, out);
            fft.transferToHost(DataTransferMode.UNDER_DEMAND, out);
            plan = new TornadoExecutionPlan(upload.snapshot(), fft.snapshot());
            plan.withDevice(device).withProfiler(ProfilerMode.SILENT);
            plan.withGraph(0).execute();
            last = plan.withGraph(1).execute();
            setup = System.nanoTime() - t0;
        }

        @Override
        public void load(float[] input) {
            FloatArray a = (FloatArray) in;
            for (int i = 0; i < input.length; i++) {
                a.set(i, input[i]);
            }
            plan.withGraph(0).execute();
        }

        @Override
        public void load(double[] input) {
            DoubleArray a = (DoubleArray) in;
            for (int i = 0; i < input.length; i++) {
                a.set(i, input[i]);
            }
            plan.withGraph(0).execute();
        }

        @Override
        public boolean hasKernelTime() {
            return true;
        }

        @Override
        public Sample runResident() {
            long t0 = System.nanoTime();
            last = plan.withGraph(1).execute();
            long wall = System.nanoTime() - t0;
            return new Sample(wall, last.getProfilerResult().getDeviceKernelTime());
        }

        @Override
        public long runEndToEnd() {
            long t0 = System.nanoTime();
            plan.withGraph(0).execute();
            last = plan.withGraph(1).execute();
            last.transferToHost(out);
            return System.nanoTime() - t0;
        }

        /** Reads transform {@code index} of the output {@link #runEndToEnd} downloaded. */
        @Override
        public void result(int index, float[] dst) {
            FloatArray a = (FloatArray) out;
            long base = (long) index * dst.length;
            for (int i = 0; i < dst.length; i++) {
                dst[i] = a.get((int) (base + i));
            }
        }

        @Override
        public void result(int index, double[] dst) {
            DoubleArray a = (DoubleArray) out;
            long base = (long) index * dst.length;
            for (int i = 0; i < dst.length; i++) {
                dst[i] = a.get((int) (base + i));
            }
        }

        @Override
        public long setupNanos() {
            return setup;
        }

        @Override
        public String plan() {
            return "TaskGraph.libraryTask(CuFft)";
        }

        @Override
        public void close() {
            // TornadoVM frees the graphs selected last: graph 1 holds the output, graph 0 the input.
            plan.withGraph(1).freeDeviceMemory();
            plan.withGraph(0).freeDeviceMemory();
        }
    }
}
