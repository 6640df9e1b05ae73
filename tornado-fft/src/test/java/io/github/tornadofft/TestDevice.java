package io.github.tornadofft;

import uk.ac.manchester.tornado.api.common.TornadoDevice;

/** The device kernel tests run on: the system property {@code tornado.fft.device} ("default" or "B:D"). */
final class TestDevice {

    private static TornadoDevice device;

    private TestDevice() {
    }

    /**
     * The device under test. The JVM must run with {@code -Dtornado.recover.bailout=False} (the build's
     * argLine and the GPU bundle's test runner set it): otherwise a kernel TornadoVM cannot compile runs
     * as sequential Java, which gives wrong answers for KernelContext kernels and right ones, slowly,
     * for loop kernels, and a test could pass without any kernel having run on the device. On a PoCL
     * device the JVM must have its signal-chaining library preloaded ({@link SignalChaining}).
     */
    static synchronized TornadoDevice get() {
        String bailout = System.getProperty("tornado.recover.bailout");
        if (!"false".equalsIgnoreCase(bailout)) {
            throw new IllegalStateException("tornado.recover.bailout: the kernel tests need False, so that a kernel "
                    + "TornadoVM cannot compile fails instead of running as Java; got " + bailout);
        }
        if (device == null) {
            TornadoDevice resolved = Devices.resolve(System.getProperty("tornado.fft.device", "default"));
            if (SignalChaining.needsChaining(resolved.getPlatformName()) && !SignalChaining.loaded()) {
                throw new IllegalStateException("LD_PRELOAD: the tests on a PoCL device need the JVM's "
                        + SignalChaining.LIBRARY + " preloaded (the build's jsig.library property names it), "
                        + "or a kernel compile can kill the JVM: " + SignalChaining.warning(
                                resolved.getPhysicalDevice().getDeviceName()));
            }
            device = resolved;
            System.out.println("[tornado-fft tests] device: " + device.getPhysicalDevice().getDeviceName()
                    + " (" + device.getTornadoVMBackend() + ")");
        }
        return device;
    }

    /** Whether the device under test is a CPU (its profile's; PoCL's), whose plans some tests hold to shapes. */
    static boolean isCpu() {
        return Devices.profile(get()).cpu();
    }
}
