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
     * for loop kernels, and a test could pass without any kernel having run on the device.
     */
    static synchronized TornadoDevice get() {
        String bailout = System.getProperty("tornado.recover.bailout");
        if (!"false".equalsIgnoreCase(bailout)) {
            throw new IllegalStateException("tornado.recover.bailout: the kernel tests need False, so that a kernel "
                    + "TornadoVM cannot compile fails instead of running as Java; got " + bailout);
        }
        if (device == null) {
            device = Devices.resolve(System.getProperty("tornado.fft.device", "default"));
            System.out.println("[tornado-fft tests] device: " + device.getPhysicalDevice().getDeviceName()
                    + " (" + device.getTornadoVMBackend() + ")");
        }
        return device;
    }
}
