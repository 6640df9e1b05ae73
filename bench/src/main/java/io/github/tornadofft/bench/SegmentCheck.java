package io.github.tornadofft.bench;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Checks of a 3D complex float transform too large for one array and for reference-fft (up to 2^31 points,
 * 16 GiB): its data in {@link MemorySegment}s of interleaved complex floats in natural order. A sample of
 * bins against their DFT sums computed directly in double (every input value weighed once per bin, so a
 * bin checks the whole transform's arithmetic along every axis), and Parseval's identity over the whole
 * output (sum |X|^2 = N sum |x|^2, which a wrong or missing chunk anywhere breaks). Work is spread over the
 * machine's cores.
 */
final class SegmentCheck {

    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT;
    /** Floats filled from one random stream: the fill is the same for a seed whatever the thread count. */
    private static final long FILL_BLOCK = 1 << 20;

    private SegmentCheck() {
    }

    /** Fills {@code floats} floats of {@code data} with uniform values in [-1, 1), the same for a seed. */
    static void fill(MemorySegment data, long floats, long seed) {
        long blocks = (floats + FILL_BLOCK - 1) / FILL_BLOCK;
        LongStream.range(0, blocks).parallel().forEach(b -> {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + b);
            long end = Math.min(floats, (b + 1) * FILL_BLOCK);
            for (long i = b * FILL_BLOCK; i < end; i++) {
                data.setAtIndex(FLOAT, i, (float) (2 * random.nextDouble() - 1));
            }
        });
    }

    /** {@code count} bins of a shape, (0, 0, 0) first, the rest drawn from {@code seed}. */
    static int[][] bins(int[] shape, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[][] bins = new int[count][3];
        for (int b = 1; b < count; b++) {
            for (int a = 0; a < 3; a++) {
                bins[b][a] = random.nextInt(shape[a]);
            }
        }
        return bins;
    }

    /**
     * Relative L2 error of {@code output}'s values at {@code bins} against the forward DFT of {@code input}
     * (nz x ny x nx, x fastest) computed directly in double.
     */
    static double sampledError(MemorySegment input, MemorySegment output, int[] shape, int[][] bins) {
        int nz = shape[0];
        int ny = shape[1];
        int nx = shape[2];
        double[][][] twiddles = new double[bins.length][][];
        for (int b = 0; b < bins.length; b++) {
            twiddles[b] = new double[][] {roots(nz, bins[b][0]), roots(ny, bins[b][1]), roots(nx, bins[b][2])};
        }
        // Each Z plane's weighed sums for every bin, then the planes' sum.
        double[] exact = IntStream.range(0, nz).parallel().mapToObj(z -> {
            float[] row = new float[2 * nx];
            double[] sums = new double[2 * bins.length];
            for (int y = 0; y < ny; y++) {
                MemorySegment.copy(input, FLOAT, ((long) z * ny + y) * nx * 2 * Float.BYTES, row, 0, 2 * nx);
                for (int b = 0; b < bins.length; b++) {
                    double[] wx = twiddles[b][2];
                    double re = 0;
                    double im = 0;
                    for (int x = 0; x < nx; x++) {
                        double c = wx[2 * x];
                        double s = wx[2 * x + 1];
                        re += row[2 * x] * c - row[2 * x + 1] * s;
                        im += row[2 * x] * s + row[2 * x + 1] * c;
                    }
                    double[] wy = twiddles[b][1];
                    double[] wz = twiddles[b][0];
                    double cy = wy[2 * y] * wz[2 * z] - wy[2 * y + 1] * wz[2 * z + 1];
                    double sy = wy[2 * y] * wz[2 * z + 1] + wy[2 * y + 1] * wz[2 * z];
                    sums[2 * b] += re * cy - im * sy;
                    sums[2 * b + 1] += re * sy + im * cy;
                }
            }
            return sums;
        }).reduce(new double[2 * bins.length], SegmentCheck::add);
        double err = 0;
        double ref = 0;
        for (int b = 0; b < bins.length; b++) {
            long at = 2 * (((long) bins[b][0] * ny + bins[b][1]) * nx + bins[b][2]);
            double dr = output.getAtIndex(FLOAT, at) - exact[2 * b];
            double di = output.getAtIndex(FLOAT, at + 1) - exact[2 * b + 1];
            err += dr * dr + di * di;
            ref += exact[2 * b] * exact[2 * b] + exact[2 * b + 1] * exact[2 * b + 1];
        }
        return Double.isFinite(err) ? Math.sqrt(err / ref) : Double.POSITIVE_INFINITY;
    }

    /** |sum |X|^2 - N sum |x|^2| / (N sum |x|^2) of a forward, unnormalised transform of N points. */
    static double parsevalError(MemorySegment input, MemorySegment output, long floats, long points) {
        double in = sumOfSquares(input, floats);
        double out = sumOfSquares(output, floats);
        return Double.isFinite(out) ? Math.abs(out - points * in) / (points * in) : Double.POSITIVE_INFINITY;
    }

    /** Relative L2 difference ||a - b|| / ||b|| over {@code floats} floats. */
    static double difference(MemorySegment a, MemorySegment b, long floats) {
        double[] sums = blocks(floats).mapToObj(k -> {
            double d = 0;
            double r = 0;
            long end = Math.min(floats, (k + 1) * FILL_BLOCK);
            for (long i = k * FILL_BLOCK; i < end; i++) {
                double x = a.getAtIndex(FLOAT, i);
                double y = b.getAtIndex(FLOAT, i);
                d += (x - y) * (x - y);
                r += y * y;
            }
            return new double[] {d, r};
        }).reduce(new double[2], SegmentCheck::add);
        return Double.isFinite(sums[0]) ? Math.sqrt(sums[0] / sums[1]) : Double.POSITIVE_INFINITY;
    }

    private static double sumOfSquares(MemorySegment data, long floats) {
        return blocks(floats).mapToDouble(k -> {
            double s = 0;
            long end = Math.min(floats, (k + 1) * FILL_BLOCK);
            for (long i = k * FILL_BLOCK; i < end; i++) {
                double v = data.getAtIndex(FLOAT, i);
                s += v * v;
            }
            return s;
        }).sum();
    }

    private static LongStream blocks(long floats) {
        return LongStream.range(0, (floats + FILL_BLOCK - 1) / FILL_BLOCK).parallel();
    }

    /** exp(-2 pi i k n / size) for n = 0 .. size - 1, interleaved; the angle from k n mod size, exactly. */
    private static double[] roots(int size, int k) {
        double[] w = new double[2 * size];
        for (int n = 0; n < size; n++) {
            double angle = -2 * Math.PI * (((long) k * n) % size) / size;
            w[2 * n] = Math.cos(angle);
            w[2 * n + 1] = Math.sin(angle);
        }
        return w;
    }

    private static double[] add(double[] a, double[] b) {
        double[] sum = a.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += b[i];
        }
        return sum;
    }
}
