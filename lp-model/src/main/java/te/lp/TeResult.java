package te.lp;

import java.util.Optional;

/**
 * The outcome of routing one {@link TeProblem}.
 *
 * @param objective    what was optimised
 * @param status       how the (last) solve ended
 * @param allocation   the checked allocation, present only when status is OPTIMAL
 * @param value        objective recomputed from the allocation (Mbps for flow, α share, or utilisation); NaN without one
 * @param buildSeconds wall-clock seconds spent building LP models
 * @param solveSeconds wall-clock seconds spent in the solver (transfer included)
 * @param columns      columns of the (last) LP
 * @param rows         rows of the (last) LP
 * @param nonZeros     non-zeros of the (last) LP
 * @param message      solver detail on failure; empty otherwise
 */
public record TeResult(Objective objective, SolveStatus status, Optional<Allocation> allocation, double value,
                       double buildSeconds, double solveSeconds, int columns, int rows, long nonZeros, String message) {
    /** @return whether a checked allocation is present */
    public boolean ok() {
        return allocation.isPresent();
    }

    /** @return this result with the times of all the LPs behind it, in seconds */
    public TeResult withTimes(double buildSeconds, double solveSeconds) {
        return new TeResult(objective, status, allocation, value, buildSeconds, solveSeconds, columns, rows, nonZeros, message);
    }
}
