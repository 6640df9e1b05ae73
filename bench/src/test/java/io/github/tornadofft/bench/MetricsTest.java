package io.github.tornadofft.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricsTest {

    @Test
    void gflopsIsFiveNLog2NTimesBatchOverTime() {
        // The baseline CPU table: JTransforms on 1D 4096 x 1024 in 43.5 ms is 5.8 GFLOP/s.
        Case c = Case.parse("1d:4096:1024");
        assertEquals(5.0 * 4096 * 12 * 1024, c.flops());
        assertEquals(5.79, Metrics.gflops(c, 43.5e6), 0.01);
    }

    @Test
    void gflopsUsesTotalPointsOfAMultiDimensionalTransform() {
        // 2D 1024^2: N = 2^20 points, log2 N = 20 (FFTW's 2.43 ms is 43.2 GFLOP/s in the baseline).
        Case c = Case.parse("2d:1024");
        assertEquals(5.0 * (1 << 20) * 20, c.flops());
        assertEquals(43.2, Metrics.gflops(c, 2.43e6), 0.05);
        // 3D 128^3: N = 2^21 (FFTW 4.86 ms, 45.3 GFLOP/s).
        assertEquals(45.3, Metrics.gflops(Case.parse("3d:128"), 4.86e6), 0.05);
    }

    @Test
    void effectiveBandwidthCountsOneReadAndOneWriteOfTheBatch() {
        // Baseline: the 512-point kernel on batch 65536 (256 MiB) in 0.274 ms is 1959 GB/s.
        Case c = Case.parse("1d:512:65536");
        assertEquals(256L << 20, c.bytes());
        assertEquals(1959, Metrics.effectiveGBs(c, 0.274e6), 1);
    }

    @Test
    void aRealTransformCountsHalfTheComplexFlops() {
        // 2.5 N log2 N per transform, N real points: half of c2c's 5 N log2 N for the same N.
        Case r2c = Case.parse("r2c:1d:4096:8192");
        assertEquals(2.5 * 4096 * 12 * 8192, r2c.flops());
        assertEquals(Case.parse("1d:4096:8192").flops() / 2, Case.parse("c2r:1d:4096:8192").flops());
        assertEquals(2.5 * (1 << 24) * 24, Case.parse("r2c:3d:256").flops());
    }

    @Test
    void aRealTransformMovesItsSignalAndItsHalfSpectrum() {
        // r2c 2D 4096^2: 4 bytes per real value read, 8 per bin of 4096 x 2049 written.
        Case c = Case.parse("r2c:2d:4096");
        long moved = 4L * 4096 * 4096 + 8L * 4096 * 2049;
        assertEquals(moved, c.bytesMoved());
        assertEquals(moved, Case.parse("c2r:2d:4096").bytesMoved());
        assertEquals(moved / 1e6, Metrics.effectiveGBs(c, 1e6), 1e-9);
        assertEquals(2 * Case.parse("2d:4096").bytes(), Case.parse("2d:4096").bytesMoved());
    }

    @Test
    void aFloat64CaseMovesSixteenBytesAComplexValueForTheSameFlops() {
        // The same transform in double: the same 5 N log2 N, twice the bytes read and written.
        Case f = Case.parse("3d:128x256x256");
        Case d = Case.parse("3d:128x256x256:f64");
        assertEquals(f.flops(), d.flops());
        assertEquals(Metrics.gflops(f, 1e6), Metrics.gflops(d, 1e6));
        assertEquals(2L * 16 * 128 * 256 * 256, d.bytesMoved());
        assertEquals(2 * Metrics.effectiveGBs(f, 1e6), Metrics.effectiveGBs(d, 1e6), 1e-9);
        // r2c in double: 8 bytes a real value, 16 a bin.
        assertEquals(8L * 4096 * 64 + 16L * 2049 * 64, Case.parse("r2c:1d:4096:64:f64").bytesMoved());
    }

    @Test
    void timesThatWereNotMeasuredGiveNaNNotZero() {
        Case c = Case.parse("1d:1024");
        assertTrue(Double.isNaN(Metrics.gflops(c, Double.NaN)));
        assertTrue(Double.isNaN(Metrics.effectiveGBs(c, 0)));
        assertTrue(Double.isNaN(Metrics.median(new long[0])));
    }

    @Test
    void quartilesInterpolateBetweenOrderStatistics() {
        long[] samples = {50, 10, 40, 20, 30};
        assertEquals(20, Metrics.quantile(samples, 0.25));
        assertEquals(40, Metrics.quantile(samples, 0.75));
        assertEquals(10, Metrics.quantile(samples, 0));
        assertEquals(50, Metrics.quantile(samples, 1));
        assertEquals(25, Metrics.quantile(new long[] {10, 20, 30, 40}, 0.5));
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3, Metrics.median(new long[] {5, 1, 3}));
        assertEquals(2.5, Metrics.median(new long[] {4, 1, 3, 2}));
    }

    @Test
    void numbersAreShownWithThreeSignificantFigures() {
        assertEquals("0.0971", Metrics.sig3(0.09712));
        assertEquals("43.5", Metrics.sig3(43.52));
        assertEquals("1960", Metrics.sig3(1959.6));
        assertEquals("—", Metrics.sig3(Double.NaN));
        assertEquals("128 MiB", Metrics.bytes(128L << 20));
    }
}
