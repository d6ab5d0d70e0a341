package te.lp;

import java.util.Arrays;

/**
 * A dual-feasible starting basis for the total-flow and concurrent-flow LPs, so that dual simplex
 * starts next to the optimum instead of at zero flow. Every commodity is put in full on one of its
 * columns (the basic one; its row at the bound that says "all routed"; for concurrent flow α at 1)
 * and every capacity row's slack is basic. With all capacity duals at zero, each path's reduced cost
 * is 0 (total flow: each commodity's dual is 1; concurrent flow: 0, and α's reduced cost 1 suits it
 * at its upper bound), so the basis is dual
 * feasible whichever column is picked; the pick only decides how much capacity is overloaded at the
 * start, i.e. how much work is left. It is greedy: largest demand first, each onto the column whose
 * busiest capacity row ends up least loaded relative to its capacity. On a Kdl POP-16 sub-problem
 * this cuts dual simplex from 6,264 iterations (fewest capacity rows as the pick) to 1,125, and
 * to 850 (1.0 s) after {@link PathReduction}. Placing everything a second time, by the loads
 * the first pass left, measured worse (1,008–1,095 iterations); ascending demand too (1,018).
 */
final class GreedyBasis {
    private GreedyBasis() {
    }

    /**
     * @param groupColumnStart per commodity group its first column, plus one past the last
     * @param groupDemandMbps  per group its demand in Mbps
     * @param groupRow         per group its row among the commodity rows, or -1 when it has none
     *                         (then it has exactly one column)
     * @param capRows          number of capacity rows, which come first
     * @param routedRow        status of a commodity row whose demand is routed in full: UPPER for
     *                         total flow (Σ f ≤ d), LOWER for concurrent flow (Σ f − α·d ≥ 0, with α,
     *                         the model's last column, nonbasic at its upper bound 1)
     */
    static StartingBasis of(LpModel model, int[] groupColumnStart, double[] groupDemandMbps, int[] groupRow, int capRows,
                            BasisStatus routedRow) {
        int n = groupDemandMbps.length;
        BasisStatus[] columns = new BasisStatus[model.columns()];
        BasisStatus[] rows = new BasisStatus[model.rows()];
        Arrays.fill(columns, BasisStatus.LOWER);
        Arrays.fill(rows, 0, capRows, BasisStatus.BASIC);
        double[] load = new double[capRows];
        int[] colStart = model.colStart();
        int[] rowIndex = model.rowIndex();

        long[] order = new long[n];
        int withRow = 0;
        for (int k = 0; k < n; k++) {
            double demand = groupDemandMbps[k];
            if (groupRow[k] >= 0) {
                // Positive floats order like their bit patterns: demand in the high half, index below.
                order[withRow++] = ((long) Float.floatToIntBits((float) demand) << 32) | k;
            } else if (groupColumnStart[k + 1] > groupColumnStart[k]) {
                int c = groupColumnStart[k];
                columns[c] = BasisStatus.UPPER;
                addLoad(load, colStart, rowIndex, c, capRows, model.colUpper()[c]);
            }
        }
        Arrays.sort(order, 0, withRow);
        int[] chosen = new int[n];
        Arrays.fill(chosen, -1);
        for (int i = withRow - 1; i >= 0; i--) {
            int k = (int) order[i];
            chosen[k] = leastLoaded(model, load, groupColumnStart[k], groupColumnStart[k + 1], groupDemandMbps[k], capRows);
            addLoad(load, colStart, rowIndex, chosen[k], capRows, groupDemandMbps[k]);
        }
        for (int i = 0; i < withRow; i++) {
            int k = (int) order[i];
            columns[chosen[k]] = BasisStatus.BASIC;
            rows[capRows + groupRow[k]] = routedRow;
        }
        if (routedRow == BasisStatus.LOWER) {
            columns[model.columns() - 1] = BasisStatus.UPPER;
        }
        return new StartingBasis(columns, rows);
    }

    /** @return the column in [from, to) whose busiest capacity row is least loaded after adding {@code demand}; ties: fewer rows */
    private static int leastLoaded(LpModel model, double[] load, int from, int to, double demand, int capRows) {
        int best = -1;
        double bestPeak = Double.POSITIVE_INFINITY;
        int bestLength = Integer.MAX_VALUE;
        for (int c = from; c < to; c++) {
            double peak = 0;
            int length = 0;
            for (int q = model.colStart()[c]; q < model.colStart()[c + 1]; q++) {
                int r = model.rowIndex()[q];
                if (r < capRows) {
                    peak = Math.max(peak, (load[r] + demand) / model.rowUpper()[r]);
                    length++;
                }
            }
            if (peak < bestPeak || (peak == bestPeak && length < bestLength)) {
                best = c;
                bestPeak = peak;
                bestLength = length;
            }
        }
        return best;
    }

    private static void addLoad(double[] load, int[] colStart, int[] rowIndex, int c, int capRows, double flow) {
        for (int q = colStart[c]; q < colStart[c + 1]; q++) {
            if (rowIndex[q] < capRows) {
                load[rowIndex[q]] += flow;
            }
        }
    }
}
