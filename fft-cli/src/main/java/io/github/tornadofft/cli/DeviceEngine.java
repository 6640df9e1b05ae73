package io.github.tornadofft.cli;

import io.github.tornadofft.Compute;
import io.github.tornadofft.Devices;
import io.github.tornadofft.FftOptions;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.util.Arrays;
import java.util.List;

/**
 * Runs a transform with a tornado-fft {@link FftPlan} on a TornadoVM device. The only class of the
 * command that touches TornadoVM: {@link Engines} creates it after checking that the SDK is there.
 *
 * <p>What the device plans do not support is an error that says what they do support; there is
 * no silent fallback to the JVM.
 */
final class DeviceEngine implements Engine {

    static final String SUPPORTED = "device plans support complex-to-complex of 1 to 3 axes of any length (up to 2^26"
            + " where one is not a power of two), and real-to-complex and complex-to-real of 1 to 3 axes of any"
            + " length; in single precision, and in double on a device with fp64";
    /** What a refusal of double precision adds: the two ways to run the transform anyway. */
    static final String DOUBLE_HINT = "add --precision float (the output keeps the input's dtype) or use --device jvm";
    static final String SUPPORTED_SPLIT = "plans over several devices support single precision complex-to-complex"
            + " of 3 power-of-two axes (at least one Z plane per device), or of 1 or 2 axes over a batch of at least"
            + " one transform per device";

    private final String spec;
    private final List<TornadoDevice> devices;
    private final FftOptions options;

    private DeviceEngine(String spec, List<TornadoDevice> devices, Compute compute) {
        this.spec = spec;
        this.devices = devices;
        this.options = FftOptions.defaults().withCompute(compute);
    }

    /**
     * The device named {@code default} or {@code B:D}, or the devices of a comma-separated list of those
     * (a plan over several devices); a usage error, listing devices, if one is not there.
     */
    static DeviceEngine open(String spec, Compute compute) {
        try {
            List<TornadoDevice> devices = new java.util.ArrayList<>();
            for (String one : spec.split(",")) {
                devices.add(Devices.resolve(one.strip()));
            }
            return new DeviceEngine(spec, devices, compute);
        } catch (IllegalArgumentException e) {
            throw CliError.usage(e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            throw CliError.environment("TornadoVM did not start: " + e + " (check ./setup-tornado.sh)");
        }
    }

    /** Every device TornadoVM sees, as "B:D name (backend)". */
    static List<String> list() {
        try {
            return Devices.list();
        } catch (RuntimeException | LinkageError e) {
            throw CliError.environment("TornadoVM did not start: " + e + " (check ./setup-tornado.sh)");
        }
    }

    @Override
    public String device() {
        List<String> names = devices.stream()
                .map(d -> d.getPhysicalDevice().getDeviceName() + ", " + d.getTornadoVMBackend()).toList();
        return spec + " (" + String.join("; ", names) + ")";
    }

    /** The plan computes in the transform's precision: double (float64) or float (float32). */
    @Override
    public String arithmetic(Transform t) {
        return t.precision() == Precision.DOUBLE ? "double (float64)" : "float (float32)";
    }

    /**
     * Runs a plan of the transform's precision: the input is widened or rounded to it, and the output
     * has the input's dtype again.
     */
    @Override
    public Result run(Transform t, NpyData input) {
        try (FftPlan plan = plan(t)) {
            boolean complexOut = t.kind() != Transform.Kind.C2R;
            int values = (int) plan.descriptor().outputFloats();
            Direction direction = plan.descriptor().direction();
            NpyData output;
            long executeNanos;
            if (t.precision() == Precision.DOUBLE) {
                double[] in = input.asDoubles();
                double[] out = new double[values];
                long start = System.nanoTime();
                plan.execute(direction, in, 0, out, 0);
                executeNanos = System.nanoTime() - start;
                output = NpyData.ofDoubles(t.outputShape(), complexOut, out);
            } else {
                float[] in = input.asFloats();
                float[] out = new float[values];
                long start = System.nanoTime();
                plan.execute(direction, in, 0, out, 0);
                executeNanos = System.nanoTime() - start;
                output = NpyData.ofFloats(t.outputShape(), complexOut, out);
            }
            return new Result(output.withPrecision(input.dtype().doublePrecision()), plan.toString().strip(),
                    plan.buildNanos(), executeNanos);
        }
    }

    /**
     * Plans and compiles the transform, over several devices where the list names more than one; what
     * the plans reject (a shape, a precision: FftPlan's own message) becomes a usage error.
     */
    private FftPlan plan(Transform t) {
        try {
            return devices.size() == 1 ? FftPlan.create(descriptor(t), devices.get(0), options)
                    : FftPlan.create(descriptor(t), devices, options);
        } catch (IllegalArgumentException e) {
            String message = t + " on device " + spec + ": " + e.getMessage();
            if (options.compute() == Compute.TENSOR_CORES) {
                throw CliError.usage(message + " (--compute standard runs it with the standard kernels)");
            }
            String supported = devices.size() == 1 ? SUPPORTED : SUPPORTED_SPLIT;
            if (t.precision() == Precision.DOUBLE) {
                throw CliError.usage(message + "; " + supported + "; " + DOUBLE_HINT);
            }
            throw CliError.usage(message + "; " + supported + " (--device jvm runs any shape)");
        }
    }

    /** The transform as a descriptor: the real shape (numpy's n) for r2c and c2r, whose direction is their own. */
    private static FftDescriptor descriptor(Transform t) {
        int[] out = t.outputShape();
        int[] realShape = Arrays.copyOfRange(out, out.length - t.dims(), out.length);
        FftDescriptor.Builder builder = switch (t.kind()) {
            case C2C -> FftDescriptor.c2c(t.transformShape()).direction(t.direction());
            case R2C -> FftDescriptor.r2c(t.transformShape());
            case C2R -> FftDescriptor.c2r(realShape);
        };
        return builder.batch(t.batch()).norm(t.norm()).precision(t.precision()).build();
    }
}
