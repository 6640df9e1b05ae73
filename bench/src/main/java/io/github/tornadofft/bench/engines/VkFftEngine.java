package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.UnsupportedCaseException;
import io.github.tornadofft.plan.DeviceProfile;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;


/**
 * VkFFT's CUDA backend, in the same process and on the same data as cuFFT: the other GPU library the
 * project measures itself against. VkFFT is a C header library with no Java binding on Maven Central, so
 * {@code bench/native/build-vkfft.sh} compiles a small C entry point ({@code vkfft_shim.cpp}) against a
 * VkFFT release into {@code libtornadofft_vkfft.so}, and this engine calls it through Java's
 * foreign-function API. c2c in place, r2c and c2r out of place between packed buffers (VkFFT's R2C with
 * the real side as its unpadded input buffer), on the default stream, each launch timed with a pair of
 * CUDA events, as cuFFT is ({@link CudaRun}); VkFFT's ratio column is to cuFFT. A float64 case plans with
 * VkFFT's {@code doublePrecision} (the shim's {@code ..64} entry points; a library built before them lists
 * double cases as unsupported until it is rebuilt).
 */
final class VkFftEngine implements Engine {

    /**
     * System property naming the library; {@code ./run-bench} sets it to where {@code build-vkfft.sh} puts it
     * ({@code bench/target/native/}), the GPU bundle's launcher to its {@code vkfft/} folder.
     */
    static final String PROPERTY = "tornado.fft.bench.vkfft";
    /**
     * System property: a cap on the shared memory per block VkFFT plans for, in bytes, for a second VkFFT
     * engine next to the default one (e.g. 49152, the 48 KB a TornadoVM kernel gets; VkFFT's default on
     * an H100 is up to 164 KB).
     */
    static final String SHARED_PROPERTY = "tornado.fft.bench.vkfft.sharedMemory";

    private final String device;
    private final CopyCeiling ceiling;
    private final Native lib;
    /** Cap on VkFFT's shared memory per block, in bytes; 0 for VkFFT's own choice. */
    private final long sharedBytes;

    private VkFftEngine(String device, CopyCeiling ceiling, Native lib, long sharedBytes) {
        this.device = device;
        this.ceiling = ceiling;
        this.lib = lib;
        this.sharedBytes = sharedBytes;
    }

    /**
     * The engines on CUDA device {@code cudaDevice}: VkFFT as it plans itself, and with
     * {@link #SHARED_PROPERTY} a second one under that cap; or one absent engine with the reason: no
     * CUDA (then cuFFT is absent too), no library, or a library that does not load.
     */
    static List<Engine> find(String cudaDevice, CopyCeiling cudaCopy) {
        long cap = sharedCap();
        Engine first = load(cudaDevice, cudaCopy);
        if (!(first instanceof VkFftEngine vk) || cap == 0) {
            return List.of(first);
        }
        return List.of(first, new VkFftEngine(cudaDevice, cudaCopy, vk.lib, cap));
    }

    /**
     * {@link #SHARED_PROPERTY} in bytes, 0 when not set; read as the planner's integer properties are
     * ({@link DeviceProfile#intProperty}), and below 1024 refused by name too.
     */
    static long sharedCap() {
        int bytes = DeviceProfile.intProperty(SHARED_PROPERTY, 0);
        if (bytes != 0 && bytes < 1024) {
            throw new IllegalArgumentException(SHARED_PROPERTY + ": bytes of shared memory per block, at least 1024, got "
                    + bytes);
        }
        return bytes;
    }

    private static Engine load(String cudaDevice, CopyCeiling cudaCopy) {
        if (cudaDevice == null) {
            return new AbsentEngine("VkFFT", Place.GPU, "needs CUDA, which did not load (see cuFFT)");
        }
        String named = System.getProperty(PROPERTY);
        Path path = named == null ? null : Path.of(named).toAbsolutePath();
        if (path == null || !Files.isRegularFile(path)) {
            return new AbsentEngine("VkFFT", Place.GPU, (path == null ? "no -D" + PROPERTY + "=PATH" : "no " + path)
                    + ": build the library with bench/native/build-vkfft.sh VKFFT_HOME (a VkFFT release)");
        }
        try {
            return new VkFftEngine(cudaDevice, cudaCopy, Native.load(path), 0);
        } catch (RuntimeException | LinkageError e) {
            return new AbsentEngine("VkFFT", Place.GPU, "could not load " + path + ": " + Engines.shorten(e));
        }
    }

    @Override
    public String name() {
        return sharedBytes == 0 ? "VkFFT" : "VkFFT shared " + sharedBytes / 1024 + " KB";
    }

    @Override
    public String device() {
        return device;
    }

    @Override
    public Place place() {
        return Place.GPU;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        int v = lib.version();
        return "VkFFT " + v / 10000 + "." + v / 100 % 100 + "." + v % 100 + " (CUDA backend, kernels compiled by NVRTC at plan"
                + " time) through bench/native/vkfft_shim.cpp, in place on the default stream, "
                + (sharedBytes == 0 ? "shared memory as VkFFT plans it" : "at most " + sharedBytes + " bytes of shared memory per block")
                + "; r2c and c2r " + (lib.planRealFn() != null
                ? "out of place (performR2C, the real signal as an unpadded input buffer, inverseReturnToInputBuffer for"
                + " c2r, which may overwrite the spectrum it reads), unnormalised"
                : "unsupported: the library predates them (rebuild it with build-vkfft)")
                + "; double " + (lib.plan64Fn() != null ? "with doublePrecision = 1"
                : "unsupported: the library predates it (rebuild it with build-vkfft)")
                + ". 'kernel' is one launch between two CUDA events; 'call' the host wall time of launch + event synchronize;"
                + " 'e2e' as cuFFT's.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) throws UnsupportedCaseException {
        return new Run(c, lib, sharedBytes);
    }

    private static final class Run extends CudaRun {
        private final Native lib;
        private MemorySegment plan = MemorySegment.NULL;

        Run(Case c, Native lib, long sharedBytes) throws UnsupportedCaseException {
            super(c, "VkFFT");
            this.lib = lib;
            try {
                boolean z = c.isDouble();
                plan = switch (c.kind()) {
                    case C2C -> lib.plan(c.shape(), c.batch(), z, input.address(), inputBytes, sharedBytes);
                    case R2C -> lib.planReal(c.shape(), c.batch(), false, z, input.address(), inputBytes, output.address(),
                            outputBytes, sharedBytes);
                    case C2R -> lib.planReal(c.shape(), c.batch(), true, z, output.address(), outputBytes, input.address(),
                            inputBytes, sharedBytes);
                };
            } catch (RuntimeException | UnsupportedCaseException e) {
                close();
                throw e;
            }
            planned();
        }

        @Override
        void launch() {
            lib.launch(plan);
        }

        @Override
        void destroyPlan() {
            lib.destroy(plan);
            plan = MemorySegment.NULL;
        }

        @Override
        public String plan() {
            StringBuilder kernels = new StringBuilder();
            for (int axis = 0; axis < c.rank(); axis++) {
                kernels.append(axis == 0 ? "" : ", ").append((char) ('X' + axis)).append(' ').append(lib.kernels(plan, axis));
            }
            return "VkFFT " + (c.isDouble() ? "double, " : "") + (c.kind() == Case.Kind.C2C ? "" : c.kind().word()
                    + " out of place, ") + "rank " + c.rank()
                    + ", batch " + c.batch() + "; kernels per axis: " + kernels;
        }
    }

    /**
     * The library's entry points (vkfft_shim.cpp); {@code planRealFn} is null in a library built before
     * real transforms, whose real cases are then unsupported, and {@code plan64Fn} and {@code planReal64Fn}
     * in one built before double precision, whose double cases are then unsupported.
     */
    private record Native(MethodHandle versionFn, MethodHandle planFn, MethodHandle planRealFn, MethodHandle plan64Fn,
                          MethodHandle planReal64Fn, MethodHandle forwardFn, MethodHandle kernelsFn, MethodHandle errorFn,
                          MethodHandle destroyFn) {

        private static final int MESSAGE_BYTES = 512;
        static final String NO_DOUBLE = "VkFFT: the library has no double precision (built from an older vkfft_shim.cpp):"
                + " rebuild it with build-vkfft";

        static Native load(Path path) {
            SymbolLookup symbols = SymbolLookup.libraryLookup(path, Arena.global());
            Linker linker = Linker.nativeLinker();
            ValueLayout.OfInt i32 = ValueLayout.JAVA_INT;
            ValueLayout.OfLong i64 = ValueLayout.JAVA_LONG;
            AddressLayout address = ValueLayout.ADDRESS;
            FunctionDescriptor planComplex = FunctionDescriptor.of(address, i32, i32, address, i64, address, i64, i64, address, i32);
            FunctionDescriptor planReal = FunctionDescriptor.of(address, i32, i32, address, i64, i32, address, i64, address,
                    i64, i64, address, i32);
            java.util.function.BiFunction<String, FunctionDescriptor, MethodHandle> optional = (name, descriptor) ->
                    symbols.find(name).map(s -> linker.downcallHandle(s, descriptor)).orElse(null);
            return new Native(
                    linker.downcallHandle(symbol(symbols, "tfft_vkfft_version"), FunctionDescriptor.of(i32)),
                    linker.downcallHandle(symbol(symbols, "tfft_vkfft_plan"), planComplex),
                    optional.apply("tfft_vkfft_plan_real", planReal),
                    optional.apply("tfft_vkfft_plan64", planComplex),
                    optional.apply("tfft_vkfft_plan_real64", planReal),
                    linker.downcallHandle(symbol(symbols, "tfft_vkfft_forward"), FunctionDescriptor.of(i32, address)),
                    linker.downcallHandle(symbol(symbols, "tfft_vkfft_kernels"), FunctionDescriptor.of(i32, address, i32)),
                    linker.downcallHandle(symbol(symbols, "tfft_vkfft_error"),
                            FunctionDescriptor.of(address.withTargetLayout(ValueLayout.JAVA_BYTE), i32)),
                    linker.downcallHandle(symbol(symbols, "tfft_vkfft_destroy"), FunctionDescriptor.ofVoid(address)));
        }

        private static MemorySegment symbol(SymbolLookup symbols, String name) {
            return symbols.find(name).orElseThrow(() -> new IllegalStateException("no symbol " + name + " in the library"));
        }

        int version() {
            try {
                return (int) versionFn.invokeExact();
            } catch (Throwable t) {
                throw rethrow("tfft_vkfft_version", t);
            }
        }

        /**
         * A plan on CUDA device 0 for the C-order shape, in place on the device buffer at {@code buffer},
         * under {@code sharedBytes} of shared memory per block (0: VkFFT's choice), in float64 where
         * {@code doubles}.
         */
        MemorySegment plan(int[] shape, int batch, boolean doubles, long buffer, long bytes, long sharedBytes)
                throws UnsupportedCaseException {
            MethodHandle fn = doubles ? plan64Fn : planFn;
            if (fn == null) {
                throw new UnsupportedCaseException(NO_DOUBLE);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment dims = arena.allocate(ValueLayout.JAVA_LONG, shape.length);
                for (int a = 0; a < shape.length; a++) {
                    dims.setAtIndex(ValueLayout.JAVA_LONG, a, shape[a]);
                }
                MemorySegment message = arena.allocate(MESSAGE_BYTES);
                MemorySegment plan;
                try {
                    plan = (MemorySegment) fn.invokeExact(0, shape.length, dims, (long) batch,
                            MemorySegment.ofAddress(buffer), bytes, sharedBytes, message, MESSAGE_BYTES);
                } catch (Throwable t) {
                    throw rethrow("tfft_vkfft_plan", t);
                }
                if (plan.equals(MemorySegment.NULL)) {
                    throw new UnsupportedCaseException("VkFFT: " + message.getString(0));
                }
                return plan;
            }
        }

        /**
         * A real plan on CUDA device 0 for the C-order shape of the real signal, out of place between the
         * packed real buffer and the packed half-spectrum buffer: r2c, or with {@code inverse} c2r
         * (unnormalised); in float64 where {@code doubles}.
         */
        MemorySegment planReal(int[] shape, int batch, boolean inverse, boolean doubles, long real, long realBytes,
                               long spectrum, long spectrumBytes, long sharedBytes) throws UnsupportedCaseException {
            if (planRealFn == null) {
                throw new UnsupportedCaseException("VkFFT: the library has no real transforms (built from an older"
                        + " vkfft_shim.cpp): rebuild it with build-vkfft");
            }
            MethodHandle fn = doubles ? planReal64Fn : planRealFn;
            if (fn == null) {
                throw new UnsupportedCaseException(NO_DOUBLE);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment dims = arena.allocate(ValueLayout.JAVA_LONG, shape.length);
                for (int a = 0; a < shape.length; a++) {
                    dims.setAtIndex(ValueLayout.JAVA_LONG, a, shape[a]);
                }
                MemorySegment message = arena.allocate(MESSAGE_BYTES);
                MemorySegment plan;
                try {
                    plan = (MemorySegment) fn.invokeExact(0, shape.length, dims, (long) batch, inverse ? 1 : 0,
                            MemorySegment.ofAddress(real), realBytes, MemorySegment.ofAddress(spectrum), spectrumBytes,
                            sharedBytes, message, MESSAGE_BYTES);
                } catch (Throwable t) {
                    throw rethrow("tfft_vkfft_plan_real", t);
                }
                if (plan.equals(MemorySegment.NULL)) {
                    throw new UnsupportedCaseException("VkFFT: " + message.getString(0));
                }
                return plan;
            }
        }

        int kernels(MemorySegment plan, int axis) {
            try {
                return (int) kernelsFn.invokeExact(plan, axis);
            } catch (Throwable t) {
                throw rethrow("tfft_vkfft_kernels", t);
            }
        }

        /** Launches the planned transform (forward c2c, r2c, or c2r) on the default stream. */
        void launch(MemorySegment plan) {
            int code;
            try {
                code = (int) forwardFn.invokeExact(plan);
            } catch (Throwable t) {
                throw rethrow("tfft_vkfft_forward", t);
            }
            if (code != 0) {
                String words;
                try {
                    words = ((MemorySegment) errorFn.invokeExact(code)).getString(0);
                } catch (Throwable t) {
                    words = "error " + code;
                }
                throw new IllegalStateException("VkFFTAppend: " + words + " (" + code + ")");
            }
        }

        void destroy(MemorySegment plan) {
            if (plan.equals(MemorySegment.NULL)) {
                return;
            }
            try {
                destroyFn.invokeExact(plan);
            } catch (Throwable t) {
                throw rethrow("tfft_vkfft_destroy", t);
            }
        }

        private static RuntimeException rethrow(String what, Throwable t) {
            return t instanceof RuntimeException r ? r : new IllegalStateException(what + ": " + t, t);
        }
    }
}
