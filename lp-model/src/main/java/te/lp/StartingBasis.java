package te.lp;

import static java.util.Objects.requireNonNull;

/**
 * A simplex starting point for an {@link LpModel}: one status per column and per row, with exactly
 * as many basic entries as rows. Backends that cannot warm-start ignore it; it never changes the
 * optimum, only how fast a simplex method gets there.
 *
 * @param columns     status per column
 * @param rows        status per row (a row's status refers to its activity Σ_j A[i][j]·x[j])
 * @param simplexPays whether dual simplex from here is expected to beat interior point from
 *                    scratch; false when the point is so far from feasible that removing its
 *                    excess pivot by pivot takes longer
 */
public record StartingBasis(BasisStatus[] columns, BasisStatus[] rows, boolean simplexPays) {
    /** A basis dual simplex is expected to pay from. */
    public StartingBasis(BasisStatus[] columns, BasisStatus[] rows) {
        this(columns, rows, true);
    }

    public StartingBasis {
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
