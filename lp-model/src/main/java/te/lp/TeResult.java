package te.lp;

import java.util.Optional;

/**
 * The outcome of routing one {@link TeProblem}.
 *
 * @param objective    what was optimised
 * @param status       how the (last) solve ended
 * @param allocation   the checked allocation: present when status is OPTIMAL, and with TIME_LIMIT when
 *                     a round of the solve found a feasible one before the limit passed (the message
 *                     then says so and gives its certified share of the optimum); empty otherwise
 * @param value        objective recomputed from the allocation (Mbps for flow, α share, or utilisation); NaN without one
 * @param buildSeconds wall-clock seconds spent building LP models
 * @param solveSeconds wall-clock seconds spent in the solver (transfer included)
 * @param columns      columns of the (last) LP; with TIME_LIMIT and an allocation, of the LP that gave it
 * @param rows         rows of that LP
 * @param nonZeros     non-zeros of that LP
 * @param message      solver detail on failure or time limit; empty otherwise
 */
public record TeResult(Objective objective, SolveStatus status, Optional<Allocation> allocation, double value,
                       double buildSeconds, double solveSeconds, int columns, int rows, long nonZeros, String message) {
    /** @return whether a checked allocation is present (optimal, or the best found within the time limit) */
    public boolean ok() {
        return allocation.isPresent();
    }

    /** @return whether the allocation is present and proven optimal (within the solve's gap) */
    public boolean optimal() {
        return ok() && status == SolveStatus.OPTIMAL;
    }

    /** @return this result with the times of all the LPs behind it, in seconds */
    public TeResult withTimes(double buildSeconds, double solveSeconds) {
        return new TeResult(objective, status, allocation, value, buildSeconds, solveSeconds, columns, rows, nonZeros, message);
    }
}
