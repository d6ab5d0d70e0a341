package te.controller.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Runtime vs quality: one point per method, wall seconds (log scale) against share of the full LP. */
public final class ComparisonPlot {
    private ComparisonPlot() {
    }

    /**
     * Writes a PNG. Without a successful full LP, the y axis is the raw objective instead of a share.
     *
     * @param file  output path; {@code .png} is added by XChart when missing
     * @param title chart title (instance description)
     */
    public static void writePng(List<Outcome> outcomes, te.lp.Objective objective, String title, Path file) {
        System.setProperty("java.awt.headless", "true");
        Optional<Outcome> full = ComparisonTable.reference(outcomes);
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title)
                .xAxisTitle("wall-clock seconds (log)")
                .yAxisTitle(full.isPresent() ? objective == te.lp.Objective.MIN_MLU ? "full LP's max utilisation / method's (%)"
                        : "share of full LP objective (%)" : "objective").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(10);
        for (Outcome o : outcomes) {
            double y = full.map(f -> 100 * ComparisonTable.share(o, f.value(), objective)).orElse(o.value());
            if (Double.isNaN(y) || o.wallSeconds() <= 0) {
                continue; // no value, or none to set against the full LP's
            }
            XYSeries series = chart.addSeries(o.method().label(), new double[] {o.wallSeconds()}, new double[] {y});
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        savePng(chart, file);
    }

    /** Writes {@code chart} as a PNG to exactly {@code file}, whole or not at all ({@link te.topology.io.AtomicFile}). */
    public static void savePng(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) {
        try {
            te.topology.io.AtomicFile.write(file, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write plot " + file, e);
        }
    }
}
