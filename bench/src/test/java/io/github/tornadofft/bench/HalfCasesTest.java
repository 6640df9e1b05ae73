package io.github.tornadofft.bench;

import io.github.tornadofft.api.Precision;
import io.github.tornadofft.bench.engines.HostCopy;
import io.github.tornadofft.bench.engines.JTransformsEngine;
import io.github.tornadofft.bench.engines.ReferenceEngine;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fp16-storage cases ({@code :f16}): how they are written, their data, their tolerance, and that only an
 * engine of half storage is given one (the others' rows say unsupported, never a float time under an fp16
 * label). The half-storage engine itself (tornado-fft on PTX or CUDA) runs on the GPU machine.
 */
class HalfCasesTest {

    private static List<Row> run(List<Case> cases, List<Engine> engines) {
        Compare compare = new Compare();
        compare.seed = 42;
        compare.samples = 2;
        compare.err = new PrintStream(OutputStream.nullOutputStream());
        return compare.measure(cases, engines, new Bench(new Bench.Protocol(1, 0, 2, 5), new Progress(System.err, true)),
                new Progress(System.err, true), new LinkedHashMap<>());
    }

    @Test
    void aHalfCaseIsWrittenReadAndCountedInTwoBytesAValue() {
        Case c = Case.parse("1d:4096:8:f16");
        assertEquals(Precision.HALF, c.precision());
        assertTrue(c.isHalf());
        assertFalse(c.isDouble());
        assertEquals("1D 4096, batch 8, half", c.label());
        assertEquals("1d:4096:8:f16", c.spec());
        assertEquals(c, Case.parse(c.spec()));
        assertEquals(Precision.HALF, Case.precisionOf("half"));
        assertEquals(Case.parse("1d:4096:8").bytes() / 2, c.bytes());
        assertEquals(1e-3, Truth.tolerance(Precision.HALF));
    }

    @Test
    void aHalfCasesInputIsFp16Values() {
        Truth truth = Truth.of(Case.parse("1d:256:4:f16"), 7, 2);
        float[] input = truth.input();
        int rounded = 0;
        for (float v : input) {
            assertEquals(v, Float.float16ToFloat(Float.floatToFloat16(v)), "an fp16 value");
            rounded += v != (float) v ? 0 : 1;
        }
        assertEquals(input.length, rounded);
        float[] single = Truth.of(Case.parse("1d:256:4"), 7, 2).input();
        boolean differs = false;
        for (int i = 0; i < input.length; i++) {
            assertTrue(Math.abs(input[i] - single[i]) <= 0x1p-11 * Math.abs(single[i]) + 0x1p-25, "the float draw rounded: " + i);
            differs |= input[i] != single[i];
        }
        assertTrue(differs, "the float draw is not fp16 already");
    }

    @Test
    void enginesWithoutHalfStorageListTheCaseUnsupported() {
        HostCopy host = new HostCopy();
        List<Row> rows = run(List.of(Case.parse("1d:64:4:f16")), List.of(new JTransformsEngine(host), new ReferenceEngine(host)));
        assertEquals(2, rows.size());
        for (Row r : rows) {
            assertEquals(Row.Status.UNSUPPORTED, r.status(), r.engine() + ": " + r.reason());
            assertTrue(r.reason().startsWith("fp16 storage: this engine computes float32 and float64 cases only"), r.reason());
            assertFalse(r.call().measured(), "no numbers");
        }
    }
}
