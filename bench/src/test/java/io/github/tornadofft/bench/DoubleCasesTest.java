package io.github.tornadofft.bench;

import io.github.tornadofft.api.Precision;
import io.github.tornadofft.bench.engines.HostCopy;
import io.github.tornadofft.bench.engines.JTransformsEngine;
import io.github.tornadofft.bench.engines.ReferenceEngine;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Float64 cases through the whole bench on the CPU engines: checked against reference-fft at double's tolerance. */
class DoubleCasesTest {

    private static final List<Case> CASES = Case.parseList("1d:64:4:f64, 2d:16x8:2:f64, 3d:4x8x16:f64");

    private static Bench bench() {
        return new Bench(new Bench.Protocol(1, 0, 2, 5), new Progress(System.err, true));
    }

    private static List<Row> run(List<Case> cases, List<Engine> engines) {
        Compare compare = new Compare();
        compare.seed = 42;
        compare.samples = 2;
        compare.err = new PrintStream(OutputStream.nullOutputStream());
        return compare.measure(cases, engines, bench(), new Progress(System.err, true), new LinkedHashMap<>());
    }

    /** An engine that computes as the reference does, in double, but hands back its output rounded to float. */
    static final class RoundsToFloat extends TamperedEngine {
        RoundsToFloat() {
            super("rounds to float", new ReferenceEngine(new HostCopy()));
        }

        @Override
        void tamper(Case c, float[] dst) {
        }

        @Override
        void tamper(Case c, double[] dst) {
            for (int i = 0; i < dst.length; i++) {
                dst[i] = (float) dst[i];
            }
        }
    }

    @Test
    void jtransformsAndTheReferenceComputeComplexCasesToDoubleAccuracy() {
        HostCopy host = new HostCopy();
        List<Row> rows = run(CASES, List.of(new JTransformsEngine(host), new ReferenceEngine(host)));
        assertEquals(2 * CASES.size(), rows.size());
        for (Row r : rows) {
            assertTrue(r.ok(), r.engine() + " on " + r.c() + ": " + r.status() + " " + r.reason());
            assertTrue(r.relError() < 1e-14, r.engine() + " on " + r.c() + ": error " + r.relError());
        }
    }

    @Test
    void aFloatResultOfADoubleCaseIsRejectedByDoublesTolerance() {
        List<Row> rows = run(List.of(Case.parse("1d:256:2:f64")), List.of(new RoundsToFloat()));
        Row r = rows.getFirst();
        assertEquals(Row.Status.FAILED, r.status(), r.reason());
        assertTrue(r.reason().contains("above the tolerance " + Truth.DOUBLE_TOLERANCE), r.reason());
        assertFalse(r.call().measured(), "no numbers for a wrong result");
        List<Row> single = run(List.of(Case.parse("1d:256:2")), List.of(new RoundsToFloat()));
        assertTrue(single.getFirst().ok(), "the same engine in float: " + single.getFirst().reason());
    }

    @Test
    void aRealCaseInDoubleJTransformsDoesNotTakeIsListedUnsupported() {
        HostCopy host = new HostCopy();
        List<Row> rows = run(List.of(Case.parse("r2c:1d:64:2:f64"), Case.parse("c2r:2d:8x16:f64")),
                List.of(new JTransformsEngine(host), new ReferenceEngine(host)));
        assertEquals(Row.Status.UNSUPPORTED, rows.get(0).status());
        assertTrue(rows.get(0).reason().contains("in double"), rows.get(0).reason());
        assertTrue(rows.get(1).ok(), "the reference computes r2c in double: " + rows.get(1).reason());
        assertTrue(rows.get(1).relError() < 1e-14, "error " + rows.get(1).relError());
        assertTrue(rows.get(3).ok(), "and c2r: " + rows.get(3).reason());
    }

    @Test
    void theTableAndTheCsvShowEachRowsPrecision() {
        HostCopy host = new HostCopy();
        List<Row> rows = run(Case.parseList("1d:64:4", List.of(Case.Kind.C2C), List.of(Precision.FLOAT, Precision.DOUBLE)),
                List.of(new ReferenceEngine(host)));
        assertTrue(Report.table(rows).contains("| 1D 64, batch 4, double | reference-fft |"), Report.table(rows));
        List<String> csv = Report.csv(rows).lines().toList();
        assertTrue(csv.get(0).endsWith(",precision"), csv.get(0));
        assertTrue(csv.get(1).endsWith(",float") && csv.get(2).endsWith(",double"), String.join("\n", csv));
        assertTrue(csv.get(2).contains(",1d:64:4:f64,"), csv.get(2));
    }

    private static Compare parse(String... args) {
        Compare compare = new Compare();
        new CommandLine(compare).parseArgs(args);
        return compare;
    }

    @Test
    void precisionOptionListsThePrecisionsOfCasesThatNameNone() {
        assertEquals(List.of(Precision.FLOAT), parse().precisionList());
        assertEquals(List.of(Precision.DOUBLE), parse("--precision", "double").precisionList());
        assertEquals(List.of(Precision.FLOAT, Precision.DOUBLE), parse("--precision", "f32,f64").precisionList());
        assertEquals(List.of(Precision.FLOAT, Precision.HALF), parse("--precision", "f32,f16").precisionList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse("--precision", "quarter").precisionList());
        assertTrue(e.getMessage().startsWith("--precision:") && e.getMessage().contains("'quarter'"), e.getMessage());
    }

    @Test
    void withoutToleranceEachPrecisionHasItsOwn() {
        Bench.Protocol protocol = new Bench.Protocol(1, 0, 1, 1);
        Progress quiet = new Progress(System.err, true);
        Bench defaults = new Bench(protocol, quiet, parse().tolerance);
        assertEquals(1e-12, defaults.tolerance(Case.parse("1d:64:f64")));
        assertEquals(1e-4, defaults.tolerance(Case.parse("1d:64")));
        Bench given = new Bench(protocol, quiet, parse("--tolerance", "1e-9").tolerance);
        assertEquals(1e-9, given.tolerance(Case.parse("1d:64:f64")));
        assertEquals(1e-9, given.tolerance(Case.parse("1d:64")));
    }
}
