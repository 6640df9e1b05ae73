package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Tuning;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.List;

/** Finds TornadoVM devices by the names users give them: {@code default} or {@code backend:device}. */
public final class Devices {

    private Devices() {
    }

    /**
     * The device named by {@code spec}: "default" for TornadoVM's default device, or "B:D" with the
     * backend and device indices that {@code tornado --devices} prints (and {@link #list()} returns).
     * A null or blank {@code spec} is the default device.
     *
     * @throws IllegalArgumentException naming {@code device}, with the devices available, where
     *                                  {@code spec} is neither form or names no device
     */
    public static TornadoDevice resolve(String spec) {
        if (spec == null || spec.isBlank() || spec.equalsIgnoreCase("default")) {
            return TornadoExecutionPlan.DEFAULT_DEVICE;
        }
        String[] parts = spec.split(":");
        int backend;
        int device;
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            backend = Integer.parseInt(parts[0].trim());
            device = Integer.parseInt(parts[1].trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("device: expected 'default' or 'B:D' (backend:device), got '" + spec
                    + "'; available: " + describeAll());
        }
        var map = TornadoExecutionPlan.getTornadoDeviceMap();
        if (backend < 0 || backend >= map.getNumBackends()
                || device < 0 || device >= map.getAllBackends().get(backend).getNumDevices()) {
            throw new IllegalArgumentException("device: no device " + spec + "; available: " + describeAll());
        }
        return TornadoExecutionPlan.getDevice(backend, device);
    }

    /**
     * {@code device} as "B:D" (backend and device index, as {@link #resolve} takes it): its backend's
     * index, and its place among that backend's devices (the same name and driver object).
     */
    static String spec(TornadoDevice device) {
        var backend = TornadoExecutionPlan.getTornadoDeviceMap().getAllBackends().get(device.getBackendIndex());
        for (int d = 0; d < backend.getNumDevices(); d++) {
            TornadoDevice candidate = backend.getDevice(d);
            if (candidate == device || candidate.getDeviceName().equals(device.getDeviceName())) {
                return device.getBackendIndex() + ":" + d;
            }
        }
        throw new IllegalArgumentException("device: " + device.getDeviceName() + " is not among its backend's devices");
    }

    /** Every device TornadoVM sees, as "B:D name (backend)". */
    public static List<String> list() {
        List<String> out = new ArrayList<>();
        var map = TornadoExecutionPlan.getTornadoDeviceMap();
        for (int b = 0; b < map.getNumBackends(); b++) {
            var backend = map.getAllBackends().get(b);
            for (int d = 0; d < backend.getNumDevices(); d++) {
                TornadoDevice dev = backend.getDevice(d);
                out.add(b + ":" + d + " " + dev.getPhysicalDevice().getDeviceName() + " (" + dev.getTornadoVMBackend() + ")");
            }
        }
        return out;
    }

    private static String describeAll() {
        List<String> all = list();
        return all.isEmpty() ? "none" : String.join(", ", all);
    }

    /**
     * The properties the planner reads, with the tuning of the {@code tornado.fft.*} system properties.
     *
     * @throws IllegalArgumentException naming the property, where a {@code tornado.fft.*} property's
     *                                  value is not allowed
     */
    public static DeviceProfile profile(TornadoDevice device) {
        return profile(device, Tuning.fromProperties());
    }

    /** The properties the planner reads, with the given tuning. */
    public static DeviceProfile profile(TornadoDevice device, Tuning tuning) {
        long[] maxGroup = device.getDeviceMaxWorkgroupDimensions();
        int maxGroupSize = (int) Math.min(1024, maxGroup.length > 0 ? maxGroup[0] : 256);
        boolean cpu = device.getDeviceType() == TornadoDeviceType.CPU;
        if (!cpu && device.getTornadoVMBackend() == TornadoVMBackendType.CUDA) {
            // TornadoVM's CUDA backend compiles with NVRTC under no option of ours.
            tuning = tuning.withoutCompilerCap();
        }
        // TornadoVM lets a process use at most its device heap (-Dtornado.device.memory, 4GB by
        // default) whatever the card holds: that is the limit a plan's buffers must fit.
        long global = device.getMaxGlobalMemory();
        long heap = device.getMemoryProvider().getHeapSize();
        return DeviceProfile.of(device.getPhysicalDevice().getDeviceName(), cpu, device.getDeviceLocalMemorySize(),
                maxGroupSize, global > 0 && heap > 0 ? Math.min(global, heap) : Math.max(global, heap), headerAlignment(),
                tuning);
    }

    /**
     * Bytes to which element 0 of every TornadoVM array is aligned in device memory, unless
     * {@link DeviceProfile#DATA_ALIGNMENT_PROPERTY} says otherwise (for tuning runs): its buffers start
     * on 256-byte boundaries (CUDA's and OpenCL's allocations), and the data follows the array's
     * header, {@code TornadoNativeArray.ARRAY_HEADER} bytes (16 by default; the JVM option
     * {@code -Dtornado.panama.objectHeader=128} sets it).
     *
     * @throws IllegalArgumentException naming {@link DeviceProfile#DATA_ALIGNMENT_PROPERTY}, where its
     *                                  value is not a power of two
     */
    public static int dataAlignment() {
        int alignment = Tuning.fromProperties().dataAlignment();
        return alignment != Tuning.AUTO ? alignment : headerAlignment();
    }

    /** What TornadoVM's array header gives: bytes to which element 0 of every array is aligned on the device. */
    static int headerAlignment() {
        return (int) Math.min(256, Long.lowestOneBit(TornadoNativeArray.ARRAY_HEADER));
    }

    /**
     * Whether TornadoVM can capture a plan's launches on {@code device} as one CUDA graph
     * ({@link Launch#CUDA_GRAPH}): on its PTX and CUDA backends.
     */
    static boolean capturesCudaGraphs(TornadoDevice device) {
        TornadoVMBackendType backend = device.getTornadoVMBackend();
        return backend == TornadoVMBackendType.PTX || backend == TornadoVMBackendType.CUDA;
    }

    /** A name for the device that two lookups of the same device share: backend, backend index and device name. */
    static String key(TornadoDevice device) {
        return device.getTornadoVMBackend() + ":" + device.getBackendIndex() + ":" + device.getDeviceName();
    }

    /**
     * Checks that {@code device} computes in double precision: an OpenCL device must report
     * {@code cl_khr_fp64} (NVIDIA's GPUs and PoCL's CPU device do; many integrated and mobile GPUs do
     * not); every PTX device does.
     *
     * @throws IllegalArgumentException naming {@code precision}, the device and the capability missing
     */
    static void requireFp64(TornadoDevice device) {
        String extensions = extensions(device);
        if (extensions != null && !hasFp64(extensions)) {
            throw new IllegalArgumentException("precision: DOUBLE needs a device with fp64 (OpenCL extension cl_khr_fp64); "
                    + device.getPhysicalDevice().getDeviceName() + " (" + device.getTornadoVMBackend() + " "
                    + device.getDeviceName() + ") lacks it; use FLOAT on it, or another device");
        }
    }

    /** Whether an OpenCL device's extension list names {@code cl_khr_fp64}. */
    static boolean hasFp64(String extensions) {
        return names(extensions, "cl_khr_fp64");
    }

    /**
     * Checks that {@code device} reads and writes fp16 values: a device of the PTX or CUDA backend, or an
     * OpenCL device that reports {@code cl_khr_fp16} (TornadoVM's OpenCL code declares {@code half}
     * values, which needs it; PoCL's CPU device and NVIDIA's OpenCL driver lack it).
     *
     * @throws IllegalArgumentException naming {@code precision}, the device, its backend and what is needed
     */
    static void requireFp16(TornadoDevice device) {
        TornadoVMBackendType backend = device.getTornadoVMBackend();
        boolean ok = switch (backend) {
            case PTX, CUDA -> true;
            case OPENCL -> {
                String extensions = extensions(device);
                yield extensions != null && names(extensions, "cl_khr_fp16");
            }
            default -> false;
        };
        if (!ok) {
            throw new IllegalArgumentException("precision: HALF needs fp16 loads and stores: a device of TornadoVM's PTX or CUDA"
                    + " backend, or an OpenCL device with cl_khr_fp16; " + device.getPhysicalDevice().getDeviceName() + " ("
                    + backend + " " + device.getDeviceName() + ") has neither; use FLOAT on it, or another device");
        }
    }

    /** Whether an OpenCL extension list ({@code CL_DEVICE_EXTENSIONS}) names {@code extension}. */
    static boolean names(String extensions, String extension) {
        for (String name : extensions.trim().split("\\s+")) {
            if (name.equals(extension)) {
                return true;
            }
        }
        return false;
    }

    /**
     * An OpenCL device's extension list ({@code CL_DEVICE_EXTENSIONS}), or null for a device of another
     * backend. TornadoVM's API does not carry it: its OpenCL driver's device does, read reflectively so
     * that the library compiles against the API alone.
     */
    private static String extensions(TornadoDevice device) {
        Object physical = device.getPhysicalDevice();
        try {
            Object list = physical.getClass().getMethod("getDeviceExtensions").invoke(physical);
            return list instanceof String text ? text : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
