package te.lp;

import java.util.Arrays;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Max-min fairness over shares of demand by progressive filling, one LP per level: every commodity
 * not yet frozen rises with a common share t as far as capacity allows (max t); those the level's
 * optimum shows to be bottlenecked are frozen at t, and the others rise again. A commodity is
 * bottlenecked when its row's dual is positive: raising its floor would lower t, so it cannot get
 * more without a commodity at t getting less. At least one such row exists (the duals of the
 * rising rows, weighted by demand, add up to t's price), so every level freezes at least one group
 * of commodities; commodities that are bottlenecked with a zero dual (degenerate optima) are frozen
 * by the next level at the same t. The result is the unique max-min fair share vector: no
 * commodity can get more without one with the same or a smaller share getting less.
 *
 * <p>Needs a backend with row duals. The LP's groups ({@link PathReduction}: commodities whose paths
 * cross the same capacity rows) are frozen together, which is exact: their members face the same
 * constraints, so max-min fairness gives them the same share.
 *
 * <p>With a backend that starts from a basis, each level starts from the last one's optimum with t
 * swapped out ({@link #nextStart}), and where the next level is likely the last, t = 1 is tried
 * first as a feasibility problem ({@link #everyGroupInFull}). Levels that round-off makes infeasible
 * are solved again without t's floor, then with the frozen shares relaxed ({@link #ROUND_OFF_RELAXATION}).
 */
final class MaxMinFairness {
    private static final Logger LOG = LoggerFactory.getLogger(MaxMinFairness.class);
    /**
     * A rising group is frozen when its row's dual is at least this share of the largest rising
     * one's. The dual itself, not times the demand: every group whose path crosses a saturated arc
     * pays that arc's price whatever its demand, so a 0.001 Mbps commodity behind a 10⁶ Mbps one is
     * priced like it (weighted by demand it fell below the threshold, stayed rising, and took the
     * capacity the heavy one's slack freed: share 0.9 against 0.001, review).
     */
    static final double FREEZE_WEIGHT = 1e-7;
    /**
     * Share of its share a frozen group gives up when round-off makes a later level infeasible
     * (see {@link #solve}); above the 10⁻⁶ slack shares are frozen with, so that it clears what that
     * did not.
     */
    static final double ROUND_OFF_RELAXATION = 1e-4;
    /** A level whose t is within this of 1 gives every group left its whole demand. */
    static final double FULL = 1e-9;

    private final TeSolver solver;
    private final SolverOptions options;

    MaxMinFairness(TeSolver solver, SolverOptions options) {
        this.solver = solver;
        this.options = options;
    }

    /**
     * @return the max-min fair allocation (value: its total flow; the message says when frozen
     *         shares were relaxed); TIME_LIMIT with the last level's allocation when the time limit
     *         ends the levels early (every group frozen so far holds its share, the rest share the
     *         last t); the first level's failure as it is
     */
    TeResult solve(TeProblem problem) {
        if (!solver.reportsDuals()) {
            return new TeResult(Objective.MAX_MIN_FAIR, SolveStatus.ERROR, Optional.empty(), Double.NaN, 0, 0, 0, 0, 0,
                    refusal(solver));
        }
        long deadline = options.timeLimitSeconds() == Double.POSITIVE_INFINITY ? Long.MAX_VALUE
                : System.nanoTime() + (long) (options.timeLimitSeconds() * 1e9);
        double build = 0;
        double solve = 0;
        double[] frozen = null;
        double floor = Double.NaN;
        Level last = null;
        StartingBasis next = null;
        double tFloor = 0;
        int levels = 0;
        int relaxations = 0;
        boolean relaxedThisLevel = false;
        while (true) {
            long start = System.nanoTime();
            PathLp lp = Formulations.maxMinLevel(problem, frozen, tFloor);
            build += (System.nanoTime() - start) / 1e9;
            if (frozen == null) {
                frozen = new double[lp.groupRow().length];
                Arrays.fill(frozen, Double.NaN);
            }
            double left = (deadline - System.nanoTime()) / 1e9;
            StartingBasis from = last == null ? lp.startingBasis().orElse(null) : next;
            SolveResult r = left > 0 ? lp.solve(solver, from, new SolverOptions(left, options.threads(), options.verbose()))
                    : SolveResult.failed(SolveStatus.TIME_LIMIT, 0, last == null ? "time limit reached before the first level (building it used the rest)"
                            : "time limit reached between levels");
            solve += r.solveSeconds();
            if (tFloor > 0 && r.status() != SolveStatus.OPTIMAL && r.status() != SolveStatus.TIME_LIMIT) {
                // The floor holds in exact arithmetic only. A level's t can be a hair above what
                // the next one allows (t 1.9e-7 over a 0.001 Mbps commodity that caps it at 0, the
                // excess below HiGHS's absolute row tolerance), and HiGHS's presolve called floored
                // levels infeasible that solve without it (review fuzzing: 16 of 1,200 runs of
                // extreme instances). The level again as before the floor: from the optimum as it is.
                LOG.debug("max-min fairness level {}: {} with t's floor {}; again without it", levels + 1, r.status(), tFloor);
                tFloor = 0;
                next = last.optimumAsIs();
                continue;
            }
            if (last != null && r.status() == SolveStatus.INFEASIBLE && !relaxedThisLevel) {
                // The last level's point is feasible here in exact arithmetic; round-off in the
                // shares frozen so far says otherwise (review fuzzing: 5 of 1,200 runs of extreme
                // instances, mostly on highs). Once per level they give up a little and it is solved again.
                LOG.debug("max-min fairness level {}: infeasible; frozen shares relaxed by {}", levels + 1, ROUND_OFF_RELAXATION);
                relaxedThisLevel = true;
                relaxations++;
                for (int g = 0; g < frozen.length; g++) {
                    frozen[g] *= 1 - ROUND_OFF_RELAXATION;
                }
                floor *= 1 - ROUND_OFF_RELAXATION;
                next = last.optimumAsIs();
                continue;
            }
            String note = relaxations == 0 ? "" : "frozen shares relaxed by %.0e %d times where round-off made a level infeasible"
                    .formatted(ROUND_OFF_RELAXATION, relaxations);
            if (r.status() != SolveStatus.OPTIMAL || !r.hasDuals(lp.model().rows())) {
                return stopped(problem, last, frozen, r, levels, build, solve, floor, lp, note);
            }
            relaxedThisLevel = false;
            double t = Math.min(1, Math.max(0, lp.extraValue(r.x())));
            int pivot = mostPricedRising(lp.groupRow(), r.rowDual(), frozen);
            levels++;
            floor = Double.isNaN(floor) ? t * (1 - TeOptimizer.FAIR_FLOOR_SLACK) : floor;
            double tBefore = last == null ? 0 : last.t();
            last = new Level(lp, r.x(), t, r.basis().orElse(null));
            int rising = freeze(lp, r.rowDual(), frozen, t);
            LOG.debug("max-min fairness level {}: t {}, {} groups still rising", levels, t, rising);
            if (rising < 0) {
                LpModel model = lp.model();
                return new TeResult(Objective.MAX_MIN_FAIR, SolveStatus.ERROR, Optional.empty(), Double.NaN, build, solve,
                        model.columns(), model.rows(), model.nonZeros(),
                        "level %d: %s's row duals price no commodity still rising at t = %.9g, so no bottleneck can be told"
                                .formatted(levels, solver.name(), t));
            }
            if (rising == 0) {
                return done(problem, last, frozen, levels, build, solve, floor, SolveStatus.OPTIMAL, note);
            }
            if (solver.startsFromBasis()) {
                // Only for the swapped start: from scratch the floor buys nothing, and it cost
                // HiGHS's interior point (presolve) false infeasibilities (review fuzzing).
                tFloor = share(t);
                next = nextStart(last.basis(), lp.model().columns() - 1, lp.groupRow()[pivot]);
                // Only from the second level, where one more step like this level's would reach 1:
                // there the next level is likely the last. Each try costs a model transfer and a
                // factorisation besides its iterations: trying after every level cut the levels
                // Cogentco poisson-high-intra does in 120 s from 171 to 117, and after the first
                // (whose t is no step) Kdl POP-16's sub-problems made 16 tries, all infeasible.
                FullTry full = levels >= 2 && 1 - t <= t - tBefore
                        ? everyGroupInFull(problem, frozen, next, r.iterations(), levels, deadline) : null;
                if (full != null) {
                    build += full.buildSeconds();
                    solve += full.result().solveSeconds();
                    if (full.result().status() == SolveStatus.OPTIMAL && withinCapacity(problem, full)) {
                        TeResult result = done(problem, new Level(full.lp(), full.result().x(), 1.0, null), frozen, levels + 1, build, solve, floor,
                                SolveStatus.OPTIMAL, note);
                        if (result.ok()) {
                            return result;
                        }
                        LOG.debug("max-min fairness after level {}: every rising group in full failed the check ({}); the level as usual",
                                levels, result.message());
                    }
                }
            }
        }
    }

    /**
     * Tries whether every group still rising can have its whole demand, which makes the next level
     * the last (t = 1): the next level's LP with t fixed at 1 is then a feasibility problem, and with
     * t out of the basis {@link #nextStart} is dual feasible for it (no other column has a cost), so
     * dual simplex goes from there, allowed as many iterations as the level just solved took. The
     * last level is where t creeps to 1 while tens of thousands of groups reroute: on Kdl gravity
     * ×16, 52,613 groups from t = 0.9916, 13,598 primal iterations and 53 s, against 613 dual
     * iterations and 4.1–4.5 s this way (94.6 s → 46.4 s in all, back to back). A try that fails
     * costs a model transfer, a factorisation and at most the last level's iterations again (Kdl:
     * after level 5 its 1,393 iterations ran out in 8.6–10.6 s); the level is then solved as it
     * would have been. Deterministic: the budget counts iterations, not time.
     *
     * @param start      the next level's start ({@link #nextStart}), or null
     * @param iterations simplex iterations the level just solved took (0: unknown, no try)
     * @param deadline   {@link System#nanoTime} of the time limit
     * @return the try (OPTIMAL: every rising group can have its whole demand, the LP's solution
     *         shows how), or null when there was none to make
     */
    FullTry everyGroupInFull(TeProblem problem, double[] frozen, StartingBasis start, long iterations, int levels, long deadline) {
        if (start == null || iterations <= 0) {
            return null;
        }
        long begin = System.nanoTime();
        PathLp full = Formulations.maxMinLevel(problem, frozen, 1.0);
        double build = (System.nanoTime() - begin) / 1e9;
        double left = (deadline - System.nanoTime()) / 1e9;
        if (left <= 0) {
            return null;
        }
        SolveResult r = full.solve(solver, start.asDual().withIterationBudget((int) Math.min(Integer.MAX_VALUE, iterations)),
                new SolverOptions(left, options.threads(), options.verbose()));
        LOG.debug("max-min fairness after level {}: every rising group in full? {} in {} s", levels, r.status(), r.solveSeconds());
        return new FullTry(full, r, build);
    }

    /**
     * Largest relative excess over an arc's capacity at which a try's solution still counts as
     * showing every rising group in full. HiGHS accepts a point within its 10⁻⁷ tolerance, and with t
     * fixed at 1 a demand that does not quite fit shows as load over capacity, which the extractor
     * then scales off every path on that arc, frozen groups' too (review: on links of 10⁻³ Mbps, a
     * 9·10⁻⁸ Mbps shortfall took a frozen group from 0.81818 to 0.81811 while the rising one got
     * 0.99991 for an exact 0.99991, now solved as a level).
     */
    static final double TRY_CAPACITY_SLACK = 1e-9;

    /** @return whether the try's path flows load no arc above its capacity by more than {@value #TRY_CAPACITY_SLACK} of it */
    private static boolean withinCapacity(TeProblem problem, FullTry full) {
        double[] load = new Allocation(problem, full.lp().pathFlowsMbps(full.result().x())).arcLoadMbps();
        double[] capacity = problem.capacityMbps();
        for (int a = 0; a < load.length; a++) {
            if (load[a] > capacity[a] * (1 + TRY_CAPACITY_SLACK)) {
                return false;
            }
        }
        return true;
    }

    /** A try of {@link #everyGroupInFull}: its LP (t fixed at 1), the backend's answer and the LP's build time in seconds. */
    record FullTry(PathLp lp, SolveResult result, double buildSeconds) {
    }

    /**
     * The basis the next level starts from: this level's optimum, which stays primal feasible there
     * (the groups frozen now hold their t, the others may keep it), with one swap. The frozen
     * groups' rows lose t, and those rows were all that fixed t (their duals carry t's whole
     * price), so as it is the basis is singular: on Kdl gravity ×16 HiGHS repaired it by moving t
     * to a bound, which left 17–36,000 rows primal infeasible at the start of each level. Instead t
     * leaves the basis at its new floor (the share it just froze at, so almost no value moves) and
     * the row of the most priced group frozen now enters. That basis differs from the optimal one
     * only in t's column swapped for that row's slack, which keeps it non-singular exactly when the
     * row's dual is non-zero (only t has a cost, so that row's dual is t's cost times B⁻¹ at t and
     * that row). Its basic solution moves by the 10⁻⁶ slack only, which can push a degenerate basic
     * variable past its bound (a review's fuzzing: 49 of 2,903 swapped starts, by up to 2.1·10⁻³);
     * primal simplex's first phase repairs that. On Kdl every level started with no infeasible row
     * (levels 2–6 0.6–10.9 s against 0.6–13.1 s from the repaired basis, both with Devex, see
     * {@code HighsSolver.DEVEX}). Dual simplex from the previous optimum took Cogentco gravity ×16
     * (3 levels) 13.5 s (interior point after its iteration limit) against 1.2–1.4 s primal, and
     * 24.6 s from scratch.
     *
     * @param optimum   this level's optimal basis, or null when the backend gave none
     * @param tColumn   t's column
     * @param pivotRow  the row of the most priced group frozen at this level
     * @return that basis; the optimum as a primal start when t is not basic in it or the row is; null
     *         without an optimum
     */
    static StartingBasis nextStart(StartingBasis optimum, int tColumn, int pivotRow) {
        if (optimum == null) {
            return null;
        }
        if (optimum.columns()[tColumn] != BasisStatus.BASIC || optimum.rows()[pivotRow] == BasisStatus.BASIC) {
            return optimum.asPrimal();
        }
        BasisStatus[] columns = optimum.columns().clone();
        BasisStatus[] rows = optimum.rows().clone();
        columns[tColumn] = BasisStatus.LOWER;
        rows[pivotRow] = BasisStatus.BASIC;
        return new StartingBasis(columns, rows, true, true);
    }

    /** @return the share a group frozen at {@code t} holds: just below t, so that round-off in t cannot make the next level infeasible */
    private static double share(double t) {
        return t * (1 - TeOptimizer.FAIR_FLOOR_SLACK);
    }

    /** @return the rising group whose row has the largest dual magnitude, or -1 when no rising row is priced */
    static int mostPricedRising(int[] groupRow, double[] rowDual, double[] frozen) {
        int best = -1;
        double largest = 0;
        for (int g = 0; g < groupRow.length; g++) {
            double dual = Math.abs(rowDual[groupRow[g]]);
            if (Double.isNaN(frozen[g]) && dual > largest) {
                largest = dual;
                best = g;
            }
        }
        return best;
    }

    /**
     * @return why {@code solver} cannot serve max-min fairness, for the solve and for a daemon's
     *         start-up check
     */
    static String refusal(TeSolver solver) {
        return ("max-min fairness freezes commodities by their exact row duals, which backend %s does not give (a first-order "
                + "backend's are approximate); use highs or highs-warm").formatted(solver.name());
    }

    /** One solved level: its LP, solution, common share and optimal basis (null when the backend gave none). */
    private record Level(PathLp lp, double[] x, double t, StartingBasis basis) {
        /** @return this level's optimum as a primal start, unswapped (t keeps no floor), or null without a basis */
        StartingBasis optimumAsIs() {
            return basis == null ? null : basis.asPrimal();
        }
    }

    /**
     * Freezes the level's bottlenecked groups at (just below) t; every group when t reached 1.
     *
     * @return how many groups still rise, or -1 when the duals price no rising row while t is
     *         below 1 (nothing tells the bottleneck; an optimal basis's duals always do)
     */
    static int freeze(PathLp lp, double[] rowDual, double[] frozen, double t) {
        int[] row = lp.groupRow();
        int most = mostPricedRising(row, rowDual, frozen);
        double largest = most < 0 ? 0 : Math.abs(rowDual[row[most]]);
        boolean full = t >= 1 - FULL;
        if (!full && !(largest > 0)) {
            return -1;
        }
        double share = share(t);
        int rising = 0;
        for (int g = 0; g < row.length; g++) {
            if (Double.isNaN(frozen[g])) {
                if (full || Math.abs(rowDual[row[g]]) >= FREEZE_WEIGHT * largest) {
                    frozen[g] = share;
                } else {
                    rising++;
                }
            }
        }
        return rising;
    }

    private TeResult done(TeProblem problem, Level level, double[] frozen, int levels, double build, double solve, double floor,
                          SolveStatus status, String why) {
        long start = System.nanoTime();
        double[] share = frozenShares(problem, level.lp(), frozen);
        // Each frozen commodity is raised to its own share, which a solver can miss by its 10⁻⁷ Mbps
        // absolute tolerance (a 0.001 Mbps commodity frozen at 6·10⁻⁶ came back with none), the rest
        // to the first level's; and cut back to its level's t plus round-off (FROZEN_BAND).
        double first = Double.isNaN(floor) ? 0 : floor;
        double[] least = new double[share.length];
        double[] most = new double[share.length];
        for (int k = 0; k < share.length; k++) {
            least[k] = Double.isNaN(share[k]) ? first : Math.max(first, share[k]);
            most[k] = Double.isNaN(share[k]) ? 1 : share[k] * (1 + FROZEN_BAND);
        }
        Allocation allocation = Allocation.extract(problem, level.lp().pathFlowsMbps(level.x()), least, most);
        build += (System.nanoTime() - start) / 1e9;
        TeResult checked = TeOptimizer.checked(allocation, Objective.MAX_MIN_FAIR, 1.0, level.lp().model(), build, solve);
        if (!checked.ok()) {
            return checked;
        }
        String summary = "%s, shares from %.6g to %.6g".formatted(levels(levels), allocation.minDemandShare(), level.t());
        return new TeResult(Objective.MAX_MIN_FAIR, status, checked.allocation(), checked.value(), build, solve, checked.columns(),
                checked.rows(), checked.nonZeros(), why.isEmpty() ? summary : why + "; " + summary);
    }

    /**
     * How far above its share a frozen group's commodities may end: to the level's t (the share is
     * held 10⁻⁶ below it) and as much again for round-off. A frozen group's row allows up to its
     * demand, and a later level's optimum may hand it capacity for nothing (no cost on it), which the
     * 10⁻⁶ slack of heavy frozen groups frees: a 0.001 Mbps commodity frozen at 0.000505 beside 10⁶
     * Mbps ones came back at its whole demand from {@code highs-warm} and at 0.000505 from {@code
     * highs} (review fuzzing: 33 of 600 extreme instances differed by more than 0.05). In exact
     * arithmetic a frozen group never gets more than its level's t, so the excess is cut when the
     * allocation is made ({@link Allocation#extract(TeProblem, double[], double[], double[])}). Capping the rows themselves at the share gave the same shares but slowed
     * Kdl's levels 5 and 6 from 11 and 10 s to 16–18 and 16–19 s (rows boxed this narrowly).
     */
    static final double FROZEN_BAND = 2e-6;

    /**
     * @param frozen per group of {@code lp} the share it was frozen at, NaN while rising (or null)
     * @return per commodity of {@code problem} its group's frozen share, NaN where there is none (a
     *         commodity routed up front has no column and no group)
     */
    static double[] frozenShares(TeProblem problem, PathLp lp, double[] frozen) {
        double[] share = new double[problem.commodities().size()];
        java.util.Arrays.fill(share, Double.NaN);
        if (frozen == null) {
            return share;
        }
        LpModel m = lp.model();
        int[] groupOfRow = new int[m.rows()];
        java.util.Arrays.fill(groupOfRow, -1);
        for (int g = 0; g < lp.groupRow().length; g++) {
            if (lp.groupRow()[g] >= 0) {
                groupOfRow[lp.groupRow()[g]] = g;
            }
        }
        int[] commodityOf = problem.columnCommodities();
        for (int c = 0; c < lp.pathColumns(); c++) {
            int group = -1;
            for (int e = m.colStart()[c]; e < m.colStart()[c + 1] && group < 0; e++) {
                group = groupOfRow[m.rowIndex()[e]];
            }
            if (group >= 0 && !Double.isNaN(frozen[group])) {
                for (int v : lp.pathVariablesOf(c)) {
                    share[commodityOf[v]] = frozen[group];
                }
            }
        }
        return share;
    }

    /** @return "1 level" or "N levels" */
    private static String levels(int n) {
        return n == 1 ? "1 level" : n + " levels";
    }

    /**
     * A level that did not solve: the first one's failure as it is; a later one cut short by the time
     * limit serves the last good level (TIME_LIMIT), any other failure is the result (no allocation).
     */
    private TeResult stopped(TeProblem problem, Level last, double[] frozen, SolveResult r, int levels, double build, double solve,
                             double floor, PathLp lp, String note) {
        if (last != null && r.status() == SolveStatus.TIME_LIMIT) {
            return done(problem, last, frozen, levels, build, solve, floor, SolveStatus.TIME_LIMIT,
                    "time limit after %s: groups not yet frozen get at least the last level's t%s".formatted(levels(levels),
                            note.isEmpty() ? "" : "; " + note));
        }
        LpModel model = lp.model();
        boolean noDuals = r.status() == SolveStatus.OPTIMAL;
        String message = noDuals ? "backend %s gave no row duals".formatted(solver.name()) : r.message();
        return new TeResult(Objective.MAX_MIN_FAIR, noDuals ? SolveStatus.ERROR : r.status(), Optional.empty(), Double.NaN, build, solve,
                model.columns(), model.rows(), model.nonZeros(), last == null ? message : "level %d: %s".formatted(levels + 1, message));
    }
}
