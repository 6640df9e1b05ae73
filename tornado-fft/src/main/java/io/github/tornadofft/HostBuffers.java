package io.github.tornadofft;

import io.github.tornadofft.kernels.RealTransform;
import io.github.tornadofft.kernels.TwiddleTable;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The off-heap arrays plans hand to TornadoVM: recycled between plans, never left to the garbage
 * collector.
 *
 * <p>TornadoVM's PTX backend pins the host memory of the arrays a graph transfers
 * ({@code cuMemHostRegister}) and does not always unpin all of it when a plan releases its device
 * memory. An array the garbage collector then frees leaves a pinned range behind; when the allocator
 * hands part of that range to a new array, CUDA refuses that array's copies and the transform reads
 * stale data. Keeping every array a plan has used, and giving it to the next plan of the same size,
 * means memory TornadoVM has seen is never returned to the allocator. The pool holds, per size, at
 * most the number of plans that were open at once; twiddle tables are shared by every pass of their
 * radix and span.
 */
final class HostBuffers {

    private static final Map<Integer, ArrayDeque<FloatArray>> FREE = new HashMap<>();
    private static final Map<List<Integer>, FloatArray> TWIDDLES = new HashMap<>();
    private static final Map<Integer, FloatArray> REAL_TWIDDLES = new HashMap<>();
    private static final Map<List<Integer>, FloatArray> REAL_PASS_TWIDDLES = new HashMap<>();

    private HostBuffers() {
    }

    /** An array of {@code floats} floats, with unspecified contents. */
    static synchronized FloatArray take(int floats) {
        FloatArray array = FREE.computeIfAbsent(floats, k -> new ArrayDeque<>()).poll();
        return array != null ? array : new FloatArray(floats);
    }

    /** Returns an array from {@link #take} for a later plan. */
    static synchronized void give(FloatArray array) {
        FREE.computeIfAbsent(array.getSize(), k -> new ArrayDeque<>()).push(array);
    }

    /**
     * The twiddle table of a pass of register radices {@code sub} and span with a fused X axis of
     * {@code fused} points (1: none) ({@link TwiddleTable#forPass}), shared and read-only.
     */
    static synchronized FloatArray twiddles(int[] sub, int span, int fused) {
        // Passes whose fused rows need no W_X (one step, or none) share one table.
        List<Integer> key = IntStream.concat(IntStream.of(sub), IntStream.of(span, TwiddleTable.fusedEntries(sub, fused)))
                .boxed().toList();
        return TWIDDLES.computeIfAbsent(key, k -> TwiddleTable.forPass(sub, span, fused));
    }

    /**
     * The twiddle table of the one pass of register radices {@code sub} into which a real transform's
     * split or merge is fused ({@link TwiddleTable#forRealPass}), shared and read-only.
     */
    static synchronized FloatArray realPassTwiddles(int[] sub) {
        return REAL_PASS_TWIDDLES.computeIfAbsent(IntStream.of(sub).boxed().toList(), k -> TwiddleTable.forRealPass(sub));
    }

    /** The twiddles of the split and merge of real transforms of {@code n} points ({@link RealTransform#twiddles}), shared and read-only. */
    static synchronized FloatArray realTwiddles(int n) {
        return REAL_TWIDDLES.computeIfAbsent(n, RealTransform::twiddles);
    }
}
