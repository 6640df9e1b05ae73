package io.github.tornadofft.bench.engines;

import io.github.tornadofft.Launch;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.Failures;

import java.util.ArrayList;
import java.util.List;

/**
 * Every engine this JVM could run, in report order: tornado-fft on each TornadoVM device, TornadoVM's
 * cuFFT library task on each CUDA-backend device, cuFFT,
 * VkFFT, JTransforms, reference-fft. An engine that cannot load (no TornadoVM SDK, no NVIDIA driver) is
 * listed as absent with the reason, and the rest carry on.
 */
public final class Engines {

    private Engines() {
    }

    /** Every engine, the tornado-fft ones with TornadoVM's profiler on (kernel times). */
    public static List<Engine> discover() {
        return discover(true);
    }

    /**
     * Every engine; {@code tornadoProfiler} false runs the tornado-fft ones without TornadoVM's
     * profiler ('call' is then a plain {@code executeOnDevice()}, and there is no kernel time).
     */
    public static List<Engine> discover(boolean tornadoProfiler) {
        CopyCeiling host = new HostCopy();
        List<Engine> engines = new ArrayList<>();

        // cuFFT first: its device name tells which TornadoVM device shares CUDA's copy ceiling.
        String cudaDevice = null;
        CopyCeiling cudaCopy = null;
        Engine cufft;
        try {
            Class.forName("org.bytedeco.cuda.global.cufft", false, Engines.class.getClassLoader());
            cudaDevice = Cuda.open();
            cudaCopy = new Cuda.Copy();
            cufft = new CuFftEngine(cudaDevice, cudaCopy);
        } catch (ClassNotFoundException e) {
            cufft = new AbsentEngine("cuFFT", Engine.Place.GPU, "the bytedeco CUDA presets are not on the class path");
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            cufft = new AbsentEngine("cuFFT", Engine.Place.GPU, "CUDA did not load: " + shorten(t));
        }

        engines.addAll(tornado(cudaDevice, cudaCopy, tornadoProfiler));
        engines.addAll(tornadoCuFft(cudaDevice, cudaCopy));
        engines.add(cufft);
        engines.addAll(vkfft(cudaDevice, cudaCopy));
        engines.add(new JTransformsEngine(host));
        engines.add(new ReferenceEngine(host));
        return engines;
    }

    /**
     * tornado-fft on one TornadoVM device ("B:D" or "default") launching as {@code launch}, without
     * TornadoVM's profiler; for timing calls alone ({@code CallCostBenchmark}).
     */
    public static Engine tornado(String device, Launch launch) {
        return TornadoEngine.on(device, launch);
    }

    /**
     * VkFFT's CUDA backend ({@link VkFftEngine}), which uses the CUDA runtime that cuFFT loaded; a malformed
     * {@link VkFftEngine#SHARED_PROPERTY} is refused by name.
     */
    private static List<Engine> vkfft(String cudaDevice, CopyCeiling cudaCopy) {
        try {
            return VkFftEngine.find(cudaDevice, cudaCopy);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return List.of(new AbsentEngine("VkFFT", Engine.Place.GPU, "did not load: " + shorten(t)));
        }
    }

    /** TornadoVM's cuFFT library task ({@link TornadoCuFftEngine}), where TornadoVM starts. */
    private static List<Engine> tornadoCuFft(String cudaDevice, CopyCeiling cudaCopy) {
        try {
            Class.forName("uk.ac.manchester.tornado.api.TornadoExecutionPlan", false, Engines.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return List.of(new AbsentEngine("TornadoVM cuFFT", Engine.Place.GPU, "no TornadoVM runtime in this JVM"));
        }
        try {
            return TornadoCuFftEngine.discover(cudaDevice, cudaCopy);
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return List.of(new FailedEngine("TornadoVM cuFFT", "—", Engine.Place.GPU, "setup: " + shorten(t)));
        }
    }

    private static List<Engine> tornado(String cudaDevice, CopyCeiling cudaCopy, boolean profiler) {
        try {
            Class.forName("uk.ac.manchester.tornado.api.TornadoExecutionPlan", false, Engines.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return List.of(new AbsentEngine("tornado-fft", Engine.Place.GPU,
                    "no TornadoVM runtime in this JVM: run through ./run-bench with a TornadoVM SDK"
                            + " (./setup-tornado.sh, or TORNADOVM_HOME)"));
        }
        try {
            List<Engine> found = TornadoEngine.discover(cudaDevice, cudaCopy, profiler);
            if (found.isEmpty()) {
                return List.of(new AbsentEngine("tornado-fft", Engine.Place.GPU, "TornadoVM lists no devices"));
            }
            return found;
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            return List.of(new FailedEngine("tornado-fft", "—", Engine.Place.GPU,
                    "setup: TornadoVM did not start: " + shorten(t)));
        }
    }

    /**
     * The bytes of the CUDA device's memory in use as its driver counts them (every process's; see
     * {@code cudaMemGetInfo}), read each time the supplier is called; null where CUDA does not load
     * (no NVIDIA driver, no bytedeco presets), with the reason on stderr.
     */
    public static java.util.function.LongSupplier cudaMemoryUsed() {
        try {
            Class.forName("org.bytedeco.cuda.global.cudart", false, Engines.class.getClassLoader());
            Cuda.usedBytes();
            return Cuda::usedBytes;
        } catch (Throwable t) {
            Failures.rethrowIfFatal(t);
            System.err.println("run-bench: no driver memory column: CUDA did not load: " + shorten(t));
            return null;
        }
    }

    /** The first line of what went wrong, at most 240 characters, without terminal colours. */
    static String shorten(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = Failures.stripAnsi(root.getClass().getSimpleName() + ": " + root.getMessage());
        text = text.lines().findFirst().orElse(text).trim();
        return text.length() > 240 ? text.substring(0, 237) + "..." : text;
    }
}
