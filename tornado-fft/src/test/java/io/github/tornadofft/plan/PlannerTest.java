package io.github.tornadofft.plan;

import io.github.tornadofft.SystemProperties;
import io.github.tornadofft.kernels.RegisterPass;
import io.github.tornadofft.plan.DeviceProfile.Exchange;
import io.github.tornadofft.plan.DeviceProfile.Choice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The planner's decisions hold together for every shape, on a GPU-like and a CPU-like device. */
class PlannerTest {

    static final DeviceProfile GPU = new DeviceProfile("gpu", false, 48 << 10, 512, 80L << 30, 256, 4, 16, Exchange.AUTO);
    static final DeviceProfile GPU_PAIR = new DeviceProfile("gpu pairs", false, 48 << 10, 512, 80L << 30, 256, 4, 16,
            Exchange.PAIR);
    static final DeviceProfile GPU_SPLIT = new DeviceProfile("gpu split", false, 48 << 10, 512, 80L << 30, 256, 4, 16,
            Exchange.SPLIT);
    static final DeviceProfile CPU = new DeviceProfile("cpu", true, 512 << 10, 4096, 64L << 30, 256, 4, 16, Exchange.AUTO);
    static final DeviceProfile SMALL_RADIX = new DeviceProfile("gpu radix 8", false, 48 << 10, 512, 80L << 30, 128, 3, 16,
            Exchange.AUTO);
    /** A GPU whose arrays start on 128-byte lines: smaller groups and short runs where they cost no pass. */
    static final DeviceProfile GPU_ALIGNED = GPU.withDataAlignment(Planner.ALIGNED_DATA);

    static Stream<Arguments> shapes() {
        Stream<int[]> oneD = IntStream.rangeClosed(0, 27).mapToObj(b -> new int[] {1 << b});
        Stream<int[]> more = Stream.of(new int[] {4096, 4096}, new int[] {2, 1024}, new int[] {1024, 2},
                new int[] {128, 128, 128}, new int[] {512, 512, 512}, new int[] {2, 2, 2}, new int[] {1, 64, 1},
                new int[] {16, 8192, 2}, new int[] {8192, 4, 4}, new int[] {1024, 1024}, new int[] {1024, 128, 128},
                new int[] {512, 1024, 16});
        return Stream.concat(oneD, more).flatMap(s -> Stream.of(GPU, GPU_PAIR, GPU_SPLIT, CPU, SMALL_RADIX, GPU_ALIGNED)
                .map(d -> Arguments.of(s, d)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("shapes")
    void passesComposeTheTransformAndFitTheDevice(int[] shape, DeviceProfile device) {
        int batch = 3;
        long points = batch;
        for (int n : shape) {
            points *= n;
        }
        List<Pass> plan = Planner.plan(shape, batch, device);
        assertTrue(!plan.isEmpty(), "at least one pass");
        int stride = 1;
        for (int axis = 0; axis < shape.length; axis++) {
            int n = shape[shape.length - 1 - axis];
            final int a = axis;
            List<Pass> mine = plan.stream().filter(p -> p.axis() == a).toList();
            long product = 1;
            int span = 1;
            for (Pass p : mine) {
                assertEquals(n, p.n(), "axis length");
                assertEquals(stride, p.stride(), "stride of axis " + axis);
                assertEquals(span, p.span(), "span is the product of the earlier radices");
                product *= p.radix();
                span *= p.radix();
            }
            if (axis == 0 && plan.get(0).fused() > 1) {
                // X fused into the first strided pass: the whole axis, in that pass's kernel.
                assertTrue(mine.isEmpty(), "no pass of its own along a fused X: " + plan);
                product = plan.get(0).fused();
            }
            if (n > 1) {
                assertEquals(n, product, "radices of axis " + axis + " multiply to its length");
            }
            stride *= n;
        }
        assertTrue(plan.stream().skip(1).allMatch(p -> p.fused() == 1), "only the first pass takes X: " + plan);
        for (Pass p : plan) {
            int sub = 1;
            for (int s : p.sub()) {
                sub *= s;
                assertTrue(s <= 1 << device.registerBits(), "register radix " + s);
            }
            assertEquals(p.radix(), sub, "sub-passes multiply to the radix");
            assertTrue(p.groupSize() <= device.maxGroupSize(), "group size " + p.groupSize());
            long localBytes = (p.split() ? 1L : 2L) * Float.BYTES * (p.cols() * p.rows() * p.radix() * 33L / 32 + 1);
            assertTrue(localBytes <= device.localBytes(), "local memory " + localBytes);
            assertEquals(points, (long) p.groups(points) * p.cols() * p.rows() * p.radix(), "groups cover the array");
            if (p.stride() > 1) {
                assertEquals(0, p.stride() % p.cols(), "columns tile the faster axes");
            }
        }
    }

    @Test
    void aShortXAxisIsFusedIntoTheFirstStridedPass() {
        for (DeviceProfile device : List.of(GPU, GPU_PAIR, GPU_SPLIT, CPU, SMALL_RADIX)) {
            // X of 2 to 16 in one step into Y, or into Z where Y has length 1; X of 32 and 64 (and 8
            // and 16 over a radix-4 Y) in two, on a CPU only when asked for.
            int[][] oneStep = {{4096, 16}, {1 << 20, 16}, {64, 8}, {1024, 2}, {256, 256, 4}, {32, 1, 8}, {16, 16}};
            int[][] twoSteps = {{16, 32}, {32, 32, 32}, {4, 16}, {4, 8}, {8, 1, 32}, {64, 64, 64}};
            DeviceProfile on = device.withFusion(Choice.ON);
            for (int[] shape : twoSteps) {
                assertEquals(device.cpu() ? 1 : shape[shape.length - 1], Planner.plan(shape, 2, device).get(0).fused(),
                        device + " " + Arrays.toString(shape));
            }
            for (int[] shape : Stream.concat(Arrays.stream(oneStep), Arrays.stream(twoSteps)).toList()) {
                int x = shape[shape.length - 1];
                List<Pass> plan = Planner.plan(shape, 2, on);
                DeviceProfile apart = device.withFusion(Choice.OFF);
                List<Pass> unfused = Planner.plan(shape, 2, apart);
                assertEquals(x, plan.get(0).fused(), device + " " + plan);
                assertEquals(x, plan.get(0).stride(), device + " " + plan);
                assertTrue(x <= RegisterPass.maxFused(plan.get(0).regs()) && plan.get(0).cols() % x == 0, device + " " + plan);
                assertEquals(unfused.size() - 1, plan.size(), "one pass fewer: " + unfused + " -> " + plan);
                assertEquals(0, unfused.get(0).axis(), device + " " + unfused);
            }
            // Fused only where that saves a kernel: with runs of whole rows of 32, the Y axis of 2D 1024 x 32
            // takes two passes, so where runs of 16 gave it one, X keeps its own pass.
            List<Pass> oblong = Planner.plan(new int[] {1024, 32}, 2, device);
            DeviceProfile apart = device.withFusion(Choice.OFF);
            List<Pass> separate = Planner.plan(new int[] {1024, 32}, 2, apart);
            assertTrue(oblong.get(0).fused() == 1 ? oblong.size() == separate.size() : oblong.size() < separate.size(),
                    separate + " -> " + oblong);
            // The seed's notation, one pair of braces per kernel, an X of two steps as two sub-steps.
            assertEquals("{X(8,8,8,64,tw), X(8,8,1,8,no-tw), Y(1,64,1,64,no-tw)}",
                    Planner.plan(new int[] {64, 64, 64}, 1, on).get(0).kernelNotation(), device.toString());
            // Rows in one step where the device's largest register radix holds them (the first plan of
            // 4096 x 16 on a GPU, 8 x 8, would hold them in two), else in two.
            assertEquals(device.registerBits() == 4 ? "{X(1,16,1,16,no-tw), Y(64,64,64,4096,tw)}"
                            : "{X(2,8,2,16,tw), X(8,2,1,2,no-tw), Y(64,64,64,4096,tw)}",
                    Planner.plan(new int[] {4096, 16}, 1, device).get(0).kernelNotation(), device.toString());
            // Not fused: X longer than 64, a first strided pass of too few values (Y = 2: rows of up to 2), 1D.
            for (int[] shape : new int[][] {{64, 128}, {2, 16}, {128, 128, 128}, {1 << 16}}) {
                assertEquals(1, Planner.plan(shape, 2, device).get(0).fused(), device + " " + Arrays.toString(shape));
            }
        }
    }

    @Test
    void aGpuGivesAShortTransformSixteenWorkItemsWhereThreeStepsAllow() {
        // Whole transforms per group line: 16 work-items each where three register steps allow it (64
        // to 256 points), as many as they allow below (8 for 32 points, 4 for 8 and 16, 2 for 4), so
        // that every access instruction covers 128 adjacent bytes of a transform, or all of it.
        assertArrayEquals(new int[] {4, 4, 2}, Planner.plan(new int[] {32}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {4, 4, 4}, Planner.plan(new int[] {64}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {8, 4, 4}, Planner.plan(new int[] {128}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {16, 16}, Planner.plan(new int[] {256}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {4, 4}, Planner.plan(new int[] {16}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {2, 2, 2}, Planner.plan(new int[] {8}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {2, 2}, Planner.plan(new int[] {4}, 1 << 10, GPU).get(0).sub());
        assertArrayEquals(new int[] {2}, Planner.plan(new int[] {2}, 1 << 10, GPU).get(0).sub());
        // The X pass of a 2D shape whose X cannot be fused, too; a CPU keeps fat work-items.
        assertArrayEquals(new int[] {4, 4}, Planner.plan(new int[] {2, 16}, 1, GPU).get(0).sub());
        assertArrayEquals(new int[] {4, 4, 2}, Planner.plan(new int[] {2, 32}, 1, GPU).get(0).sub());
        assertArrayEquals(new int[] {16}, Planner.plan(new int[] {16}, 1 << 10, CPU).get(0).sub());
        // Never more work-items than a group may have.
        DeviceProfile two = new DeviceProfile("gpu, groups of 2", false, 48 << 10, 2, 80L << 30, 2, 3, 16, Exchange.AUTO);
        assertArrayEquals(new int[] {8, 2}, Planner.plan(new int[] {16}, 1 << 10, two).get(0).sub());
    }

    @Test
    void aGpuReadsTheFirstOfSeveralPassesAlongXInRunsOfEight() {
        // The first pass of a long X axis reads runs of 8 (64 bytes) in small groups, as cuFFT's does,
        // and stages its writes into contiguous blocks; the later passes keep their longer runs.
        for (int bits : new int[] {13, 16, 20, 24, 27}) {
            List<Pass> plan = Planner.plan(new int[] {1 << bits}, 1, GPU);
            assertTrue(plan.size() > 1, plan.toString());
            assertEquals(8, plan.get(0).cols(), plan.toString());
            assertTrue(plan.get(0).groupSize() <= 256, plan.toString());
            plan.subList(1, plan.size()).forEach(p -> assertTrue(p.cols() >= 16, p.toString()));
        }
        // The same for a long X axis of a 2D shape; strided axes and single passes are not touched.
        assertEquals(8, Planner.plan(new int[] {4, 1 << 16}, 1, GPU).get(0).cols());
        Planner.plan(new int[] {4096, 4096}, 1, GPU).stream().filter(p -> p.axis() == 1)
                .forEach(p -> assertEquals(64, p.cols(), p.toString()));
        assertEquals(1, Planner.plan(new int[] {4096}, 64, GPU).get(0).cols());
        // A first pass that exchanges in turn (2^17: radix 512 = 16 x 8 x 4 in a split tile) keeps its
        // runs, and a CPU keeps its runs along X.
        List<Pass> plan17 = Planner.plan(new int[] {1 << 17}, 1, GPU);
        assertTrue(plan17.get(0).split() && plan17.get(0).cols() == 16, plan17.toString());
        assertEquals(16, Planner.plan(new int[] {1 << 16}, 1, CPU).get(0).cols());
    }

    @Test
    void aGpuLengthensTheRunsOnlyWhereThatCostsNoPass() {
        DeviceProfile gpu = GPU_PAIR;
        // 2D 4096^2: the Y passes hold 64 adjacent columns (512-byte runs) in the same two passes.
        List<Pass> plan2d = Planner.plan(new int[] {4096, 4096}, 1, gpu);
        assertEquals(3, plan2d.size(), plan2d.toString());
        plan2d.stream().filter(p -> p.axis() == 1).forEach(p -> assertEquals(64, p.cols(), p.toString()));
        // 1D 2^20: three passes either way; 32 adjacent lines fill a tile of radix 128 (after the first
        // pass, which reads runs of FIRST_PASS_RUNS).
        List<Pass> plan20 = Planner.plan(new int[] {1 << 20}, 1, gpu);
        plan20.subList(1, plan20.size()).forEach(p -> assertEquals(32, p.cols(), p.toString()));
        // 3D 256^3: runs of 32 would split the Y and Z axes into two passes each, so they keep 16.
        Planner.plan(new int[] {256, 256, 256}, 1, gpu).stream().filter(p -> p.axis() > 0)
                .forEach(p -> assertEquals(16, p.cols(), p.toString()));
        // 1D 2^24: runs of 32 would need four passes of radix 64 instead of three of 256, so 16 it is.
        List<Pass> plan1d = Planner.plan(new int[] {1 << 24}, 1, gpu);
        assertEquals(3, plan1d.size(), plan1d.toString());
        plan1d.subList(1, plan1d.size()).forEach(p -> assertEquals(16, p.cols(), p.toString()));
        // A CPU lengthens the runs of its strided axes the same way, and keeps those along X.
        Planner.plan(new int[] {4096, 4096}, 1, CPU).stream().filter(p -> p.axis() == 1)
                .forEach(p -> assertEquals(64, p.cols(), p.toString()));
        Planner.plan(new int[] {128, 128, 128}, 1, CPU).stream().filter(p -> p.axis() > 0)
                .forEach(p -> assertEquals(64, p.cols(), p.toString()));
        Planner.plan(new int[] {1 << 20}, 1, CPU).forEach(p -> assertEquals(16, p.cols(), p.toString()));
    }

    @Test
    void aGpuSplitsTheExchangeWhereTheLargerTileLengthensRunsOf16() {
        // 3D 256^3: the split tile (8192 values) holds 32 columns of a 256-point Y or Z line.
        List<Pass> plan3d = Planner.plan(new int[] {256, 256, 256}, 1, GPU);
        plan3d.stream().filter(p -> p.axis() > 0).forEach(p -> {
            assertTrue(p.split(), p.toString());
            assertEquals(32, p.cols(), p.toString());
        });
        assertFalse(plan3d.get(0).split(), "the X pass fits either way: " + plan3d.get(0));
        // Where pairs already give runs of 32 or more, or a single pass, nothing changes.
        // Along X the passes after the first (scattered runs on both sides) take runs of 32 by splitting;
        // the first, whose writes are staged into contiguous blocks, keeps pairs (and reads runs of 8).
        for (int bits : new int[] {16, 24}) {
            List<Pass> plan1d = Planner.plan(new int[] {1 << bits}, 1, GPU);
            assertFalse(plan1d.get(0).split(), plan1d.get(0).toString());
            assertEquals(Planner.FIRST_PASS_RUNS, plan1d.get(0).cols(), plan1d.get(0).toString());
            plan1d.subList(1, plan1d.size()).forEach(p -> assertTrue(p.split() && p.cols() == 32, p.toString()));
        }
        // A 512-point strided axis: radix 512 in runs of 16 is one split pass (16 x 8 x 4 in registers,
        // 32 work-items a column), two with pairs.
        List<Pass> plan2d = Planner.plan(new int[] {512, 512}, 1, GPU);
        assertEquals(2, plan2d.size(), plan2d.toString());
        assertTrue(plan2d.get(1).split() && plan2d.get(1).cols() == 16, plan2d.get(1).toString());
        assertArrayEquals(new int[] {16, 8, 4}, plan2d.get(1).sub(), plan2d.get(1).toString());
        assertEquals(512, plan2d.get(1).groupSize(), plan2d.get(1).toString());
        Planner.plan(new int[] {1 << 20}, 1, GPU).forEach(p -> assertFalse(p.split(), p.toString()));
        Planner.plan(new int[] {4096, 4096}, 1, GPU).forEach(p -> assertFalse(p.split(), p.toString()));
        Planner.plan(new int[] {4096}, 64, GPU).forEach(p -> assertFalse(p.split(), p.toString()));
        // A CPU never splits on its own; a forced split doubles the tile.
        Planner.plan(new int[] {256, 256, 256}, 1, CPU).forEach(p -> assertFalse(p.split(), p.toString()));
        Planner.plan(new int[] {1 << 20}, 1, GPU_SPLIT).forEach(p -> assertTrue(p.split(), p.toString()));
    }

    @Test
    void aGpuGroupStaysWithinWhatItsRegistersHold() {
        // Up to 128 registers per work-item: 512 work-items fill a multiprocessor's 65536.
        DeviceProfile h100 = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30);
        assertEquals(DeviceProfile.maxGpuGroup(), h100.maxGroupSize());
        assertEquals(4096, DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30).maxGroupSize());
        for (int bits = 1; bits <= 24; bits++) {
            Planner.plan(new int[] {1 << bits}, 1, h100)
                    .forEach(p -> assertTrue(p.groupSize() <= DeviceProfile.maxGpuGroup(), p.toString()));
        }
    }

    @Test
    void whereNoRegisterCapReachesTheCompilerEveryGroupLaunchesUnderAnyCount() {
        // The CUDA backend's NVRTC compile takes no cap: a kernel may hold 255 registers, 256 work-items fit.
        DeviceProfile cuda = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30, 256, Tuning.PLANNER.withoutCompilerCap());
        assertEquals(256, cuda.maxGroupSize());
        // a register count the caller chose stands, by the tuning or by the property
        assertEquals(96, Tuning.PLANNER.withMaxRegisters(96).withoutCompilerCap().maxRegisters());
        try (SystemProperties set = SystemProperties.set(DeviceProfile.MAX_REGISTERS_PROPERTY, "128")) {
            assertEquals(128, Tuning.fromProperties().withoutCompilerCap().maxRegisters());
        }
        assertTrue(256 * DeviceProfile.UNCAPPED_REGISTERS <= 65536);
        List<int[]> shapes = new java.util.ArrayList<>();
        IntStream.rangeClosed(1, 24).forEach(bits -> shapes.add(new int[] {1 << bits}));
        shapes.addAll(List.of(new int[] {4096, 4096}, new int[] {128, 128, 32}, new int[] {512, 512, 512},
                new int[] {16, 16, 64}, new int[] {1000, 1000}, new int[] {1009, 64}));
        for (int[] shape : shapes) {
            List<Pass> plan = Planner.plan(shape, 2, cuda);
            plan.forEach(p -> assertTrue(p.groupSize() <= 256, Arrays.toString(shape) + ": " + p));
        }
        // 128 lines of 32 fused would take 512 work-items: there X keeps a pass of its own.
        assertEquals(0, Planner.plan(new int[] {128, 128, 32}, 1, cuda.withFusion(Choice.ON)).get(0).axis());
    }

    @Test
    void aGpuTakesTheWidestFirstRadixInAPassOfTwoRegisterSteps() {
        // 2D 4096^2: the Y passes of radix 64 as 16 x 4 (4 work-items a column, 256 a group of 64
        // columns), not 8 x 8 (512); radix 32 keeps 8 x 4 (16 x 2 was slower).
        Planner.plan(new int[] {4096, 4096}, 1, GPU).stream().filter(p -> p.axis() == 1).forEach(p -> {
            assertArrayEquals(new int[] {16, 4}, p.sub(), p.toString());
            assertEquals(256, p.groupSize(), p.toString());
        });
        Planner.plan(new int[] {1024, 1024}, 1, GPU).stream().filter(p -> p.axis() == 1)
                .forEach(p -> assertArrayEquals(new int[] {8, 4}, p.sub(), p.toString()));
        // 1D 2^18 keeps its three passes of radix 64, each 16 x 4.
        List<Pass> p18 = Planner.plan(new int[] {1 << 18}, 1, GPU);
        assertEquals(3, p18.size(), p18.toString());
        p18.forEach(p -> assertArrayEquals(new int[] {16, 4}, p.sub(), p.toString()));
        // Radices of one or three steps, a transform alone on its group line, and a CPU are as before.
        assertArrayEquals(new int[] {16, 16}, Planner.plan(new int[] {1 << 16}, 1, GPU).get(1).sub());
        assertArrayEquals(new int[] {4, 4, 4}, Planner.plan(new int[] {64}, 1 << 10, GPU).get(0).sub());
        Planner.plan(new int[] {4096, 4096}, 1, CPU).stream().filter(p -> p.axis() == 1)
                .forEach(p -> assertArrayEquals(new int[] {8, 8}, p.sub(), p.toString()));
    }

    @Test
    void onlyAGpusSingleGroupKernelsOf2048And4096PointsStoreLate() {
        // One pass, each group one transform of 128 or 256 work-items of 16 values, on an NVIDIA GPU.
        assertTrue(Planner.storesLate(Planner.plan(new int[] {4096}, 4096, h100()), h100(), true));
        assertTrue(Planner.storesLate(Planner.plan(new int[] {2048}, 8192, h100()), h100(), true));
        assertTrue(Planner.storesLate(Planner.plan(new int[] {4096}, 1, h100()), h100(), true));
        // Not on another vendor's GPU, not on a CPU, not for kernels of 64 work-items (1024 and 256 points),
        // nor for plans of several passes (one cap serves all their kernels).
        assertFalse(Planner.storesLate(Planner.plan(new int[] {4096}, 4096, h100()), h100(), false));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {4096}, 1024, CPU), CPU, true));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {1024}, 16384, h100()), h100(), true));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {256}, 65536, h100()), h100(), true));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {1 << 16}, 256, h100()), h100(), true));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {4096, 4096}, 1, h100()), h100(), true));
        // In double the same kernels, under a cap of their own: 16 complex doubles spill under float's 72.
        DeviceProfile doubles = h100().forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        assertTrue(Planner.storesLate(Planner.plan(new int[] {4096}, 2048, doubles), doubles, true));
        assertTrue(Planner.storesLate(Planner.plan(new int[] {2048}, 4096, doubles), doubles, true));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {1024}, 16384, doubles), doubles, true));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {1 << 16}, 256, doubles), doubles, true));
        assertEquals(DeviceProfile.LATE_STORE_REGISTERS, Planner.lateStoreRegisters(h100()));
        assertEquals(DeviceProfile.MAX_REGISTERS, Planner.lateStoreRegisters(doubles));
        assertTrue(Planner.lateStoreRegisters(doubles) < DeviceProfile.DOUBLE_REGISTERS);
        // The profile's choice forces it either way, on any device; the property sets that choice, and a
        // bad value is refused by name.
        List<Pass> cpu = Planner.plan(new int[] {64}, 3, CPU);
        assertTrue(Planner.storesLate(cpu, CPU.withLateStore(Choice.ON), false));
        assertFalse(Planner.storesLate(Planner.plan(new int[] {4096}, 4096, h100()), h100().withLateStore(Choice.OFF), true));
        assertEquals(Choice.ON, withProperty(DeviceProfile.LATE_STORE_PROPERTY, "true", PlannerTest::h100).lateStore());
        assertEquals(Choice.OFF, withProperty(DeviceProfile.LATE_STORE_PROPERTY, "false", PlannerTest::h100).lateStore());
        assertRefused(DeviceProfile.LATE_STORE_PROPERTY, "sometimes", "auto, true or false");
    }

    @Test
    void aCpuTileHoldsAtMost128KbOfValuesInEitherPrecision() {
        // PoCL reports 512 KB of local memory; a tile takes 128 KB of it: 16384 complex floats, 8192 doubles.
        DeviceProfile doubles = CPU.forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        assertEquals(16384, CPU.localComplexCapacity(false));
        assertEquals(8192, doubles.localComplexCapacity(false));
        assertEquals(DeviceProfile.CPU_TILE_BYTES, 8192L * 16);
        // So on PoCL's profile (runs of 32 floats, 16 doubles) Y of 2D 1024² in double is two passes (one of
        // 1024 in runs of 16 would take a 256 KB tile), as in float.
        DeviceProfile pocl = DeviceProfile.of("cpu", true, 512 << 10, 4096, 8L << 30, 16, Tuning.PLANNER);
        DeviceProfile poclDoubles = pocl.forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        assertEquals(3, Planner.plan(new int[] {1024, 1024}, 1, poclDoubles).size());
        assertEquals(3, Planner.plan(new int[] {1024, 1024}, 1, pocl).size());
        // A GPU's tile is bounded by its local memory alone.
        assertEquals(4096, h100().localComplexCapacity(false));
        assertEquals(2048, h100().forPrecision(io.github.tornadofft.api.Precision.DOUBLE).localComplexCapacity(false));
    }

    @Test
    void shortRunsSaveAPassOnlyWhereTheKernelsACallerRunsBesideThePassesDoNotTakeItBack() {
        // A GPU whose arrays start on 128-byte lines: it takes short runs where they save a pass.
        DeviceProfile gpu = DeviceProfile.of("gpu", false, 48 << 10, 1024, 140L << 30, 128, Tuning.PLANNER);
        int[] shape = {1 << 19};
        List<Pass> shortRuns = Planner.plan(shape, 32, gpu);
        List<Pass> devicesRuns = Planner.plan(shape, 32, gpu.withShortRuns(DeviceProfile.Choice.OFF));
        assertEquals(devicesRuns.size() - 1, shortRuns.size(), shortRuns.toString());
        // A kernel beside either plan: short runs still save one.
        assertEquals(shortRuns.size(), Planner.plan(shape, 32, gpu, passes -> 1).size());
        // A kernel beside the short plan alone (a step its last pass cannot take): as many kernels either
        // way, and the device's runs stand.
        assertEquals(devicesRuns.size(), Planner.plan(shape, 32, gpu, passes -> passes.size() == shortRuns.size() ? 1 : 0).size());
    }

    @Test
    void onACpuAStridedOrMultiPassAxisOfRadix512OrMoreTakesTilesOf64Kb() {
        DeviceProfile pocl = DeviceProfile.of("cpu", true, 512 << 10, 4096, 8L << 30, 16, Tuning.PLANNER);
        for (io.github.tornadofft.api.Precision precision : io.github.tornadofft.api.Precision.values()) {
            if (precision == io.github.tornadofft.api.Precision.HALF) {
                continue;
            }
            DeviceProfile d = pocl.forPrecision(precision);
            int valueBytes = precision == io.github.tornadofft.api.Precision.DOUBLE ? 16 : 8;
            // 2D 512²: Y (strided) in passes of 32 and 16, not one of 512 filling a 128 KB tile.
            List<Pass> square = Planner.plan(new int[] {512, 512}, 1, d);
            assertEquals(3, square.size(), precision + " " + square);
            for (Pass pass : square.subList(1, 3)) {
                assertTrue(pass.radix() < Planner.CPU_WIDE_RADIX
                        && (long) pass.radix() * pass.cols() * pass.rows() * valueBytes <= DeviceProfile.CPU_WIDE_RADIX_TILE_BYTES,
                        precision + " " + pass);
            }
            // 1D 2^18: three passes of 64, not two of 512.
            assertEquals(List.of(64, 64, 64), Planner.plan(new int[] {1 << 18}, 1, d).stream().map(Pass::radix).toList());
            // One pass along X keeps its radix; 3D 256³'s strided passes of 256 keep the 128 KB tile.
            assertEquals(4096, Planner.plan(new int[] {512, 4096}, 1, d).get(0).radix());
            Pass y = Planner.plan(new int[] {256, 256, 256}, 1, d).get(1);
            assertEquals(DeviceProfile.CPU_TILE_BYTES, (long) y.radix() * y.cols() * y.rows() * valueBytes, precision + " " + y);
        }
        java.util.function.Function<List<Pass>, List<String>> shape =
                plan -> plan.stream().map(x -> x.axis() + ":" + x.radix() + "x" + x.cols() + "x" + x.rows()).toList();
        List<String> gpu = shape.apply(Planner.plan(new int[] {512, 512, 512}, 1, h100()));
        System.setProperty(Planner.NARROW_TILES_PROPERTY, "false");
        try {
            assertEquals(2, Planner.plan(new int[] {512, 512}, 1, pocl).size());
            // A GPU's plans do not change.
            assertEquals(gpu, shape.apply(Planner.plan(new int[] {512, 512, 512}, 1, h100())));
        } finally {
            System.clearProperty(Planner.NARROW_TILES_PROPERTY);
        }
    }

    @Test
    void inDoubleTheSingleGroupPassOfAPlanOfSeveralStoresLateAlone() {
        DeviceProfile doubles = h100().forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        for (int[] shape : new int[][] {{4096, 4096}, {64, 64, 4096}, {2048, 2048}}) {
            List<Pass> plan = Planner.plan(shape, 1, doubles);
            assertFalse(Planner.storesLate(plan, doubles, true), Arrays.toString(shape));
            assertTrue(Planner.storesLate(plan.get(0), doubles, true), Arrays.toString(shape) + ": " + plan.get(0));
            for (Pass pass : plan.subList(1, plan.size())) {
                assertFalse(Planner.storesLate(pass, doubles, true), Arrays.toString(shape) + ": " + pass);
            }
        }
        List<Pass> plan = Planner.plan(new int[] {4096, 4096}, 1, doubles);
        // Not in float, not on another vendor's GPU, not where the profile chooses (ON is the whole plan's).
        assertFalse(Planner.storesLate(Planner.plan(new int[] {4096, 4096}, 1, h100()).get(0), h100(), true));
        assertFalse(Planner.storesLate(plan.get(0), doubles, false));
        assertFalse(Planner.storesLate(plan.get(0), doubles.withLateStore(Choice.OFF), true));
        assertFalse(Planner.storesLate(plan.get(0), doubles.withLateStore(Choice.ON), true));
        assertTrue(Planner.storesLate(plan, doubles.withLateStore(Choice.ON), true));
        // A plan without a single-group pass has none that stores late alone, nor does a CPU's.
        Planner.plan(new int[] {1 << 20}, 8, doubles).forEach(pass -> assertFalse(Planner.storesLate(pass, doubles, true)));
        DeviceProfile cpu = CPU.forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        Planner.plan(new int[] {4096, 4096}, 1, cpu).forEach(pass -> assertFalse(Planner.storesLate(pass, cpu, true)));
    }

    @Test
    void onlyDoublePlansOfGroupsOfAtMost128OnACappedGpuTakeMoreRegisters() {
        // Batched 256 to 2048 points in double are one pass of groups of 64 to 128 work-items; 4096 takes
        // 256 and keeps the default cap, as float, a CPU and an uncapped compiler do.
        DeviceProfile doubles = h100().forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        for (int n : new int[] {256, 1024, 2048}) {
            List<Pass> plan = Planner.plan(new int[] {n}, 4, doubles);
            assertTrue(Planner.widensRegisters(plan, doubles, true), n + ": " + plan);
            assertFalse(Planner.widensRegisters(plan, doubles, false), n + " uncapped");
            assertFalse(Planner.widensRegisters(Planner.plan(new int[] {n}, 4, h100()), h100(), true), n + " in float");
        }
        assertFalse(Planner.widensRegisters(Planner.plan(new int[] {4096}, 4, doubles), doubles, true));
        DeviceProfile cpu = CPU.forPrecision(io.github.tornadofft.api.Precision.DOUBLE);
        assertFalse(Planner.widensRegisters(Planner.plan(new int[] {1024}, 4, cpu), cpu, true));
        assertFalse(Planner.widensRegisters(List.of(), doubles, true));
        // A cap is chosen by a value other than the default, or by the property at any value.
        assertFalse(Tuning.PLANNER.registersChosen());
        assertTrue(Tuning.PLANNER.withMaxRegisters(96).registersChosen());
        try (SystemProperties chosen = SystemProperties.set(DeviceProfile.MAX_REGISTERS_PROPERTY, "128")) {
            assertTrue(Tuning.fromProperties().registersChosen());
        }
    }

    @Test
    void aGpuWhoseDataStartsOn128ByteLinesTakesGroupsOf256WhereThatAddsNoPass() {
        DeviceProfile aligned = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30, 128);
        int[][] shapes = {{256, 256, 256}, {1 << 24}, {1 << 16}, {1 << 20}, {256, 256, 16}, {512, 512, 512}, {64, 64, 64},
            {128, 128, 32}, {1 << 17}, {4096, 4096}};
        int[] batches = {1, 1, 256, 16, 1, 1, 1, 1, 1, 1};
        for (int i = 0; i < shapes.length; i++) {
            String name = java.util.Arrays.toString(shapes[i]);
            List<Pass> usual = Planner.plan(shapes[i], batches[i], h100());
            // In the device's runs (no short runs): what the smaller groups are weighed in.
            List<Pass> plan = Planner.plan(shapes[i], batches[i], aligned.withShortRuns(Choice.OFF));
            List<Pass> small = Planner.plan(shapes[i], batches[i], aligned.withShortRuns(Choice.OFF).withMaxGroupSize(256));
            // Never a pass more; groups of at most 256 exactly where the usual plan has larger ones and
            // the smaller need no more passes.
            assertEquals(usual.size(), plan.size(), name);
            boolean smaller = Planner.largestGroup(usual) > 256 && small.size() == usual.size();
            assertEquals(shapes(smaller ? small : usual), shapes(plan), name);
        }
        // 3D 256^3, 2^24 and 2^16 take groups of 256 (16 columns, paired) instead of 512 (32, split).
        for (int[] shape : new int[][] {{256, 256, 256}, {1 << 24}}) {
            assertEquals(512, Planner.largestGroup(Planner.plan(shape, 1, h100())));
            assertEquals(256, Planner.largestGroup(Planner.plan(shape, 1, aligned)));
        }
        assertEquals(256, Planner.largestGroup(Planner.plan(new int[] {1 << 16}, 256, aligned)));
        // 3D 512^3 keeps its groups of 512: with 256 it would take five passes instead of three.
        assertEquals(5, Planner.plan(new int[] {512, 512, 512}, 1, aligned.withShortRuns(Choice.OFF).withMaxGroupSize(256)).size());
        assertEquals(shapes(Planner.plan(new int[] {512, 512, 512}, 1, h100())), shapes(Planner.plan(new int[] {512, 512, 512}, 1, aligned)));
        // Not on a CPU, and not below 128 bytes.
        DeviceProfile cpu = DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30, 128);
        assertEquals(shapes(Planner.plan(new int[] {256, 256, 256}, 1, DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30))),
                shapes(Planner.plan(new int[] {256, 256, 256}, 1, cpu)));
        assertEquals(shapes(Planner.plan(new int[] {256, 256, 256}, 1, h100())),
                shapes(Planner.plan(new int[] {256, 256, 256}, 1, h100().withDataAlignment(64))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> h100().withDataAlignment(24));
        assertTrue(e.getMessage().contains("dataAlignment"), e.getMessage());
    }

    @Test
    void aStridedAxisOf1024TakesRunsOf8ForAPassFewerWhereTheDataStartsOn128ByteLines() {
        DeviceProfile aligned = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30, Planner.ALIGNED_DATA);
        // 2D 1024^2: Y in one pass of 8 columns (64-byte runs, the split exchange) instead of two of 32.
        List<Pass> plan = Planner.plan(new int[] {1024, 1024}, 16, aligned);
        assertEquals(2, plan.size(), plan.toString());
        Pass y = plan.get(1);
        assertEquals(1024, y.radix());
        assertEquals(Planner.SHORT_RUNS, y.cols());
        assertTrue(y.split(), y.toString());
        assertEquals(3, Planner.plan(new int[] {1024, 1024}, 16, h100()).size(), "TornadoVM's default header: runs of 16");
        // 3D 1024 x 128^2 and 1024^2 x 128: each axis of 1024 is one pass.
        assertEquals(3, Planner.plan(new int[] {1024, 128, 128}, 1, aligned).size());
        assertEquals(3, Planner.plan(new int[] {1024, 1024, 128}, 1, aligned).size());
        assertEquals(5, Planner.plan(new int[] {1024, 1024, 128}, 1, h100()).size());
        // Not where the short runs would only trade the fused X axis (16 columns) for the pass they save.
        List<Pass> fused = Planner.plan(new int[] {512, 1024, 16}, 2, aligned);
        assertEquals(16, fused.get(0).fused(), fused.toString());
        assertEquals(shapes(Planner.plan(new int[] {512, 1024, 16}, 2, aligned.withShortRuns(Choice.OFF))), shapes(fused));
        // Not on a CPU.
        DeviceProfile cpu = DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30, Planner.ALIGNED_DATA);
        assertEquals(shapes(Planner.plan(new int[] {1024, 1024}, 1, DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30))),
                shapes(Planner.plan(new int[] {1024, 1024}, 1, cpu)));
    }

    @Test
    void alongXShortRunsAreOfFourValuesBelowFourPassesAndOfEightFromThere() {
        DeviceProfile aligned = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30, Planner.ALIGNED_DATA);
        // 2^18 to 2^20: two passes instead of three, in runs of 4 (32 bytes) in groups of 256 that exchange in pairs.
        for (int bits = 18; bits <= 20; bits++) {
            assertEquals(3, Planner.plan(new int[] {1 << bits}, 1 << (24 - bits), h100()).size());
            List<Pass> plan = Planner.plan(new int[] {1 << bits}, 1 << (24 - bits), aligned);
            assertEquals(2, plan.size(), plan.toString());
            for (Pass p : plan) {
                assertEquals(Planner.SHORTEST_RUNS, p.cols(), p.toString());
                assertTrue(p.groupSize() <= 256 && !p.split(), p.toString());
            }
        }
        // 2^21 and 2^22 keep three: two passes of radix 2048 in runs of 4 would need groups of 512.
        for (int bits = 21; bits <= 22; bits++) {
            assertEquals(3, Planner.plan(new int[] {1 << bits}, 1 << (24 - bits), aligned).size());
        }
        // 2^26 and 2^27: three passes instead of four, the first in runs of 8.
        for (int bits = 26; bits <= 27; bits++) {
            assertEquals(4, Planner.plan(new int[] {1 << bits}, 1, h100()).size());
            List<Pass> plan = Planner.plan(new int[] {1 << bits}, 1, aligned);
            assertEquals(3, plan.size(), plan.toString());
            assertEquals(Planner.SHORT_RUNS, plan.get(0).cols(), plan.toString());
        }
    }

    @Test
    void shortRunsCanBeForcedOrForbidden() {
        DeviceProfile aligned = DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30, Planner.ALIGNED_DATA);
        DeviceProfile cpu = DeviceProfile.of("cpu", true, 512 << 10, 4096, 64L << 30);
        assertEquals(3, Planner.plan(new int[] {1024, 1024}, 16, aligned.withShortRuns(Choice.OFF)).size());
        // Forced: any device, any alignment.
        assertEquals(2, Planner.plan(new int[] {1024, 1024}, 16, h100().withShortRuns(Choice.ON)).size());
        List<Pass> onCpu = Planner.plan(new int[] {1024, 1024}, 1, cpu.withShortRuns(Choice.ON));
        assertEquals(2, onCpu.size(), onCpu.toString());
        assertTrue(onCpu.get(1).cols() < cpu.coalesce(), onCpu.toString());
        // The property sets the profile's choice; a bad value is refused by name.
        assertEquals(Choice.OFF, withProperty(DeviceProfile.SHORT_RUNS_PROPERTY, "false", PlannerTest::h100).shortRuns());
        assertEquals(Choice.ON, withProperty(DeviceProfile.SHORT_RUNS_PROPERTY, "true", PlannerTest::h100).shortRuns());
        assertRefused(DeviceProfile.SHORT_RUNS_PROPERTY, "often", "auto, true or false");
    }

    /** Each pass's kernel notation and schedule: what tells two plans apart. */
    private static List<String> shapes(List<Pass> plan) {
        return plan.stream().map(p -> p.kernelNotation() + " " + p.schedule()).toList();
    }

    @Test
    void anUnevenRegisterSplitTakesOverOnlyWhereTheEvenOneDoesNotFitAGroup() {
        // The even split wherever it fits: a 512-point line alone in a group keeps 8 x 8 x 8.
        assertArrayEquals(new int[] {8, 8, 8}, Planner.plan(new int[] {512}, 64, GPU).get(0).sub());
        assertArrayEquals(new int[] {8, 8, 8}, Planner.registerRadices(9, 8, GPU, true));
        // 16 columns of it need 1024 work-items as 8 x 8 x 8, 512 as 16 x 8 x 4.
        assertArrayEquals(new int[] {16, 8, 4}, Planner.registerRadices(9, 16, GPU, true));
        // ... where the pass may take it (not a later pass along X).
        assertArrayEquals(new int[] {8, 8, 8}, Planner.registerRadices(9, 16, GPU, false));
        assertFalse(Planner.mayTakeUnevenSplit(1, 1, 2));
        // 3D 512^3 in three passes (was five): each strided axis is one pass.
        assertEquals(3, Planner.plan(new int[] {512, 512, 512}, 1, GPU).size());
        // Along X only the first pass may take it: 1D 2^17 = 512 x 256 in two passes, 2^18 stays in three.
        List<Pass> p17 = Planner.plan(new int[] {1 << 17}, 1, GPU);
        assertEquals(2, p17.size(), p17.toString());
        assertArrayEquals(new int[] {16, 8, 4}, p17.get(0).sub());
        assertEquals(3, Planner.plan(new int[] {1 << 18}, 1, GPU).size());
        for (int bits = 1; bits <= 27; bits++) {
            List<Pass> plan = Planner.plan(new int[] {1 << bits}, 1, GPU);
            for (int i = 0; i < plan.size(); i++) {
                Pass p = plan.get(i);
                assertTrue(p.groupSize() <= GPU.maxGroupSize(), p.toString());
                if (i > 0) {
                    // A later pass keeps the even split, or where it has two steps the widest first one.
                    int radixBits = Integer.numberOfTrailingZeros(p.radix());
                    int[] expected = radixBits >= 6 && radixBits <= 8 ? new int[] {16, 1 << (radixBits - 4)}
                            : Planner.registerRadices(radixBits, GPU.registerBits());
                    assertArrayEquals(expected, p.sub(), "a later pass: " + p);
                }
            }
        }
    }

    @Test
    void aGroupCapBelowOneIsRefusedByName() {
        assertRefused(DeviceProfile.MAX_GROUP_SIZE_PROPERTY, "0", "at least 1");
    }

    @Test
    void theRegisterCapSetsTheLargestGpuGroup() {
        assertEquals(1024, withProperty(DeviceProfile.MAX_REGISTERS_PROPERTY, "64", PlannerTest::h100).maxGroupSize());
        assertEquals(256, withProperty(DeviceProfile.MAX_REGISTERS_PROPERTY, "255", PlannerTest::h100).maxGroupSize());
        assertRefused(DeviceProfile.MAX_REGISTERS_PROPERTY, "16", "32 to 255");
        assertRefused(DeviceProfile.MAX_REGISTERS_PROPERTY, "256", "32 to 255");
        assertRefused(DeviceProfile.FUSE_X_PROPERTY, "yes", "auto, true or false");
        assertEquals(Choice.OFF, withProperty(DeviceProfile.FUSE_X_PROPERTY, "false", PlannerTest::h100).fusion());
        // A fused X the kernels have no code for, or that is not the stride, is refused by name.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Pass(1, 64, 16, 64, 1, 16, 1, 16, new int[] {16, 4}, false, 32));
        assertTrue(e.getMessage().startsWith("fused:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new Pass(1, 64, 32, 64, 1, 32, 1, 16, new int[] {16, 4}, false, 16));
        assertTrue(e.getMessage().startsWith("fused:"), e.getMessage());
    }

    @Test
    void aTuningNumberThatIsNotAnIntegerIsRefusedByName() {
        for (String property : new String[] {DeviceProfile.GROUP_SIZE_PROPERTY, DeviceProfile.MAX_GROUP_SIZE_PROPERTY,
                DeviceProfile.REGISTER_BITS_PROPERTY, DeviceProfile.COALESCE_PROPERTY, DeviceProfile.MAX_REGISTERS_PROPERTY}) {
            for (String value : new String[] {"", "12k", "16.0", "four"}) {
                assertRefused(property, value, "an integer, got '" + value + "'");
            }
        }
        assertEquals(3, withProperty(DeviceProfile.REGISTER_BITS_PROPERTY, " 3 ", PlannerTest::h100).registerBits());
    }

    @Test
    void anUnknownExchangeIsRefusedByName() {
        assertRefused(DeviceProfile.EXCHANGE_PROPERTY, "diagonal", "auto, pair or split");
    }

    private static DeviceProfile h100() {
        return DeviceProfile.of("gpu", false, 48 << 10, 1024, 80L << 30);
    }

    /** A profile made with the property at a bad value is refused with a message naming it and what is allowed. */
    private static void assertRefused(String property, String value, String allowed) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> withProperty(property, value, PlannerTest::h100));
        assertTrue(e.getMessage().contains(property) && e.getMessage().contains(allowed), e.getMessage());
    }

    /** The profile made while the system property has the value; the property is restored after. */
    private static DeviceProfile withProperty(String property, String value, Supplier<DeviceProfile> make) {
        try (SystemProperties set = SystemProperties.set(property, value)) {
            return make.get();
        }
    }
}
