package te.lp;

import java.util.Arrays;
import java.util.Optional;

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
                 double extraLower, double extraUpper, RowBounds capacityRow, RowBounds commodityRow, LoadBound loadBound,
                 Start start) {
    }

    /** Which starting basis the objective has (see {@link GreedyBasis}). */
    enum Start {
        /** None: the backend starts cold. */
        NONE,
        /** Every commodity in full: its row at its upper bound (demand). */
        TOTAL_FLOW,
        /** Every commodity in full and α at its upper bound 1: rows Σ f − α·d at their lower bound 0. */
        CONCURRENT_FLOW
    }

    /** Bounds of a capacity row (per arc, given its capacity) or a commodity row (given its demand). */
    @FunctionalInterface
    interface RowBounds {
        /** @param index arc or commodity group, @param amount capacity or demand in Mbps, @return {lower, upper} */
        double[] bounds(int index, double amount);
    }

    private PathLpBuilder() {
    }

    /**
     * @param rowArcs arcs that may have a capacity row, or null for every arc; the others are left
     *                out (a relaxation, see {@link CapacityRowGeneration})
     * @return the arc → capacity-row map: a row index for arcs some path uses, that {@code rowArcs}
     *         allows and whose possible load (per {@code bound}) can exceed capacity, else -1
     */
    static int[] capacityRows(TeProblem problem, LoadBound bound, boolean[] rowArcs) {
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
            boolean allowed = rowArcs == null || rowArcs[a];
            row[a] = used && binding && allowed ? next++ : -1;
        }
        return row;
    }

    /**
     * What one unit of the extra column (α, z) costs in the objective: 1, or for a total demand above
     * 2^{@value #PRICED_DEMAND_EXPONENT} Mbps the power of two that keeps total demand ÷ cost at
     * 2^{@value #PRICED_DEMAND_EXPONENT}. α's reduced cost is 0 at the optimum, so the duals of the
     * rows it is in, weighted by their −d or −c, add up to its cost; at cost 1 they, and with them
     * every path's reduced cost, are of the order of 1 / total demand. On links of 10⁹ Mbps that is
     * far below HiGHS's dual feasibility tolerance (10⁻⁷): every basis looked optimal, and both
     * HiGHS backends stopped wherever they were (concurrent flow α 0.43 for 0.66, min-MLU z 1.85 for
     * 1.53). Priced so, they stay above 2^−20 ≈ 9.5·10⁻⁷. Not more, and not below 2^20 Mbps (1 Tbps)
     * of demand, where cost 1 served every instance measured: priced at the whole total demand
     * (reduced costs of order 1), dual simplex took far longer on heavy-tailed demand (Kdl
     * poisson-high-intra concurrent flow, 7.1·10⁵ Mbps, hit the report's time limit after 515 s
     * where it had taken 343 s; 387 s priced at 4). A power of two scales exactly: the optimal
     * points are the same, and the column still holds α or z ({@link PathLp#extraValue}). z's rows
     * weigh its duals by −c, so {@link #build} prices z by the larger of this and the same unit of
     * the capacities of its rows (links 2²⁰ times the demands: both HiGHS backends called z
     * 2.15·10⁻⁶ optimal for 1.79·10⁻⁶).
     */
    static double demandUnit(double[] groupDemandMbps) {
        double total = 0;
        for (double d : groupDemandMbps) {
            total += d;
        }
        return priceUnit(total);
    }

    /** @return {@link #demandUnit}'s price for a sum of {@code totalMbps} (demands, or z's capacities) */
    private static double priceUnit(double totalMbps) {
        if (!(totalMbps > 0) || !Double.isFinite(totalMbps)) {
            return 1.0;
        }
        return Math.scalb(1.0, Math.max(0, Math.getExponent(totalMbps) - PRICED_DEMAND_EXPONENT));
    }

    /** @return the capacities of the arcs with a capacity row, summed, Mbps */
    private static double rowedCapacityMbps(double[] capacity, int[] capRow) {
        double total = 0;
        for (int a = 0; a < capRow.length; a++) {
            total += capRow[a] >= 0 ? capacity[a] : 0;
        }
        return total;
    }

    /** See {@link #demandUnit}: total demand ÷ α's cost is kept at or below 2 to this power. */
    static final int PRICED_DEMAND_EXPONENT = 20;

    /**
     * Builds the LP after {@link PathReduction}'s exact reductions; one commodity row per group that
     * needs one.
     *
     * @param rowArcs arcs whose capacity rows may be written, or null for all; leaving arcs out
     *                relaxes the LP (its optimum is then only a bound until its loads are checked)
     */
    static PathLp build(TeProblem problem, Shape shape, boolean[] rowArcs) {
        return build(problem, shape, rowArcs, null);
    }

    /**
     * @param frozenShare with {@link Extra#COMMODITY_ROWS}, per group (in {@link PathLp#groupRow} order,
     *                    which the same problem, shape and rows always give) NaN to keep α in its
     *                    row, or a share to hold it at instead: row {@code share·demand ≤ Σ f ≤ demand}
     *                    without α (max-min fairness's frozen groups); null keeps α in every row
     */
    static PathLp build(TeProblem problem, Shape shape, boolean[] rowArcs, double[] frozenShare) {
        double[] capacity = problem.capacityMbps();
        int[] capRow = capacityRows(problem, shape.loadBound(), rowArcs);
        int capRows = 0;
        for (int r : capRow) {
            capRows = Math.max(capRows, r + 1);
        }
        PathReduction red = PathReduction.of(problem, capRow, shape.loadBound() != LoadBound.NONE);
        int groups = red.groups;
        if (frozenShare != null && (frozenShare.length != groups || shape.extra() != Extra.COMMODITY_ROWS)) {
            throw new IllegalArgumentException("%d frozen shares for %d groups of an LP whose extra column is %s"
                    .formatted(frozenShare.length, groups, shape.extra()));
        }
        boolean[] inAlpha = new boolean[groups];
        int alphaRows = 0;
        for (int g = 0; g < groups; g++) {
            inAlpha[g] = shape.extra() == Extra.COMMODITY_ROWS && (frozenShare == null || Double.isNaN(frozenShare[g]));
            alphaRows += inAlpha[g] ? 1 : 0;
        }
        // A group with one column and no α column in the LP needs no row: the row's bounds become the
        // column's. With α, a frozen group keeps its row, so every level of max-min fairness has the
        // same rows and starts from the previous level's basis.
        int[] groupRow = new int[groups];
        int commodityRows = 0;
        for (int g = 0; g < groups; g++) {
            boolean needsRow = red.groupColumnStart[g + 1] - red.groupColumnStart[g] > 1 || shape.extra() == Extra.COMMODITY_ROWS;
            groupRow[g] = needsRow ? commodityRows++ : -1;
        }
        RowBounds commodityRow = frozenShare == null ? shape.commodityRow()
                : (g, demand) -> inAlpha[g] ? shape.commodityRow().bounds(g, demand) : new double[] {frozenShare[g] * demand, demand};
        int pathCols = red.columns();
        int extraCols = shape.extra() == Extra.NONE ? 0 : 1;
        int cols = pathCols + extraCols;
        long nnz = red.columnRows.length + (extraCols == 0 ? 0 : shape.extra() == Extra.COMMODITY_ROWS ? alphaRows : capRows);
        for (int g = 0; g < groups; g++) {
            nnz += groupRow[g] >= 0 ? red.groupColumnStart[g + 1] - red.groupColumnStart[g] : 0;
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

        int pos = 0;
        for (int g = 0; g < groups; g++) {
            double demand = red.groupDemandMbps[g];
            int row = groupRow[g];
            double[] rowBounds = row < 0 ? commodityRow.bounds(g, demand) : null;
            for (int col = red.groupColumnStart[g]; col < red.groupColumnStart[g + 1]; col++) {
                cost[col] = shape.pathCost();
                colUpper[col] = shape.pathUpperIsDemand() ? demand : Double.POSITIVE_INFINITY;
                if (rowBounds != null) {
                    colLower[col] = Math.max(colLower[col], rowBounds[0]);
                    colUpper[col] = Math.min(colUpper[col], rowBounds[1]);
                }
                colStart[col] = pos;
                // Signatures are sorted and capacity rows precede commodity rows: indices come out sorted.
                for (int q = red.columnRowStart[col]; q < red.columnRowStart[col + 1]; q++) {
                    rowIndex[pos] = red.columnRows[q];
                    value[pos++] = 1.0;
                }
                if (row >= 0) {
                    rowIndex[pos] = capRows + row;
                    value[pos++] = 1.0;
                }
            }
        }
        if (extraCols == 1) {
            int col = pathCols;
            double unit = demandUnit(red.groupDemandMbps);
            if (shape.extra() == Extra.CAPACITY_ROWS) {
                // z's rows weigh their duals by −c, α's by −d: z is priced by the capacities it is in as well.
                unit = Math.max(unit, priceUnit(rowedCapacityMbps(capacity, capRow)));
            }
            cost[col] = shape.extraCost() * unit;
            colLower[col] = shape.extraLower();
            colUpper[col] = shape.extraUpper();
            colStart[col] = pos;
            if (shape.extra() == Extra.COMMODITY_ROWS) {
                for (int g = 0; g < groups; g++) {
                    if (inAlpha[g]) {
                        rowIndex[pos] = capRows + groupRow[g];
                        value[pos++] = -red.groupDemandMbps[g];
                    }
                }
            } else {
                for (int a = 0; a < capRow.length; a++) {
                    if (capRow[a] >= 0) {
                        rowIndex[pos] = capRow[a];
                        value[pos++] = -capacity[a];
                    }
                }
            }
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
        for (int g = 0; g < groups; g++) {
            if (groupRow[g] >= 0) {
                double[] b = commodityRow.bounds(g, red.groupDemandMbps[g]);
                rowLower[capRows + groupRow[g]] = b[0];
                rowUpper[capRows + groupRow[g]] = b[1];
            }
        }
        LpModel model = new LpModel(shape.maximize(), cost, colLower, colUpper, rowLower, rowUpper, colStart, rowIndex, value);
        Optional<StartingBasis> basis = switch (shape.start()) {
            case NONE -> Optional.empty();
            case TOTAL_FLOW -> Optional.of(GreedyBasis.of(model, red.groupColumnStart, red.groupDemandMbps, groupRow, capRows,
                    BasisStatus.UPPER));
            case CONCURRENT_FLOW -> Optional.of(GreedyBasis.of(model, red.groupColumnStart, red.groupDemandMbps, groupRow, capRows,
                    BasisStatus.LOWER));
        };
        int[] groupModelRow = new int[groups];
        for (int g = 0; g < groups; g++) {
            groupModelRow[g] = groupRow[g] < 0 ? -1 : capRows + groupRow[g];
        }
        return new PathLp(model, red.memberStart, red.memberPathVariable, red.memberShare, red.presetFlowMbps, capRow, basis,
                groupModelRow);
    }
}
