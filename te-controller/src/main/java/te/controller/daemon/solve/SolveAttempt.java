package te.controller.daemon.solve;

import java.util.Optional;
import te.lp.Allocation;
import te.lp.SolveStatus;

/**
 * What one LP (or POP) solve under {@link SolveSettings} produced.
 *
 * @param status       how the solve ended
 * @param allocation   the checked allocation, when the solve has one
 * @param value        its objective value (NaN without one)
 * @param solveSeconds wall-clock seconds of the solve, model building included (POP: its parallel phase)
 * @param message      solver detail on failure or time limit; empty otherwise
 */
public record SolveAttempt(SolveStatus status, Optional<Allocation> allocation, double value, double solveSeconds, String message) {
    /** @return this attempt with {@code other} as its allocation, one of the same objective value */
    public SolveAttempt with(Allocation other) {
        return new SolveAttempt(status, Optional.of(other), value, solveSeconds, message);
    }
}
