package io.github.tornadofft.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {

    private static final Case CASE = Case.parse("1d:4096:1024");

    private static Row measured(String engine, Engine.Place place, double kernelMs, double callMs) {
        Timing kernel = Double.isNaN(kernelMs) ? Timing.NONE : new Timing(kernelMs * 1e6, kernelMs * 1e6, 10, 50);
        Timing call = new Timing(callMs * 1e6, callMs * 1e6, 10, 50);
        return new Row(CASE, engine, "dev", place, Row.Status.OK, "", kernel, call, new Timing(2 * callMs * 1e6, 0, 10, 50),
                3.1e-7, "4 of 1024", 100, "copy", 150, "2 passes: x, y", "", Double.NaN);
    }

    private static Row absent(String engine) {
        return new Row(CASE, engine, "—", Engine.Place.GPU, Row.Status.ABSENT, "no driver", Timing.NONE, Timing.NONE,
                Timing.NONE, Double.NaN, "", Double.NaN, "", Double.NaN, "", "", Double.NaN);
    }

    @Test
    void absentEnginesAreListedAsAbsentWithNoNumbers() {
        String table = Report.table(List.of(absent("cuFFT")));
        String row = table.lines().filter(l -> l.contains("cuFFT")).findFirst().orElseThrow();
        assertTrue(row.contains("| absent |"), row);
        assertFalse(row.matches(".*\\|\\s*0(\\.0*)?\\s*\\|.*"), "no zeros for an absent engine: " + row);
    }

    @Test
    void theRatioComparesGpuEnginesWithCuFftAndCpuEnginesWithJTransforms() {
        List<Row> rows = Compare.withRatios(List.of(
                measured("cuFFT", Engine.Place.GPU, 0.1, 0.2),
                measured("tornado-fft PTX 1:0", Engine.Place.GPU, 0.2, 0.4),
                measured("JTransforms", Engine.Place.CPU, Double.NaN, 40),
                measured("tornado-fft OPENCL 0:0", Engine.Place.CPU, 20, 30)));
        assertEquals(2.0, rows.get(1).ratio(), 1e-9);
        assertEquals("cuFFT", rows.get(1).baseline());
        assertEquals(0.5, rows.get(3).ratio(), 1e-9, "kernel time against JTransforms' call time");
        assertEquals("JTransforms", rows.get(3).baseline());
        assertTrue(Report.table(rows).contains("| 2.00x cuFFT |"));
    }

    @Test
    void aMeasuredRowShowsTimesRatesAndRuns() {
        Row r = Compare.withRatios(List.of(measured("JTransforms", Engine.Place.CPU, Double.NaN, 43.5))).get(0);
        String row = Report.table(List.of(r)).lines().skip(2).findFirst().orElseThrow();
        assertEquals("| 1D 4096, batch 1024 | JTransforms | dev | — | 43.5 | 87.0 | 5.79 | 1.54 | 2% | 3.1e-07 | 1.00x JTransforms"
                + " | 10+50 / 10+50 |", row);
    }

    @Test
    void csvHasOneLinePerRowEmptyFieldsWhereNothingWasMeasuredAndQuotesCommas() {
        String csv = Report.csv(List.of(measured("JTransforms", Engine.Place.CPU, Double.NaN, 43.5), absent("cuFFT")));
        List<String> lines = csv.lines().toList();
        assertEquals(3, lines.size());
        assertEquals(String.join(",", Report.CSV_COLUMNS), lines.get(0));
        assertTrue(lines.get(1).startsWith("\"1D 4096, batch 1024\",1d:4096:1024,1024,4096,33554432,JTransforms,"), lines.get(1));
        assertTrue(lines.get(2).contains(",cuFFT,—,GPU,absent,no driver,,,,,"), lines.get(2));
        assertEquals("\"a \"\"b\"\", c\"", Report.csvCell("a \"b\", c"));
    }
}
