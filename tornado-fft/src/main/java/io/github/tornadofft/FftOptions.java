package io.github.tornadofft;

import io.github.tornadofft.plan.DeviceProfile.Choice;
import io.github.tornadofft.plan.DeviceProfile.Exchange;
import io.github.tornadofft.plan.Tuning;

/**
 * How one plan is built and launched, beyond what it computes (that is the
 * {@link io.github.tornadofft.api.FftDescriptor}'s): the launch mode and the planner's knobs. Values,
 * compared by content; every {@code with} method checks its argument and names it when it is wrong.
 *
 * <p>{@link #defaults()} takes each knob from its {@code tornado.fft.*} system property where one is set
 * (docs/TUNING.md lists them), else leaves it to the planner, so a JVM option tunes every plan that
 * does not say otherwise.
 *
 * @param launch  how the plan launches its kernels
 * @param tuning  the planner's knobs ({@link Tuning#AUTO} leaves a choice to the planner)
 * @param compute which units compute the DFT stages ({@link Compute#TENSOR_CORES} for fp16 matrix products)
 */
public record FftOptions(Launch launch, Tuning tuning, Compute compute) {

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException naming {@code launch}, {@code tuning} or {@code compute} where it is null
     */
    public FftOptions {
        if (launch == null) {
            throw new IllegalArgumentException("launch: KERNELS or CUDA_GRAPH, got null");
        }
        if (tuning == null) {
            throw new IllegalArgumentException("tuning: must not be null (Tuning.PLANNER leaves every choice to the planner)");
        }
        if (compute == null) {
            throw new IllegalArgumentException("compute: STANDARD or TENSOR_CORES, got null");
        }
    }

    /** Options of the standard kernels ({@link Compute#STANDARD}). */
    public FftOptions(Launch launch, Tuning tuning) {
        this(launch, tuning, Compute.STANDARD);
    }

    /** The system property that chooses {@link #compute} for {@link #defaults()}: standard or tensor_cores. */
    public static final String COMPUTE_PROPERTY = "tornado.fft.compute";

    /**
     * Kernels launched one by one, every tuning choice from the {@code tornado.fft.*} properties or the
     * planner, the stages computed as {@value #COMPUTE_PROPERTY} says (standard where it is absent).
     *
     * @throws IllegalArgumentException naming the property, where a {@code tornado.fft.*} property's
     *                                  value is not allowed
     */
    public static FftOptions defaults() {
        String compute = System.getProperty(COMPUTE_PROPERTY, "standard").trim();
        Compute chosen;
        try {
            chosen = Compute.valueOf(compute.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(COMPUTE_PROPERTY + ": standard or tensor_cores, got '" + compute + "'");
        }
        return new FftOptions(Launch.KERNELS, Tuning.fromProperties(), chosen);
    }

    /** Kernels launched one by one, every tuning choice the planner's, whatever the system properties say. */
    public static FftOptions planner() {
        return new FftOptions(Launch.KERNELS, Tuning.PLANNER);
    }

    /**
     * These options launched as {@code launch} says ({@link Launch#CUDA_GRAPH} needs a PTX or CUDA device, which
     * {@link FftPlan}{@code .create} checks).
     *
     * @throws IllegalArgumentException naming {@code launch} where it is null
     */
    public FftOptions withLaunch(Launch launch) {
        return new FftOptions(launch, tuning, compute);
    }

    /**
     * These options with the DFT stages computed as {@code compute} says ({@link Compute#TENSOR_CORES}
     * needs a device of the PTX backend and a transform it takes, which {@link FftPlan}{@code .create}
     * checks).
     *
     * @throws IllegalArgumentException naming {@code compute} where it is null
     */
    public FftOptions withCompute(Compute compute) {
        return new FftOptions(launch, tuning, compute);
    }

    /**
     * These options with all the planner's knobs replaced.
     *
     * @throws IllegalArgumentException naming {@code tuning} where it is null
     */
    public FftOptions withTuning(Tuning tuning) {
        return new FftOptions(launch, tuning, compute);
    }

    /**
     * Work-items per work-group the planner aims for; {@link Tuning#AUTO} for its choice.
     *
     * @throws IllegalArgumentException naming {@code groupSize} where {@code workItems} is negative
     */
    public FftOptions withGroupSize(int workItems) {
        return withTuning(tuning.withGroupSize(workItems));
    }

    /**
     * A cap on work-items per work-group below the device's; {@link Tuning#AUTO} for none.
     *
     * @throws IllegalArgumentException naming {@code maxGroupSize} where {@code workItems} is negative
     */
    public FftOptions withMaxGroupSize(int workItems) {
        return withTuning(tuning.withMaxGroupSize(workItems));
    }

    /**
     * Largest register radix as log2, 1 to 4 (radix 2 to 16; the planner's choice is 4).
     *
     * @throws IllegalArgumentException naming {@code registerBits} where {@code bits} is outside 1 to 4
     */
    public FftOptions withRegisterBits(int bits) {
        return withTuning(tuning.withRegisterBits(bits));
    }

    /**
     * Shortest run of a strided pass, in complex values; {@link Tuning#AUTO} for the planner's (16 on a
     * GPU, 32 on a CPU).
     *
     * @throws IllegalArgumentException naming {@code coalesce} unless {@code values} is {@link Tuning#AUTO}
     *                                  or a power of two from 1 to 64
     */
    public FftOptions withCoalesce(int values) {
        return withTuning(tuning.withCoalesce(values));
    }

    /**
     * How work-groups exchange values through local memory: {@link Exchange#AUTO} (the planner's
     * choice), {@link Exchange#PAIR} or {@link Exchange#SPLIT}.
     *
     * @throws IllegalArgumentException naming {@code exchange} where it is null
     */
    public FftOptions withExchange(Exchange exchange) {
        return withTuning(tuning.withExchange(exchange));
    }

    /**
     * Where a short contiguous axis X is fused into the first strided pass: {@link Choice#AUTO} (the
     * planner's rule), {@link Choice#ON} wherever that saves a kernel, {@link Choice#OFF} never.
     *
     * @throws IllegalArgumentException naming {@code fusion} where {@code where} is null
     */
    public FftOptions withFuseX(Choice where) {
        return withTuning(tuning.withFusion(where));
    }

    /**
     * Where an axis takes runs of 4 or 8 values for a pass fewer: {@link Choice#AUTO} (on a GPU whose
     * data starts on 128-byte lines), {@link Choice#ON} on any device, {@link Choice#OFF} never.
     *
     * @throws IllegalArgumentException naming {@code shortRuns} where {@code where} is null
     */
    public FftOptions withShortRuns(Choice where) {
        return withTuning(tuning.withShortRuns(where));
    }

    /**
     * Where a plan's kernel stores late under a lower register cap: {@link Choice#AUTO} (an NVIDIA GPU's
     * single-group kernels of 2048 and 4096 points), {@link Choice#ON} every plan on any device,
     * {@link Choice#OFF} never.
     *
     * @throws IllegalArgumentException naming {@code lateStore} where {@code where} is null
     */
    public FftOptions withLateStore(Choice where) {
        return withTuning(tuning.withLateStore(where));
    }

    /**
     * Registers per work-item NVIDIA's compilers may use, 32 to 255 (the planner's: 128); the largest GPU
     * work-group follows from it, 65536 / cap, at most 1024.
     *
     * @throws IllegalArgumentException naming {@code maxRegisters} where {@code registers} is outside 32 to 255
     */
    public FftOptions withMaxRegisters(int registers) {
        return withTuning(tuning.withMaxRegisters(registers));
    }

    /**
     * The data alignment the planner assumes, in bytes; {@link Tuning#AUTO} for what TornadoVM's array
     * header gives.
     *
     * @throws IllegalArgumentException naming {@code dataAlignment} unless {@code bytes} is
     *                                  {@link Tuning#AUTO} or a power of two
     */
    public FftOptions withDataAlignment(int bytes) {
        return withTuning(tuning.withDataAlignment(bytes));
    }
}
