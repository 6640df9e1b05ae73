package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.RealTransform;
import io.github.tornadofft.kernels.RealTransformDouble;
import io.github.tornadofft.kernels.RegisterPass;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import io.github.tornadofft.plan.Planner;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A 2D or 3D real transform with its rows transformed first (r2c) or last (c2r), cuFFT's order: the
 * rows as a batch of 1D real transforms, each one pass with the split or merge inside
 * ({@link RegisterPass#REAL}), and the other axes' passes over the half spectrum's rows of N/2 + 1 bins.
 * The route with the split kernel of its own ({@link Engine#isRealRows}) moves the whole spectrum once
 * more; this one does not.
 *
 * <p>The other axes' passes take N/2 columns at a time, a power of two, so they run over bins 0 to
 * N/2 - 1 of every row, in the spectrum's layout: row b of the packed N/2 columns lies at b (N/2 + 1)
 * (the passes' layout blocks of one row, {@link RegisterPass#layouts}). Bin N/2 is the column left
 * over. r2c: the rows from the real input into a packed scratch S of rows of N/2, bin N/2 (real, as
 * bin 0 is) as bin 0's imaginary part; the other axes from S into the output; then a pointwise kernel
 * ({@link RealTransform#unpackEdges}) parts the two columns' transforms, both Hermitian over the other
 * axes. c2r: the other axes from the caller's spectrum (never written) into a scratch S of rows of
 * N/2 + 1, the same passes planned for a last axis of 2 taking columns 0 and N/2 together (layout
 * stride N/2, distance N/2 + 1: column 0 computed twice, each time whole), in groups of at most
 * {@value #EDGE_GROUP} so that their few columns still spread over several groups; then the rows from S
 * into the real output, bins 0 and N/2 read by their real parts after the other axes' inverse
 * transforms, as numpy's irfftn reads them.
 *
 * <p>It applies where every axis is a power of two and the rows' 1D transform is one pass with the
 * split or merge inside (N up to 8192 on a GPU, whose group holds the N/2 points); float and double.
 * The system property {@value #PROPERTY} = false keeps the split kernel (for comparisons).
 */
final class RowsFirst {

    /** The system property that turns this route off ({@code false}); on by default. */
    static final String PROPERTY = "tornado.fft.rowsFirst";

    /** Work-items per group of c2r's passes over columns 0 and N/2 (at most; a GPU's). */
    static final int EDGE_GROUP = 256;

    /** Work-items per group of r2c's {@link RealTransform#unpackEdges}. */
    static final int UNPACK_GROUP = 128;

    private final FftDescriptor descriptor;
    /** The rows' 1D real transform: N points, one per row of every transform of the batch. */
    private final FftDescriptor rowsReal;
    private final boolean r2c;
    private final int half;
    private final int pitch;
    private final long rows;
    final Pass rowPass;
    final List<Pass> columns;
    final List<Pass> edges;
    private final List<TornadoNativeArray> work = new ArrayList<>();

    private RowsFirst(FftDescriptor descriptor, FftDescriptor rowsReal, Pass rowPass, List<Pass> columns, List<Pass> edges) {
        this.descriptor = descriptor;
        this.rowsReal = rowsReal;
        this.r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
        int n = Engine.lastAxis(descriptor);
        this.half = n / 2;
        this.pitch = half + 1;
        this.rows = descriptor.size() / n * descriptor.batch();
        this.rowPass = rowPass;
        this.columns = columns;
        this.edges = edges;
    }

    /**
     * This route for {@code d} on {@code device} (its profile for d's precision), or null where it does
     * not apply: not a 2D or 3D real transform of powers of two in float or double, the rows' transform
     * more than one pass or without the split or merge inside, or the property set to false.
     */
    static RowsFirst plan(FftDescriptor d, DeviceProfile device) {
        if (!Engine.isRealRows(d) || d.precision() == Precision.HALF
                || !Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
            return null;
        }
        int[] shape = d.shape();
        int n = shape[shape.length - 1];
        if (n < 4 || Arrays.stream(shape).anyMatch(length -> Integer.bitCount(length) != 1)) {
            return null;
        }
        long rows = d.size() / n * d.batch();
        if (rows > Integer.MAX_VALUE) {
            return null;
        }
        FftDescriptor.Builder b = d.kind() == FftDescriptor.Kind.R2C ? FftDescriptor.r2c(n) : FftDescriptor.c2r(n);
        FftDescriptor rowsReal = b.batch((int) rows).precision(d.precision()).inPlace(d.inPlace()).build();
        FftDescriptor complex = rowsComplex(rowsReal);
        List<Pass> rowPasses = Planner.plan(complex.shape(), complex.batch(), device);
        if (!Engine.fusesRealStep(rowsReal, rowPasses)) {
            return null;
        }
        int[] columnShape = shape.clone();
        columnShape[shape.length - 1] = n / 2;
        int[] edgeShape = shape.clone();
        edgeShape[shape.length - 1] = 2;
        boolean r2c = d.kind() == FftDescriptor.Kind.R2C;
        DeviceProfile edgeDevice = device.cpu() ? device : device.withMaxGroupSize(Math.min(EDGE_GROUP, device.maxGroupSize()));
        return new RowsFirst(d, rowsReal, rowPasses.getFirst(), Planner.planLeading(columnShape, d.batch(), device),
                r2c ? List.of() : Planner.planLeading(edgeShape, d.batch(), edgeDevice));
    }

    /**
     * The complex part of the rows' one pass: r2c from the real rows (packed, or padded to N/2 + 1 pairs
     * in place) into packed rows of N/2, c2r from rows of N/2 + 1 bins ({@link Engine#complexPart}).
     */
    private static FftDescriptor rowsComplex(FftDescriptor rowsReal) {
        if (rowsReal.kind() == FftDescriptor.Kind.C2R) {
            return Engine.complexPart(rowsReal, true);
        }
        int half = rowsReal.shape()[0] / 2;
        return FftDescriptor.c2c(half).batch(rowsReal.batch()).precision(rowsReal.precision())
                .inputLayout(1, rowsReal.inPlace() ? half + 1 : half).outputLayout(1, half).build();
    }

    /** Kernels per transform: the passes, and r2c's {@link RealTransform#unpackEdges}. */
    int kernels() {
        return passes().size() + (r2c ? 1 : 0);
    }

    /**
     * The passes in the order they run: r2c the rows', then the other axes'; c2r the other axes', theirs
     * over columns 0 and N/2, then the rows'.
     */
    List<Pass> passes() {
        List<Pass> all = new ArrayList<>();
        if (r2c) {
            all.add(rowPass);
        }
        all.addAll(columns);
        all.addAll(edges);
        if (!r2c) {
            all.add(rowPass);
        }
        return List.copyOf(all);
    }

    /**
     * The lines of {@code FftPlan.toString()} after its first: the kernels in the 3D seed's notation, the
     * split or merge as a word inside the rows' kernel, then one line per kernel.
     */
    String describe() {
        String row = rowPass.kernelNotation();
        row = r2c ? row.substring(0, row.length() - 1) + ", split}" : "{merge, " + row.substring(1);
        String columnsPart = "bins 0 to " + (half - 1) + ": " + notation(columns);
        StringBuilder s = new StringBuilder(r2c
                ? "rows first: " + row + ", then " + columnsPart + ", then bins 0 and " + half + " parted"
                : columnsPart + ", bins 0 and " + half + ": " + notation(edges) + ", then rows last: " + row).append('\n');
        List<String> lines = new ArrayList<>();
        String rowLine = row + "  " + rowPass.schedule() + ", " + rowPass.groups(rows * half) + " groups, " + half
                + "-point transforms of the " + rows + " real rows as pairs, "
                + (r2c ? "split into " + pitch + " bins as it stores (bin " + half + " as bin 0's imaginary part)"
                : "merged from " + pitch + " bins as it loads");
        if (r2c) {
            lines.add(rowLine);
        }
        for (Pass pass : columns) {
            lines.add(pass.kernelNotation() + "  " + pass.schedule() + ", " + pass.groups(rows * half) + " groups, bins 0 to "
                    + (half - 1) + (r2c ? " into the rows of " : " of the rows of ") + pitch);
        }
        for (Pass pass : edges) {
            lines.add(pass.kernelNotation() + "  " + pass.schedule() + ", " + pass.groups(rows * 2) + " groups, bins 0 and "
                    + half + " of the rows of " + pitch);
        }
        if (r2c) {
            lines.add("unpack: bins 0 and " + half + " of each row from bin 0, both Hermitian over the other axes, "
                    + rows + " work-items (one per pair of rows at negated indices)");
        } else {
            lines.add(rowLine);
        }
        for (int k = 0; k < lines.size(); k++) {
            s.append("  kernel ").append(k).append(": ").append(lines.get(k)).append('\n');
        }
        return s.toString();
    }

    private static String notation(List<Pass> passes) {
        return String.join(" ", passes.stream().map(Pass::kernelNotation).toList());
    }

    /** The twiddle table of each pass of {@link #passes()}, in the same order (shared and read-only). */
    List<TornadoNativeArray> tables() {
        Precision precision = descriptor.precision();
        return passes().stream().map(pass -> pass == rowPass ? HostBuffers.realPassTwiddles(precision, pass.sub())
                : HostBuffers.twiddles(precision, pass.sub(), pass.span(), pass.fused())).toList();
    }

    /** The arrays of this route's own (the scratch spectrum and the passes' intermediate results) taken so far. */
    List<TornadoNativeArray> work() {
        return work;
    }

    /**
     * Adds the transform from {@code in} to {@code out} to {@code graph} with the passes' tables
     * {@code tables} ({@link #tables}), sending them first where {@code sendTables}; names every array
     * it writes as an (on-demand) output of the graph, so that freeing releases it; registers the
     * work-group shapes in {@code target}; returns the task names.
     */
    List<String> addTasks(TaskGraph graph, TornadoNativeArray in, TornadoNativeArray out, List<TornadoNativeArray> tables,
                          boolean sendTables, GridScheduler target) {
        if (sendTables) {
            Set<TornadoNativeArray> sent = Collections.newSetFromMap(new IdentityHashMap<>());
            for (TornadoNativeArray table : tables) {
                if (sent.add(table)) {
                    graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, table);
                }
            }
        }
        TornadoNativeArray spectrum = take(0);
        String base = Engine.taskBase(graph);
        List<String> tasks = new ArrayList<>();
        Set<TornadoNativeArray> written = Collections.newSetFromMap(new IdentityHashMap<>());
        written.add(out);
        written.add(spectrum);
        FftDescriptor.Layout rowsOfBins = new FftDescriptor.Layout(1, pitch);
        if (r2c) {
            // The rows into S, the other axes from S into the output (whose packed room may hold their
            // results between passes: an r2c in place has read its input by then), then the edge columns.
            tasks.add(addRowPass(graph, base + "rows", in, spectrum, tables.getFirst(), target));
            List<TornadoNativeArray> chain = chain(columns.size(), spectrum, out, out, 1);
            written.addAll(chain);
            tasks.addAll(addColumns(graph, base + "c", columns, chain, tables.subList(1, tables.size()), half, false,
                    rowsOfBins, target));
            String task = base + "edges";
            if (out instanceof DoubleArray doubles) {
                graph.task(task, RealTransformDouble::unpackEdges, new KernelContext(), doubles, half, (int) rows, lead(0), lead(1));
            } else {
                graph.task(task, RealTransform::unpackEdges, new KernelContext(), (FloatArray) out, half, (int) rows, lead(0), lead(1));
            }
            tasks.add(Bluestein.grid(target, graph.getTaskGraphName(), task, (int) rows, UNPACK_GROUP));
        } else {
            // The other axes from the caller's spectrum (never written) into S, the output's room
            // serving between passes where the transform is out of place, then the rows from S.
            TornadoNativeArray room = descriptor.inPlace() ? null : out;
            List<TornadoNativeArray> chain = chain(columns.size(), in, spectrum, room, 1);
            written.addAll(chain);
            tasks.addAll(addColumns(graph, base + "c", columns, chain, tables.subList(0, columns.size()), half, true,
                    rowsOfBins, target));
            chain = chain(edges.size(), in, spectrum, null, 1);
            written.addAll(chain);
            tasks.addAll(addColumns(graph, base + "e", edges, chain, tables.subList(columns.size(), columns.size() + edges.size()),
                    2, true, new FftDescriptor.Layout(half, pitch), target));
            tasks.add(addRowPass(graph, base + "rows", spectrum, out, tables.getLast(), target));
        }
        if (in != out) {
            written.remove(in);
        }
        Engine.freedWith(graph, written);
        return tasks;
    }

    /**
     * The length of the first (0) or second (1) of the other axes of a 3D transform, of the other axis (1)
     * of a 2D one, else 1: the lengths whose negated indices pair rows ({@link RealTransform#split}).
     */
    private int lead(int which) {
        int[] shape = descriptor.shape();
        return which == 0 ? (shape.length == 3 ? shape[0] : 1) : shape[shape.length - 2];
    }

    /** The rows' one pass, the split (r2c) or merge (c2r) inside, scaling by the whole transform's norm. */
    private String addRowPass(TaskGraph graph, String task, TornadoNativeArray src, TornadoNativeArray dst,
                              TornadoNativeArray table, GridScheduler target) {
        FftDescriptor complex = rowsComplex(rowsReal);
        // r2c writes its rows of N/2 through the output layout (distance N/2) even where they are packed:
        // that is how the pass knows to carry bin N/2 as bin 0's imaginary part.
        int flags = Engine.passFlags(rowPass, !r2c, true, !complex.inputPacked(), r2c || !complex.outputPacked(), complex.size(), false);
        return Engine.addPass(graph, task, rowPass, false, src, dst, table, flags, Engine.scale(descriptor),
                complex.inputLayout(), complex.outputLayout(), complex.floats() / 2, target);
    }

    /**
     * The passes of the other axes over {@code width} columns of the spectrum's rows along {@code chain}:
     * the last writes, and where {@code readsLayout} the first reads, rows of N/2 + 1 bins ({@code layout},
     * blocks of one row of {@code width}); between, packed arrays. Unscaled.
     */
    private List<String> addColumns(TaskGraph graph, String prefix, List<Pass> passes, List<TornadoNativeArray> chain,
                                    List<TornadoNativeArray> tables, int width, boolean readsLayout, FftDescriptor.Layout layout,
                                    GridScheduler target) {
        List<String> tasks = new ArrayList<>();
        long points = rows * width;
        for (int p = 0; p < passes.size(); p++) {
            Pass pass = passes.get(p);
            int flags = Engine.passFlags(pass, !r2c, false, p == 0 && readsLayout, p == passes.size() - 1, width, false);
            tasks.add(Engine.addPass(graph, prefix + p, pass, false, chain.get(p), chain.get(p + 1), tables.get(p), flags, 1,
                    layout, layout, points, target));
        }
        return tasks;
    }

    /**
     * The arrays of k passes from {@code from} to {@code to}: between them, from the last pass back,
     * {@code room} (where not null) or else the first of this route's packed arrays from index
     * {@code firstWork} of {@link #work} on, that differs from both neighbours and from {@code from}.
     */
    private List<TornadoNativeArray> chain(int k, TornadoNativeArray from, TornadoNativeArray to, TornadoNativeArray room,
                                           int firstWork) {
        TornadoNativeArray[] chain = new TornadoNativeArray[k + 1];
        chain[0] = from;
        chain[k] = to;
        for (int i = k - 1; i >= 1; i--) {
            TornadoNativeArray next = chain[i + 1];
            if (room != null && room != next && room != from) {
                chain[i] = room;
                continue;
            }
            int index = firstWork;
            while (take(index) == next || take(index) == from) {
                index++;
            }
            chain[i] = take(index);
        }
        return List.of(chain);
    }

    /**
     * This route's array {@code index} ({@link #work}), taken once: index 0 the scratch S (c2r's of rows of
     * N/2 + 1 bins), the others packed rows of N/2.
     */
    private TornadoNativeArray take(int index) {
        while (work.size() <= index) {
            long values = work.isEmpty() && !r2c ? rows * pitch : rows * half;
            work.add(HostBuffers.take(descriptor.precision(), Math.toIntExact(2 * values)));
        }
        return work.get(index);
    }
}
