package te.controller.daemon.solve;

import static java.util.Objects.requireNonNull;

import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeSolver;
import te.lp.pop.Partitioner;
import te.lp.pop.PopOptions;
import te.lp.pop.RandomPartitioner;

/**
 * How each solve runs.
 *
 * @param objective        what to optimise
 * @param solver           LP backend
 * @param popK             POP sub-problems; 1 solves the full LP
 * @param clientSplit      POP client-splitting threshold, {@code >= 0}
 * @param timeLimitSeconds wall-clock limit of one solve in seconds, over every LP it takes (POP: the whole solve, each sub-problem getting what is left of it), {@code > 0}
 * @param threads          threads for one full-LP solve, or sub-problems solved at once under POP, {@code >= 1}
 * @param partitioner      how POP assigns commodities to sub-problems
 * @param gap              relative optimality gap of full-LP solves ({@link TeOptimizer#withGap})
 * @param minGain          least relative improvement of the objective for which a re-solve moves the served splits
 *                         ({@link KeptSplits}), in [0, 1); 0 always serves the re-solve's allocation
 * @param restoreSplits    put the served splits back into a re-solve's allocation where capacity allows, at the same
 *                         flow per commodity ({@link RestoredSplits}); the objective is unchanged
 * @param shorterPaths     move each solve's flow onto shorter paths where they have room ({@link te.lp.ShorterPaths}),
 *                         after served splits are put back, for the commodities that do not end with theirs; the
 *                         objective is unchanged
 */
public record SolveSettings(Objective objective, TeSolver solver, int popK, double clientSplit, double timeLimitSeconds, int threads,
                            Partitioner partitioner, double gap, double minGain, boolean restoreSplits, boolean shorterPaths) {
    public SolveSettings {
        requireNonNull(objective, "objective");
        requireNonNull(solver, "solver");
        requireNonNull(partitioner, "partitioner");
        // Checked here so a bad flag fails at start-up, not at the first solve.
        popOptions(popK, clientSplit, timeLimitSeconds, threads, partitioner);
        TeOptimizer.requireGap(gap);
        TeOptimizer.requireSupported(objective, solver);
        if (!(minGain >= 0 && minGain < 1)) {
            throw new IllegalArgumentException("--min-gain must be a fraction in [0, 1), e.g. 0.005 for 0.5 %, got " + minGain);
        }
        if (minGain > 0 && objective.sharesDemandFairly()) {
            throw new IllegalArgumentException(("--min-gain applies to total-flow, concurrent-flow and min-mlu, not %s: "
                    + "fitting its splits to new demands would not keep their fairness").formatted(objective.cliName()));
        }
    }

    /** Settings with POP's random partitioner, the default gap, no hysteresis, served splits put back, and shorter paths. */
    public SolveSettings(Objective objective, TeSolver solver, int popK, double clientSplit, double timeLimitSeconds, int threads) {
        this(objective, solver, popK, clientSplit, timeLimitSeconds, threads, new RandomPartitioner(), TeOptimizer.DEFAULT_GAP, 0, true, true);
    }

    /** @return these settings with another {@code minGain} */
    public SolveSettings withMinGain(double minGain) {
        return new SolveSettings(objective, solver, popK, clientSplit, timeLimitSeconds, threads, partitioner, gap, minGain, restoreSplits,
                shorterPaths);
    }

    /** @return these settings putting served splits back into re-solves ({@code on}) or not */
    public SolveSettings withRestoreSplits(boolean on) {
        return new SolveSettings(objective, solver, popK, clientSplit, timeLimitSeconds, threads, partitioner, gap, minGain, on, shorterPaths);
    }

    private static PopOptions popOptions(int k, double split, double limit, int threads, Partitioner partitioner) {
        return new PopOptions(k, split, 1, partitioner, threads, new SolverOptions(limit, 1, false));
    }

    /** @return POP options: the partitioner (seed 1), one solver thread per sub-problem */
    public PopOptions popOptions() {
        return popOptions(popK, clientSplit, timeLimitSeconds, threads, partitioner);
    }

    /** @return options of a full-LP solve */
    public SolverOptions lpOptions() {
        return new SolverOptions(timeLimitSeconds, threads, false);
    }

    /** @return the full-LP optimizer: backend, options, gap and shorter paths */
    public TeOptimizer lpOptimizer() {
        return new TeOptimizer(solver, lpOptions()).withGap(gap).withShorterPaths(shorterPaths);
    }

    /** @return the POP solver: backend, {@link #popOptions()} and shorter paths */
    public te.lp.pop.PopSolver popSolver() {
        return new te.lp.pop.PopSolver(solver, popOptions()).withShorterPaths(shorterPaths);
    }

    /**
     * Solves {@code problem} with the full LP or POP as set; never throws for the solver's sake.
     *
     * @return the attempt; a backend that crashes is one more failed solve (status ERROR, logged)
     */
    public SolveAttempt attempt(te.lp.TeProblem problem) {
        return attempt(problem, shorterPaths);
    }

    /**
     * As {@link #attempt(te.lp.TeProblem)}, moving the flow onto shorter paths or not whatever the
     * settings say: the solve loop does it itself, after served splits are put back.
     */
    public SolveAttempt attempt(te.lp.TeProblem problem, boolean shorten) {
        try {
            if (popK == 1) {
                te.lp.TeResult r = lpOptimizer().withShorterPaths(shorten).solve(problem, objective);
                return new SolveAttempt(r.status(), r.allocation(), r.value(), r.buildSeconds() + r.solveSeconds(), r.message());
            }
            te.lp.pop.PopResult r = popSolver().withShorterPaths(shorten).solve(problem, objective);
            return new SolveAttempt(r.status(), r.allocation(), r.value(), r.solvePhaseSeconds(), r.message());
        } catch (RuntimeException e) {
            // A crashing backend must not kill the solve loop (or a what-if): it is one more failed solve.
            org.slf4j.LoggerFactory.getLogger(SolveSettings.class).error("solver crashed", e);
            return new SolveAttempt(te.lp.SolveStatus.ERROR, java.util.Optional.empty(), Double.NaN, 0, "solver crashed: " + e);
        }
    }

    /** @return {@code lp} or {@code pop-K} */
    public String method() {
        return popK == 1 ? "lp" : "pop-" + popK;
    }
}
