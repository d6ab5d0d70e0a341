package te.lp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

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
    private final AllocationChecker checker = new AllocationChecker();

    /** @param solver backend, @param options time limit and threads per solve */
    public TeOptimizer(TeSolver solver, SolverOptions options) {
        this.solver = solver;
        this.options = options;
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
            case TOTAL_FLOW -> stage(problem, objective, () -> Formulations.totalFlow(problem, 0));
            case CONCURRENT_FLOW -> stage(problem, objective, () -> Formulations.concurrentFlow(problem));
            case MIN_MLU -> stage(problem, objective, () -> Formulations.minMaxUtilisation(problem));
            case FAIR -> fair(problem);
        };
    }

    private TeResult fair(TeProblem problem) {
        TeResult first = stage(problem, Objective.CONCURRENT_FLOW, () -> Formulations.concurrentFlow(problem));
        if (!first.ok()) {
            return first;
        }
        double floor = Math.max(0, first.value() * (1 - FAIR_FLOOR_SLACK) - FAIR_FLOOR_SLACK);
        TeResult second = stage(problem, Objective.FAIR, () -> Formulations.totalFlow(problem, floor));
        return new TeResult(Objective.FAIR, second.status(), second.allocation(), second.value(),
                first.buildSeconds() + second.buildSeconds(), first.solveSeconds() + second.solveSeconds(),
                second.columns(), second.rows(), second.nonZeros(), second.message());
    }

    private TeResult stage(TeProblem problem, Objective objective, Supplier<PathLp> build) {
        long start = System.nanoTime();
        PathLp lp = build.get();
        LpModel model = lp.model();
        double buildSeconds = (System.nanoTime() - start) / 1e9;
        SolveResult r;
        if (model.columns() == 0) {
            // Every commodity was routed up front: nothing is left for a solver.
            r = new SolveResult(SolveStatus.OPTIMAL, 0, new double[0], 0, "");
        } else {
            r = lp.startingBasis().map(basis -> solver.solve(model, basis, options)).orElseGet(() -> solver.solve(model, options));
        }
        if (r.status() != SolveStatus.OPTIMAL || r.x().length != model.columns()) {
            return new TeResult(objective, r.status(), Optional.empty(), Double.NaN, buildSeconds, r.solveSeconds(),
                    model.columns(), model.rows(), model.nonZeros(), r.message());
        }
        Allocation allocation = Allocation.extract(problem, lp.pathFlowsMbps(r.x()), objective != Objective.MIN_MLU);
        double allowed = objective == Objective.MIN_MLU ? Math.max(1.0, r.objective() * (1 + 1e-6)) : 1.0;
        List<String> violations = new ArrayList<>(checker.violations(allocation, allowed));
        if (objective == Objective.MIN_MLU && allocation.minDemandShare() < 1 - 1e-6) {
            violations.add("min-MLU left demand unrouted: worst commodity gets %.9f of its demand".formatted(allocation.minDemandShare()));
        }
        if (!violations.isEmpty()) {
            return new TeResult(objective, SolveStatus.ERROR, Optional.empty(), Double.NaN, buildSeconds, r.solveSeconds(),
                    model.columns(), model.rows(), model.nonZeros(),
                    "solver returned an infeasible allocation: " + String.join("; ", violations.subList(0, Math.min(3, violations.size()))));
        }
        return new TeResult(objective, SolveStatus.OPTIMAL, Optional.of(allocation), allocation.objectiveValue(objective),
                buildSeconds, r.solveSeconds(), model.columns(), model.rows(), model.nonZeros(), "");
    }
}
