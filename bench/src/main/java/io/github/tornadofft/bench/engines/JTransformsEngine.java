package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import org.jtransforms.fft.FloatFFT_1D;
import org.jtransforms.fft.FloatFFT_2D;
import org.jtransforms.fft.FloatFFT_3D;
import pl.edu.icm.jlargearrays.ConcurrencyUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * JTransforms 3.1, in place on an interleaved float[], with the thread count its ConcurrencyUtils
 * chooses by default (the machine's cores). A batch is split over that many threads, one
 * JTransforms instance each; a single transform uses JTransforms' own threading. Real cases run as
 * {@code realForward} (r2c) and {@code realInverse} without scaling (c2r), in JTransforms' own packed
 * layout ({@link JTransformsPacking}), which is converted from and to numpy's half spectrum untimed.
 */
public final class JTransformsEngine implements Engine {

    private final int threads = ConcurrencyUtils.getNumberOfThreads();
    private final CopyCeiling ceiling;

    public JTransformsEngine(CopyCeiling hostCeiling) {
        this.ceiling = hostCeiling;
    }

    @Override
    public String name() {
        return "JTransforms";
    }

    @Override
    public String device() {
        return "CPU, " + threads + " threads";
    }

    @Override
    public Place place() {
        return Place.CPU;
    }

    @Override
    public String absentReason() {
        return null;
    }

    @Override
    public String notes() {
        return "JTransforms 3.1 complexForward, in place, " + threads + " threads (ConcurrencyUtils default); a batch is split"
                + " over the threads, one transform alone uses JTransforms' own threading. r2c: realForward, c2r:"
                + " realInverse(scale false), in place in JTransforms' packed layout (N floats per transform, bins 0 and"
                + " N/2 folded into the first two floats of a row), not numpy's half spectrum of N/2 + 1 bins: the times are"
                + " of what JTransforms computes, and the conversions (c2r's input into the packed layout, r2c's output"
                + " out of it, for the check) are untimed; realInverse(scale false) gives N/2 times the signal, which the"
                + " check doubles (untimed) to the unnormalised c2r. No kernel time: 'call' is the transform on data already in the"
                + " working array (refilled untimed); 'e2e' adds copying the input in.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) {
        return new Run(c);
    }

    /** One FFT of the case's shape and kind, in place, as JTransforms spells it per rank. */
    private interface Transform {
        void run(float[] data, int offset, float[] scratch);
    }

    /** Floats of one transform in JTransforms' working array: 2N interleaved for c2c, N packed for r2c and c2r. */
    static int workLength(Case c) {
        return (int) (c.kind().real() ? c.points() : 2 * c.points());
    }

    private static Transform transform(Case c) {
        int[] s = c.shape();
        int len = workLength(c);
        Case.Kind kind = c.kind();
        switch (c.rank()) {
            case 1 -> {
                FloatFFT_1D fft = new FloatFFT_1D(s[0]);
                return switch (kind) {
                    case C2C -> (data, offset, scratch) -> fft.complexForward(data, offset);
                    case R2C -> (data, offset, scratch) -> fft.realForward(data, offset);
                    case C2R -> (data, offset, scratch) -> fft.realInverse(data, offset, false);
                };
            }
            case 2 -> {
                FloatFFT_2D fft = new FloatFFT_2D(s[0], s[1]);
                java.util.function.Consumer<float[]> one = switch (kind) {
                    case C2C -> fft::complexForward;
                    case R2C -> fft::realForward;
                    case C2R -> a -> fft.realInverse(a, false);
                };
                return (data, offset, scratch) -> whole(data, offset, scratch, len, one);
            }
            default -> {
                FloatFFT_3D fft = new FloatFFT_3D(s[0], s[1], s[2]);
                java.util.function.Consumer<float[]> one = switch (kind) {
                    case C2C -> fft::complexForward;
                    case R2C -> fft::realForward;
                    case C2R -> a -> fft.realInverse(a, false);
                };
                return (data, offset, scratch) -> whole(data, offset, scratch, len, one);
            }
        }
    }

    /** 2D and 3D JTransforms take a whole array: transform in place when it is one, via scratch inside a batch. */
    private static void whole(float[] data, int offset, float[] scratch, int len, java.util.function.Consumer<float[]> fft) {
        if (offset == 0 && data.length == len) {
            fft.accept(data);
            return;
        }
        System.arraycopy(data, offset, scratch, 0, len);
        fft.accept(scratch);
        System.arraycopy(scratch, 0, data, offset, len);
    }

    private final class Run implements Prepared {
        private final Case c;
        private final int len;
        private final int workers;
        private final Transform[] transforms;
        private final float[][] scratch;
        private final ExecutorService pool;
        private final long setup;
        /** Packs c2r's input and unpacks r2c's output; null for c2c. */
        private final JTransformsPacking packing;
        /** What the working array is refilled from: the input, or for c2r the input packed. */
        private float[] input;
        private float[] work;

        Run(Case c) {
            long t0 = System.nanoTime();
            this.c = c;
            this.len = workLength(c);
            this.packing = c.kind().real() ? new JTransformsPacking(c.shape()) : null;
            this.workers = Math.max(1, Math.min(threads, c.batch()));
            this.transforms = new Transform[workers];
            this.scratch = new float[workers][];
            for (int w = 0; w < workers; w++) {
                transforms[w] = transform(c);
                scratch[w] = c.batch() > 1 && c.rank() > 1 ? new float[len] : null;
            }
            this.pool = workers > 1 ? Executors.newFixedThreadPool(workers, r -> {
                Thread t = new Thread(r, "jtransforms-batch");
                t.setDaemon(true);
                return t;
            }) : null;
            this.work = new float[len * c.batch()];
            this.setup = System.nanoTime() - t0;
        }

        @Override
        public void load(float[] in) {
            if (c.kind() != Case.Kind.C2R) {
                this.input = in;
                return;
            }
            this.input = new float[len * c.batch()];
            for (int b = 0; b < c.batch(); b++) {
                packing.pack(in, b * c.inputLength(), input, b * len);
            }
        }

        @Override
        public boolean hasKernelTime() {
            return false;
        }

        @Override
        public Sample runResident() {
            System.arraycopy(input, 0, work, 0, input.length);
            long t0 = System.nanoTime();
            transformAll();
            return Sample.wall(System.nanoTime() - t0);
        }

        @Override
        public long runEndToEnd() {
            long t0 = System.nanoTime();
            System.arraycopy(input, 0, work, 0, input.length);
            transformAll();
            return System.nanoTime() - t0;
        }

        private void transformAll() {
            if (pool == null) {
                for (int b = 0; b < c.batch(); b++) {
                    transforms[0].run(work, b * len, scratch[0]);
                }
                return;
            }
            List<Future<?>> parts = new ArrayList<>();
            int per = (c.batch() + workers - 1) / workers;
            for (int w = 0; w < workers; w++) {
                int first = w * per;
                int last = Math.min(c.batch(), first + per);
                Transform t = transforms[w];
                float[] s = scratch[w];
                parts.add(pool.submit(() -> {
                    for (int b = first; b < last; b++) {
                        t.run(work, b * len, s);
                    }
                }));
            }
            for (Future<?> f : parts) {
                try {
                    f.get();
                } catch (Exception e) {
                    throw new IllegalStateException("JTransforms batch", e);
                }
            }
        }

        @Override
        public void result(int index, float[] dst) {
            if (c.kind() == Case.Kind.R2C) {
                packing.unpack(work, index * len, dst, 0);
            } else if (c.kind() == Case.Kind.C2R) {
                // realInverse(scale false) is N/2 times the signal; the unnormalised c2r is N times it.
                for (int i = 0; i < len; i++) {
                    dst[i] = 2 * work[index * len + i];
                }
            } else {
                System.arraycopy(work, index * len, dst, 0, len);
            }
        }

        @Override
        public long setupNanos() {
            return setup;
        }

        @Override
        public String plan() {
            return workers > 1 ? "batch split over " + workers + " threads" : "one call per transform";
        }

        @Override
        public void close() {
            if (pool != null) {
                pool.shutdownNow();
            }
            work = null;
        }
    }
}
