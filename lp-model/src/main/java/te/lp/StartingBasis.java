package te.lp;

import static java.util.Objects.requireNonNull;

/**
 * A simplex starting point for an {@link LpModel}: one status per column and per row, with exactly
 * as many basic entries as rows. Backends that cannot warm-start ignore it; it never changes the
 * optimum, only how fast a simplex method gets there.
 *
 * @param columns     status per column
 * @param rows        status per row (a row's status refers to its activity Σ_j A[i][j]·x[j])
 * @param simplexPays whether simplex from here is expected to beat interior point from scratch;
 *                    false when the point is so far from feasible that removing its excess pivot
 *                    by pivot takes longer
 * @param primal      whether the basis is (near) primal feasible but not dual feasible, as the
 *                    optimum of a related LP whose objective or coefficients changed: primal
 *                    simplex then goes on from it; false for a dual feasible start (dual simplex)
 * @param iterationBudget 0, or the simplex iterations a try from here may take: past them the solve
 *                    gives up ({@link SolveStatus#ITERATION_LIMIT}) instead of going on another way
 */
public record StartingBasis(BasisStatus[] columns, BasisStatus[] rows, boolean simplexPays, boolean primal, int iterationBudget) {
    /** A dual feasible basis dual simplex is expected to pay from. */
    public StartingBasis(BasisStatus[] columns, BasisStatus[] rows) {
        this(columns, rows, true, false);
    }

    /** A dual feasible basis. */
    public StartingBasis(BasisStatus[] columns, BasisStatus[] rows, boolean simplexPays) {
        this(columns, rows, simplexPays, false);
    }

    /** Without an iteration budget. */
    public StartingBasis(BasisStatus[] columns, BasisStatus[] rows, boolean simplexPays, boolean primal) {
        this(columns, rows, simplexPays, primal, 0);
    }

    /** @return this basis as a primal start (for an LP that differs from the one it is optimal for) */
    public StartingBasis asPrimal() {
        return new StartingBasis(columns, rows, simplexPays, true, iterationBudget);
    }

    /** @return this basis as a dual feasible start (dual simplex) */
    public StartingBasis asDual() {
        return new StartingBasis(columns, rows, simplexPays, false, iterationBudget);
    }

    /** @return this basis for a try of at most {@code iterations} simplex iterations (≥ 1) */
    public StartingBasis withIterationBudget(int iterations) {
        if (iterations < 1) {
            throw new IllegalArgumentException("an iteration budget must be >= 1, got " + iterations);
        }
        return new StartingBasis(columns, rows, simplexPays, primal, iterations);
    }

    public StartingBasis {
        if (iterationBudget < 0) {
            throw new IllegalArgumentException("an iteration budget must be >= 0 (0: none), got " + iterationBudget);
        }
        requireNonNull(columns, "columns");
        requireNonNull(rows, "rows");
        long basic = 0;
        for (BasisStatus s : columns) {
            basic += s == BasisStatus.BASIC ? 1 : 0;
        }
        for (BasisStatus s : rows) {
            basic += s == BasisStatus.BASIC ? 1 : 0;
        }
        if (basic != rows.length) {
            throw new IllegalArgumentException("a basis needs %d basic entries (one per row), got %d".formatted(rows.length, basic));
        }
    }
}
