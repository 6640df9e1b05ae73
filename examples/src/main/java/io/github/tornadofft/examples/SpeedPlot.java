package io.github.tornadofft.examples;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GFLOP/s against transform size, one line per step, from a sweep's {@code results.csv}
 * ({@link Sweep}), drawn with XChart as the bench draws its plots, written as PNG.
 */
public final class SpeedPlot {

    private SpeedPlot() {
    }

    /** Reads {@code csv} (step,size,points,batch,error,kernel_ms,gflops) and writes the plot to {@code png}. */
    public static Path write(Path csv, Path png, String title) throws IOException {
        Map<String, List<double[]>> steps = new LinkedHashMap<>();
        for (String line : Files.readAllLines(csv)) {
            String[] f = line.split(",");
            if (f.length < 7 || f[0].equals("step")) {
                continue;
            }
            steps.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[6])});
        }
        XYChart chart = new XYChartBuilder().width(900).height(560).title(title)
                .xAxisTitle("points per transform").yAxisTitle("GFLOP/s (5 N log2 N x batch / kernel time)").build();
        Styler s = chart.getStyler();
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setDecimalPattern("#,##0.##");
        for (Map.Entry<String, List<double[]>> step : steps.entrySet()) {
            double[] x = step.getValue().stream().mapToDouble(p -> p[0]).toArray();
            double[] y = step.getValue().stream().mapToDouble(p -> p[1]).toArray();
            chart.addSeries(step.getKey(), x, y).setMarker(SeriesMarkers.CIRCLE);
        }
        String name = png.toString().endsWith(".png") ? png.toString().substring(0, png.toString().length() - 4) : png.toString();
        BitmapEncoder.saveBitmap(chart, name, BitmapEncoder.BitmapFormat.PNG);   // XChart appends the extension
        return Path.of(name + ".png");
    }

    /** {@code SpeedPlot results.csv gflops.png [title]}: redraws a sweep's plot. */
    public static void main(String[] args) throws IOException {
        System.out.println("wrote " + write(Path.of(args[0]), Path.of(args[1]), args.length > 2 ? args[2] : "The tour"));
    }
}
