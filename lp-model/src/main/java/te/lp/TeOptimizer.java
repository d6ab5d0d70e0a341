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

    private final TeSolver solver;
    private final SolverOptions options;
    private final CapacityRows rowPolicy;
    private final AllocationChecker checker = new AllocationChecker();

    /**
     * Capacity rows {@link CapacityRows#AUTO}: on demand where that pays.
     *
     * @param solver backend, @param options time limit (per objective stage) and threads per solve
     */
    public TeOptimizer(TeSolver solver, SolverOptions options) {
        this(solver, options, CapacityRows.AUTO);
    }

    /** @param rowPolicy which capacity rows total, concurrent and fair flow start with (the optimum is the same) */
    public TeOptimizer(TeSolver solver, SolverOptions options, CapacityRows rowPolicy) {
        this.solver = solver;
        this.options = options;
        this.rowPolicy = rowPolicy;
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
            case TOTAL_FLOW -> stage(problem, objective, rows -> Formulations.totalFlow(problem, 0, rows), rowPolicy);
            case CONCURRENT_FLOW -> stage(problem, objective, rows -> Formulations.concurrentFlow(problem, rows), rowPolicy);
            // min-MLU's z is bounded by every arc's utilisation and it has no starting basis: one LP.
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
        TeResult second = stage(problem, Objective.FAIR, rows -> Formulations.totalFlow(problem, floor, rows), rowPolicy);
        return new TeResult(Objective.FAIR, second.status(), second.allocation(), second.value(),
                first.buildSeconds() + second.buildSeconds(), first.solveSeconds() + second.solveSeconds(),
                second.columns(), second.rows(), second.nonZeros(), second.message());
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
