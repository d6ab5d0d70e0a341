package te.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import te.controller.compare.Method;
import te.lp.Objective;

/**
 * The report's figures, after the POP paper's: runtime vs share of optimum per topology, speed-up vs
 * k (gravity, total flow), and POP-16 with and without client splitting (poisson-high-intra).
 */
final class ReportPlots {
    private ReportPlots() {
    }

    static void write(List<Report.Row> rows, Path out) {
        System.setProperty("java.awt.headless", "true");
        Map<String, List<Report.Row>> byTopology = new LinkedHashMap<>();
        rows.forEach(r -> byTopology.computeIfAbsent(r.instance().topology(), t -> new ArrayList<>()).add(r));
        byTopology.forEach((topology, topologyRows) -> save(runtimeVsShare(topology, topologyRows), out.resolve("runtime-vs-share-" + topology)));
        save(speedupVsK(byTopology), out.resolve("speedup-vs-k"));
        clientSplitting(byTopology).ifPresent(chart -> save(chart, out.resolve("client-splitting")));
    }

    /** One series per method; one point per instance of the topology. */
    private static XYChart runtimeVsShare(String topology, List<Report.Row> rows) {
        XYChart chart = new XYChartBuilder().width(800).height(500).title(topology + ": runtime vs share of the full LP")
                .xAxisTitle("wall-clock seconds (log)").yAxisTitle("share of full LP objective (%)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        for (Report.Row r : rows) {
            double share = ReportSummary.share(r);
            if (!Double.isNaN(share) && r.outcome().wallSeconds() > 0) {
                points.computeIfAbsent(r.outcome().method().label(), m -> new ArrayList<>())
                        .add(new double[] {r.outcome().wallSeconds(), 100 * share});
            }
        }
        points.forEach((label, xy) -> chart.addSeries(label, xy.stream().mapToDouble(p -> p[0]).toArray(),
                xy.stream().mapToDouble(p -> p[1]).toArray()));
        return chart;
    }

    /** Full LP wall / POP-k wall against k, one line per topology, gravity total flow. */
    private static XYChart speedupVsK(Map<String, List<Report.Row>> byTopology) {
        XYChart chart = new XYChartBuilder().width(800).height(500).title("POP speed-up vs k (gravity, total flow)")
                .xAxisTitle("k (sub-problems, log)").yAxisTitle("speed-up over the full LP (wall clock)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        byTopology.forEach((topology, rows) -> {
            List<double[]> xy = rows.stream()
                    .filter(r -> r.instance().traffic().startsWith("gravity") && r.instance().objective() == Objective.TOTAL_FLOW)
                    // Without an optimal full LP there is no speed-up, as in the tables.
                    .filter(r -> r.outcome().method().kind() == Method.Kind.POP && Double.isFinite(r.speedup()))
                    .map(r -> new double[] {r.outcome().method().k(), r.speedup()}).toList();
            if (!xy.isEmpty()) {
                chart.addSeries(topology, xy.stream().mapToDouble(p -> p[0]).toArray(), xy.stream().mapToDouble(p -> p[1]).toArray());
            }
        });
        return chart;
    }

    /** POP-16 share with t = 0 and with the instance's client splitting, poisson-high-intra total flow. */
    private static Optional<CategoryChart> clientSplitting(Map<String, List<Report.Row>> byTopology) {
        List<String> topologies = new ArrayList<>();
        List<Double> without = new ArrayList<>();
        List<Double> with = new ArrayList<>();
        byTopology.forEach((topology, rows) -> {
            Optional<Report.Row> split = rows.stream().filter(r -> r.instance().clientSplit() > 0
                    && r.instance().objective() == Objective.TOTAL_FLOW
                    && r.outcome().method().equals(Method.pop(16, r.instance().clientSplit()))).findFirst();
            Optional<Report.Row> plain = rows.stream().filter(r -> r.instance().clientSplit() > 0
                    && r.instance().objective() == Objective.TOTAL_FLOW && r.outcome().method().equals(Method.pop(16, 0))).findFirst();
            // Without an optimal full LP there is no share: left out, as in the medians, not drawn as 0 %.
            if (split.isPresent() && plain.isPresent() && !Double.isNaN(split.get().fullLpValue())) {
                topologies.add(topology);
                // A POP-16 that failed against an optimal full LP is 0 %, as in the medians.
                with.add(100 * nanToZero(ReportSummary.share(split.get())));
                without.add(100 * nanToZero(ReportSummary.share(plain.get())));
            }
        });
        if (topologies.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
                .title("Client splitting: POP-16 on poisson-high-intra, total flow").xAxisTitle("topology")
                .yAxisTitle("share of full LP objective (%)").build();
        chart.addSeries("POP-16, t = 0", topologies, without);
        chart.addSeries("POP-16, t = 0.75", topologies, with);
        return Optional.of(chart);
    }

    private static double nanToZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    /** @param file the path without its {@code .png}, which is added */
    private static void save(Chart<?, ?> chart, Path file) {
        te.controller.compare.ComparisonPlot.savePng(chart, file.resolveSibling(file.getFileName() + ".png"));
    }
}
