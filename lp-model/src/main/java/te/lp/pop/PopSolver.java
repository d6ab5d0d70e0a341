package te.lp.pop;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Deadline;
import te.lp.Objective;
import te.lp.ShorterPaths;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeResult;
import te.lp.TeSolver;
import te.lp.baseline.Cspf;
import te.lp.baseline.FirstPathShare;

/**
 * Partitioned Optimization Problems (Narayanan et al., SOSP'21) for TE: client splitting (capped at
 * k pieces per commodity, see {@link ClientSplit#of(te.lp.Commodities, double, int)}), a random
 * partition of the pieces into k sub-problems, each seeing every arc at capacity/k (resource
 * splitting), sub-problems solved truly in parallel, flows summed back per original commodity and
 * path. Since every sub-allocation fits capacity/k and its pieces' demands, the sum fits capacity
 * and demand: the merged allocation is feasible by construction, and is checked anyway. For
 * concurrent flow and min-MLU the merged splits are then refined toward a lower maximum
 * utilisation ({@link UtilisationDescent}, then {@link HeavyCommodityLp}); concurrent flow re-scales them to one share of demand
 * for every commodity ({@link UniformShare}), at least the weakest sub-problem's α.
 */
public final class PopSolver {
    /**
     * {@link UtilisationDescent} sweeps over the merged splits for concurrent flow and min-MLU:
     * measured on TataNld POP-16, 50 sweeps take concurrent flow from 95.8 % to 99.4 % of the full
     * LP's α.
     */
    static final int REFINE_SWEEPS = 50;
    /**
     * (path, arc) entries the descent may read in all: it runs on one core after the parallel
     * solves, at ~0.2 s a sweep on Kdl (30 M entries). Measured on Kdl bimodal POP-16 concurrent
     * flow: 50 sweeps added 6.6 s for 99.89 → 99.99 % of the full LP's α; this budget (3 sweeps
     * there) adds 0.7–1.1 s for 99.90 %. Networks up to Cogentco's size (≤ 2 M entries) still get
     * all 50 sweeps.
     */
    static final long REFINE_BUDGET = 100_000_000L;
    /**
     * Relative optimality gap each sub-problem's total flow is solved to ({@link TeOptimizer#withGap}),
     * far below what splitting costs POP (10⁻⁴–10⁻²). Kdl poisson-high-intra POP-16 at t = 0.75:
     * 73 s at the full LP's 10⁻⁷, 41 s at 10⁻⁵ (flow 1.5·10⁻⁶ lower), 35 s at 10⁻⁴ (2·10⁻⁵ lower).
     */
    static final double SUB_PROBLEM_GAP = 1e-5;

    private final TeSolver solver;
    private final PopOptions options;
    private final boolean shorterPaths;

    /**
     * Moves the merged flow onto shorter paths where they have room ({@link ShorterPaths}).
     *
     * @param solver backend for every sub-problem, @param options split and parallelism settings
     */
    public PopSolver(TeSolver solver, PopOptions options) {
        this(solver, options, true);
    }

    private PopSolver(TeSolver solver, PopOptions options, boolean shorterPaths) {
        this.solver = solver;
        this.options = options;
        this.shorterPaths = shorterPaths;
    }

    /**
     * @param shorterPaths whether the merged flow is moved onto shorter paths where they have room,
     *                     once, after the merge (never inside the sub-problems, whose room is 1/k)
     * @return a solver that does so or not
     */
    public PopSolver withShorterPaths(boolean shorterPaths) {
        return new PopSolver(solver, options, shorterPaths);
    }

    /** How the message of a sub-problem skipped because another one failed starts. */
    static final String SKIPPED_AFTER_FAILURE = "skipped: ";

    /** @return the merged result; failures are statuses, never exceptions */
    public PopResult solve(TeProblem problem, Objective objective) {
        long start = System.nanoTime();
        Commodities commodities = problem.commodities();
        // Capped at k pieces per commodity: a piece beyond the k-th lands in a sub-problem that already
        // holds one, so that halving is better spent on the next-largest commodity.
        ClientSplit pieces = ClientSplit.of(commodities, options.clientSplit(), options.k());
        int[] sub = options.partitioner().assign(problem, pieces, options.k(), options.seed());
        List<TeProblem> subProblems = subProblems(problem, pieces, sub);
        long partitioned = System.nanoTime();

        // One deadline for the whole solve: sub-problems queue on the workers, and each giving every
        // one the full limit would let POP-16 on 2 workers run ~9 limits.
        Deadline deadline = Deadline.after(start, options.perSolve().timeLimitSeconds());
        List<TeResult> solvedResults = solveAll(subProblems, objective, TeOptimizer.heavyTailed(problem), deadline);
        List<TeResult> results = heuristicWhereOutOfTime(subProblems, solvedResults, objective);
        long solved = System.nanoTime();

        // The failure that stopped the solve, not a sub-problem skipped because of it.
        Optional<TeResult> failure = results.stream().filter(r -> !r.ok())
                .min(Comparator.comparing(r -> r.message().startsWith(SKIPPED_AFTER_FAILURE)));
        if (failure.isPresent()) {
            TeResult r = failure.get();
            return new PopResult(r.status(), Optional.empty(), Double.NaN, results, pieces.size(),
                    seconds(start, partitioned), seconds(partitioned, solved), Double.NaN, seconds(start, System.nanoTime()),
                    "sub-problem failed: " + r.message());
        }
        Allocation merged = merge(problem, pieces, sub, subProblems, results);
        if (objective == Objective.CONCURRENT_FLOW || objective == Objective.MIN_MLU) {
            UtilisationDescent descent = new UtilisationDescent(problem);
            int sweeps = descent.sweepsWithin(REFINE_BUDGET, REFINE_SWEEPS);
            // The LP runs after every sub-problem is done, so it may use every worker; it gets what is
            // left of the limit (a moment at least: it only improves on a feasible merge, and its
            // time limit keeps the merge as it is).
            SolverOptions perSolve = options.perSolve();
            SolverOptions lpOptions = withinLimit(new SolverOptions(perSolve.timeLimitSeconds(), options.parallelism(), perSolve.verbose()),
                    Math.max(1e-3, deadline.secondsLeft()));
            HeavyCommodityLp heavy = new HeavyCommodityLp(problem, solver, lpOptions);
            Function<double[], UtilisationDescent.Routing> refine = full -> heavy.lower(descent.lower(full, sweeps));
            merged = objective == Objective.CONCURRENT_FLOW
                    ? UniformShare.rescale(merged, refine)
                    : new Allocation(problem, refine.apply(merged.pathFlowsMbps()).flowMbps());
        }
        if (shorterPaths) {
            merged = ShorterPaths.shorten(merged, objective).allocation(); // same flow per commodity, peak utilisation not raised
        }
        double allowed = 1.0;
        if (objective == Objective.MIN_MLU) {
            // A non-finite value would lift every arc's limit and let the check pass anything.
            allowed = Math.max(1.0, results.stream().mapToDouble(TeResult::value).filter(Double::isFinite).max().orElse(0) * (1 + 1e-6));
        }
        List<String> violations = new AllocationChecker().violations(merged, allowed);
        long end = System.nanoTime();
        if (!violations.isEmpty()) {
            return new PopResult(SolveStatus.ERROR, Optional.empty(), Double.NaN, results, pieces.size(), seconds(start, partitioned),
                    seconds(partitioned, solved), seconds(solved, end), seconds(start, end),
                    "merged allocation infeasible: " + violations.get(0));
        }
        // A sub-problem that ran out of time with a feasible allocation makes the merge feasible, not optimal.
        List<Integer> limited = new ArrayList<>();
        for (int s = 0; s < results.size(); s++) {
            if (!results.get(s).optimal()) {
                limited.add(s);
            }
        }
        return new PopResult(limited.isEmpty() ? SolveStatus.OPTIMAL : results.get(limited.get(0)).status(), Optional.of(merged),
                merged.objectiveValue(objective), results, pieces.size(), seconds(start, partitioned), seconds(partitioned, solved),
                seconds(solved, end), seconds(start, end), notOptimal(solvedResults, results, limited));
    }

    /**
     * @param solvedResults the sub-problems' results as solved, before {@link #heuristicWhereOutOfTime}
     * @param limited       the sub-problems not optimal, ascending
     * @return empty when every sub-problem is optimal, else how many are not, the ones routed by a
     *         heuristic first (their numbers from 1: those the solver left without an allocation),
     *         then the first such sub-problem's message
     */
    private static String notOptimal(List<TeResult> solvedResults, List<TeResult> results, List<Integer> limited) {
        if (limited.isEmpty()) {
            return "";
        }
        List<Integer> heuristic = limited.stream().filter(s -> !solvedResults.get(s).ok()).toList();
        int first = heuristic.isEmpty() ? limited.get(0) : heuristic.get(0);
        return "%d of %d sub-problems not optimal%s; sub-problem %d: %s".formatted(limited.size(), results.size(),
                heuristic.isEmpty() ? "" : ", routed by a heuristic: " + heuristic.stream().map(s -> String.valueOf(s + 1)).toList(),
                first + 1, results.get(first).message());
    }

    /**
     * A sub-problem that ran out of time without any allocation gets a heuristic one on its own
     * share of every arc: feasible there, so the merge stays feasible and keeps the other
     * sub-problems' optima, under status TIME_LIMIT (as a full LP that serves its best round).
     * Total flow takes CSPF's; concurrent flow and fair take {@link FirstPathShare}'s, since CSPF
     * leaves commodities at zero and the merged α with them (measured: α 0 where the full LP's is
     * 1). Min-MLU must route every demand at any utilisation, which neither promises, so there the
     * failure stands.
     */
    private static List<TeResult> heuristicWhereOutOfTime(List<TeProblem> subProblems, List<TeResult> results, Objective objective) {
        List<TeResult> out = new ArrayList<>(results);
        for (int s = 0; s < out.size(); s++) {
            TeResult r = out.get(s);
            if (objective != Objective.MIN_MLU && r.status() == SolveStatus.TIME_LIMIT && !r.ok()) {
                boolean cspf = objective == Objective.TOTAL_FLOW;
                Allocation a = cspf ? Cspf.allocate(subProblems.get(s)) : FirstPathShare.allocate(subProblems.get(s));
                out.set(s, new TeResult(objective, SolveStatus.TIME_LIMIT, Optional.of(a), a.objectiveValue(objective),
                        r.buildSeconds(), r.solveSeconds(), r.columns(), r.rows(), r.nonZeros(),
                        r.message() + "; its commodities routed by %s within its capacity share".formatted(cspf ? "CSPF" : "one share on first paths")));
            }
        }
        return out;
    }

    private List<TeProblem> subProblems(TeProblem problem, ClientSplit pieces, int[] sub) {
        int k = options.k();
        int[] count = new int[k];
        for (int s : sub) {
            count[s]++;
        }
        double[] capacity = problem.capacityMbps();
        double[] share = new double[capacity.length];
        for (int a = 0; a < capacity.length; a++) {
            share[a] = capacity[a] / k;
        }
        Commodities c = problem.commodities();
        int[][] src = new int[k][];
        int[][] dst = new int[k][];
        double[][] demand = new double[k][];
        int[][] pair = new int[k][];
        for (int s = 0; s < k; s++) {
            src[s] = new int[count[s]];
            dst[s] = new int[count[s]];
            demand[s] = new double[count[s]];
            pair[s] = new int[count[s]];
        }
        // One pass in piece order (what merge relies on: a sub-problem's i-th commodity is its i-th piece).
        int[] next = new int[k];
        for (int p = 0; p < sub.length; p++) {
            int s = sub[p];
            int i = next[s]++;
            int origin = pieces.origin()[p];
            src[s][i] = c.src(origin);
            dst[s][i] = c.dst(origin);
            demand[s][i] = pieces.demandMbps()[p];
            pair[s][i] = c.pairIndex(origin);
        }
        List<TeProblem> out = new ArrayList<>(k);
        for (int s = 0; s < k; s++) {
            out.add(new TeProblem(problem.topology(), problem.paths(), Commodities.of(src[s], dst[s], demand[s], pair[s]), share));
        }
        return out;
    }

    /**
     * @param heavyTailed whether the whole problem's demand is heavy-tailed (the pieces may not look it)
     * @param deadline    by which the whole solve must end: each sub-problem
     *                    gets the time left when it starts, at most the per-solve limit; one that
     *                    starts after it is out of time without an allocation
     */
    private List<TeResult> solveAll(List<TeProblem> subProblems, Objective objective, boolean heavyTailed, Deadline deadline) {
        // One failure fails the whole solve: sub-problems not started yet are skipped.
        AtomicBoolean failed = new AtomicBoolean();
        Function<TeProblem, TeResult> solveOne = p -> {
            double left = deadline.secondsLeft();
            if (failed.get()) {
                return unsolved(objective, SolveStatus.ERROR, SKIPPED_AFTER_FAILURE + "another sub-problem failed first");
            }
            if (left <= 0) {
                return unsolved(objective, SolveStatus.TIME_LIMIT, "not started: the time limit of %s s passed while other sub-problems ran"
                        .formatted(options.perSolve().timeLimitSeconds()));
            }
            SolverOptions within = withinLimit(options.perSolve(), left);
            TeOptimizer plain = new TeOptimizer(solver, within).withGap(SUB_PROBLEM_GAP).withShorterPaths(false);
            TeResult r;
            try {
                r = (heavyTailed ? plain.asHeavyTailed() : plain).solve(p, objective);
            } catch (RuntimeException e) {
                // E.g. a solver refusing an option or a licence: a status, like every other failure.
                r = unsolved(objective, SolveStatus.ERROR, "crashed: " + e);
            } catch (Error e) {
                failed.set(true); // at once: the sub-problems queued behind it are skipped, not started
                throw e;
            }
            if (!r.ok() && r.status() != SolveStatus.TIME_LIMIT) {
                failed.set(true);
            }
            return r;
        };
        int threads = Math.min(options.parallelism(), subProblems.size());
        if (threads == 1) {
            return subProblems.stream().map(solveOne).toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "pop-solve");
            t.setDaemon(true);
            return t;
        });
        List<Future<TeResult>> futures = new ArrayList<>();
        for (TeProblem p : subProblems) {
            futures.add(pool.submit(() -> solveOne.apply(p)));
        }
        pool.shutdown();
        // Every solve is waited for, failed or not: a native solve ignores interrupts, and one left
        // running after this returns would hold a core that the next solve counts on.
        List<TeResult> results = new ArrayList<>();
        Error thrown = null;
        boolean interrupted = false;
        for (Future<TeResult> f : futures) {
            while (true) {
                try {
                    results.add(f.get());
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    failed.set(true); // what has not started yet is skipped; what runs ends within the deadline
                } catch (ExecutionException e) {
                    failed.set(true);
                    thrown = thrown == null && e.getCause() instanceof Error err ? err : thrown;
                    results.add(unsolved(objective, SolveStatus.ERROR, "crashed: " + e.getCause()));
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("POP solve interrupted");
        }
        if (thrown != null) {
            throw thrown; // e.g. out of memory: not a solver's answer
        }
        return results;
    }

    /** @return a sub-problem's result without an allocation, built or solved in no time */
    private static TeResult unsolved(Objective objective, SolveStatus status, String message) {
        return new TeResult(objective, status, Optional.empty(), Double.NaN, 0, 0, 0, 0, 0, message);
    }

    /** @return {@code options} with its time limit lowered to {@code seconds} if that is less (no limit stays none) */
    private static SolverOptions withinLimit(SolverOptions options, double seconds) {
        return Double.isInfinite(options.timeLimitSeconds()) || options.timeLimitSeconds() <= seconds ? options
                : new SolverOptions(seconds, options.threads(), options.verbose());
    }

    /** Sums each sub-problem's path flows into the original commodity's path flows. */
    private static Allocation merge(TeProblem problem, ClientSplit pieces, int[] sub, List<TeProblem> subProblems,
                                    List<TeResult> results) {
        int[] firstColumn = problem.firstColumns();
        double[] flow = new double[firstColumn[firstColumn.length - 1]];
        int[] next = new int[subProblems.size()];
        // Pieces were handed to sub-problems in piece order, so the i-th piece of sub-problem s is
        // its commodity i.
        for (int p = 0; p < sub.length; p++) {
            int s = sub[p];
            int local = next[s]++;
            Allocation part = results.get(s).allocation().orElseThrow();
            int origin = pieces.origin()[p];
            int from = part.firstColumn(local);
            int to = part.firstColumn(local + 1);
            int base = firstColumn[origin];
            for (int j = from; j < to; j++) {
                flow[base + j - from] += part.pathFlowMbps(j);
            }
        }
        return new Allocation(problem, flow);
    }

    private static double seconds(long from, long to) {
        return (to - from) / 1e9;
    }
}
