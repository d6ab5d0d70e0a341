package te.lp;

import static java.util.Objects.requireNonNull;

/**
 * What a backend returns for one LP.
 *
 * @param status       how the solve ended
 * @param objective    objective value of {@code x} (NaN when there is no solution)
 * @param x            column values, or an empty array when there is no solution
 * @param rowDual      per row the rate at which the objective changes with the row's active bound
 *                     (a binding capacity row of a maximisation: ≥ 0), or an empty array when the
 *                     backend gives no duals
 * @param solveSeconds wall-clock time inside the backend (model transfer and solve), in seconds
 * @param message      solver detail for logs and errors; empty when there is nothing to say
 * @param basis        the optimal basis, when the backend has one (simplex, or interior point
 *                     with crossover), to start a related LP from ({@link TeSolver#solve(LpModel,
 *                     StartingBasis, SolverOptions)})
 * @param iterations   simplex iterations of the backend's last run (after a warm start's fall-back to
 *                     interior point, that run's crossover), or 0 when the backend does not count them
 */
public record SolveResult(SolveStatus status, double objective, double[] x, double[] rowDual, double solveSeconds, String message,
                          java.util.Optional<StartingBasis> basis, long iterations) {
    public SolveResult {
        requireNonNull(basis, "basis");
        requireNonNull(status, "status");
        requireNonNull(x, "x");
        requireNonNull(rowDual, "rowDual");
        requireNonNull(message, "message");
    }

    /** A result without a basis. */
    public SolveResult(SolveStatus status, double objective, double[] x, double[] rowDual, double solveSeconds, String message) {
        this(status, objective, x, rowDual, solveSeconds, message, java.util.Optional.empty(), 0);
    }

    /** A result without duals. */
    public SolveResult(SolveStatus status, double objective, double[] x, double solveSeconds, String message) {
        this(status, objective, x, new double[0], solveSeconds, message);
    }

    /** @return whether {@link #rowDual} holds one dual per row of a model with {@code rows} rows */
    public boolean hasDuals(int rows) {
        return hasSolution() && rowDual.length == rows;
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
