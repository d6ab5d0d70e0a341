package te.lp;

import java.util.Arrays;

/**
 * Builds the path-formulation LP every objective shares, straight into CSC arrays: one column per
 * (commodity, path) in commodity order then path rank, then at most one extra scalar column
 * (α or z). Rows: one capacity row per arc that some path uses and that its possible load could
 * overload (arc order), then one row per commodity. Each objective only chooses costs, bounds and the extra column's coefficients.
 */
final class PathLpBuilder {
    /** Where the extra column has its coefficients. */
    enum Extra {
        /** No extra column. */
        NONE,
        /** Coefficient {@code -demand_k} in every commodity row (concurrent flow's α). */
        COMMODITY_ROWS,
        /** Coefficient {@code -capacity_a} in every capacity row (min-MLU's z). */
        CAPACITY_ROWS
    }

    /**
     * How much flow an arc can possibly carry, used to leave out capacity rows no feasible point can
     * violate. Such rows are most of them in POP sub-problems (1339 of Kdl's 1790 arcs at k = 16),
     * and every arc of a path is a non-zero, so dropping them shrinks the LP severalfold.
     */
    enum LoadBound {
        /** Keep every used arc's row (min-MLU: z depends on every arc). */
        NONE,
        /** A commodity's flow over an arc is at most its demand (total flow, fair: Σ_p f ≤ d is a row). */
        COMMODITY_DEMAND,
        /** Each path's flow is at most its commodity's demand (concurrent flow: only f ≤ d holds). */
        PATH_DEMAND
    }

    /** Everything that differs between objectives. */
    record Shape(boolean maximize, double pathCost, boolean pathUpperIsDemand, Extra extra, double extraCost,
                 double extraLower, double extraUpper, RowBounds capacityRow, RowBounds commodityRow, LoadBound loadBound) {
    }

    /** Bounds of a capacity row (per arc, given its capacity) or a commodity row (given its demand). */
    @FunctionalInterface
    interface RowBounds {
        /** @param index arc or commodity, @param amount capacity or demand in Mbps, @return {lower, upper} */
        double[] bounds(int index, double amount);
    }

    private PathLpBuilder() {
    }

    /**
     * @return the arc → capacity-row map: a row index for arcs some path uses and whose possible load
     *         (per {@code bound}) can exceed capacity, else -1
     */
    static int[] capacityRows(TeProblem problem, LoadBound bound) {
        int arcs = problem.topology().arcCount();
        double[] maxLoad = new double[arcs];
        int[] lastCommodity = new int[arcs];
        java.util.Arrays.fill(lastCommodity, -1);
        var paths = problem.paths();
        var commodities = problem.commodities();
        for (int k = 0; k < commodities.size(); k++) {
            int pair = commodities.pairIndex(k);
            double demand = commodities.demandMbps(k);
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                for (int j = 0; j < paths.pathLength(p); j++) {
                    int a = paths.arc(p, j);
                    // COMMODITY_DEMAND counts a commodity once per arc even if two of its paths share it.
                    if (bound != LoadBound.COMMODITY_DEMAND || lastCommodity[a] != k) {
                        maxLoad[a] += demand;
                    }
                    lastCommodity[a] = k;
                }
            }
        }
        double[] capacity = problem.capacityMbps();
        int[] row = new int[arcs];
        int next = 0;
        for (int a = 0; a < arcs; a++) {
            boolean used = lastCommodity[a] >= 0;
            boolean binding = bound == LoadBound.NONE || maxLoad[a] > capacity[a];
            row[a] = used && binding ? next++ : -1;
        }
        return row;
    }

    static LpModel build(TeProblem problem, Shape shape) {
        var paths = problem.paths();
        var commodities = problem.commodities();
        double[] capacity = problem.capacityMbps();
        int[] capRow = capacityRows(problem, shape.loadBound());
        int capRows = 0;
        for (int r : capRow) {
            capRows = Math.max(capRows, r + 1);
        }
        int commodityRows = commodities.size();
        int pathCols = problem.pathVariables();
        int extraCols = shape.extra() == Extra.NONE ? 0 : 1;
        int cols = pathCols + extraCols;

        long nnz = extraCols == 0 ? 0 : (shape.extra() == Extra.COMMODITY_ROWS ? commodityRows : capRows);
        for (int k = 0; k < commodities.size(); k++) {
            int pair = commodities.pairIndex(k);
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                nnz++;
                for (int j = 0; j < paths.pathLength(p); j++) {
                    nnz += capRow[paths.arc(p, j)] >= 0 ? 1 : 0;
                }
            }
        }
        if (nnz > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("LP too large for one model: %d non-zeros".formatted(nnz));
        }
        double[] cost = new double[cols];
        double[] colLower = new double[cols];
        double[] colUpper = new double[cols];
        int[] colStart = new int[cols + 1];
        int[] rowIndex = new int[(int) nnz];
        double[] value = new double[(int) nnz];

        int col = 0;
        int pos = 0;
        for (int k = 0; k < commodities.size(); k++) {
            int pair = commodities.pairIndex(k);
            double demand = commodities.demandMbps(k);
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                cost[col] = shape.pathCost();
                colUpper[col] = shape.pathUpperIsDemand() ? demand : Double.POSITIVE_INFINITY;
                colStart[col] = pos;
                // Arcs of a simple path are distinct, and capacity rows precede commodity rows, so
                // row indices within the column come out sorted once the path's arcs are sorted.
                int length = paths.pathLength(p);
                int from = pos;
                for (int j = 0; j < length; j++) {
                    int r = capRow[paths.arc(p, j)];
                    if (r >= 0) {
                        rowIndex[pos] = r;
                        value[pos++] = 1.0;
                    }
                }
                Arrays.sort(rowIndex, from, pos);
                rowIndex[pos] = capRows + k;
                value[pos++] = 1.0;
                col++;
            }
        }
        if (extraCols == 1) {
            cost[col] = shape.extraCost();
            colLower[col] = shape.extraLower();
            colUpper[col] = shape.extraUpper();
            colStart[col] = pos;
            if (shape.extra() == Extra.COMMODITY_ROWS) {
                for (int k = 0; k < commodityRows; k++) {
                    rowIndex[pos] = capRows + k;
                    value[pos++] = -commodities.demandMbps(k);
                }
            } else {
                for (int a = 0; a < capRow.length; a++) {
                    if (capRow[a] >= 0) {
                        rowIndex[pos] = capRow[a];
                        value[pos++] = -capacity[a];
                    }
                }
            }
            col++;
        }
        colStart[cols] = pos;

        double[] rowLower = new double[capRows + commodityRows];
        double[] rowUpper = new double[capRows + commodityRows];
        for (int a = 0; a < capRow.length; a++) {
            if (capRow[a] >= 0) {
                double[] b = shape.capacityRow().bounds(a, capacity[a]);
                rowLower[capRow[a]] = b[0];
                rowUpper[capRow[a]] = b[1];
            }
        }
        for (int k = 0; k < commodityRows; k++) {
            double[] b = shape.commodityRow().bounds(k, commodities.demandMbps(k));
            rowLower[capRows + k] = b[0];
            rowUpper[capRows + k] = b[1];
        }
        return new LpModel(shape.maximize(), cost, colLower, colUpper, rowLower, rowUpper, colStart, rowIndex, value);
    }
}
