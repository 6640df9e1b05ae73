package io.github.tornadofft.bench;

import io.github.tornadofft.bench.engines.HostCopy;
import io.github.tornadofft.bench.engines.JTransformsEngine;
import io.github.tornadofft.bench.engines.ReferenceEngine;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** r2c and c2r through the whole bench on the CPU engines: checked against reference-fft, wrong results rejected. */
class RealCasesTest {

    private static final List<Case> CASES = Case.parseList("1d:64:4, 2d:16x8:2, 3d:4x8x16",
            List.of(Case.Kind.C2C, Case.Kind.R2C, Case.Kind.C2R));

    private static Bench bench() {
        return new Bench(new Bench.Protocol(1, 0, 2, 5), new Progress(System.err, true));
    }

    private static List<Row> run(List<Case> cases, List<Engine> engines, Bench bench) {
        Compare compare = new Compare();
        compare.seed = 42;
        compare.samples = 2;
        compare.err = new PrintStream(OutputStream.nullOutputStream());
        return compare.measure(cases, engines, bench, new Progress(System.err, true), new LinkedHashMap<>());
    }

    /** An engine that computes as another does but writes one bin (or real value) of each output wrong. */
    static final class OffByOneBin extends TamperedEngine {
        OffByOneBin(Engine real) {
            super("off by one bin", real);
        }

        @Override
        void tamper(Case c, float[] dst) {
            // The last bin of the first row (r2c: the Nyquist bin) takes its neighbour's value.
            int last = c.kind() == Case.Kind.C2R ? c.shape()[c.rank() - 1] - 1 : c.outputLength() - 2;
            dst[last] = dst[last - 1];
        }
    }

    @Test
    void jtransformsAndTheReferenceComputeEveryRealCaseRight() {
        HostCopy host = new HostCopy();
        List<Row> rows = run(CASES, List.of(new JTransformsEngine(host), new ReferenceEngine(host)), bench());
        assertEquals(2 * CASES.size(), rows.size());
        for (Row r : rows) {
            assertTrue(r.ok(), r.engine() + " on " + r.c() + ": " + r.status() + " " + r.reason());
            assertTrue(r.relError() < 1e-5, r.engine() + " on " + r.c() + ": error " + r.relError());
        }
    }

    @Test
    void aWrongResultIsRejectedWithItsError() {
        HostCopy host = new HostCopy();
        List<Case> real = CASES.stream().filter(c -> c.kind().real()).toList();
        List<Row> rows = run(real, List.of(new OffByOneBin(new JTransformsEngine(host))), bench());
        for (Row r : rows) {
            assertEquals(Row.Status.FAILED, r.status(), r.c() + ": " + r.reason());
            assertTrue(r.reason().contains("wrong result, relative error"), r.reason());
            assertFalse(r.call().measured(), "no numbers for a wrong result");
        }
        assertTrue(Report.table(rows).contains("| failed |"));
    }

    @Test
    void theReportComparesEachRealCaseWithTheSameEnginesC2c() {
        HostCopy host = new HostCopy();
        Bench bench = bench();
        List<Row> rows = run(CASES, List.of(new JTransformsEngine(host)), bench);
        String md = Report.markdown("t", List.of(), List.of(), rows, bench.ceilings(), Map.of(), 5);
        assertTrue(md.contains("## Real transforms against c2c of the same shape"), md);
        assertTrue(md.contains("| r2c 3D 4x8x16 | JTransforms |"), md);
        assertTrue(md.contains("2.5 N log2 N"), md);
        Row r2c = rows.stream().filter(r -> r.c().equals(Case.parse("r2c:1d:64:4"))).findFirst().orElseThrow();
        Row c2c = rows.stream().filter(r -> r.c().equals(Case.parse("1d:64:4"))).findFirst().orElseThrow();
        assertEquals(r2c.metricNanos() / c2c.metricNanos(), Report.ofComplex(r2c, rows), 1e-12);
        assertTrue(Double.isNaN(Report.ofComplex(c2c, rows)), "no ratio for a c2c row");
        String csv = Report.csv(rows);
        assertTrue(csv.lines().skip(1).allMatch(l -> l.contains(",c2c,") || l.contains(",r2c,") || l.contains(",c2r,")), csv);
    }
}
