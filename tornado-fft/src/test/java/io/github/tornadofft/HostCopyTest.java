package io.github.tornadofft;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The split plan's host copies: sliced copies land byte for byte, and nothing outside the range is written. */
class HostCopyTest {

    @Test
    void aCopyInSlicesMatchesOneCopyAndStaysInItsRange() {
        // Sizes around the slicing threshold, a last slice that is short, offsets that are not slice-aligned;
        // a shared arena, as the slices are copied on the fork-join pool.
        long[] sizes = {HostCopy.PARALLEL_BYTES - 1, HostCopy.PARALLEL_BYTES, 3 * HostCopy.SLICE + 12345};
        try (Arena arena = Arena.ofShared()) {
            for (long bytes : sizes) {
                long fromAt = 7;
                long toAt = 1000;
                MemorySegment from = arena.allocate(bytes + 20);
                MemorySegment to = arena.allocate(bytes + 2000);
                for (long i = 0; i < from.byteSize(); i++) {
                    from.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + 17));
                }
                to.fill((byte) 0x5A);
                HostCopy.copy(from, fromAt, to, toAt, bytes);
                assertEquals(-1, to.asSlice(toAt, bytes).mismatch(from.asSlice(fromAt, bytes)), bytes + " bytes");
                for (long i = 0; i < toAt; i++) {
                    assertEquals((byte) 0x5A, to.get(ValueLayout.JAVA_BYTE, i), "before the range, byte " + i);
                }
                for (long i = toAt + bytes; i < to.byteSize(); i++) {
                    assertEquals((byte) 0x5A, to.get(ValueLayout.JAVA_BYTE, i), "after the range, byte " + i);
                }
            }
        }
    }

    @Test
    void forEachVisitsEveryIndexOnce() {
        for (int n : new int[] {1, 2, 1000}) {
            AtomicIntegerArray seen = new AtomicIntegerArray(n);
            HostCopy.forEach(n, seen::incrementAndGet);
            for (int i = 0; i < n; i++) {
                assertEquals(1, seen.get(i), "index " + i + " of " + n);
            }
        }
    }
}
