package io.github.tornadofft;

import java.lang.foreign.MemorySegment;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * The host copies of a plan over several devices, spread over the JVM's common fork-join pool: one
 * thread copies about 8 GB/s, and a split's workers (two to four chunks in flight per device) would otherwise
 * leave the host's copies, not its links to the devices, the slowest part (measured on two H100s over
 * PTX: 16 GiB took 2.5 s with the regrouping on the four workers alone, the transfers a sixth of that).
 * Only host memory is touched here, never a TornadoVM call, so no thread but the workers drives a device.
 */
final class HostCopy {

    /**
     * Bulk copies from this size are cut into slices of {@link #SLICE} bytes copied side by side. Slices
     * of 256 KiB: one copy alone goes faster in larger slices (4 GiB on the 32 cores of a two-H100 host:
     * 153-160 GB/s read + written in slices of 4 MiB, 122-125 in 256 KiB), but the workers' copies run
     * together, and in slices of 4 MiB their regrouping took longer (two H100s, 1024^3: 404 against
     * 350 ms a worker; four: 390 against 272).
     */
    static final long PARALLEL_BYTES = 1L << 20;
    static final long SLICE = 256L << 10;

    private HostCopy() {
    }

    /** {@link MemorySegment#copy(MemorySegment, long, MemorySegment, long, long)}, in slices side by side when large. */
    static void copy(MemorySegment from, long fromAt, MemorySegment to, long toAt, long bytes) {
        if (bytes < PARALLEL_BYTES) {
            MemorySegment.copy(from, fromAt, to, toAt, bytes);
            return;
        }
        long slices = (bytes + SLICE - 1) / SLICE;
        LongStream.range(0, slices).parallel().forEach(s -> {
            long at = s * SLICE;
            MemorySegment.copy(from, fromAt + at, to, toAt + at, Math.min(SLICE, bytes - at));
        });
    }

    /** {@code body} for 0 .. n - 1, side by side (each index's copies independent of the others'). */
    static void forEach(int n, IntConsumer body) {
        if (n == 1) {
            body.accept(0);
        } else {
            IntStream.range(0, n).parallel().forEach(body);
        }
    }
}
