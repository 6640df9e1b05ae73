package io.github.tornadofft.bench;

/**
 * The bandwidth ceiling of an engine's memory: a plain copy of a case's bytes from one buffer to
 * another on that memory, counting bytes read plus bytes written (as the baseline measurements do).
 */
public interface CopyCeiling {

    /** Identifies the memory, so engines that share it share one measurement: "cuda:0", "tornado 0:1", "host". */
    String key();

    /** How it is measured: "cudaMemcpy device-to-device, CUDA events". */
    String method();

    /** Median copy bandwidth for {@code bytes} in GB/s (read + written). */
    double measure(long bytes, int warmup, int reps);
}
