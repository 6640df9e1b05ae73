package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The host memory ceiling: {@code System.arraycopy} of the case's bytes, on one thread and split
 * over every core; the better of the two medians (small copies lose to thread hand-off, large
 * ones need every core).
 */
public final class HostCopy implements CopyCeiling {

    private final int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public String key() {
        return "host";
    }

    @Override
    public String method() {
        return "host: System.arraycopy, best of 1 and " + threads + " threads";
    }

    @Override
    public double measure(long bytes, int warmup, int reps) {
        int floats = (int) (bytes / Float.BYTES);
        float[] src = new float[floats];
        float[] dst = new float[floats];
        Arrays.fill(src, 1f);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "host-copy");
            t.setDaemon(true);
            return t;
        });
        try {
            double one = median(warmup, reps, () -> System.arraycopy(src, 0, dst, 0, floats));
            double all = median(warmup, reps, () -> parallelCopy(pool, src, dst));
            return Metrics.copyGBs(bytes, Math.min(one, all));
        } finally {
            pool.shutdownNow();
        }
    }

    private static double median(int warmup, int reps, Runnable copy) {
        long[] samples = new long[reps];
        for (int i = 0; i < warmup + reps; i++) {
            long t0 = System.nanoTime();
            copy.run();
            long t = System.nanoTime() - t0;
            if (i >= warmup) {
                samples[i - warmup] = t;
            }
        }
        return Metrics.median(samples);
    }

    private void parallelCopy(ExecutorService pool, float[] src, float[] dst) {
        int chunk = (src.length + threads - 1) / threads;
        List<Future<?>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int from = Math.min(src.length, t * chunk);
            int len = Math.min(chunk, src.length - from);
            parts.add(pool.submit(() -> System.arraycopy(src, from, dst, from, len)));
        }
        for (Future<?> f : parts) {
            try {
                f.get();
            } catch (Exception e) {
                throw new IllegalStateException("host copy", e);
            }
        }
    }
}
