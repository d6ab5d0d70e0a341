package te.lp;

/**
 * The path-formulation LPs. Columns are path flows f[k,p] ≥ 0 (Mbps) in commodity order, then α or
 * z when the objective has one; see {@link PathLpBuilder} for the row layout.
 */
public final class Formulations {
    private static final double INF = Double.POSITIVE_INFINITY;

    private Formulations() {
    }

    /**
     * Max total flow: max Σ f; per arc Σ f ≤ capacity; per commodity
     * {@code minShare·demand ≤ Σ_p f ≤ demand}.
     *
     * @param minShare per-commodity floor as a share of demand (0 for plain total flow; α* for the
     *                 second stage of {@link Objective#FAIR})
     */
    public static PathLp totalFlow(TeProblem problem, double minShare) {
        return totalFlow(problem, minShare, null);
    }

    /**
     * The first LP {@link TeOptimizer} solves for max total flow under its default row policy
     * ({@link CapacityRows#AUTO}): capacity rows only for the arcs a greedy routing overloads when
     * that pays, else every row. For benchmarks that time the build the solve does.
     */
    public static PathLp totalFlowFirstRound(TeProblem problem) {
        return totalFlow(problem, 0, CapacityRowGeneration.startingRows(problem, CapacityRows.AUTO, false));
    }

    /** {@link #totalFlow(TeProblem, double)} with capacity rows only for {@code rowArcs} (null: all). */
    static PathLp totalFlow(TeProblem problem, double minShare, boolean[] rowArcs) {
        return PathLpBuilder.build(problem, new PathLpBuilder.Shape(true, 1.0, true, PathLpBuilder.Extra.NONE, 0, 0, 0,
                (a, cap) -> new double[] {-INF, cap},
                (k, demand) -> new double[] {minShare * demand, demand}, PathLpBuilder.LoadBound.COMMODITY_DEMAND, PathLpBuilder.Start.TOTAL_FLOW),
                rowArcs);
    }

    /**
     * Max concurrent flow: max α, 0 ≤ α ≤ 1; per arc Σ f ≤ capacity; per commodity
     * {@code Σ_p f − α·demand ≥ 0}; each f ≤ demand. The reference's row {@code Σ_p f ≤ demand} is
     * left out (it halves the rows); {@link Allocation#extract} scales any commodity routed above its
     * demand back down, which keeps capacities and α. The model's objective and duals are α's priced
     * in Mbps ({@link PathLpBuilder#demandUnit}); α itself is {@link PathLp#extraValue}.
     */
    public static PathLp concurrentFlow(TeProblem problem) {
        return concurrentFlow(problem, null);
    }

    /** {@link #concurrentFlow(TeProblem)} with capacity rows only for {@code rowArcs} (null: all). */
    static PathLp concurrentFlow(TeProblem problem, boolean[] rowArcs) {
        return PathLpBuilder.build(problem, new PathLpBuilder.Shape(true, 0.0, true, PathLpBuilder.Extra.COMMODITY_ROWS, 1.0, 0, 1,
                (a, cap) -> new double[] {-INF, cap},
                (k, demand) -> new double[] {0, INF}, PathLpBuilder.LoadBound.PATH_DEMAND, PathLpBuilder.Start.CONCURRENT_FLOW),
                rowArcs);
    }

    /**
     * One level of max-min fairness ({@link MaxMinFairness}): max t, 0 ≤ t ≤ 1; per arc Σ f ≤
     * capacity; per group still rising {@code Σ_p f − t·demand ≥ 0}; per frozen group
     * {@code share·demand ≤ Σ_p f ≤ demand}; each f ≤ demand. With nothing frozen it is concurrent
     * flow, with its greedy starting basis; later levels have the same rows and columns, so each
     * can start from the one before. t is the last column ({@link PathLp#extraValue}).
     *
     * @param frozenShare per group of this problem's LP ({@link PathLp#groupRow}; every level of one
     *                    problem has the same groups) NaN while it rises, else the share it holds;
     *                    null for the first level
     * @param tFloor      t's lower bound, in [0, 1]: 0, or the share the last level froze at, which
     *                    every group still rising already has (in exact arithmetic t never falls
     *                    from level to level; {@link MaxMinFairness} solves a level again without
     *                    the floor where round-off says otherwise)
     */
    static PathLp maxMinLevel(TeProblem problem, double[] frozenShare, double tFloor) {
        return PathLpBuilder.build(problem, new PathLpBuilder.Shape(true, 0.0, true, PathLpBuilder.Extra.COMMODITY_ROWS, 1.0, tFloor, 1,
                (a, cap) -> new double[] {-INF, cap},
                (k, demand) -> new double[] {0, INF}, PathLpBuilder.LoadBound.PATH_DEMAND,
                frozenShare == null ? PathLpBuilder.Start.CONCURRENT_FLOW : PathLpBuilder.Start.NONE),
                null, frozenShare);
    }

    /**
     * Min max-link-utilisation: min z ≥ 0; per arc {@code Σ f − z·capacity ≤ 0}; per commodity
     * {@code Σ_p f = demand}. z is not bounded by 1, so z > 1 says by how much demand exceeds what
     * the network carries. The model's objective and duals are z's priced in Mbps
     * ({@link PathLpBuilder#demandUnit}); z itself is {@link PathLp#extraValue}.
     */
    public static PathLp minMaxUtilisation(TeProblem problem) {
        return minMaxUtilisation(problem, (boolean[]) null);
    }

    /**
     * Min-MLU on top of flow that stays where it is: per arc {@code Σ f + background − z·capacity ≤ 0}
     * for every arc some path uses. Arcs no path uses keep their background utilisation, which the
     * caller must count in the maximum.
     *
     * @param backgroundLoadMbps fixed load per arc in Mbps (≥ 0)
     */
    public static PathLp minMaxUtilisation(TeProblem problem, double[] backgroundLoadMbps) {
        return minMaxUtilisation(problem, backgroundLoadMbps, null);
    }

    /** {@link #minMaxUtilisation(TeProblem)} with capacity rows only for {@code rowArcs} (null: all). */
    static PathLp minMaxUtilisation(TeProblem problem, boolean[] rowArcs) {
        return minMaxUtilisation(problem, new double[problem.topology().arcCount()], rowArcs);
    }

    private static PathLp minMaxUtilisation(TeProblem problem, double[] backgroundLoadMbps, boolean[] rowArcs) {
        if (backgroundLoadMbps.length != problem.topology().arcCount()) {
            throw new IllegalArgumentException("background load has %d entries for %d arcs"
                    .formatted(backgroundLoadMbps.length, problem.topology().arcCount()));
        }
        return PathLpBuilder.build(problem, new PathLpBuilder.Shape(false, 0.0, false, PathLpBuilder.Extra.CAPACITY_ROWS, 1.0, 0, INF,
                (a, cap) -> new double[] {-INF, -backgroundLoadMbps[a]},
                (k, demand) -> new double[] {demand, demand}, PathLpBuilder.LoadBound.NONE, PathLpBuilder.Start.NONE),
                rowArcs);
    }
}
