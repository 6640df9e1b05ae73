package io.github.tornadofft.bench;

import uk.ac.manchester.tornado.api.common.TornadoDevice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Locale;

/**
 * The cuFFTXt side of {@code run-bench split}: cuFFT's multi-GPU plan over as many GPUs as the run's device
 * list names (CUDA's GPUs 0 .. G - 1, taken to be the same GPUs on a machine of one kind), and CUDA's own
 * host-device copy ceiling; absent, with the reason, where the library is not built, the list repeats a
 * device or names more devices than CUDA sees. A failure leaves its reason in the row, never the run.
 */
final class XtSide implements AutoCloseable {

    /** One case's cuFFTXt cells. */
    record Result(String times, double total, double difference) {
    }

    private static final int RATE_ROUNDS = 20;

    private final CuFftXt lib;
    private final String absent;
    private final int gpus;
    private final long chunkBytes;
    /** pinned up, pinned down, pageable up, pageable down, GB/s (NaN unmeasured). */
    private final double[] rates;

    private XtSide(CuFftXt lib, String absent, int gpus, long chunkBytes, double[] rates) {
        this.lib = lib;
        this.absent = absent;
        this.gpus = gpus;
        this.chunkBytes = chunkBytes;
        this.rates = rates;
    }

    static XtSide open(List<TornadoDevice> devices, long chunkBytes) {
        double[] none = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        if (devices.stream().distinct().count() < devices.size()) {
            return new XtSide(null, "the device list repeats a device", 0, chunkBytes, none);
        }
        CuFftXt lib;
        try {
            lib = CuFftXt.load();
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return new XtSide(null, e.getMessage(), 0, chunkBytes, none);
        }
        int gpus = devices.size();
        try {
            int seen = lib.gpuCount();
            if (seen < gpus) {
                lib.close();
                return new XtSide(null, "CUDA sees " + seen + " GPUs, the list names " + gpus, 0, chunkBytes, none);
            }
            System.err.println("run-bench split: cuFFTXt: " + lib.describe() + "; CUDA's copy rates");
            return new XtSide(lib, null, gpus, chunkBytes, lib.copyRates(gpus, chunkBytes, RATE_ROUNDS));
        } catch (RuntimeException e) {
            System.err.println("run-bench split: cuFFTXt: " + e.getMessage());
            return new XtSide(lib, null, gpus, chunkBytes, none);
        }
    }

    double pinnedUp() {
        return rates[0];
    }

    double pinnedDown() {
        return rates[1];
    }

    /**
     * cuFFTXt's forward transform of {@code in} (3D, batch 1) into an array of its own, timed; its
     * relative difference from {@code ours}.
     */
    Result run(SplitCase c, MemorySegment in, MemorySegment ours, long floats, Arena arena, int warmup, int reps) {
        if (lib == null) {
            return new Result("—", Double.NaN, Double.NaN);
        }
        if (c.shape().length != 3 || c.batch() != 1) {
            return new Result("— (3D, batch 1 only)", Double.NaN, Double.NaN);
        }
        try {
            MemorySegment theirs = arena.allocate(floats * Float.BYTES, 64);
            CuFftXt.Times t = lib.run(gpus, c.shape(), in, theirs, warmup, reps);
            double difference = SegmentCheck.difference(theirs, ours, floats);
            return new Result(String.format(Locale.ROOT, "%s (%s + %s + %s)", SplitBench.ms(t.total()), SplitBench.ms(t.upload()),
                    SplitBench.ms(t.exec()), SplitBench.ms(t.download())), t.total(), difference);
        } catch (RuntimeException | OutOfMemoryError e) {
            System.err.println("run-bench split: cuFFTXt " + c.label() + ": " + e.getMessage());
            return new Result("failed: " + e.getMessage(), Double.NaN, Double.NaN);
        }
    }

    /** A line for the report's notes. */
    String describe() {
        if (lib == null) {
            return "cuFFTXt: absent (" + absent + ").\n";
        }
        return String.format(Locale.ROOT, "cuFFTXt: %s, over GPUs 0 .. %d. CUDA's own copy rates, every GPU at once, %s at a"
                        + " time: pinned %.1f up, %.1f down GB/s; pageable %.1f up, %.1f down GB/s.%n", lib.describe(), gpus - 1,
                Metrics.bytes(chunkBytes), rates[0], rates[1], rates[2], rates[3]);
    }

    @Override
    public void close() {
        if (lib != null) {
            lib.close();
        }
    }
}
