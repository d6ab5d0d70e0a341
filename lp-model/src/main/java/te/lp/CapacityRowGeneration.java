package te.lp;

import java.util.function.Function;

/**
 * Capacity rows on demand (row generation). On WAN path LPs few arcs bind at the optimum: on Kdl
 * gravity all pairs about 180 of 1,790 arcs' rows are needed, yet the plain LP has a row for every
 * arc a path may overload (1,339 in a POP-16 sub-problem; min-MLU: every arc a path uses), and each
 * of those rows is a non-zero in every path crossing it. So the LP is first solved with rows only
 * for the arcs a greedy routing overloads ({@link #greedyLoads}; min-MLU: loads above
 * {@value #MLU_START_SHARE} of its maximum utilisation); then every arc the solution overloads
 * (above capacity; min-MLU: above the LP's z times capacity) gets its row and the LP is solved
 * again, until no arc is overloaded. The last LP is a relaxation of the whole one whose optimum is
 * feasible for the whole one, hence optimal for it: the result is exact, not a heuristic. Fewer
 * rows also let {@link PathReduction} route, drop and group more paths (a path's signature only
 * counts arcs with rows).
 * <p>
 * Measured, same optima: Kdl gravity all pairs total flow (highs-warm) 51.6 s → 4.4–4.9 s; one Kdl
 * POP-16 sub-problem 1.4–1.9 s → 0.5 s, its min-MLU (interior point) 8.4 s → 0.25 s; Cogentco
 * gravity min-MLU 3.0 s → 0.24 s.
 */
final class CapacityRowGeneration {
    /**
     * Rounds with some rows before one with every row: each round adds at least one arc, so this
     * only bounds the work on instances where overloads keep moving.
     */
    static final int PARTIAL_ROUNDS = 8;
    /** Commodities whose path data {@link #greedyLoads} looks up at a time (256–4,096 measured alike). */
    private static final int GREEDY_BLOCK = 1024;
    /** Relative load above capacity that counts as an overload (well above solver round-off). */
    static final double OVERLOAD = 1e-9;
    /**
     * Min-MLU starts with rows for arcs the greedy routing loads above this share of its maximum
     * utilisation. Measured on a Kdl POP-16 sub-problem (every row: 8.4 s): 0.7 → 0.44 s, 0.8 →
     * 0.25 s, 0.9 → 0.51 s (more rounds); Cogentco gravity full LP (3.2 s): 0.5 → 0.48 s, 0.7 →
     * 0.18 s, 0.9 → 0.19 s.
     */
    static final double MLU_START_SHARE = 0.8;
    /**
     * {@link CapacityRows#AUTO} stays with every row when the start already holds more than this
     * share of the arcs that could bind (total and concurrent flow: poisson-high-intra starts with
     * 420 of Cogentco's 446; a Kdl POP-16 sub-problem, which gains 3×, with 141 of 453).
     */
    static final double LAZY_MAX_SHARE = 0.5;
    /**
     * The same for min-MLU, whose interior-point rounds cost more: poisson-high-intra starts with
     * 27–72 % of the arcs (Cogentco 130 of 486, 9 rounds, 6.2 s against 1.0 s with every row),
     * gravity/uniform/bimodal with 3–10 % (10–100× faster than every row).
     */
    static final double MLU_LAZY_MAX_SHARE = 0.25;
    /** Size from which {@link CapacityRows#AUTO} starts lazily (Kdl POP-16 sub-problems: 66,000). */
    static final int LAZY_MIN_PATH_VARIABLES = 20_000;

    /**
     * @param lp           the last LP solved
     * @param result       its solution
     * @param buildSeconds wall-clock seconds building all rounds' LPs and choosing their rows
     * @param solveSeconds seconds in the solver over all rounds
     * @param rounds       LPs solved
     */
    record Outcome(PathLp lp, SolveResult result, double buildSeconds, double solveSeconds, int rounds) {
    }

    private CapacityRowGeneration() {
    }

    /**
     * @param minMlu whether the rows bound utilisation by the LP's own z (min-MLU) rather than by 1
     * @return the arcs to start with, or null to write every row at once (policy {@link CapacityRows#ALL},
     *         or {@link CapacityRows#AUTO} on an LP where lazy rows do not pay)
     */
    static boolean[] startingRows(TeProblem problem, CapacityRows policy, boolean minMlu) {
        // Min-MLU has no size floor: its every-row LP goes to interior point, which costs even on
        // small LPs what a few lazy rounds do not (Kdl POP-64 sub-problems, 16,500 path variables).
        boolean small = !minMlu && problem.pathVariables() < LAZY_MIN_PATH_VARIABLES;
        if (policy == CapacityRows.ALL || (policy == CapacityRows.AUTO && small)) {
            return null;
        }
        double[] load = greedyLoads(problem);
        double[] capacity = problem.capacityMbps();
        // Min-MLU binds where utilisation is near the maximum, whatever its level.
        double bound = minMlu ? MLU_START_SHARE * Allocation.maxUtilisation(load, capacity) : 1.0;
        boolean[] start = new boolean[load.length];
        addOverloaded(load, capacity, bound, start);
        if (policy == CapacityRows.AUTO) {
            int bindable = 0;
            for (int row : PathLpBuilder.capacityRows(problem,
                    minMlu ? PathLpBuilder.LoadBound.NONE : PathLpBuilder.LoadBound.COMMODITY_DEMAND, null)) {
                bindable += row >= 0 ? 1 : 0;
            }
            int overloaded = 0;
            for (boolean b : start) {
                overloaded += b ? 1 : 0;
            }
            return overloaded > (minMlu ? MLU_LAZY_MAX_SHARE : LAZY_MAX_SHARE) * bindable ? null : start;
        }
        return start;
    }

    /**
     * {@link #solve(TeProblem, Function, boolean[], int, boolean, TeSolver, SolverOptions)} from the
     * {@link #startingRows} of {@code policy}, with {@link #PARTIAL_ROUNDS}; choosing the rows counts
     * as building and against the time limit.
     */
    static Outcome solve(TeProblem problem, Function<boolean[], PathLp> build, CapacityRows policy, boolean minMlu, TeSolver solver,
                         SolverOptions options) {
        long start = System.nanoTime();
        boolean[] startRows = startingRows(problem, policy, minMlu);
        double rowSeconds = (System.nanoTime() - start) / 1e9;
        SolverOptions rest = new SolverOptions(Math.max(1e-9, options.timeLimitSeconds() - rowSeconds), options.threads(), options.verbose());
        Outcome o = solve(problem, build, startRows, PARTIAL_ROUNDS, minMlu, solver, rest);
        return new Outcome(o.lp(), o.result(), rowSeconds + o.buildSeconds(), o.solveSeconds(), o.rounds());
    }

    /**
     * @param build         builds the LP with capacity rows for the given arcs only (null: every arc)
     * @param startRows     arcs with rows in the first round (not modified), or null for one LP with every row
     * @param partialRounds rounds with only some rows before one with every row
     * @param minMlu        whether an arc counts as overloaded above the LP's own optimum z times its
     *                      capacity (min-MLU) rather than above its capacity
     * @param options       its time limit bounds all rounds together
     */
    static Outcome solve(TeProblem problem, Function<boolean[], PathLp> build, boolean[] startRows, int partialRounds,
                         boolean minMlu, TeSolver solver, SolverOptions options) {
        long deadline = System.nanoTime() + (long) Math.min(Long.MAX_VALUE / 4.0, options.timeLimitSeconds() * 1e9);
        boolean[] rowArcs = startRows == null ? null : startRows.clone();
        double buildSeconds = 0;
        double solveSeconds = 0;
        for (int round = 1; ; round++) {
            boolean everyRow = rowArcs == null || round > partialRounds;
            long start = System.nanoTime();
            PathLp lp = build.apply(everyRow ? null : rowArcs);
            buildSeconds += (System.nanoTime() - start) / 1e9;
            double left = (deadline - System.nanoTime()) / 1e9;
            SolveResult r = left > 0
                    ? solveOne(lp, solver, new SolverOptions(Math.min(options.timeLimitSeconds(), left), options.threads(), options.verbose()))
                    : SolveResult.failed(SolveStatus.TIME_LIMIT, 0, "time limit reached after %d row-generation rounds".formatted(round - 1));
            solveSeconds += r.solveSeconds();
            boolean solved = r.status() == SolveStatus.OPTIMAL && r.x().length == lp.model().columns();
            if (!solved || everyRow) {
                return new Outcome(lp, r, buildSeconds, solveSeconds, round);
            }
            start = System.nanoTime();
            int added = addOverloaded(problem, lp.pathFlowsMbps(r.x()), minMlu ? lp.extraValue(r.x()) : 1.0, rowArcs);
            buildSeconds += (System.nanoTime() - start) / 1e9;
            if (added == 0) {
                return new Outcome(lp, r, buildSeconds, solveSeconds, round);
            }
        }
    }

    private static SolveResult solveOne(PathLp lp, TeSolver solver, SolverOptions options) {
        LpModel model = lp.model();
        if (model.columns() == 0) {
            // Every commodity was routed up front: nothing is left for a solver.
            return new SolveResult(SolveStatus.OPTIMAL, 0, new double[0], 0, "");
        }
        return lp.solve(solver, lp.startingBasis().orElse(null), options);
    }

    /**
     * Where to start: the arcs still overloaded after a greedy routing that takes commodities by
     * descending demand and puts each whole onto the path whose busiest arc ends up least utilised.
     * Those are the arcs where the LP must cut flow back, and on Kdl they are nearly all it needs:
     * a POP-16 sub-problem is solved in one round with 141 rows (0.53 s), where starting from the
     * arcs first-path routing overloads (112) takes a second round to 182 rows (0.65–0.83 s).
     *
     * @return per arc its load in Mbps after the greedy routing
     */
    static double[] greedyLoads(TeProblem problem) {
        var paths = problem.paths();
        var commodities = problem.commodities();
        double[] capacity = problem.capacityMbps();
        double[] load = new double[capacity.length];
        int[] order = commodities.byDescendingDemand();
        // Demand order reads the path data at random, each read waiting on the one before (Kdl,
        // 567,762 commodities: 0.57 s, against 0.10 s in index order). Each indirection is resolved
        // for a block first, in a loop whose reads do not wait on each other, so they overlap: 0.25 s.
        int[] pair = new int[GREEDY_BLOCK];
        double[] demand = new double[GREEDY_BLOCK];
        int[] firstPath = new int[GREEDY_BLOCK];
        int[] endPath = new int[GREEDY_BLOCK];
        int[] touched = new int[GREEDY_BLOCK];
        for (int from = 0; from < order.length; from += GREEDY_BLOCK) {
            int n = Math.min(order.length - from, GREEDY_BLOCK);
            for (int i = 0; i < n; i++) {
                int k = order[from + i];
                pair[i] = commodities.pairIndex(k);
                demand[i] = commodities.demandMbps(k);
            }
            for (int i = 0; i < n; i++) {
                firstPath[i] = paths.firstPath(pair[i]);
                endPath[i] = paths.firstPath(pair[i] + 1);
            }
            for (int i = 0; i < n; i++) {
                // Stored, not used: brings each pair's first and last path into cache.
                touched[i] = endPath[i] > firstPath[i] ? paths.arc(firstPath[i], 0) + paths.arc(endPath[i] - 1, 0) : 0;
            }
            for (int i = 0; i < n; i++) {
                int best = -1;
                double bestPeak = Double.POSITIVE_INFINITY;
                for (int p = firstPath[i]; p < endPath[i]; p++) {
                    double peak = 0;
                    for (int j = 0; j < paths.pathLength(p); j++) {
                        int a = paths.arc(p, j);
                        peak = Math.max(peak, (load[a] + demand[i]) / capacity[a]);
                    }
                    if (peak < bestPeak) {
                        best = p;
                        bestPeak = peak;
                    }
                }
                for (int j = 0; best >= 0 && j < paths.pathLength(best); j++) {
                    load[paths.arc(best, j)] += demand[i];
                }
            }
        }
        return load;
    }

    /**
     * Marks in {@code rowArcs} every arc the flows load above {@code bound} × capacity.
     *
     * @return how many were not marked yet
     */
    private static int addOverloaded(TeProblem problem, double[] pathFlowsMbps, double bound, boolean[] rowArcs) {
        double[] flow = pathFlowsMbps.clone();
        for (int j = 0; j < flow.length; j++) {
            flow[j] = Math.max(0, flow[j]);
        }
        return addOverloaded(new Allocation(problem, flow).arcLoadMbps(), problem.capacityMbps(), bound, rowArcs);
    }

    private static int addOverloaded(double[] loadMbps, double[] capacityMbps, double bound, boolean[] rowArcs) {
        int added = 0;
        for (int a = 0; a < loadMbps.length; a++) {
            if (!rowArcs[a] && loadMbps[a] > bound * capacityMbps[a] * (1 + OVERLOAD)) {
                rowArcs[a] = true;
                added++;
            }
        }
        return added;
    }
}
