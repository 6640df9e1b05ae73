package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.kernels.MixedRadixPass;
import io.github.tornadofft.plan.DeviceProfile;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A 2D or 3D real transform whose rows' N/2 points are one fused mixed-radix kernel, with its rows
 * transformed first (r2c) or last (c2r), cuFFT's order, as {@link RowsFirst} does for powers of two: the
 * rows as a batch of 1D real transforms, the split or merge inside their kernel
 * ({@link MixedRadixPass#REAL}), and the other axes' mixed-radix kernels over the columns of all N/2 + 1
 * bins of the half spectrum ({@link MixedRadix#columns}: they take any number of columns, so bin N/2
 * needs no kernel of its own). The route of the whole shape's complex transform of N/2 points along the
 * rows and then a split kernel pairing rows at negated indices reads and writes the spectrum once more;
 * this one does not.
 *
 * <p>r2c: the rows from the real input into the spectrum, then each other axis's kernels in turn,
 * alternating between the output and a scratch spectrum S (the rows write whichever of the two makes the
 * last kernel end in the output). c2r: the other axes from the caller's spectrum (never
 * written) through S and a second scratch spectrum where there are several kernels, the last into S,
 * then the rows from S into the real output, merging as they load. The norm is applied by the rows.
 *
 * <p>It applies to an out-of-place real transform of two or three axes, not all powers of two (those take
 * {@link RowsFirst}), whose 1D rows {@link Engine#fusesMixedReal} takes: N/2 not a power of two and fused
 * on the device; c2r not on PTX, where the merge kernel of its own was faster. The system property
 * {@value #PROPERTY} = false keeps the split or merge kernel (for comparisons). Not thread-safe: its engine
 * serialises its use (built once, appended under the engine's lock), and frees the arrays of {@link #work}.
 */
final class MixedRowsFirst {

    /** The system property that turns this route off ({@code false}); on by default. */
    static final String PROPERTY = "tornado.fft.mixedRadix.rowsFirst";

    private final FftDescriptor descriptor;
    private final boolean r2c;
    private final int half;
    private final long rows;
    private final int maxGroup;
    /** The rows' real transforms: one fused kernel, the split or merge inside. */
    final MixedRadix rowKernel;
    /** The other axes over the N/2 + 1 columns of the half spectrum. */
    final MixedRadix columns;
    /** Scratch spectra, taken on first use; with the kernels' own work arrays, {@link #work}. */
    private final List<TornadoNativeArray> spectra = new ArrayList<>();

    private MixedRowsFirst(FftDescriptor descriptor, MixedRadix rowKernel, MixedRadix columns, int maxGroup) {
        this.descriptor = descriptor;
        this.r2c = descriptor.kind() == FftDescriptor.Kind.R2C;
        this.half = Engine.lastAxis(descriptor) / 2;
        this.rows = descriptor.size() / Engine.lastAxis(descriptor) * descriptor.batch();
        this.rowKernel = rowKernel;
        this.columns = columns;
        this.maxGroup = maxGroup;
    }

    /**
     * This route for {@code d} on a device of {@code profile} (for d's precision) and backend, or null where
     * it does not apply (see the class comment) or the property is false.
     */
    static MixedRowsFirst plan(FftDescriptor d, DeviceProfile profile, boolean ptx) {
        if (!Engine.isRealRows(d) || d.inPlace() || Engine.promotes(d) || d.precision() == Precision.HALF
                || !Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
            return null;
        }
        int[] shape = d.shape();
        int n = shape[shape.length - 1];
        if (Arrays.stream(shape).allMatch(length -> Integer.bitCount(length) == 1)) {
            return null;
        }
        long rows = d.size() / n * d.batch();
        int[] spectrumShape = shape.clone();
        spectrumShape[shape.length - 1] = n / 2 + 1;
        if (2 * rows * (n / 2 + 1) > Integer.MAX_VALUE - 64) {
            return null;
        }
        FftDescriptor.Builder b = d.kind() == FftDescriptor.Kind.R2C ? FftDescriptor.r2c(n) : FftDescriptor.c2r(n);
        FftDescriptor rowsReal = b.batch((int) rows).precision(d.precision()).build();
        long localBytes = profile.localBytes();
        if (!Engine.fusesMixedReal(rowsReal, localBytes, ptx)) {
            return null;
        }
        boolean gpu = !profile.cpu();
        FftDescriptor rowComplex = Engine.complexPart(rowsReal, true);
        FftDescriptor spectrum = FftDescriptor.c2c(spectrumShape).batch(d.batch()).precision(d.precision())
                .direction(d.kind() == FftDescriptor.Kind.R2C ? Direction.FORWARD : Direction.INVERSE).build();
        return new MixedRowsFirst(d,
                new MixedRadix(rowComplex, localBytes, MixedRadix.planes(ptx, rowComplex, gpu), gpu, true),
                MixedRadix.columns(spectrum, localBytes, MixedRadix.planes(ptx, spectrum, gpu), gpu),
                profile.maxGroupSize());
    }

    /** Kernels per transform: the rows' one and the other axes'. */
    int kernels() {
        return rowKernel.kernels() + columns.kernels();
    }

    /** The twiddle tables of the rows' kernel and the other axes' (shared and read-only). */
    List<TornadoNativeArray> tables() {
        List<TornadoNativeArray> all = new ArrayList<>(rowKernel.tables());
        all.addAll(columns.tables());
        return List.copyOf(all);
    }

    /** The arrays of this route's own: the scratch spectra taken so far and the other axes' work arrays. */
    List<TornadoNativeArray> work() {
        List<TornadoNativeArray> all = new ArrayList<>(spectra);
        all.addAll(columns.work());
        return all;
    }

    /**
     * Registers per work-item on PTX: the mixed-radix kernels' cap where both the rows' and the other axes'
     * take the same ({@link MixedRadix#ptxRegisters}), else none.
     */
    int ptxRegisters() {
        int a = rowKernel.ptxRegisters();
        return a == columns.ptxRegisters() ? a : Integer.MAX_VALUE;
    }

    /**
     * The lines of {@code FftPlan.toString()} after its first: the order, then one line per kernel.
     */
    String describe() {
        String rowLine = "rows " + (r2c ? "first" : "last") + ": " + rowKernel.notation() + ", the " + rows
                + " real rows' " + (r2c ? "split" : "merge") + " inside";
        String others = "the other axes over the " + (half + 1) + " bins of each row:"
                + String.join(";", columns.axes().stream().map(axis -> " axis " + axis.axis + " " + axis.notation()).toList());
        StringBuilder s = new StringBuilder(r2c ? rowLine + ", then " + others : others + ", then " + rowLine).append('\n');
        if (r2c) {
            s.append(rowKernel.kernels(0)).append(columns.kernels(rowKernel.kernels()));
        } else {
            s.append(columns.kernels(0)).append(rowKernel.kernels(columns.kernels()));
        }
        return s.toString();
    }

    /**
     * Adds the transform from {@code in} to {@code out} to {@code graph}, sending the tables first; names
     * every array it writes as an (on-demand) output of the graph, so that freeing releases it; registers
     * the work-group shapes in {@code target}; returns the task names.
     */
    List<String> addTasks(TaskGraph graph, TornadoNativeArray in, TornadoNativeArray out, GridScheduler target) {
        Direction direction = r2c ? Direction.FORWARD : Direction.INVERSE;
        double scale = Engine.scale(descriptor);
        int k = columns.passes();
        List<String> tasks = new ArrayList<>();
        List<TornadoNativeArray> chain = new ArrayList<>();
        if (r2c) {
            // The other axes' k kernels alternate between S and the output, ending in the output; the rows
            // write where the first of them reads.
            for (int i = 0; i <= k; i++) {
                chain.add((k - i) % 2 == 0 ? out : spectrum(0));
            }
            tasks.addAll(rowKernel.addTasks(graph, direction, List.of(in, chain.getFirst()), true, scale, maxGroup, target));
            tasks.addAll(columns.addTasks(graph, direction, chain, true, 1, maxGroup, target));
        } else {
            // From the caller's spectrum, never written, through S and S' alternately, ending in S.
            chain.add(in);
            for (int i = 1; i <= k; i++) {
                chain.add(spectrum((k - i) % 2));
            }
            tasks.addAll(columns.addTasks(graph, direction, chain, true, 1, maxGroup, target));
            tasks.addAll(rowKernel.addTasks(graph, direction, List.of(chain.getLast(), out), true, scale, maxGroup, target));
        }
        List<TornadoNativeArray> written = new ArrayList<>(chain);
        written.add(out);
        written.addAll(columns.work());
        written.removeIf(buffer -> buffer == in);
        Engine.freedWith(graph, written);
        return tasks;
    }

    /** Scratch spectrum {@code index} (N/2 + 1 bins a row), taken once. */
    private TornadoNativeArray spectrum(int index) {
        while (spectra.size() <= index) {
            spectra.add(HostBuffers.take(descriptor.precision(), Math.toIntExact(2 * rows * (half + 1))));
        }
        return spectra.get(index);
    }
}
