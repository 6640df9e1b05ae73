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
 * JTransforms instance each; a single transform uses JTransforms' own threading.
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
                + " over the threads, one transform alone uses JTransforms' own threading. No kernel time: 'call' is the"
                + " transform on data already in the working array (refilled untimed); 'e2e' adds copying the input in.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) {
        return new Run(c);
    }

    /** One FFT of the case's shape, as JTransforms spells it per rank. */
    private interface Transform {
        void forward(float[] data, int offset, float[] scratch);
    }

    private static Transform transform(Case c) {
        int[] s = c.shape();
        int len = (int) (2 * c.points());
        switch (c.rank()) {
            case 1 -> {
                FloatFFT_1D fft = new FloatFFT_1D(s[0]);
                return (data, offset, scratch) -> fft.complexForward(data, offset);
            }
            case 2 -> {
                FloatFFT_2D fft = new FloatFFT_2D(s[0], s[1]);
                return (data, offset, scratch) -> whole(data, offset, scratch, len, fft::complexForward);
            }
            default -> {
                FloatFFT_3D fft = new FloatFFT_3D(s[0], s[1], s[2]);
                return (data, offset, scratch) -> whole(data, offset, scratch, len, fft::complexForward);
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
        private float[] input;
        private float[] work;

        Run(Case c) {
            long t0 = System.nanoTime();
            this.c = c;
            this.len = (int) (2 * c.points());
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
            this.work = new float[c.floats()];
            this.setup = System.nanoTime() - t0;
        }

        @Override
        public void load(float[] in) {
            this.input = in;
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
                    transforms[0].forward(work, b * len, scratch[0]);
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
                        t.forward(work, b * len, s);
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
            System.arraycopy(work, index * len, dst, 0, len);
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
