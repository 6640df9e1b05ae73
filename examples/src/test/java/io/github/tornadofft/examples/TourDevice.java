package io.github.tornadofft.examples;

import io.github.tornadofft.Devices;
import uk.ac.manchester.tornado.api.common.TornadoDevice;

/** The device the examples' tests run on: the system property {@code tornado.fft.device} ("default" or "B:D"). */
final class TourDevice {

    private static TornadoDevice device;

    private TourDevice() {
    }

    /**
     * The device under test. The JVM must run with {@code -Dtornado.recover.bailout=False} (the build's
     * argLine sets it): otherwise a kernel TornadoVM cannot compile runs as sequential Java, and a test
     * could pass without any kernel having run on the device.
     */
    static synchronized TornadoDevice get() {
        String bailout = System.getProperty("tornado.recover.bailout");
        if (!"false".equalsIgnoreCase(bailout)) {
            throw new IllegalStateException("tornado.recover.bailout: the examples' tests need False, so that a kernel "
                    + "TornadoVM cannot compile fails instead of running as Java; got " + bailout);
        }
        if (device == null) {
            device = Devices.resolve(System.getProperty("tornado.fft.device", "default"));
        }
        return device;
    }
}
