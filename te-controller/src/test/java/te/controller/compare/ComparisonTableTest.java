package te.controller.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import te.lp.Objective;

class ComparisonTableTest {
    private static final List<SubProblemTime> SUBS = List.of(new SubProblemTime(1, 55, "OPTIMAL", 4.66266e-9, 0.0125, 0.5, 120, 80));
    private static final List<Outcome> OUTCOMES = List.of(
            new Outcome(Method.fullLp(), "OPTIMAL", 9.32532e-9, 0.001, 0.013, 0.0865, Double.NaN, Double.NaN, List.of(), 2.39, true, ""),
            new Outcome(Method.pop(2, 0), "OPTIMAL", 1.0572e-8, 0.002, 0.014, 0.02, 0.0005, 0.0125, SUBS, 2.38, true, ""));

    /** @return what {@code print} writes while the JVM's default locale is German (a decimal comma) */
    private static String underGermanLocale(Consumer<PrintWriter> print) {
        Locale was = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            StringWriter out = new StringWriter();
            print.accept(new PrintWriter(out));
            return out.toString();
        } finally {
            Locale.setDefault(was);
        }
    }

    /** Under a German locale every decimal took a comma: each CSV line split into extra cells ("9,32532e-09"). */
    @Test
    void csvCellsKeepTheirPointUnderALocaleWithADecimalComma() {
        String csv = underGermanLocale(w -> ComparisonTable.print(OUTCOMES, Objective.MIN_MLU, true, w));
        List<String> lines = csv.lines().toList();
        assertThat(lines).hasSize(3);
        for (String line : lines) {
            assertThat(line.split(",", -1)).as(line).hasSize(11);
        }
        assertThat(lines.get(1)).startsWith("full LP,OPTIMAL,9.32532e-09,1.000000,2.39,0.001,0.013,,,0.087,1.0");
        String subs = underGermanLocale(w -> ComparisonTable.printSubProblemCsv(OUTCOMES, w));
        assertThat(subs.lines().toList()).containsExactly("method,sub_problem,commodities,status,objective,build_s,solve_s,columns,rows",
                "POP-2,1,55,OPTIMAL,4.66266e-09,0.013,0.500,120,80");
    }

    /** The table read "9.32532e-09" beside "0,013": one notation, the one the flags take. */
    @Test
    void theTableUsesAPointThroughout() {
        String table = underGermanLocale(w -> ComparisonTable.print(OUTCOMES, Objective.MIN_MLU, false, w));
        assertThat(table).doesNotContain(",");
        assertThat(table.lines().skip(1).findFirst().orElseThrow()).contains("9.32532e-09", "100.0000%", "2.39", "0.013", "0.087", "1.0x");
        assertThat(underGermanLocale(w -> ComparisonTable.printSubProblemSummary(OUTCOMES, w)))
                .isEqualTo("POP-2 sub-problems, build + solve s: least 0.513, median 0.513, most 0.513 (sub-problem 1)%n".formatted());
    }

    @Test
    void valuesKeepSixSignificantDigitsBelowATenthAndAZeroHasNoSign() {
        assertThat(ComparisonTable.value(0.0932532, 6)).isEqualTo("0.0932532");
        assertThat(ComparisonTable.value(-0.0932532, 6)).isEqualTo("-0.0932532");
        assertThat(ComparisonTable.value(0.1, 6)).isEqualTo("0.100000");
        // Rounds up to the boundary: as %.6f would print it.
        assertThat(ComparisonTable.value(0.0999999999, 6)).isEqualTo("0.100000");
        assertThat(ComparisonTable.value(-9.32532e-9, 6)).isEqualTo("-9.32532e-09");
        assertThat(ComparisonTable.value(-0.0, 6)).isEqualTo("0.000000");
        assertThat(ComparisonTable.value(Double.NaN, 6)).isEqualTo("NaN");
        assertThat(Double.parseDouble(ComparisonTable.value(1.23456789e-300, 6))).isEqualTo(1.23457e-300);
    }
}
