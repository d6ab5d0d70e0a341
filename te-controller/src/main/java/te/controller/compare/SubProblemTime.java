package te.controller.compare;

import java.util.ArrayList;
import java.util.List;
import te.lp.TeResult;

/**
 * One POP sub-problem's share of a run, to see stragglers behind POP's summed times.
 *
 * @param number       the sub-problem, from 1
 * @param commodities  its (virtual) commodities, or -1 when it gave no allocation to count them from
 * @param status       its solver status name
 * @param value        its objective (on its capacity share; NaN without an allocation)
 * @param buildSeconds wall-clock seconds building its LP(s)
 * @param solveSeconds seconds in the solver for it
 * @param columns      columns of its (last) LP
 * @param rows         rows of its (last) LP
 */
public record SubProblemTime(int number, int commodities, String status, double value, double buildSeconds, double solveSeconds,
                             int columns, int rows) {
    /** @return one entry per sub-problem result, numbered from 1 */
    public static List<SubProblemTime> of(List<TeResult> results) {
        List<SubProblemTime> out = new ArrayList<>();
        for (int s = 0; s < results.size(); s++) {
            TeResult r = results.get(s);
            int commodities = r.allocation().map(a -> a.problem().commodities().size()).orElse(-1);
            out.add(new SubProblemTime(s + 1, commodities, r.status().name(), r.value(), r.buildSeconds(), r.solveSeconds(),
                    r.columns(), r.rows()));
        }
        return out;
    }

    /**
     * @return its CSV cells, in the order {@code sub_problem,commodities,status,value,build_s,solve_s,columns,rows}
     *         (commodities blank when unknown)
     */
    public String csvCells() {
        return String.format(java.util.Locale.ROOT, "%d,%s,%s,%s,%.3f,%.3f,%d,%d", number, commodities < 0 ? "" : String.valueOf(commodities), status,
                ComparisonTable.value(value, 6),
                buildSeconds, solveSeconds, columns, rows);
    }

    /** @return build and solve seconds together */
    public double seconds() {
        return buildSeconds + solveSeconds;
    }
}
