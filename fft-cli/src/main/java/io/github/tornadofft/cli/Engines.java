package io.github.tornadofft.cli;

import io.github.tornadofft.Compute;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses the engine for a {@code --device} value. Only a device path loads TornadoVM: the
 * {@code jvm} engine runs without an SDK.
 */
final class Engines {

    static final String JVM = "jvm";
    /** A class every TornadoVM SDK provides; absent when the command runs without the SDK. */
    static final String TORNADO_API_CLASS = "uk.ac.manchester.tornado.api.TornadoExecutionPlan";

    private Engines() {
    }

    /** A TornadoVM device: {@code default} or {@code B:D}. */
    private static final String ONE_DEVICE = "(default|\\d+:\\d+)";

    /** The engine for {@code jvm}, {@code default}, {@code B:D}, or a comma-separated list of devices. */
    static Engine forDevice(String spec) {
        return forDevice(spec, Compute.STANDARD);
    }

    /**
     * {@link #forDevice(String)}, the device plans' stages computed as {@code compute} says; tensor cores
     * on the JVM are a usage error.
     */
    static Engine forDevice(String spec, Compute compute) {
        if (JVM.equalsIgnoreCase(spec)) {
            if (compute != Compute.STANDARD) {
                throw CliError.usage("--compute " + compute.name().toLowerCase(java.util.Locale.ROOT)
                        + ": needs a TornadoVM device of the PTX backend (--device B:D); --device jvm computes in pure Java");
            }
            return new JvmEngine();
        }
        checkDeviceSpec(spec);
        requireTornadoVm(TORNADO_API_CLASS);
        return DeviceEngine.open(spec, compute);
    }

    /** Every engine: the JVM, then each TornadoVM device as "B:D name (backend)". */
    static List<String> list() {
        List<String> all = new ArrayList<>();
        all.add("jvm  reference-fft (pure Java)");
        requireTornadoVm(TORNADO_API_CLASS);
        all.addAll(DeviceEngine.list());
        return all;
    }

    /** Rejects a malformed {@code --device} before anything starts. */
    static void checkDeviceSpec(String spec) {
        String devices = spec.strip().toLowerCase(java.util.Locale.ROOT);
        if (!JVM.equals(devices) && !devices.matches(ONE_DEVICE + "(\\s*,\\s*" + ONE_DEVICE + ")*")) {
            throw CliError.usage("--device " + spec + ": expected jvm, default, B:D (backend:device as "
                    + "./fft --list-devices numbers them), or several devices as B:D,B:D,... (one may repeat)");
        }
    }

    /** Fails with the one-line fix when the JVM was started without the TornadoVM SDK. */
    static void requireTornadoVm(String apiClass) {
        try {
            Class.forName(apiClass, false, Engines.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw CliError.environment("no TornadoVM SDK: run ./setup-tornado.sh (or use --device jvm)");
        }
    }
}
