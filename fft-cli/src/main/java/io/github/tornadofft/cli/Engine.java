package io.github.tornadofft.cli;

/** Something that computes a {@link Transform}: the pure-Java reference, or a TornadoVM device. */
interface Engine {

    /** The device, for the report: what the user asked for and what it is. */
    String device();

    /** The arithmetic {@code transform} runs in, for the report: e.g. "double (float64)". */
    String arithmetic(Transform transform);

    /** Computes {@code transform} of {@code input}; the output has the input's precision. */
    Result run(Transform transform, NpyData input);

    /**
     * @param plan         how the transform was decomposed (may span several lines)
     * @param buildNanos   time to plan and JIT-compile, 0 where nothing is built
     * @param executeNanos time to execute, host-to-host
     */
    record Result(NpyData output, String plan, long buildNanos, long executeNanos) {
    }
}
