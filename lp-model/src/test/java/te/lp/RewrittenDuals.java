package te.lp;

import java.util.function.UnaryOperator;

/**
 * A backend that solves with another and hands on its row duals rewritten: for checking what the
 * optimizer does with duals it cannot trust (zeroed, or from a backend posing as first-order).
 *
 * @param name          the name it reports
 * @param inner         the backend that solves
 * @param reportsDuals  what it claims about its duals ({@link TeSolver#reportsDuals})
 * @param rewrite       applied to the inner backend's row duals
 */
record RewrittenDuals(String name, TeSolver inner, boolean reportsDuals, UnaryOperator<double[]> rewrite) implements TeSolver {
    /** @return duals of the same length, all 0 */
    static UnaryOperator<double[]> zeroed() {
        return d -> new double[d.length];
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        SolveResult r = inner.solve(model, options);
        return new SolveResult(r.status(), r.objective(), r.x(), rewrite.apply(r.rowDual()), r.solveSeconds(), r.message());
    }
}
