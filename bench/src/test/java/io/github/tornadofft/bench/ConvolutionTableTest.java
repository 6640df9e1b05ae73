package io.github.tornadofft.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The convolution bench's table rows: numbers where measured, "—" where not, never "NaN". */
class ConvolutionTableTest {

    private static final long BYTES = 256L << 20;

    @Test
    void aMeasuredRowGivesItsRateItsShareOfTheCopyAndItsRatioToCuFftsChain() {
        // 256 MiB in 0.0831 ms is 3230 GB/s: 86% of a 3750 GB/s copy, 0.40x a chain of 0.2073 ms.
        ConvolutionBench.Row row = new ConvolutionBench.Row("block FFT alone", 0.0831e6, BYTES, 1.26e-7, "load, execute, store");
        assertEquals("| block FFT alone | 0.0831 | 256 MiB | 3230 | 86% | 0.40x | 1.26e-07 | load, execute, store |\n",
                ConvolutionBench.tableRow(row, 3750, 0.2073e6).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void whatWasNotMeasuredIsADashNotNaN() {
        // A CPU machine: no copy ceiling and no cuFFT chain; a failed way: no time and no error either.
        ConvolutionBench.Row cpu = new ConvolutionBench.Row("fused block FFT", 13.6e6, 16L << 20, 2.01e-7, "");
        String line = ConvolutionBench.tableRow(cpu, Double.NaN, Double.NaN);
        assertEquals("| fused block FFT | 13.6000 | 16 MiB | 1 | — | — | 2.01e-07 |  |", line.strip());
        ConvolutionBench.Row failed = new ConvolutionBench.Row("cuFFT (failed)", Double.NaN, BYTES, Double.NaN, "no libcufft");
        line = ConvolutionBench.tableRow(failed, 3750, Double.NaN);
        assertEquals("| cuFFT (failed) | — | 256 MiB | — | — | — | — | no libcufft |", line.strip());
        assertFalse(line.contains("NaN"), line);
    }
}
