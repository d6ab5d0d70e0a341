package te.lp;

import java.util.Arrays;

/**
 * Builds the path-formulation LP every objective shares, straight into CSC arrays: one column per
 * (commodity, path) in commodity order then path rank, then at most one extra scalar column
 * (α or z). Rows: one capacity row per arc that some path uses (arc order), then one row per
 * commodity. Each objective only chooses costs, bounds and the extra column's coefficients.
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

    /** Everything that differs between objectives. */
    record Shape(boolean maximize, double pathCost, boolean pathUpperIsDemand, Extra extra, double extraCost,
                 double extraLower, double extraUpper, RowBounds capacityRow, RowBounds commodityRow) {
    }

    /** Bounds of a capacity row (per arc, given its capacity) or a commodity row (given its demand). */
    @FunctionalInterface
    interface RowBounds {
        /** @param index arc or commodity, @param amount capacity or demand in Mbps, @return {lower, upper} */
        double[] bounds(int index, double amount);
    }

    private PathLpBuilder() {
    }

    /** @return the arc → capacity-row map: row index for arcs some path uses, else -1 */
    static int[] capacityRows(TeProblem problem) {
        int[] row = new int[problem.topology().arcCount()];
        Arrays.fill(row, -1);
        var paths = problem.paths();
        var commodities = problem.commodities();
        for (int k = 0; k < commodities.size(); k++) {
            int pair = commodities.pairIndex(k);
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                for (int j = 0; j < paths.pathLength(p); j++) {
                    row[paths.arc(p, j)] = 0;
                }
            }
        }
        int next = 0;
        for (int a = 0; a < row.length; a++) {
            if (row[a] == 0) {
                row[a] = next++;
            }
        }
        return row;
    }

    static LpModel build(TeProblem problem, Shape shape) {
        var paths = problem.paths();
        var commodities = problem.commodities();
        double[] capacity = problem.capacityMbps();
        int[] capRow = capacityRows(problem);
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
                nnz += paths.pathLength(p) + 1;
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
                    rowIndex[pos] = capRow[paths.arc(p, j)];
                    value[pos++] = 1.0;
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
