package te.lp;

/** How a solve ended. Outcomes, not bugs: carried in results, never thrown. */
public enum SolveStatus {
    /** Proven optimal within the solver's tolerances. */
    OPTIMAL,
    /** No feasible solution exists. */
    INFEASIBLE,
    /** The objective is unbounded (or the problem is infeasible or unbounded). */
    UNBOUNDED,
    /** The time limit was reached before optimality. */
    TIME_LIMIT,
    /** A try from a starting basis used up its iteration budget ({@link StartingBasis#iterationBudget}) before optimality. */
    ITERATION_LIMIT,
    /** The solver refused the size (e.g. a size-limited licence). */
    SIZE_LIMIT,
    /** The solver failed; the result's message says how. */
    ERROR
}
