package io.github.tornadofft.bench.engines;

import io.github.tornadofft.bench.Case;
import io.github.tornadofft.bench.CopyCeiling;
import io.github.tornadofft.bench.Engine;
import io.github.tornadofft.bench.UnsupportedCaseException;
import org.jtransforms.fft.DoubleFFT_1D;
import org.jtransforms.fft.DoubleFFT_2D;
import org.jtransforms.fft.DoubleFFT_3D;
import org.jtransforms.fft.FloatFFT_1D;
import org.jtransforms.fft.FloatFFT_2D;
import org.jtransforms.fft.FloatFFT_3D;
import pl.edu.icm.jlargearrays.ConcurrencyUtils;

import java.lang.reflect.Array;
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
 * A float64 c2c case runs on a double[] through {@code DoubleFFT_1D}, {@code _2D}, {@code _3D}, the same
 * way: the working arrays are float[] or double[] as the case's precision says, and everything but the
 * call into JTransforms is written once for both. Real cases in double are not wired in (unsupported).
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
                + " check doubles (untimed) to the unnormalised c2r. Double c2c: DoubleFFT_1D/2D/3D complexForward, the same way."
                + " No kernel time: 'call' is the transform on data already in the"
                + " working array (refilled untimed); 'e2e' adds copying the input in.";
    }

    @Override
    public CopyCeiling ceiling() {
        return ceiling;
    }

    @Override
    public Prepared prepare(Case c) throws UnsupportedCaseException {
        if (c.isDouble() && c.kind().real()) {
            throw new UnsupportedCaseException("JTransforms: " + c.kind().word() + " in double is not in the bench (its"
                    + " conversion from and to JTransforms' packed layout is float32 only); c2c in double is");
        }
        return new Run(c);
    }

    /**
     * One FFT of the case's shape and kind, in place, as JTransforms spells it per rank: on float[] arrays,
     * or double[] ones for a float64 case (the arrays are typed as Object for that).
     */
    private interface Transform {
        void run(Object data, int offset, Object scratch);
    }

    /** Floats of one transform in JTransforms' working array: 2N interleaved for c2c, N packed for r2c and c2r. */
    static int workLength(Case c) {
        return (int) (c.kind().real() ? c.points() : 2 * c.points());
    }

    private static Transform transform(Case c) {
        int[] s = c.shape();
        int len = workLength(c);
        Case.Kind kind = c.kind();
        if (c.isDouble()) {
            return doubleComplex(s, len);
        }
        switch (c.rank()) {
            case 1 -> {
                FloatFFT_1D fft = new FloatFFT_1D(s[0]);
                return switch (kind) {
                    case C2C -> (data, offset, scratch) -> fft.complexForward((float[]) data, offset);
                    case R2C -> (data, offset, scratch) -> fft.realForward((float[]) data, offset);
                    case C2R -> (data, offset, scratch) -> fft.realInverse((float[]) data, offset, false);
                };
            }
            case 2 -> {
                FloatFFT_2D fft = new FloatFFT_2D(s[0], s[1]);
                java.util.function.Consumer<Object> one = switch (kind) {
                    case C2C -> a -> fft.complexForward((float[]) a);
                    case R2C -> a -> fft.realForward((float[]) a);
                    case C2R -> a -> fft.realInverse((float[]) a, false);
                };
                return (data, offset, scratch) -> whole(data, offset, scratch, len, one);
            }
            default -> {
                FloatFFT_3D fft = new FloatFFT_3D(s[0], s[1], s[2]);
                java.util.function.Consumer<Object> one = switch (kind) {
                    case C2C -> a -> fft.complexForward((float[]) a);
                    case R2C -> a -> fft.realForward((float[]) a);
                    case C2R -> a -> fft.realInverse((float[]) a, false);
                };
                return (data, offset, scratch) -> whole(data, offset, scratch, len, one);
            }
        }
    }

    /** The complex forward transform of {@code shape} in double: DoubleFFT_1D, _2D or _3D. */
    private static Transform doubleComplex(int[] s, int len) {
        java.util.function.Consumer<Object> one;
        switch (s.length) {
            case 1 -> {
                DoubleFFT_1D fft = new DoubleFFT_1D(s[0]);
                return (data, offset, scratch) -> fft.complexForward((double[]) data, offset);
            }
            case 2 -> {
                DoubleFFT_2D fft = new DoubleFFT_2D(s[0], s[1]);
                one = a -> fft.complexForward((double[]) a);
            }
            default -> {
                DoubleFFT_3D fft = new DoubleFFT_3D(s[0], s[1], s[2]);
                one = a -> fft.complexForward((double[]) a);
            }
        }
        return (data, offset, scratch) -> whole(data, offset, scratch, len, one);
    }

    /** 2D and 3D JTransforms take a whole array: transform in place when it is one, via scratch inside a batch. */
    private static void whole(Object data, int offset, Object scratch, int len, java.util.function.Consumer<Object> fft) {
        if (offset == 0 && Array.getLength(data) == len) {
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
        /** Per worker, a float[] or double[] of one transform (2D and 3D batches), else null. */
        private final Object[] scratch;
        private final ExecutorService pool;
        private final long setup;
        /** Packs c2r's input and unpacks r2c's output; null for c2c. */
        private final JTransformsPacking packing;
        /** What the working array is refilled from: the input, or for c2r the input packed (float[] or double[]). */
        private Object input;
        /** The working array: float[], or double[] for a float64 case. */
        private Object work;

        Run(Case c) {
            long t0 = System.nanoTime();
            this.c = c;
            this.len = workLength(c);
            this.packing = c.kind().real() ? new JTransformsPacking(c.shape()) : null;
            this.workers = Math.max(1, Math.min(threads, c.batch()));
            this.transforms = new Transform[workers];
            this.scratch = new Object[workers];
            for (int w = 0; w < workers; w++) {
                transforms[w] = transform(c);
                scratch[w] = c.batch() > 1 && c.rank() > 1 ? array(len) : null;
            }
            this.pool = workers > 1 ? Executors.newFixedThreadPool(workers, r -> {
                Thread t = new Thread(r, "jtransforms-batch");
                t.setDaemon(true);
                return t;
            }) : null;
            this.work = array(len * c.batch());
            this.setup = System.nanoTime() - t0;
        }

        /** A working array of the case's precision. */
        private Object array(int length) {
            return c.isDouble() ? new double[length] : new float[length];
        }

        @Override
        public void load(double[] in) {
            this.input = in; // c2c only (real cases in double are refused when prepared)
        }

        @Override
        public void load(float[] in) {
            if (c.kind() != Case.Kind.C2R) {
                this.input = in;
                return;
            }
            float[] packed = new float[len * c.batch()];
            for (int b = 0; b < c.batch(); b++) {
                packing.pack(in, b * c.inputLength(), packed, b * len);
            }
            this.input = packed;
        }

        @Override
        public boolean hasKernelTime() {
            return false;
        }

        @Override
        public Sample runResident() {
            System.arraycopy(input, 0, work, 0, Array.getLength(input));
            long t0 = System.nanoTime();
            transformAll();
            return Sample.wall(System.nanoTime() - t0);
        }

        @Override
        public long runEndToEnd() {
            long t0 = System.nanoTime();
            System.arraycopy(input, 0, work, 0, Array.getLength(input));
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
                Object s = scratch[w];
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
            float[] floats = (float[]) work;
            if (c.kind() == Case.Kind.R2C) {
                packing.unpack(floats, index * len, dst, 0);
            } else if (c.kind() == Case.Kind.C2R) {
                // realInverse(scale false) is N/2 times the signal; the unnormalised c2r is N times it.
                for (int i = 0; i < len; i++) {
                    dst[i] = 2 * floats[index * len + i];
                }
            } else {
                System.arraycopy(work, index * len, dst, 0, len);
            }
        }

        @Override
        public void result(int index, double[] dst) {
            System.arraycopy(work, index * len, dst, 0, len); // c2c only
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
