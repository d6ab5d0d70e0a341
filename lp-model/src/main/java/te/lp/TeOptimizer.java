package te.lp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds the objective's LP(s), solves them with a backend, turns the solution into an
 * {@link Allocation} and checks it. Two-stage {@link Objective#FAIR} solves concurrent flow, then
 * total flow with every commodity held at ≥ α*·demand.
 */
public final class TeOptimizer {
    /** Slack on the fair second stage's floor, so solver round-off in α* cannot make it infeasible. */
    static final double FAIR_FLOOR_SLACK = 1e-6;
    /**
     * Share of the total demand carried by the heaviest 1 % of commodities above which total flow
     * skips the warm start: gravity, uniform and bimodal traffic measure 0.03–0.05 on every Zoo
     * network tried, poisson-high-intra 0.23–0.59.
     */
    static final double HEAVY_TAIL_SHARE = 0.15;

    private final TeSolver solver;
    private final SolverOptions options;
    private final CapacityRows rowPolicy;
    private final boolean assumeHeavyTailed;
    private final AllocationChecker checker = new AllocationChecker();

    /**
     * Capacity rows {@link CapacityRows#AUTO}: on demand where that pays.
     *
     * @param solver backend, @param options time limit (per objective stage) and threads per solve
     */
    public TeOptimizer(TeSolver solver, SolverOptions options) {
        this(solver, options, CapacityRows.AUTO);
    }

    /** @param rowPolicy which capacity rows each LP starts with (the optimum is the same) */
    public TeOptimizer(TeSolver solver, SolverOptions options, CapacityRows rowPolicy) {
        this(solver, options, rowPolicy, false);
    }

    private TeOptimizer(TeSolver solver, SolverOptions options, CapacityRows rowPolicy, boolean assumeHeavyTailed) {
        this.solver = solver;
        this.options = options;
        this.rowPolicy = rowPolicy;
        this.assumeHeavyTailed = assumeHeavyTailed;
    }

    /**
     * @return an optimizer that treats every problem's demand as heavy-tailed (see
     *         {@link #heavyTailed(TeProblem)}); for POP, whose sub-problems hold client-split pieces
     *         that no longer look heavy-tailed though the whole demand is (a Kdl poisson-high-intra
     *         POP-16 sub-problem at t = 0.75: 8.5 % of demand in its heaviest 1 %, against 59 %)
     */
    public TeOptimizer asHeavyTailed() {
        return new TeOptimizer(solver, options, rowPolicy, true);
    }

    /**
     * @return whether the heaviest 1 % of commodities carry more than {@value #HEAVY_TAIL_SHARE}
     *         of the demand, where total flow skips the warm start
     */
    public static boolean heavyTailed(TeProblem problem) {
        return problem.commodities().topDemandShare(0.01) > HEAVY_TAIL_SHARE;
    }

    /** @return the backend in use */
    public TeSolver solver() {
        return solver;
    }

    /** @return the result; solver failures are statuses with a message, never exceptions */
    public TeResult solve(TeProblem problem, Objective objective) {
        if (problem.commodities().size() == 0) {
            Allocation empty = new Allocation(problem, new double[0]);
            return new TeResult(objective, SolveStatus.OPTIMAL, Optional.of(empty), empty.objectiveValue(objective), 0, 0, 0, 0, 0, "");
        }
        return switch (objective) {
            case TOTAL_FLOW -> totalFlowStage(problem, objective, 0);
            case CONCURRENT_FLOW -> stage(problem, objective, rows -> Formulations.concurrentFlow(problem, rows), rowPolicy);
            case MIN_MLU -> stage(problem, objective, rows -> Formulations.minMaxUtilisation(problem, rows), rowPolicy);
            case FAIR -> fair(problem);
        };
    }

    private TeResult fair(TeProblem problem) {
        TeResult first = stage(problem, Objective.CONCURRENT_FLOW, rows -> Formulations.concurrentFlow(problem, rows), rowPolicy);
        if (!first.ok()) {
            return first;
        }
        double floor = Math.max(0, first.value() * (1 - FAIR_FLOOR_SLACK) - FAIR_FLOOR_SLACK);
        TeResult second = totalFlowStage(problem, Objective.FAIR, floor);
        return new TeResult(Objective.FAIR, second.status(), second.allocation(), second.value(),
                first.buildSeconds() + second.buildSeconds(), first.solveSeconds() + second.solveSeconds(),
                second.columns(), second.rows(), second.nonZeros(), second.message());
    }

    /**
     * Total flow (or fair's second stage). Under heavy-tailed demand (the heaviest 1 % of
     * commodities carry more than {@value #HEAVY_TAIL_SHARE} of it) dual simplex from the greedy
     * start must cut back heavy commodities one pivot at a time (1.2–1.6 iterations per row against
     * 0.05–0.15 on gravity), so the LP goes to the backend without a starting basis (interior point)
     * and with every row: a Kdl poisson-high-intra POP-16 sub-problem took 131 s warm with lazy rows,
     * 27 s warm with every row (the simplex gives up at its iteration cap, then interior point),
     * 49 s with interior point and lazy rows (each round a cold solve), 12.3–14.1 s with interior
     * point and every row.
     */
    private TeResult totalFlowStage(TeProblem problem, Objective objective, double minShare) {
        if (assumeHeavyTailed || heavyTailed(problem)) {
            return stage(problem, objective, rows -> Formulations.totalFlow(problem, minShare, rows).withoutStartingBasis(), CapacityRows.ALL);
        }
        return stage(problem, objective, rows -> Formulations.totalFlow(problem, minShare, rows), rowPolicy);
    }

    /**
     * @param build builds the LP with capacity rows for the given arcs only (null: all)
     * @param policy which rows to start with
     */
    private TeResult stage(TeProblem problem, Objective objective, Function<boolean[], PathLp> build, CapacityRows policy) {
        boolean minMlu = objective == Objective.MIN_MLU;
        CapacityRowGeneration.Outcome outcome = CapacityRowGeneration.solve(problem, build,
                CapacityRowGeneration.startingRows(problem, policy, minMlu), CapacityRowGeneration.PARTIAL_ROUNDS, minMlu, solver, options);
        PathLp lp = outcome.lp();
        LpModel model = lp.model();
        SolveResult r = outcome.result();
        double buildSeconds = outcome.buildSeconds();
        double solveSeconds = outcome.solveSeconds();
        if (r.status() != SolveStatus.OPTIMAL || r.x().length != model.columns()) {
            return new TeResult(objective, r.status(), Optional.empty(), Double.NaN, buildSeconds, solveSeconds,
                    model.columns(), model.rows(), model.nonZeros(), r.message());
        }
        Allocation allocation = objective == Objective.MIN_MLU
                ? Allocation.extractFullDemand(problem, lp.pathFlowsMbps(r.x()))
                : Allocation.extract(problem, lp.pathFlowsMbps(r.x()));
        double allowed = objective == Objective.MIN_MLU ? Math.max(1.0, r.objective() * (1 + 1e-6)) : 1.0;
        List<String> violations = new ArrayList<>(checker.violations(allocation, allowed));
        if (objective == Objective.MIN_MLU && allocation.minDemandShare() < 1 - 1e-6) {
            violations.add("min-MLU left demand unrouted: worst commodity gets %.9f of its demand".formatted(allocation.minDemandShare()));
        }
        if (!violations.isEmpty()) {
            return new TeResult(objective, SolveStatus.ERROR, Optional.empty(), Double.NaN, buildSeconds, solveSeconds,
                    model.columns(), model.rows(), model.nonZeros(),
                    "solver returned an infeasible allocation: " + String.join("; ", violations.subList(0, Math.min(3, violations.size()))));
        }
        return new TeResult(objective, SolveStatus.OPTIMAL, Optional.of(allocation), allocation.objectiveValue(objective),
                buildSeconds, solveSeconds, model.columns(), model.rows(), model.nonZeros(), "");
    }
}
