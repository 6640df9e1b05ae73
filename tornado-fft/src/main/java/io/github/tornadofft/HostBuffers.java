package io.github.tornadofft;

import io.github.tornadofft.kernels.TwiddleTable;
import io.github.tornadofft.api.Precision;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

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
 * radix and span. Every array is of one precision ({@link DeviceArrays}), which is part of every key.
 */
final class HostBuffers {

    private static final Map<List<Object>, ArrayDeque<TornadoNativeArray>> FREE = new HashMap<>();
    private static final Map<List<Object>, TornadoNativeArray> TWIDDLES = new HashMap<>();
    private static final Map<List<Object>, TornadoNativeArray> REAL_TWIDDLES = new HashMap<>();
    private static final Map<List<Object>, TornadoNativeArray> REAL_PASS_TWIDDLES = new HashMap<>();

    private HostBuffers() {
    }

    /** An array of {@code length} values of {@code precision}, with unspecified contents. */
    static synchronized TornadoNativeArray take(Precision precision, int length) {
        TornadoNativeArray array = FREE.computeIfAbsent(List.of(precision, length), k -> new ArrayDeque<>()).poll();
        return array != null ? array : DeviceArrays.allocate(precision, length);
    }

    /** Returns an array from {@link #take} for a later plan. */
    static synchronized void give(TornadoNativeArray array) {
        FREE.computeIfAbsent(List.of(DeviceArrays.precision(array), array.getSize()), k -> new ArrayDeque<>()).push(array);
    }

    /**
     * The twiddle table of a pass of register radices {@code sub} and span with a fused X axis of
     * {@code fused} points (1: none) ({@link TwiddleTable#forPass}), shared and read-only.
     */
    static synchronized TornadoNativeArray twiddles(Precision precision, int[] sub, int span, int fused) {
        // Passes whose fused rows need no W_X (one step, or none) share one table.
        List<Object> key = List.of(precision, IntStream.concat(IntStream.of(sub), IntStream.of(span,
                TwiddleTable.fusedEntries(sub, fused))).boxed().toList());
        return TWIDDLES.computeIfAbsent(key, k -> DeviceArrays.of(precision, TwiddleTable.forPass(sub, span, fused)));
    }

    /**
     * The twiddle table of the one pass of register radices {@code sub} into which a real transform's
     * split or merge is fused ({@link TwiddleTable#forRealPass}), shared and read-only.
     */
    static synchronized TornadoNativeArray realPassTwiddles(Precision precision, int[] sub) {
        return realPassTwiddles(precision, sub, 1, 1);
    }

    /**
     * The twiddle table of the pass of register radices {@code sub} and span {@code span} that ends the
     * complex part, of {@code lines} lines per pass, of a real transform with its split or merge inside
     * ({@link TwiddleTable#forRealPass(int[], int, int)}), shared and read-only.
     */
    static synchronized TornadoNativeArray realPassTwiddles(Precision precision, int[] sub, int span, int lines) {
        return REAL_PASS_TWIDDLES.computeIfAbsent(List.of(precision, IntStream.of(sub).boxed().toList(), span, lines),
                k -> DeviceArrays.of(precision, TwiddleTable.forRealPass(sub, span, lines)));
    }

    /** The twiddles of the split and merge of real transforms of {@code n} points ({@link TwiddleTable#forRealSplit}), shared and read-only. */
    static synchronized TornadoNativeArray realTwiddles(Precision precision, int n) {
        return REAL_TWIDDLES.computeIfAbsent(List.of(precision, n), k -> DeviceArrays.of(precision, TwiddleTable.forRealSplit(n)));
    }
}
