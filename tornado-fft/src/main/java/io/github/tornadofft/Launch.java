package io.github.tornadofft;

/** How a plan launches its passes on the device. */
public enum Launch {

    /** One kernel launch per pass, every execution; TornadoVM's profiler reports their device time. */
    KERNELS,

    /**
     * The passes captured once as a CUDA graph and replayed with a single launch per execution (PTX
     * backend only). Less host work per execution: on an H100 a three-pass 3D 128³ transform's
     * {@code executeOnDevice()} took 0.10 ms instead of 0.22 ms. TornadoVM's profiler sees no kernel
     * events inside a graph, so {@link FftPlan#lastKernelNanos()} is unavailable.
     */
    CUDA_GRAPH
}
