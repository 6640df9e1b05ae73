package io.github.tornadofft;

/** How a plan launches its passes on the device. */
public enum Launch {

    /** One kernel launch per pass, every execution; TornadoVM's profiler reports their device time. */
    KERNELS,

    /**
     * The passes captured once as a CUDA graph and replayed with a single launch per execution (PTX
     * and CUDA backends). Less host work per execution: one launch instead of one per pass, which matters
     * most for short multi-pass transforms, whose kernels take little longer than TornadoVM's launches
     * (measured: docs/history/PERFORMANCE-diary.md, v0.2 and v0.19). TornadoVM's profiler sees no
     * kernel events inside a graph, so {@link FftPlan#lastKernelNanos()} returns -1.
     */
    CUDA_GRAPH
}
