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
 * @param launch how the plan launches its kernels
 * @param tuning the planner's knobs ({@link Tuning#AUTO} leaves a choice to the planner)
 */
public record FftOptions(Launch launch, Tuning tuning) {

    public FftOptions {
        if (launch == null) {
            throw new IllegalArgumentException("launch: KERNELS or CUDA_GRAPH, got null");
        }
        if (tuning == null) {
            throw new IllegalArgumentException("tuning: must not be null (Tuning.PLANNER leaves every choice to the planner)");
        }
    }

    /** Kernels launched one by one, every tuning choice from the {@code tornado.fft.*} properties or the planner. */
    public static FftOptions defaults() {
        return new FftOptions(Launch.KERNELS, Tuning.fromProperties());
    }

    /** Kernels launched one by one, every tuning choice the planner's, whatever the system properties say. */
    public static FftOptions planner() {
        return new FftOptions(Launch.KERNELS, Tuning.PLANNER);
    }

    public FftOptions withLaunch(Launch launch) {
        return new FftOptions(launch, tuning);
    }

    public FftOptions withTuning(Tuning tuning) {
        return new FftOptions(launch, tuning);
    }

    /** Work-items per work-group the planner aims for; {@link Tuning#AUTO} for its choice. */
    public FftOptions withGroupSize(int workItems) {
        return withTuning(tuning.withGroupSize(workItems));
    }

    /** A cap on work-items per work-group below the device's; {@link Tuning#AUTO} for none. */
    public FftOptions withMaxGroupSize(int workItems) {
        return withTuning(tuning.withMaxGroupSize(workItems));
    }

    /** Largest register radix as log2, 1 to 4. */
    public FftOptions withRegisterBits(int bits) {
        return withTuning(tuning.withRegisterBits(bits));
    }

    /** Shortest run of a strided pass, in complex values; {@link Tuning#AUTO} for the planner's. */
    public FftOptions withCoalesce(int values) {
        return withTuning(tuning.withCoalesce(values));
    }

    public FftOptions withExchange(Exchange exchange) {
        return withTuning(tuning.withExchange(exchange));
    }

    public FftOptions withFuseX(Choice where) {
        return withTuning(tuning.withFusion(where));
    }

    public FftOptions withShortRuns(Choice where) {
        return withTuning(tuning.withShortRuns(where));
    }

    public FftOptions withLateStore(Choice where) {
        return withTuning(tuning.withLateStore(where));
    }

    /** Registers per work-item NVIDIA's compilers may use, 32 to 255. */
    public FftOptions withMaxRegisters(int registers) {
        return withTuning(tuning.withMaxRegisters(registers));
    }

    /** The data alignment the planner assumes, in bytes; {@link Tuning#AUTO} for TornadoVM's header. */
    public FftOptions withDataAlignment(int bytes) {
        return withTuning(tuning.withDataAlignment(bytes));
    }
}
