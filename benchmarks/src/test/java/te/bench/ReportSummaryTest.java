package te.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.controller.compare.Method;
import te.controller.compare.Outcome;
import te.lp.Objective;

class ReportSummaryTest {
    private static Outcome outcome(Method m, String status, double value) {
        return new Outcome(m, status, value, 0.1, 0.2, 0.4, Double.NaN, Double.NaN, List.of(), 3.0, true, "");
    }

    private static String summary(List<Report.Row> rows) {
        StringWriter out = new StringWriter();
        try (PrintWriter w = new PrintWriter(out)) {
            ReportSummary.write(rows, w);
        }
        return out.toString();
    }

    /** A full LP out of time leaves its instance out; the poisson-high-intra median still gets its row. */
    @Test
    void thePoissonMedianIsPrintedWhenItIsTheOnlyOneOfItsObjectiveWithAReference() {
        Report.Instance gravity = new Report.Instance("GtsCe", "gravity:1,16", Objective.TOTAL_FLOW);
        Report.Instance poisson = new Report.Instance("GtsCe", "poisson-high-intra:1,16", Objective.TOTAL_FLOW);
        List<Report.Row> rows = List.of(
                new Report.Row(gravity, outcome(Method.fullLp(), "TIME_LIMIT", 90), Double.NaN, 0.5),
                new Report.Row(gravity, outcome(Method.pop(16, 0), "OPTIMAL", 80), Double.NaN, 0.5),
                new Report.Row(poisson, outcome(Method.fullLp(), "OPTIMAL", 100), 100, 0.8),
                new Report.Row(poisson, outcome(Method.pop(16, 0.75), "OPTIMAL", 95), 100, 0.8));
        assertThat(summary(rows))
                .contains("| total-flow | n/a over 0 | not run | 95.000 % over 1 | NOT met |")
                .contains("1 instance left out of the medians");
    }

    @Test
    void mediansOfEvenCountsAreTheMeanOfTheMiddleTwo() {
        Report.Instance a = new Report.Instance("GtsCe", "gravity:1,16", Objective.TOTAL_FLOW);
        Report.Instance b = new Report.Instance("Colt", "gravity:1,16", Objective.TOTAL_FLOW);
        List<Report.Row> rows = List.of(
                new Report.Row(a, outcome(Method.pop(16, 0), "OPTIMAL", 99), 100, 1),
                new Report.Row(b, outcome(Method.pop(16, 0), "OPTIMAL", 100), 100, 1));
        assertThat(summary(rows)).contains("| total-flow | 99.500 % over 2 | met | n/a over 0 | not run |");
    }
}
