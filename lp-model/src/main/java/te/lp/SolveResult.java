package te.lp;

import static java.util.Objects.requireNonNull;

/**
 * What a backend returns for one LP.
 *
 * @param status       how the solve ended
 * @param objective    objective value of {@code x} (NaN when there is no solution)
 * @param x            column values, or an empty array when there is no solution
 * @param solveSeconds wall-clock time inside the backend (model transfer and solve), in seconds
 * @param message      solver detail for logs and errors; empty when there is nothing to say
 */
public record SolveResult(SolveStatus status, double objective, double[] x, double solveSeconds, String message) {
    public SolveResult {
        requireNonNull(status, "status");
        requireNonNull(x, "x");
        requireNonNull(message, "message");
    }

    /** @return whether {@link #x} holds a usable solution */
    public boolean hasSolution() {
        return status == SolveStatus.OPTIMAL && x.length > 0;
    }

    /** @return a result without solution */
    public static SolveResult failed(SolveStatus status, double solveSeconds, String message) {
        return new SolveResult(status, Double.NaN, new double[0], solveSeconds, message);
    }
}
