package io.github.tornadofft;

/**
 * Where the time of the last transform of a plan over several devices went
 * ({@link FftPlan#lastSplitTimes()}). The chunks in flight overlap, so the kinds of work are summed
 * over the plan's workers and together exceed the wall time; divided by {@code workers} they are the
 * average worker's.
 *
 * @param wallNanos     the call, host array to host array
 * @param launchNanos   wall time of the kernel launches (TornadoVM's calls that run the passes)
 * @param kernelNanos   TornadoVM's profiler's device time of the kernels where the plan profiles
 *                      ({@link FftPlan#withProfiler()}), else -1
 * @param transferNanos wall time of the copies between host and devices (uploads and downloads)
 * @param regroupNanos  wall time of the host's copies: into the chunks, through the exchange, and out
 *                      to the caller's array
 * @param workers       chunks in flight over all devices, each on a thread of its own
 * @param bytesMoved    bytes copied between host and devices, both ways, all devices together
 * @param bytesCopied   bytes the host copied (each copy counted once): into the chunks and out of them,
 *                      and for 3D into the exchange blocks and, unless they are the Z plans' own arrays,
 *                      out of them
 */
public record SplitTimes(long wallNanos, long launchNanos, long kernelNanos, long transferNanos, long regroupNanos,
                         int workers, long bytesMoved, long bytesCopied) {
}
