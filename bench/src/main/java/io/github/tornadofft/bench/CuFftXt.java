package io.github.tornadofft.bench;

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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * cuFFT's multi-GPU API (cuFFTXt) for {@code run-bench split}, through {@code bench/native/cufftxt_shim.cpp}
 * ({@code build-cufftxt.sh} makes {@code libtornadofft_cufftxt.so}; the property {@value #PROPERTY} names it):
 * a 3D complex float transform over GPUs 0 .. G - 1, the host copies and the execution timed apart, and
 * CUDA's own host-device copy ceiling. Every call runs on one thread of its own, which TornadoVM never
 * drives: cuFFTXt sets the GPUs' primary contexts current, which must not replace the context TornadoVM's
 * PTX backend keeps current on its threads.
 */
final class CuFftXt implements AutoCloseable {

    /** System property naming the library; the GPU bundle's launcher sets it to its {@code cufftxt/} folder. */
    static final String PROPERTY = "tornado.fft.bench.cufftxt";

    /** Where cuFFTXt's time went in one call: host to GPUs, the transform, GPUs to host (ns). */
    record Times(long upload, long exec, long download) {
        long total() {
            return upload + exec + download;
        }
    }

    private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cufftxt");
        t.setDaemon(true);
        return t;
    });
    private final MethodHandle version;
    private final MethodHandle gpus;
    private final MethodHandle plan3d;
    private final MethodHandle upload;
    private final MethodHandle exec;
    private final MethodHandle download;
    private final MethodHandle destroy;
    private final MethodHandle copyRates;
    private final MethodHandle error;

    private CuFftXt(Path library) {
        SymbolLookup symbols = SymbolLookup.libraryLookup(library, Arena.global());
        Linker linker = Linker.nativeLinker();
        ValueLayout.OfInt i32 = ValueLayout.JAVA_INT;
        AddressLayout address = ValueLayout.ADDRESS;
        java.util.function.BiFunction<String, FunctionDescriptor, MethodHandle> find = (name, descriptor) -> linker.downcallHandle(
                symbols.find(name).orElseThrow(() -> new IllegalStateException("no symbol " + name + " in " + library)), descriptor);
        version = find.apply("tfft_xt_version", FunctionDescriptor.of(i32));
        gpus = find.apply("tfft_xt_gpus", FunctionDescriptor.of(i32));
        plan3d = find.apply("tfft_xt_plan3d", FunctionDescriptor.of(address, i32, i32, i32, i32));
        upload = find.apply("tfft_xt_upload", FunctionDescriptor.of(i32, address, address));
        exec = find.apply("tfft_xt_exec", FunctionDescriptor.of(i32, address, i32));
        download = find.apply("tfft_xt_download", FunctionDescriptor.of(i32, address, address));
        destroy = find.apply("tfft_xt_destroy", FunctionDescriptor.ofVoid(address));
        copyRates = find.apply("tfft_xt_copy_rates", FunctionDescriptor.of(i32, i32, ValueLayout.JAVA_LONG, i32, address));
        error = find.apply("tfft_xt_error", FunctionDescriptor.of(address.withTargetLayout(ValueLayout.JAVA_BYTE)));
    }

    /**
     * The library the property names.
     *
     * @throws IllegalStateException saying why there is none: the property unset, the file missing, or a load failure
     */
    static CuFftXt load() {
        String path = System.getProperty(PROPERTY);
        if (path == null || path.isBlank()) {
            throw new IllegalStateException("cuFFTXt: -D" + PROPERTY + " names no library (build it with bench/native/build-cufftxt.sh)");
        }
        if (!Files.isRegularFile(Path.of(path))) {
            throw new IllegalStateException("cuFFTXt: " + path + " not found (the GPU bundle's ./build-cufftxt makes it)");
        }
        return new CuFftXt(Path.of(path));
    }

    /** cuFFT's version, and the GPUs CUDA sees. */
    String describe() {
        return "cuFFT " + call(() -> (int) version.invokeExact()) + ", " + call(() -> (int) gpus.invokeExact()) + " GPUs";
    }

    /** GPUs CUDA sees (-1 when it sees none). */
    int gpuCount() {
        return call(() -> (int) gpus.invokeExact());
    }

    /**
     * One forward transform of {@code in} (nz x ny x nx complex floats, natural order) into {@code out} over
     * GPUs 0 .. gpus - 1, {@code warmup} untimed and {@code reps} timed calls, each a plan's upload, exec
     * and download; the median of each part.
     *
     * @throws IllegalStateException with cuFFT's reason where a step fails
     */
    Times run(int gpuCount, int[] shape, MemorySegment in, MemorySegment out, int warmup, int reps) {
        return call(() -> {
            MemorySegment plan = (MemorySegment) plan3d.invokeExact(gpuCount, shape[0], shape[1], shape[2]);
            if (plan.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("cuFFTXt plan: " + lastError());
            }
            try {
                long[] up = new long[reps];
                long[] run = new long[reps];
                long[] down = new long[reps];
                for (int r = 0; r < warmup + reps; r++) {
                    long t0 = System.nanoTime();
                    check((int) upload.invokeExact(plan, in));
                    long t1 = System.nanoTime();
                    check((int) exec.invokeExact(plan, -1));
                    long t2 = System.nanoTime();
                    check((int) download.invokeExact(plan, out));
                    long t3 = System.nanoTime();
                    if (r >= warmup) {
                        up[r - warmup] = t1 - t0;
                        run[r - warmup] = t2 - t1;
                        down[r - warmup] = t3 - t2;
                    }
                }
                return new Times((long) Metrics.median(up), (long) Metrics.median(run), (long) Metrics.median(down));
            } finally {
                destroy.invokeExact(plan);
            }
        });
    }

    /**
     * CUDA's host-device copy rates in GB/s, every GPU of 0 .. gpus - 1 at once: pinned up, pinned down,
     * pageable up, pageable down.
     */
    double[] copyRates(int gpuCount, long bytes, int rounds) {
        return call(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment rates = arena.allocate(ValueLayout.JAVA_DOUBLE, 4);
                check((int) copyRates.invokeExact(gpuCount, bytes, rounds, rates));
                return rates.toArray(ValueLayout.JAVA_DOUBLE);
            }
        });
    }

    private void check(int status) throws Throwable {
        if (status != 0) {
            throw new IllegalStateException("cuFFTXt: " + lastError());
        }
    }

    private String lastError() throws Throwable {
        return ((MemorySegment) error.invokeExact()).reinterpret(512).getString(0);
    }

    @FunctionalInterface
    private interface NativeCall<T> {
        T call() throws Throwable;
    }

    private <T> T call(NativeCall<T> body) {
        Callable<T> task = () -> {
            try {
                return body.call();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        };
        try {
            return thread.submit(task).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("cuFFTXt: interrupted", e);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
