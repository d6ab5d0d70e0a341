package te.lp;

import java.util.Optional;
import java.util.function.Function;

/**
 * One time limit over the several LPs that answer one solve (commodity-generation rounds, then
 * possibly the LP with every commodity), and the build and solve seconds they spent together, so
 * that a fallback neither starts a fresh limit nor hides the rounds' time. It also keeps the best
 * feasible allocation an uncertified round found, so that a solve that runs out of time serves
 * that allocation (status {@link SolveStatus#TIME_LIMIT}, with its certified bound) instead of none.
 */
final class RoundBudget {
    private final SolverOptions options;
    private final Deadline deadline;
    private double buildSeconds;
    private double solveSeconds;
    private TeResult incumbent;
    private int incumbentRound;
    private double leastBound = Double.POSITIVE_INFINITY;

    /** @param options its time limit spans every LP of the solve; its threads and verbosity apply to each */
    RoundBudget(SolverOptions options) {
        this.options = options;
        this.deadline = Deadline.after(System.nanoTime(), options.timeLimitSeconds());
    }

    /** @return whether the time limit has passed */
    boolean spent() {
        return deadline.secondsLeft() <= 0;
    }

    /** @return options for the next LP: the seconds left as its limit (call only while not {@link #spent}) */
    SolverOptions next() {
        // The deadline may pass between a caller's spent() and this call: a limit must stay positive.
        return new SolverOptions(Math.max(1e-9, deadline.secondsLeft()), options.threads(), options.verbose());
    }

    /** Counts the wall-clock time since {@code startNanos} as model building (work between LPs). */
    void addBuild(long startNanos) {
        buildSeconds += (System.nanoTime() - startNanos) / 1e9;
    }

    /** Counts an LP's build and solve seconds. */
    void add(CapacityRowGeneration.Outcome outcome) {
        buildSeconds += outcome.buildSeconds();
        solveSeconds += outcome.solveSeconds();
    }

    double buildSeconds() {
        return buildSeconds;
    }

    double solveSeconds() {
        return solveSeconds;
    }

    /**
     * Offers an uncertified round's result; the one with the highest objective is kept.
     *
     * @param round   the round's checked result (ignored unless it has an allocation)
     * @param roundNo which round it was, from 1
     * @param bound   an upper bound on the whole problem's optimum the round's duals proved, or NaN
     */
    void offer(TeResult round, int roundNo, double bound) {
        // Every round's bound holds for the whole problem, so the least one is kept, whichever round's allocation is.
        if (bound > 0) {
            leastBound = Math.min(leastBound, bound);
        }
        if (round.ok() && (incumbent == null || round.value() > incumbent.value())) {
            incumbent = round;
            incumbentRound = roundNo;
        }
    }

    /**
     * @return {@code result}, or when it is the time limit without an allocation and a round found
     *         one, that allocation under the time limit's status and times, the message saying which
     *         round's it is and the share of the optimum the least bound certifies
     */
    TeResult orIncumbent(TeResult result) {
        if (result.status() != SolveStatus.TIME_LIMIT || result.ok() || incumbent == null) {
            return result;
        }
        String note = leastBound == Double.POSITIVE_INFINITY
                ? "round %d's feasible allocation, objective %.9g (no bound)".formatted(incumbentRound, incumbent.value())
                : "round %d's feasible allocation, objective %.9g, at least %.4f %% of the optimum (bound %.9g from the duals)"
                        .formatted(incumbentRound, incumbent.value(), 100 * Math.min(1, incumbent.value() / leastBound), leastBound);
        return new TeResult(result.objective(), SolveStatus.TIME_LIMIT, incumbent.allocation(), incumbent.value(),
                result.buildSeconds(), result.solveSeconds(), incumbent.columns(), incumbent.rows(), incumbent.nonZeros(),
                result.message() + "; serving " + note);
    }

    /** @return {@code result} with this budget's seconds added to its own */
    TeResult charge(TeResult result) {
        return result.withTimes(result.buildSeconds() + buildSeconds, result.solveSeconds() + solveSeconds);
    }

    /**
     * The LP with every commodity after the rounds: run with the time left and charged with the
     * rounds' seconds, or the time limit when none is left.
     *
     * @param afterWhat what ran before, for the time-limit message
     */
    TeResult fallback(Objective objective, String afterWhat, Function<SolverOptions, TeResult> solve) {
        return spent() ? timeLimit(objective, afterWhat + ", before the LP with every commodity") : orIncumbent(charge(solve.apply(next())));
    }

    /**
     * @param afterWhat what ran before the limit passed, for the message
     * @return the time limit, with the best round's allocation when there is one
     */
    TeResult timeLimit(Objective objective, String afterWhat) {
        return orIncumbent(new TeResult(objective, SolveStatus.TIME_LIMIT, Optional.empty(), Double.NaN, buildSeconds, solveSeconds, 0, 0, 0,
                "time limit of %s s reached after %s".formatted(options.timeLimitSeconds(), afterWhat)));
    }
}
