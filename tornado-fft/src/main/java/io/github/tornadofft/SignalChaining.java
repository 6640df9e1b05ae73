package io.github.tornadofft;

import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The JVM's signal-chaining library, and the warning where a PoCL device runs without it.
 *
 * <p>The JVM takes SIGSEGV for its own ends (safepoint polls, implicit null checks). PoCL compiles
 * kernels with LLVM, and LLVM installs its own SIGSEGV handler over the JVM's, one that resets the
 * signal to its default action when it runs: a fault in a second thread before LLVM puts the JVM's
 * handler back kills the process ("Segmentation fault", no hs_err file). A JVM started with
 * {@code LD_PRELOAD=$JAVA_HOME/lib/libjsig.so} keeps its own handler first and calls LLVM's only for
 * faults it does not own. The project's launchers and test runs preload it; a user's own JVM gets
 * this warning once, at the first plan on a PoCL device.
 */
final class SignalChaining {

    static final String LIBRARY = "libjsig.so";
    /** The platform name PoCL reports. */
    static final String POCL = "Portable Computing Language";

    private static final AtomicBoolean WARNED = new AtomicBoolean();
    /** Whether this JVM has the library: read once, as what a process preloads cannot change. */
    private static volatile Boolean loaded;

    private SignalChaining() {
    }

    /** Whether the mapped files of a process ({@code /proc/self/maps} lines) include the chaining library. */
    static boolean loaded(List<String> maps) {
        return maps.stream().anyMatch(line -> line.endsWith("/" + LIBRARY));
    }

    /** Whether this JVM has the chaining library loaded; true where that cannot be told (no /proc). Read once. */
    static boolean loaded() {
        Boolean known = loaded;
        if (known == null) {
            known = readMaps();
            loaded = known;
        }
        return known;
    }

    private static boolean readMaps() {
        Path maps = Path.of("/proc/self/maps");
        if (!Files.isReadable(maps)) {
            return true;
        }
        try {
            return loaded(Files.readAllLines(maps));
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    /** Whether a device of this platform compiles its kernels with an LLVM that takes the JVM's SIGSEGV. */
    static boolean needsChaining(String platformName) {
        return platformName != null && platformName.contains(POCL);
    }

    /** The warning, worded for a user who runs their own JVM. */
    static String warning(String device) {
        return "tornado-fft: " + device + " is a PoCL device, whose LLVM replaces the JVM's SIGSEGV handler; "
                + "without the JVM's signal-chaining library the JVM can die of \"Segmentation fault\" while "
                + "kernels compile. Start Java with LD_PRELOAD=$JAVA_HOME/lib/" + LIBRARY
                + " (the project's launchers do).";
    }

    /** Warns once per JVM, on System.Logger, where {@code device} is a PoCL device and the library is not loaded. */
    static void check(TornadoDevice device) {
        if (WARNED.get() || loaded() || !needsChaining(platform(device))) {
            return;
        }
        if (WARNED.compareAndSet(false, true)) {
            System.getLogger(SignalChaining.class.getName()).log(System.Logger.Level.WARNING,
                    warning(device.getPhysicalDevice().getDeviceName()));
        }
    }

    private static String platform(TornadoDevice device) {
        try {
            return device.getPlatformName();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
