package io.github.tornadofft;

import io.github.tornadofft.api.Direction;
import io.github.tornadofft.api.FftDescriptor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a {@link DeviceSplit}: one worker per chunk in flight on each device, each with a plan per step
 * on its device (the stages), and the host's exchange blocks. A call is two steps, each a round of all
 * workers: the first (per chunk: fill the stage from the caller's array, upload, transform, download,
 * scatter the planes into the exchange blocks, or copy whole transforms out), then for a 3D split the
 * Z step (per chunk: its exchange block into the stage, upload, transform, download, gather into the
 * caller's array). The Z step needs every plane, so it starts when the first step has ended on every
 * device. Within a step the workers of a device take its chunks in turn, so one's host copies
 * overlap the other's transfers and kernels, and the devices run side by side. Where each Z chunk has a
 * plan of its own ({@link DeviceSplit.Exchange#PLANS}), the exchange blocks are those plans' input
 * arrays and the Z step uploads them as they are; else they are one host buffer, and each block is
 * copied into the plan of the worker that takes it. Steady calls allocate no buffers.
 */
final class SplitPlan implements AutoCloseable {

    /** One chunk's transform on one device: its host arrays and the steps between them. */
    interface Stage extends AutoCloseable {
        /** The host array the upload reads. */
        MemorySegment input();

        /** The host array the download writes. */
        MemorySegment output();

        void upload();

        void run(Direction direction);

        void download();

        /** Device time of the last run's kernels, in ns; -1 when unknown. */
        long kernelNanos();

        @Override
        void close();
    }

    /** Makes the stage of one step on one device. */
    @FunctionalInterface
    interface Stages {
        Stage create(int device, FftDescriptor descriptor);
    }

    private final DeviceSplit split;
    private final List<Worker> workers = new ArrayList<>();
    /** The plan of each exchange block ({@link DeviceSplit.Exchange#PLANS}), by block; empty otherwise. */
    private final Stage[] blockStages;
    /** Each exchange block's host memory, by block. */
    private final MemorySegment[] blocks;
    private final Runnable[] firstStep;
    private final Runnable[] zStep;
    private final Arena arena;
    // The call's arguments: written by the calling thread before it hands the tasks to the workers.
    private Direction direction;
    private MemorySegment in;
    private long inAt;
    private MemorySegment out;
    private long outAt;
    private volatile RuntimeException failure;
    private SplitTimes last;

    /**
     * Makes the stages (the plans on the devices) and the exchange blocks.
     *
     * @throws RuntimeException what making a stage threw, after closing those already made
     */
    SplitPlan(DeviceSplit split, Stages stages) {
        this.split = split;
        boolean planBlocks = split.exchange() == DeviceSplit.Exchange.PLANS;
        this.blockStages = new Stage[planBlocks ? split.blocks() : 0];
        List<Stage> made = new ArrayList<>();
        try {
            for (int d = 0; d < split.devices(); d++) {
                for (int w = 0; w < split.inFlight(); w++) {
                    boolean first = w < split.unitChunks(d);
                    boolean z = w < split.columnChunks(d);
                    if (!first && !z) {
                        continue;
                    }
                    Stage unit = first ? stages.create(d, split.unitDescriptor()) : null;
                    if (unit != null) {
                        made.add(unit);
                    }
                    Stage column = z && !planBlocks ? stages.create(d, split.columnDescriptor()) : null;
                    if (column != null) {
                        made.add(column);
                    }
                    workers.add(new Worker(d, w, unit, column));
                }
                for (int j = 0; planBlocks && j < split.columnChunks(d); j++) {
                    Stage block = stages.create(d, split.columnDescriptor());
                    made.add(block);
                    blockStages[split.block(d, j)] = block;
                }
            }
        } catch (RuntimeException | Error e) {
            made.forEach(SplitPlan::closeQuietly);
            throw e;
        }
        this.firstStep = workers.stream().filter(w -> w.unit != null).map(w -> (Runnable) w::firstStep).toArray(Runnable[]::new);
        this.zStep = workers.stream().filter(w -> w.index < split.columnChunks(w.device)).map(w -> (Runnable) w::zStep)
                .toArray(Runnable[]::new);
        this.arena = Arena.ofShared();
        long blockBytes = split.blockFloats() * Float.BYTES;
        MemorySegment buffer = split.kind() == DeviceSplit.Kind.SLABS && !planBlocks
                ? arena.allocate(split.blocks() * blockBytes, 64) : MemorySegment.NULL;
        this.blocks = new MemorySegment[split.kind() == DeviceSplit.Kind.SLABS ? split.blocks() : 0];
        for (int b = 0; b < blocks.length; b++) {
            blocks[b] = planBlocks ? blockStages[b].input() : buffer.asSlice(b * blockBytes, blockBytes);
        }
        SplitWorkers.ensure(workers.size());
    }

    private static void closeQuietly(Stage stage) {
        try {
            stage.close();
        } catch (RuntimeException e) {
            // Keeps the first failure; a stage that cannot close has nothing more to give back.
        }
    }

    DeviceSplit split() {
        return split;
    }

    /** The stages of the first step (index 0) and the Z step (1) of device 0, which every device's match. */
    Stage stage(int step) {
        Worker first = workers.get(0);
        return step == 0 ? first.unit : blockStages.length > 0 ? blockStages[0] : first.column;
    }

    /** All stages, each once. */
    List<Stage> stages() {
        List<Stage> all = new ArrayList<>();
        for (Worker w : workers) {
            if (w.unit != null) {
                all.add(w.unit);
            }
            if (w.column != null) {
                all.add(w.column);
            }
        }
        all.addAll(List.of(blockStages));
        return all;
    }

    int workers() {
        return workers.size();
    }

    /**
     * The transform of the caller's {@code in} (from byte {@code inAt}) into {@code out} (from byte
     * {@code outAt}), which may be the same region.
     *
     * @throws IllegalStateException naming the device, when a stage failed (the first failure; the
     *                               output is then incomplete)
     */
    void execute(Direction direction, MemorySegment in, long inAt, MemorySegment out, long outAt) {
        long start = System.nanoTime();
        this.direction = direction;
        this.in = in;
        this.inAt = inAt;
        this.out = out;
        this.outAt = outAt;
        this.failure = null;
        for (Worker w : workers) {
            w.reset();
        }
        try {
            SplitWorkers.runAll(firstStep);
            throwFailure();
            if (zStep.length > 0) {
                SplitWorkers.runAll(zStep);
                throwFailure();
            }
        } finally {
            this.in = null;
            this.out = null;
        }
        long launch = 0;
        long kernel = 0;
        long transfer = 0;
        long regroup = 0;
        long bytes = 0;
        long copied = 0;
        for (Worker w : workers) {
            launch += w.launchNanos;
            kernel = kernel < 0 || w.kernelNanos < 0 ? -1 : kernel + w.kernelNanos;
            transfer += w.transferNanos;
            regroup += w.regroupNanos;
            bytes += w.bytesMoved;
            copied += w.bytesCopied;
        }
        last = new SplitTimes(System.nanoTime() - start, launch, kernel, transfer, regroup, workers.size(), bytes, copied);
    }

    private void throwFailure() {
        RuntimeException f = failure;
        if (f != null) {
            throw f;
        }
    }

    /** Where the last call's time went; null before the first. */
    SplitTimes lastTimes() {
        return last;
    }

    /** Closes every stage (the plans give their engines to the cache) and frees the exchange buffer. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (Stage stage : stages()) {
            try {
                stage.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        arena.close();
        if (first != null) {
            throw first;
        }
    }

    /** Records the first failure of a call, naming the device; the other workers stop at their next chunk. */
    private synchronized void fail(int device, Throwable t) {
        if (failure == null) {
            failure = new IllegalStateException("execute: device " + device + " of " + split.devices() + ": "
                    + t.getMessage(), t);
        }
    }

    /** One chunk in flight on one device: its stages and the time it spent on each kind of work. */
    private final class Worker {
        final int device;
        final int index;
        final Stage unit;
        final Stage column;
        long launchNanos;
        long kernelNanos;
        long transferNanos;
        long regroupNanos;
        long bytesMoved;
        long bytesCopied;

        Worker(int device, int index, Stage unit, Stage column) {
            this.device = device;
            this.index = index;
            this.unit = unit;
            this.column = column;
        }

        void reset() {
            launchNanos = 0;
            kernelNanos = 0;
            transferNanos = 0;
            regroupNanos = 0;
            bytesMoved = 0;
            bytesCopied = 0;
        }

        /** This worker's chunks of the first step: chunks index, index + inFlight, ... of its device. */
        void firstStep() {
            boolean slabs = split.kind() == DeviceSplit.Kind.SLABS;
            try {
                for (int k = index; k < split.unitChunks(device) && failure == null; k += split.inFlight()) {
                    int start = split.unitChunkStart(k);
                    int end = split.unitChunkEnd(device, k);
                    long t0 = System.nanoTime();
                    Regroup.unitsIn(split, device, start, end, in, inAt, unit.input());
                    transform(unit, t0);
                    long t1 = System.nanoTime();
                    if (slabs) {
                        Regroup.planesToBlocks(split, device, start, end, unit.output(), blocks);
                    } else {
                        Regroup.unitsOut(split, device, start, end, unit.output(), out, outAt);
                    }
                    // In, and out to the blocks or the caller's array: the chunk's units each way.
                    bytesCopied += 2 * (end - start) * split.unitFloats() * Float.BYTES;
                    regroupNanos += System.nanoTime() - t1;
                }
            } catch (RuntimeException | Error e) {
                fail(device, e);
            }
        }

        /** This worker's chunks of the Z step: each block's own plan, or the block copied into this worker's. */
        void zStep() {
            try {
                for (int j = index; j < split.columnChunks(device) && failure == null; j += split.inFlight()) {
                    int block = split.block(device, j);
                    long t0 = System.nanoTime();
                    Stage stage = column;
                    if (stage == null) {
                        stage = blockStages[block];
                    } else {
                        HostCopy.copy(blocks[block], 0, column.input(), 0, blocks[block].byteSize());
                        bytesCopied += blocks[block].byteSize();
                    }
                    transform(stage, t0);
                    long t1 = System.nanoTime();
                    Regroup.blockToOutput(split, device, j, stage.output(), out, outAt);
                    bytesCopied += 2L * Float.BYTES * split.nz() * split.batch()
                            * (split.columnChunkEnd(device, j) - split.columnChunkStart(device, j));
                    regroupNanos += System.nanoTime() - t1;
                }
            } catch (RuntimeException | Error e) {
                fail(device, e);
            }
        }

        /** Upload, run, download, from {@code regroupStart} when the filling of the stage began. */
        private void transform(Stage stage, long regroupStart) {
            long t0 = System.nanoTime();
            stage.upload();
            long t1 = System.nanoTime();
            stage.run(direction);
            long t2 = System.nanoTime();
            stage.download();
            long t3 = System.nanoTime();
            regroupNanos += t0 - regroupStart;
            transferNanos += (t1 - t0) + (t3 - t2);
            launchNanos += t2 - t1;
            long kernel = stage.kernelNanos();
            kernelNanos = kernelNanos < 0 || kernel < 0 ? -1 : kernelNanos + kernel;
            bytesMoved += stage.input().byteSize() + stage.output().byteSize();
        }
    }
}
