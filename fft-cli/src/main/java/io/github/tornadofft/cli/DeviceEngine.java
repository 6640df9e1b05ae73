package io.github.tornadofft.cli;

import io.github.tornadofft.Devices;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.FftPlan;
import io.github.tornadofft.api.Precision;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.util.List;

/**
 * Runs a transform with a tornado-fft {@link FftPlan} on a TornadoVM device. The only class of the
 * command that touches TornadoVM: {@link Engines} creates it after checking that the SDK is there.
 *
 * <p>What the device plans do not support is an error that says what they do support; there is
 * no silent fallback to the JVM.
 */
final class DeviceEngine implements Engine {

    static final String SUPPORTED = "device plans support complex-to-complex, single precision, 1 to 3 power-of-two axes";

    private final String spec;
    private final TornadoDevice device;

    private DeviceEngine(String spec, TornadoDevice device) {
        this.spec = spec;
        this.device = device;
    }

    /** The device named {@code default} or {@code B:D}; a usage error, listing devices, if there is none. */
    static DeviceEngine open(String spec) {
        try {
            return new DeviceEngine(spec, Devices.resolve(spec));
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
        return spec + " (" + device.getPhysicalDevice().getDeviceName() + ", " + device.getTornadoVMBackend() + ")";
    }

    @Override
    public Result run(Transform t, NpyData input) {
        if (t.kind() != Transform.Kind.C2C) {
            throw CliError.usage(t.kind().name().toLowerCase() + " on device " + spec + ": " + SUPPORTED
                    + "; run it with --device jvm");
        }
        if (t.precision() != Precision.FLOAT) {
            throw CliError.usage("double precision on device " + spec + ": " + SUPPORTED
                    + "; add --precision float (the output keeps the input's dtype) or use --device jvm");
        }
        try (FftPlan plan = plan(t)) {
            float[] out = new float[(int) plan.descriptor().floats()];
            long start = System.nanoTime();
            plan.execute(input.asFloats(), out);
            long executeNanos = System.nanoTime() - start;
            NpyData output = NpyData.ofFloats(t.shape(), true, out).withPrecision(input.dtype().doublePrecision());
            return new Result(output, plan.toString().strip(), plan.buildNanos(), executeNanos);
        }
    }

    /** Plans and compiles the transform; what the plans reject becomes a usage error. */
    private FftPlan plan(Transform t) {
        try {
            return FftPlan.create(descriptor(t), device);
        } catch (IllegalArgumentException e) {
            String message = t + " on device " + spec + ": " + e.getMessage();
            throw CliError.usage(message + "; " + SUPPORTED + " (--device jvm runs any shape)");
        }
    }

    private static FftDescriptor descriptor(Transform t) {
        return FftDescriptor.c2c(t.transformShape())
                .batch(t.batch())
                .direction(t.direction())
                .norm(t.norm())
                .precision(Precision.FLOAT)
                .build();
    }
}
