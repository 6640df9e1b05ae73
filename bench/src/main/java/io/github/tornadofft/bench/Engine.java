package io.github.tornadofft.bench;

/**
 * Something that computes a batch of FFTs of a {@link Case}'s kind (complex forward, real to complex,
 * complex to real) and precision (float32, float64): a TornadoVM device, cuFFT, VkFFT, JTransforms, the
 * reference. The comparison asks each engine to prepare a case, then times it the same way ({@link Bench}).
 * An engine that does not compute a case's precision says so when preparing it.
 */
public interface Engine {

    /** Where an engine runs; picks the baseline its time is compared with (cuFFT or JTransforms). */
    enum Place { GPU, CPU }

    /** Short and unique: "tornado-fft OPENCL 0:0", "cuFFT", "JTransforms", "reference-fft". */
    String name();

    /** What it runs on: "NVIDIA H100 80GB HBM3", "cpu-haswell-AMD EPYC (PoCL)", "2 threads". */
    String device();

    Place place();

    /** Why the engine cannot run on this machine, or null when it can. */
    String absentReason();

    default boolean available() {
        return absentReason() == null;
    }

    /**
     * Whether the engine is unavailable because setting it up failed on something this machine has
     * (a TornadoVM device that would not open), rather than absent from the machine: its rows are
     * then marked failed, with {@link #absentReason()} saying why.
     */
    default boolean failedSetup() {
        return false;
    }

    /** How the engine is timed and anything else a reader of the numbers must know. */
    String notes();

    /**
     * Whether the engine computes cases of fp16 storage ({@link Case#isHalf}): it loads the case's float
     * input as fp16 values (each exactly one) and gives its fp16 output back as floats. The bench gives a
     * half case only to such engines; the others' rows say unsupported.
     */
    default boolean takesHalf() {
        return false;
    }

    /** The copy whose bandwidth bounds this engine: a device-to-device copy on its memory. */
    CopyCeiling ceiling();

    /**
     * Plans the case and allocates its buffers (host and device). The plan's build time is not
     * part of any timing.
     *
     * @throws UnsupportedCaseException when the engine cannot do this case (yet: its shape, kind or
     *                                  precision), with the reason
     */
    Prepared prepare(Case c) throws UnsupportedCaseException;

    /** One wall-clock and (where the engine has one) device-kernel time of a single run, in ns. */
    record Sample(long wallNanos, long kernelNanos) {
        public static Sample wall(long nanos) {
            return new Sample(nanos, -1);
        }
    }

    /** A case planned on an engine, ready to be timed. */
    interface Prepared extends AutoCloseable {

        /** Copies the case's input ({@link Truth#input()}) into the engine's own host buffer; not timed. */
        void load(float[] input);

        /**
         * {@link #load(float[])} of a float64 case ({@link Truth#doubleInput()}); an engine that prepares
         * float64 cases overrides it (and {@link #result(int, double[])}).
         */
        default void load(double[] input) {
            throw new UnsupportedOperationException("load: this engine's runs take float32 input only");
        }

        /** Whether {@link #runResident()} reports a device kernel time. */
        boolean hasKernelTime();

        /**
         * Transforms once with the data already where the engine computes (on the device for a
         * GPU engine; in the working array for a CPU engine, refilled from the input first, untimed).
         */
        Sample runResident();

        /** Host buffer in, host buffer out: upload, transform, download. Leaves the output readable by {@link #result}. */
        long runEndToEnd();

        /**
         * Copies the output of transform {@code index} of the batch, as the last {@link #runEndToEnd()} left
         * it, into {@code dst} ({@link Case#outputLength()} floats), in the case's layout: interleaved
         * complex for c2c, numpy's {@code rfftn} half spectrum for r2c ({@link HalfSpectrum}), real values
         * for c2r, whatever layout the engine computes in.
         */
        void result(int index, float[] dst);

        /** {@link #result(int, float[])} of a float64 case. */
        default void result(int index, double[] dst) {
            throw new UnsupportedOperationException("result: this engine's runs give float32 output only");
        }

        /** Time spent planning and compiling, in ns; -1 when the engine has no such step. */
        long setupNanos();

        /** The plan as the engine describes it (passes, kernels); may be empty. */
        String plan();

        @Override
        void close();
    }
}
