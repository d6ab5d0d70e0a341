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
        double excess = excessPerDemand(load, model.rowUpper(), capRows, groupDemandMbps);
        // Concurrent flow's dual simplex only lowers α from such a start: Cogentco gravity ×32, at
        // 4.6, took 2,167 iterations (2.5 s).
        return new StartingBasis(columns, rows, routedRow == BasisStatus.LOWER || excess <= SIMPLEX_MAX_EXCESS);
    }

    /**
     * Largest {@link #excessPerDemand} of a total-flow start from which dual simplex runs; beyond it
     * interior point starts from scratch. Dual simplex cuts the excess back pivot by pivot, and its
     * iteration limit (a quarter of the rows) is expensive where rows are many. Measured, full LP,
     * 2 cores, dual simplex from the start → interior point alone:
     * <ul>
     * <li>at most 1.8 on gravity, uniform and bimodal ×16 (Kdl, Cogentco, Deltacom, UsCarrier, Colt,
     *     TataNld): dual simplex in 0.1–4 s, what the report measures;</li>
     * <li>DialtelecomCz ×16: uniform 3.7 and bimodal 3.2 take 0.57 and 0.89 s, interior point 4.8 and
     *     6.0 s; gravity 3.8 takes 6.3 s against 3.9 s;</li>
     * <li>Cogentco gravity ×20 (2.3) 5.0 s against 2.8 s, ×24 (3.3) 9.2 s against 5.7 s: left to
     *     dual simplex, whose limit then passes it to interior point;</li>
     * <li>Cogentco gravity ×32 (4.6) 17 s against 11 s, ×48 25 s against 13 s; Kdl gravity ×24 (4.6)
     *     out of the 600 s limit after 503 s of dual simplex, where interior point alone is optimal
     *     in 178 s; Kdl ×32 (7.3) out of time against 414 s.</li>
     * </ul>
     * So the line sits between 3.8 and 4.6: only where no instance measured loses.
     */
    static final double SIMPLEX_MAX_EXCESS = 4.0;

    /**
     * @return the load the greedy start puts above capacity, summed over the capacity rows, per Mbps
     *         of demand: roughly the share of demand to cut back times the overloaded arcs it crosses
     */
    static double excessPerDemand(double[] load, double[] capacity, int capRows, double[] groupDemandMbps) {
        double excess = 0;
        for (int r = 0; r < capRows; r++) {
            excess += Math.max(0, load[r] - capacity[r]);
        }
        double demand = 0;
        for (double d : groupDemandMbps) {
            demand += d;
        }
        return demand > 0 ? excess / demand : 0;
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
