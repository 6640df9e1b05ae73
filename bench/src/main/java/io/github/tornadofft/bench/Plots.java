package io.github.tornadofft.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Two PNGs: {@code time.png}, one bar chart per case (time and end-to-end time of every engine
 * that ran it, values printed on the bars), and {@code gflops.png}, GFLOP/s of every engine, grouped by case.
 */
public final class Plots {

    private Plots() {
    }

    /** Writes both plots into {@code dir} and returns their paths. */
    public static List<Path> write(List<Row> rows, Path dir) throws IOException {
        List<Path> written = new ArrayList<>();
        Path time = dir.resolve("time.png");
        writeTimes(rows, time);
        written.add(time);
        Path gflops = dir.resolve("gflops.png");
        writeGflops(rows, gflops);
        written.add(gflops);
        return written;
    }

    private static void writeTimes(List<Row> rows, Path file) throws IOException {
        List<CategoryChart> charts = new ArrayList<>();
        for (Case c : Report.cases(rows)) {
            List<String> engines = new ArrayList<>();
            List<Double> time = new ArrayList<>();
            List<Double> e2e = new ArrayList<>();
            for (Row r : rows) {
                if (r.c().equals(c) && r.ok()) {
                    engines.add(r.engine());
                    time.add(r.metricNanos() / 1e6);
                    e2e.add(r.e2e().medianMs());
                }
            }
            if (engines.isEmpty()) {
                continue;
            }
            CategoryChart chart = new CategoryChartBuilder().width(640).height(420).title(c.label() + " (" + c.size() + ")")
                    .yAxisTitle("ms").build();
            style(chart);
            chart.getStyler().setLabelsVisible(true);
            chart.getStyler().setLabelsRotation(90);
            chart.addSeries("kernel (or call) time", engines, time);
            chart.addSeries("end-to-end", engines, e2e);
            charts.add(chart);
        }
        if (charts.isEmpty()) {
            return;
        }
        int cols = Math.min(2, charts.size());
        int rowsOfCharts = (charts.size() + cols - 1) / cols;
        BitmapEncoder.saveBitmap(charts, rowsOfCharts, cols, strip(file), BitmapEncoder.BitmapFormat.PNG);
    }

    private static void writeGflops(List<Row> rows, Path file) throws IOException {
        List<Case> cases = Report.cases(rows);
        List<String> labels = cases.stream().map(Case::label).toList();
        Set<String> engines = new LinkedHashSet<>();
        rows.stream().filter(Row::ok).forEach(r -> engines.add(r.engine()));
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(560).title("GFLOP/s (5 N log2 N x batch / time)")
                .yAxisTitle("GFLOP/s").build();
        style(chart);
        for (String engine : engines) {
            List<Double> values = new ArrayList<>();
            for (Case c : cases) {
                Double v = null;
                for (Row r : rows) {
                    if (r.ok() && r.engine().equals(engine) && r.c().equals(c)) {
                        v = r.gflops();
                    }
                }
                values.add(v);
            }
            chart.addSeries(engine, labels, values);
        }
        if (!engines.isEmpty()) {
            BitmapEncoder.saveBitmap(chart, strip(file), BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static void style(CategoryChart chart) {
        Styler s = chart.getStyler();
        s.setLegendPosition(Styler.LegendPosition.InsideNW);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setXAxisLabelRotation(20);
        chart.getStyler().setAvailableSpaceFill(0.8);
        chart.getStyler().setDecimalPattern("#,##0.####");
    }

    /** XChart appends the extension itself. */
    private static String strip(Path file) {
        String s = file.toString();
        return s.endsWith(".png") ? s.substring(0, s.length() - 4) : s;
    }
}
