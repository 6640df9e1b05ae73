package io.github.tornadofft;

import io.github.tornadofft.api.FftDescriptor;
import io.github.tornadofft.api.Precision;
import io.github.tornadofft.plan.DeviceProfile;
import io.github.tornadofft.plan.Pass;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a 2D or 3D real transform runs with its rows first (r2c) or last (c2r), and in which order its
 * passes run, on the planner alone (no device); the device tests hold the results to numpy's
 * (RealTransformNdTest, DoublePrecisionTest).
 */
class RowsFirstTest {

    private static final DeviceProfile GPU = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30);
    private static final DeviceProfile CPU = DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30);

    @Test
    void r2cRunsItsRowsFirstAndC2rLast() {
        for (DeviceProfile device : List.of(GPU, CPU)) {
            RowsFirst r2c = RowsFirst.plan(FftDescriptor.r2c(4096, 4096).build(), device);
            assertNotNull(r2c, device.name());
            List<Pass> passes = r2c.passes();
            assertEquals(r2c.rowPass, passes.getFirst());
            assertEquals(0, r2c.rowPass.axis(), "the rows' pass runs along X");
            assertEquals(List.of(), r2c.edges, "r2c carries bin N/2 in bin 0 through the other axes' passes");
            assertEquals(1 + r2c.columns.size(), passes.size());
            assertEquals(passes.size() + 1, r2c.kernels(), "and parts them in a kernel of its own");
            assertTrue(passes.subList(1, passes.size()).stream().allMatch(p -> p.axis() == 1 && p.stride() == 2048),
                    "then Y passes over bins 0 to N/2 - 1: " + passes);
            RowsFirst c2r = RowsFirst.plan(FftDescriptor.c2r(4096, 4096).build(), device);
            assertEquals(c2r.rowPass, c2r.passes().getLast(), "c2r's rows last");
            assertEquals(2, c2r.edges.getFirst().stride(), "bins 0 and N/2: two columns");
            assertTrue(c2r.edges.stream().allMatch(p -> device.cpu() || p.groupSize() <= RowsFirst.EDGE_GROUP), c2r.describe());
            assertEquals(c2r.columns.size() + c2r.edges.size() + 1, c2r.kernels());
        }
        RowsFirst cube = RowsFirst.plan(FftDescriptor.r2c(64, 32, 16).batch(3).inPlace(true).precision(Precision.DOUBLE).build(), GPU);
        assertNotNull(cube);
        assertEquals(List.of(0, 1, 2), cube.passes().stream().map(Pass::axis).toList());
        String text = cube.describe();
        assertTrue(text.startsWith("rows first: {X(1,8,1,8,no-tw), split}, then bins 0 to 7: {Y("), text);
        assertTrue(text.contains("then bins 0 and 8 parted") && text.contains("unpack: bins 0 and 8"), text);
        assertEquals(4, text.lines().filter(l -> l.startsWith("  kernel")).count(), text);
        RowsFirst back = RowsFirst.plan(FftDescriptor.c2r(64, 32, 16).batch(3).build(), GPU);
        assertEquals(List.of(1, 2, 1, 2, 0), back.passes().stream().map(Pass::axis).toList());
        assertTrue(back.describe().startsWith("bins 0 to 7: {Y("), back.describe());
        assertTrue(back.describe().contains(", bins 0 and 8: {Y(") && back.describe().contains("then rows last: {merge, X(1,8,1,8,no-tw)}"),
                back.describe());
    }

    @Test
    void otherShapesKeepTheirRoutes() {
        // 1D, an axis that is not a power of two, N = 2, half precision, complex.
        assertNull(RowsFirst.plan(FftDescriptor.r2c(4096).batch(8).build(), GPU));
        assertNull(RowsFirst.plan(FftDescriptor.r2c(96, 128).build(), GPU));
        assertNull(RowsFirst.plan(FftDescriptor.r2c(128, 96).build(), GPU));
        assertNull(RowsFirst.plan(FftDescriptor.r2c(128, 2).build(), GPU));
        assertNull(RowsFirst.plan(FftDescriptor.c2r(128, 256).precision(Precision.HALF).build(), GPU));
        assertNull(RowsFirst.plan(FftDescriptor.c2c(128, 256).build(), GPU));
        // Rows whose N/2 points take more than one pass: the split kernel of its own, pairing rows at negated indices.
        assertNull(RowsFirst.plan(FftDescriptor.r2c(16, 1 << 14).build(), GPU));
        assertNotNull(RowsFirst.plan(FftDescriptor.r2c(16, 1 << 13).build(), GPU));
        try (SystemProperties off = SystemProperties.set(RowsFirst.PROPERTY, "false")) {
            assertNull(RowsFirst.plan(FftDescriptor.r2c(64, 256).build(), GPU));
        }
    }
}
