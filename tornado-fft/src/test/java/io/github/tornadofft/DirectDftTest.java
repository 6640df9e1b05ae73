package io.github.tornadofft;

import io.github.tornadofft.kernels.DirectDft;
import io.github.tornadofft.kernels.TwiddleTable;
import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.Norm;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.stream.Stream;

import static io.github.tornadofft.Signals.assertWithin;

/**
 * The direct O(n^2) DFT kernel on the TornadoVM device, held to the reference: the first kernel of
 * the project and an independent check of the fast ones. Any length, not only powers of two.
 */
@Tag("device")
@ExtendWith(Seed.class)
class DirectDftTest {

    /**
     * Each output a sum of n products in float: the error grows as sqrt(n), not as an FFT's log2 n.
     * 2^-23 sqrt(n), 3.8e-6 at n = 1000; measured on PoCL's CPU device, 2.2e-8 sqrt(n) (7.0e-7 at n = 1000,
     * 3.1e-8 at n = 2).
     */
    private static double tolerance(int n) {
        return 0x1p-23 * Math.sqrt(n);
    }

    static Stream<Arguments> lengths() {
        return Stream.of(1, 2, 3, 5, 7, 8, 12, 16, 31, 100, 128, 243, 256, 1000)
                .flatMap(n -> Stream.of(Direction.FORWARD, Direction.INVERSE).map(d -> Arguments.of(n, d)));
    }

    @ParameterizedTest(name = "n={0} {1}")
    @MethodSource("lengths")
    void matchesTheReference(int n, Direction direction) throws Exception {
        int batch = 3;
        int total = n * batch;
        float[] host = Signals.random(2L * total);
        FloatArray in = Signals.keep(FloatArray.fromArray(host));
        FloatArray out = Signals.keep(new FloatArray(2 * total));
        out.init(Float.NaN);
        FloatArray table = Signals.keep(TwiddleTable.full(n, direction));
        float scale = direction == Direction.INVERSE ? 1f / n : 1f;   // numpy's backward norm

        TaskGraph graph = new TaskGraph("direct" + n + direction)
                .transferToDevice(DataTransferMode.EVERY_EXECUTION, in, table)
                .task("dft", DirectDft::dft, new KernelContext(), in, out, table, n, total, scale)
                .transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        int group = 64;
        WorkerGrid1D worker = new WorkerGrid1D((total + group - 1) / group * group);
        worker.setLocalWork(group, 1, 1);
        GridScheduler grid = new GridScheduler(graph.getTaskGraphName() + ".dft", worker);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TestDevice.get()).withGridScheduler(grid).execute();
        }
        assertWithin(out.toHeapArray(), Signals.reference1d(host, n, batch, direction, Norm.BACKWARD), tolerance(n),
                "direct DFT n=" + n + " " + direction);
    }
}
