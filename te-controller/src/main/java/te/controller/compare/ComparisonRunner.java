package te.controller.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import te.lp.Allocation;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeResult;
import te.lp.TeSolver;
import te.lp.baseline.Cspf;
import te.lp.pop.Partitioner;
import te.lp.pop.PopOptions;
import te.lp.pop.PopResult;
import te.lp.pop.PopSolver;

/**
 * Solves one instance with several methods in one process, one after the other, so their
 * wall-clock times are comparable: the full LP with every core on one solve, POP with every core on
 * parallel sub-problems.
 *
 * @param solver      LP backend for the full LP and POP
 * @param cores       threads: the full LP's solver threads, POP's parallel sub-problems
 * @param timeLimit   per-LP time limit in seconds
 * @param partitioner POP partitioner
 * @param seed        POP partition seed
 * @param gap         the full LP's relative optimality gap ({@link TeOptimizer#withGap})
 * @param shorterPaths whether the full LP's and POP's flow is moved onto shorter paths where they have room
 *                    ({@link te.lp.ShorterPaths}); CSPF's is as CSPF places it
 */
public record ComparisonRunner(TeSolver solver, int cores, double timeLimit, Partitioner partitioner, long seed, double gap,
                               boolean shorterPaths) {
    public ComparisonRunner {
        TeOptimizer.requireGap(gap);
    }

    /** At the default gap ({@link TeOptimizer#DEFAULT_GAP}), with flow moved onto shorter paths. */
    public ComparisonRunner(TeSolver solver, int cores, double timeLimit, Partitioner partitioner, long seed) {
        this(solver, cores, timeLimit, partitioner, seed, TeOptimizer.DEFAULT_GAP, true);
    }

    /**
     * @param progress told each method's label before it runs
     * @return one outcome per method, in order
     */
    public List<Outcome> run(TeProblem problem, Objective objective, List<Method> methods, Consumer<String> progress) {
        // Untimed, each method once on a slice of the instance: the JIT and the solver's native
        // code warmed up would otherwise be charged to whichever method runs first (the full LP),
        // inflating every speed-up (GtsCe: the same full LP 0.40 s cold, 0.19 s warm). An operator's
        // daemon re-solves in a warm JVM.
        TeProblem slice = slice(problem, WARM_UP_COMMODITIES);
        for (Method m : methods) {
            run(slice, objective, m);
        }
        List<Outcome> out = new ArrayList<>();
        for (Method m : methods) {
            progress.accept(m.label());
            out.add(run(problem, objective, m));
        }
        return out;
    }

    private Outcome run(TeProblem problem, Objective objective, Method m) {
        long start = System.nanoTime();
        return switch (m.kind()) {
            case FULL_LP -> {
                TeResult r = new TeOptimizer(solver, new SolverOptions(timeLimit, cores, false)).withGap(gap).withShorterPaths(shorterPaths)
                        .solve(problem, objective);
                yield new Outcome(m, r.status().name(), r.value(), r.buildSeconds(), r.solveSeconds(), seconds(start), Double.NaN, Double.NaN,
                        List.of(), meanHops(r.allocation()), true, r.message());
            }
            case POP -> {
                PopOptions options = new PopOptions(m.k(), m.clientSplit(), seed, partitioner, cores, new SolverOptions(timeLimit, 1, false));
                PopResult r = new PopSolver(solver, options).withShorterPaths(shorterPaths).solve(problem, objective);
                yield new Outcome(m, r.status().name(), r.value(), r.buildSecondsSum(), r.solveSecondsSum(), seconds(start),
                        r.partitionSeconds(), r.mergeSeconds(), SubProblemTime.of(r.subResults()), meanHops(r.allocation()), true, r.message());
            }
            case CSPF -> {
                Allocation a = Cspf.allocate(problem);
                double wall = seconds(start);
                boolean routesAll = a.totalFlowMbps() >= problem.commodities().totalDemandMbps() * (1 - 1e-9);
                boolean comparable = !objective.sharesDemandFairly() && (objective != Objective.MIN_MLU || routesAll);
                yield new Outcome(m, "HEURISTIC", a.objectiveValue(objective), 0, wall, wall, Double.NaN, Double.NaN, List.of(),
                        a.meanPathHops(), comparable, "");
            }
        };
    }

    /** Commodities of the untimed warm-up runs. */
    static final int WARM_UP_COMMODITIES = 500;

    /** @return {@code problem} with its first {@code n} commodities only (all when it has fewer) */
    private static TeProblem slice(TeProblem problem, int n) {
        int size = Math.min(n, problem.commodities().size());
        return new TeProblem(problem.topology(), problem.paths(), problem.commodities().subset(java.util.stream.IntStream.range(0, size).toArray()),
                problem.capacityMbps());
    }

    private static double meanHops(java.util.Optional<Allocation> allocation) {
        return allocation.map(Allocation::meanPathHops).orElse(Double.NaN);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
