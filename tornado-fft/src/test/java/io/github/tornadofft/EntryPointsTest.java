package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Norm;
import io.github.tornadofft.api.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;

import static io.github.tornadofft.Signals.assertClose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every way a caller hands a plan its data (arrays with offsets, heap and direct buffers, memory
 * segments), in both precisions, and the refusals they share: each gives the same transform.
 */
@Tag("device")
@ExtendWith(Seed.class)
class EntryPointsTest {

    private static final int N = 256;
    private static final int BATCH = 2;

    @Test
    void floatArraysBuffersAndSegmentsGiveTheSameTransform() {
        FftDescriptor d = FftDescriptor.c2c(N).batch(BATCH).build();
        float[] input = Signals.random(d.floats());
        double[] expected = Signals.reference1d(input, N, BATCH, Direction.FORWARD, Norm.BACKWARD);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get()); Arena arena = Arena.ofConfined()) {
            // Arrays from offsets: the positions before them are left alone.
            float[] in = new float[input.length + 3];
            System.arraycopy(input, 0, in, 3, input.length);
            float[] out = Signals.poisoned(input.length + 5);
            plan.execute(Direction.FORWARD, in, 3, out, 5);
            assertClose(Arrays.copyOfRange(out, 5, out.length), expected, N, "arrays from offsets");
            assertTrue(Float.isNaN(out[4]), "out before its offset");

            FloatBuffer heap = FloatBuffer.allocate(input.length);
            plan.execute(Direction.FORWARD, FloatBuffer.wrap(input), heap);
            assertClose(heap.array(), expected, N, "heap buffers");

            FloatBuffer direct = ByteBuffer.allocateDirect(4 * input.length).order(ByteOrder.nativeOrder()).asFloatBuffer();
            plan.execute(Direction.FORWARD, FloatBuffer.wrap(input), direct);
            float[] fromDirect = new float[input.length];
            direct.get(0, fromDirect);
            assertClose(fromDirect, expected, N, "direct buffer");

            MemorySegment segment = arena.allocate(4L * input.length, 64);
            plan.execute(Direction.FORWARD, MemorySegment.ofArray(input), segment);
            assertClose(segment.toArray(ValueLayout.JAVA_FLOAT), expected, N, "memory segment");
        }
    }

    @Test
    void doubleSegmentsCarryDoubles() {
        FftDescriptor d = FftDescriptor.c2c(N).batch(BATCH).precision(Precision.DOUBLE).build();
        double[] input = Signals.random(Precision.DOUBLE, d.floats());
        double[] expected = Signals.reference(input, new int[] {N}, BATCH, Direction.FORWARD, Norm.BACKWARD);
        try (FftPlan plan = FftPlan.create(d, TestDevice.get()); Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(8L * input.length, 64);
            plan.execute(Direction.FORWARD, MemorySegment.ofArray(input), out);
            Signals.assertClose(out.toArray(ValueLayout.JAVA_DOUBLE), expected, N, Precision.DOUBLE, "double segment");
            // A segment holding half the doubles the layout needs is refused, naming it.
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.execute(Direction.FORWARD, MemorySegment.ofArray(new double[input.length / 2]), out));
            assertTrue(e.getMessage().startsWith("in: expected " + input.length + " doubles"), e.getMessage());
        }
    }

    @Test
    void readOnlyOutputsAndNullsAreRefusedAndNothingIsWritten() {
        FftDescriptor d = FftDescriptor.c2c(N).batch(BATCH).build();
        float[] input = Signals.random(d.floats());
        float[] before = input.clone();
        try (FftPlan plan = FftPlan.create(d, TestDevice.get())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> plan.execute(Direction.FORWARD, FloatBuffer.wrap(input), FloatBuffer.allocate(input.length).asReadOnlyBuffer()));
            assertTrue(e.getMessage().startsWith("out: a read-only buffer"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> plan.execute(Direction.FORWARD, MemorySegment.ofArray(input),
                    MemorySegment.ofArray(new float[input.length]).asReadOnly()));
            assertTrue(e.getMessage().startsWith("out: a read-only segment"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> plan.execute(Direction.FORWARD, (FloatBuffer) null, null));
            assertTrue(e.getMessage().startsWith("in, out: must not be null"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> plan.execute(Direction.FORWARD, input, -1, input, 0));
            assertTrue(e.getMessage().startsWith("inOffset: at least 0"), e.getMessage());
        }
        assertArrayEquals(before, input, "the caller's input");
    }
}
