package te.lp;

/** An LP backend. Instances are safe to use from several threads at once (each solve is separate). */
public interface TeSolver {
    /** @return the backend's name as selected on the command line, e.g. {@code highs} */
    String name();

    /**
     * @return the outcome; solver failures are statuses, not exceptions
     */
    SolveResult solve(LpModel model, SolverOptions options);

    /**
     * Solves from a starting basis. The default ignores it: only simplex backends can use one, and
     * the optimum is the same either way.
     *
     * @return the outcome; solver failures are statuses, not exceptions
     */
    default SolveResult solve(LpModel model, StartingBasis start, SolverOptions options) {
        return solve(model, options);
    }

    /**
     * @return whether {@link #solve(LpModel, StartingBasis, SolverOptions)} starts from the basis it
     *         is given (simplex backends); the default says no: it is ignored
     */
    default boolean startsFromBasis() {
        return false;
    }

    /**
     * @return whether optimal results carry row duals ({@link SolveResult#rowDual}); the default
     *         says no, which keeps every commodity in the LP (see {@link TeOptimizer})
     */
    default boolean reportsDuals() {
        return false;
    }

    /**
     * @return whether the backend is a first-order method, whose relative stopping criteria go
     *         wrong on large bounds against costs of order 1: path LPs reach it in units that keep
     *         their numbers moderate ({@link PathLp#solve}); the default says no: flows in Mbps
     */
    default boolean firstOrder() {
        return false;
    }
}
