package te.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import te.controller.compare.Method;
import te.controller.compare.Outcome;
import te.lp.Objective;

class ReportCsvTest {
    /** Under a German default locale report.csv's decimals took a comma, which split each of them into two cells. */
    @Test
    void reportCsvKeepsOneCellPerColumnUnderALocaleWithADecimalComma() {
        Report.Instance instance = new Report.Instance("GtsCe", "gravity:1,16", Objective.MIN_MLU);
        Outcome full = new Outcome(Method.fullLp(), "OPTIMAL", 0.0932532, 0.1, 0.2, 0.5, Double.NaN, Double.NaN, List.of(), 3.25, true, "");
        List<Report.Row> rows = List.of(new Report.Row(instance, full, 0.0932532, 0.5));
        StringWriter out = new StringWriter();
        Locale was = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try (PrintWriter w = new PrintWriter(out)) {
            Report.csv(rows, w);
        } finally {
            Locale.setDefault(was);
        }
        assertThat(out.toString().lines().toList()).containsExactly(
                "topology,traffic,objective,method,status,value,share_of_full_lp,mean_hops,build_s_sum,solve_s_sum,split_s,merge_s,wall_s,speedup",
                "GtsCe,\"gravity:1,16\",min-mlu,full LP,OPTIMAL,0.0932532,1.000000,3.25,0.100,0.200,,,0.500,1.00");
    }
}
