package io.github.tornadofft;

import uk.ac.manchester.tornado.api.common.TornadoDevice;

/** The device kernel tests run on: the system property {@code tornado.fft.device} ("default" or "B:D"). */
final class TestDevice {

    private static TornadoDevice device;

    private TestDevice() {
    }

    static synchronized TornadoDevice get() {
        if (device == null) {
            device = Devices.resolve(System.getProperty("tornado.fft.device", "default"));
            System.out.println("[tornado-fft tests] device: " + device.getPhysicalDevice().getDeviceName()
                    + " (" + device.getTornadoVMBackend() + ")");
        }
        return device;
    }
}
