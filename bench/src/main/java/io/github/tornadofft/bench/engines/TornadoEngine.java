package io.github.tornadofft.bench.engines;

import io.github.tornadofft.Devices;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.Launch;
import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.Failures;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * tornado-fft on one TornadoVM device, out of place (the input survives every run), launched one
 * kernel per pass with TornadoVM's profiler on (kernel times) or off, or, on a PTX device, as one
 * CUDA graph (no kernel times). Real cases run as {@link FftDescriptor#r2c} or {@link FftDescriptor#c2r}
 * plans of the case's shape, packed; a float64 case as a plan of {@code Precision.DOUBLE}, on DoubleArrays;
 * a shape, kind or precision the library does not take yet is an unsupported case, with its reason.
 * Only loaded once the TornadoVM API is known to be on the JVM ({@link Engines}).
 */
final class TornadoEngine implements Engine {

    private final String spec;
    private final String deviceName;
    private final String backend;
    private final TornadoDevice device;
    private final Place place;
    private final CopyCeiling ceiling;
    private final Launch launch;
    /** Whether plans report kernel times: launched kernel by kernel, with the profiler on. */
    private final boolean kernelTime;

    private TornadoEngine(String spec, String deviceName, String backend, TornadoDevice device, Place place,
                          CopyCeiling ceiling, Launch launch, boolean profiler) {
        this.spec = spec;
        this.deviceName = deviceName;
        this.backend = backend;
        this.device = device;
        this.place = place;
        this.ceiling = ceiling;
        this.launch = launch;
        this.kernelTime = profiler && launch == Launch.KERNELS;
    }

    /**
     * One engine per device TornadoVM lists. A device whose name is {@code cudaDevice} measures its
     * ceiling with {@code cudaCopy} (the same memory cuFFT uses), others with a TornadoVM copy kernel.
     */
    static List<Engine> discover(String cudaDevice, CopyCeiling cudaCopy, boolean profiler) {
        List<Engine> engines = new ArrayList<>();
        for (String line : Devices.list()) {
            // "B:D name (BACKEND)"
            int space = line.indexOf(' ');
            int open = line.lastIndexOf('(');
            String spec = space > 0 ? line.substring(0, space) : line;
            String name = space > 0 ? line.substring(space + 1, open > space ? open : line.length()).trim() : "?";
            String backend = open > space && line.lastIndexOf(')') > open ? line.substring(open + 1, line.lastIndexOf(')')) : "?";
            // One device that will not open is that device's failure, not the end of every TornadoVM engine.
            try {
                TornadoDevice device = Devices.resolve(spec);
                CopyCeiling ceiling = cudaCopy != null && name.equals(cudaDevice) ? cudaCopy : new TornadoCopy(device, spec);
                Place place = placeOf(device);
                TornadoVMBackendType kind = device.getTornadoVMBackend();
                boolean graphs = kind == TornadoVMBackendType.PTX || kind == TornadoVMBackendType.CUDA;
                engines.add(new TornadoEngine(spec, name, backend, device, place, ceiling, Launch.KERNELS, profiler));
                if (graphs) {
                    engines.add(new TornadoEngine(spec, name, backend, device, place, ceiling, Launch.CUDA_GRAPH, profiler));
                }
            } catch (Throwable t) {
                Failures.rethrowIfFatal(t);
                engines.add(new FailedEngine("tornado-fft " + backend + " " + spec, name, Place.GPU,
                        "setup: " + Failures.describe(t)));
            }
        }
        return engines;
    }

    /**
     * The engine of one TornadoVM device, {@code spec} as {@link Devices#resolve} takes it, launching as
     * {@code launch}, with the profiler off: each resident run is a plain {@code executeOnDevice()}.
     */
    static Engine on(String spec, Launch launch) {
        TornadoDevice device = Devices.resolve(spec);
        return new TornadoEngine(spec, device.getDeviceName(), device.getTornadoVMBackend().name(), device, placeOf(device),
                new TornadoCopy(device, spec), launch, false);
    }

    private static Place placeOf(TornadoDevice device) {
        return device.getDeviceType() == TornadoDeviceType.CPU ? Place.CPU : Place.GPU;
    }

    @Override
    public String name() {
        return "tornado-fft " + backend + " " + spec + (launch == Launch.CUDA_GRAPH ? " graph" : "");
    }

    @Override
    public String device() {
        return deviceName;
    }

    @Override
    public Place place() {
        return place;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        return "tornado-fft FftPlan on TornadoVM device " + spec + " (" + backend + "), out of place; r2c and c2r as"
                + " FftDescriptor.r2c and c2r plans (packed, c2r with Norm.FORWARD: unnormalised). 'kernel' is the"
                + " TornadoVM profiler's device kernel time of executeOnDevice() (all passes); 'call' is the wall time of"
                + " executeOnDevice() with data resident; 'e2e' is execute(): upload, kernels, download between the"
                + " plan's off-heap FloatArrays (DoubleArrays in double: a Precision.DOUBLE plan). " + (launch == Launch.CUDA_GRAPH
                ? "The passes are replayed as one CUDA graph (Launch.CUDA_GRAPH): no kernel time."
                : kernelTime ? "Profiler on for every run." : "Profiler off.");
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    /**
     * System property that gives the input and output a layout, {@code STRIDE,DISTANCE} in complex
     * elements ({@link FftDescriptor.Builder#layout}), for timing the layout copies
     * ({@code run-bench variants ... bench.layout=1,4112}); unset, the batch is packed.
     */
    public static final String LAYOUT_PROPERTY = "bench.layout";

    @Override
    public boolean takesHalf() {
        return true;
    }

    @Override
    public Prepared prepare(Case c) throws io.github.tornadofft.bench.UnsupportedCaseException {
        FftPlan plan;
        try {
            FftDescriptor.Builder builder = switch (c.kind()) {
                case C2C -> FftDescriptor.c2c(c.shape()).direction(Direction.FORWARD).norm(Norm.BACKWARD);
                case R2C -> FftDescriptor.r2c(c.shape()).norm(Norm.BACKWARD);
                // Norm.FORWARD scales the forward transform, leaving c2r unnormalised as the other engines' are.
                case C2R -> FftDescriptor.c2r(c.shape()).norm(Norm.FORWARD);
            };
            builder.batch(c.batch()).precision(c.precision()).inPlace(false);
            String layout = System.getProperty(LAYOUT_PROPERTY);
            if (layout != null) {
                String[] parts = layout.split(",");
                if (parts.length != 2) {
                    throw new IllegalArgumentException(LAYOUT_PROPERTY + ": STRIDE,DISTANCE, got '" + layout + "'");
                }
                builder.layout(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            }
            FftDescriptor descriptor = builder.build();
            if (c.kind().real() && (descriptor.inputFloats() != c.floats() || descriptor.outputFloats() != c.outputFloats())) {
                throw new IllegalArgumentException("the library's " + c.kind().word() + " arrays hold "
                        + descriptor.inputFloats() + " and " + descriptor.outputFloats() + " floats, not the packed "
                        + c.floats() + " and " + c.outputFloats() + " of numpy's layout the bench loads and reads");
            }
            plan = FftPlan.create(descriptor, device, launch);
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            throw new io.github.tornadofft.bench.UnsupportedCaseException(e.getMessage());
        }
        return new Run(c, kernelTime ? plan.withProfiler() : plan, kernelTime);
    }

    private static final class Run implements Prepared {
        private final Case c;
        private final FftPlan plan;
        private final boolean kernelTime;

        Run(Case c, FftPlan plan, boolean kernelTime) {
            this.c = c;
            this.plan = plan;
            this.kernelTime = kernelTime;
        }

        @Override
        public void load(float[] input) {
            if (c.isHalf()) {
                // The case's values are fp16 values already: each converts exactly, written as its bits.
                MemorySegment in = plan.halfInput().getSegment();
                IntUnaryOperator at = inputPosition();
                for (int i = 0; i < input.length; i++) {
                    in.setAtIndex(ValueLayout.JAVA_SHORT, at.applyAsInt(i), Float.floatToFloat16(input[i]));
                }
                return;
            }
            FloatArray in = plan.input();
            IntUnaryOperator at = inputPosition();
            for (int i = 0; i < input.length; i++) {
                in.set(at.applyAsInt(i), input[i]);
            }
        }

        @Override
        public void load(double[] input) {
            DoubleArray in = plan.doubleInput();
            IntUnaryOperator at = inputPosition();
            for (int i = 0; i < input.length; i++) {
                in.set(at.applyAsInt(i), input[i]);
            }
        }

        /**
         * Where value i of the packed input goes in the plan's input array: i itself for a real case
         * (packed on both sides, checked when planned), else its place in the descriptor's input layout.
         */
        private IntUnaryOperator inputPosition() {
            if (c.kind().real()) {
                return i -> i;
            }
            FftDescriptor.Layout layout = plan.descriptor().inputLayout();
            return i -> (int) (2 * layout.index((int) (i / 2 / c.points()), i / 2 % c.points())) + i % 2;
        }

        /** Where value i of transform {@code index}'s packed output is in the plan's output array. */
        private IntUnaryOperator outputPosition(int index) {
            if (c.kind().real()) {
                int base = index * c.outputLength();
                return i -> base + i;
            }
            FftDescriptor.Layout layout = plan.descriptor().outputLayout();
            return i -> (int) (2 * layout.index(index, i / 2)) + i % 2;
        }

        @Override
        public boolean hasKernelTime() {
            return kernelTime;
        }

        @Override
        public Sample runResident() {
            long t0 = System.nanoTime();
            plan.executeOnDevice();
            long wall = System.nanoTime() - t0;
            return new Sample(wall, plan.lastKernelNanos());
        }

        @Override
        public long runEndToEnd() {
            long t0 = System.nanoTime();
            plan.execute();
            return System.nanoTime() - t0;
        }

        @Override
        public void result(int index, float[] dst) {
            if (c.isHalf()) {
                MemorySegment out = plan.halfOutput().getSegment();
                IntUnaryOperator at = outputPosition(index);
                for (int i = 0; i < dst.length; i++) {
                    dst[i] = Float.float16ToFloat(out.getAtIndex(ValueLayout.JAVA_SHORT, at.applyAsInt(i)));
                }
                return;
            }
            FloatArray out = plan.output();
            IntUnaryOperator at = outputPosition(index);
            for (int i = 0; i < dst.length; i++) {
                dst[i] = out.get(at.applyAsInt(i));
            }
        }

        @Override
        public void result(int index, double[] dst) {
            DoubleArray out = plan.doubleOutput();
            IntUnaryOperator at = outputPosition(index);
            for (int i = 0; i < dst.length; i++) {
                dst[i] = out.get(at.applyAsInt(i));
            }
        }

        @Override
        public long setupNanos() {
            return plan.buildNanos();
        }

        @Override
        public String plan() {
            return plan.kernelsPerTransform() + " kernels: " + plan.toString().strip().replace("\n", " | ");
        }

        @Override
        public void close() {
            plan.close();
        }
    }
}
