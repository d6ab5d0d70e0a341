package te.lp;

/**
 * A linear program in solver-neutral, column-wise (CSC) form, built once in bulk arrays so that a
 * backend hands it to its solver in one call:
 * <pre>
 *   max|min  Σ_j cost[j]·x[j]
 *   s.t.     rowLower[i] ≤ Σ_j A[i][j]·x[j] ≤ rowUpper[i]
 *            colLower[j] ≤ x[j] ≤ colUpper[j]
 * </pre>
 * Column {@code j}'s non-zeros are {@code rowIndex/value[colStart[j] .. colStart[j+1]-1]}.
 * Infinite bounds are {@code ±Double.POSITIVE_INFINITY}. Arrays are owned by the model; do not
 * modify them after construction.
 *
 * @param maximize whether to maximise (else minimise)
 * @param colCost  objective coefficient per column
 * @param colLower lower bound per column
 * @param colUpper upper bound per column
 * @param rowLower lower bound per row
 * @param rowUpper upper bound per row
 * @param colStart offsets into rowIndex/value, length columns + 1
 * @param rowIndex row of each non-zero
 * @param value    coefficient of each non-zero
 */
public record LpModel(boolean maximize, double[] colCost, double[] colLower, double[] colUpper,
                      double[] rowLower, double[] rowUpper, int[] colStart, int[] rowIndex, double[] value) {
    public LpModel {
        int cols = colCost.length;
        if (colLower.length != cols || colUpper.length != cols || colStart.length != cols + 1) {
            throw new IllegalArgumentException("column arrays disagree: cost=%d lower=%d upper=%d start=%d"
                    .formatted(cols, colLower.length, colUpper.length, colStart.length));
        }
        if (rowLower.length != rowUpper.length) {
            throw new IllegalArgumentException("row arrays disagree: lower=%d upper=%d".formatted(rowLower.length, rowUpper.length));
        }
        if (rowIndex.length != value.length || colStart[cols] != value.length) {
            throw new IllegalArgumentException("non-zero arrays disagree: index=%d value=%d colStart[end]=%d"
                    .formatted(rowIndex.length, value.length, colStart[cols]));
        }
    }

    /** @return number of columns (variables) */
    public int columns() {
        return colCost.length;
    }

    /** @return number of rows (constraints) */
    public int rows() {
        return rowLower.length;
    }

    /** @return number of non-zero coefficients */
    public int nonZeros() {
        return value.length;
    }

    /** @return the objective value of {@code x} */
    public double objective(double[] x) {
        double sum = 0;
        for (int j = 0; j < colCost.length; j++) {
            sum += colCost[j] * x[j];
        }
        return sum;
    }

    @Override
    public String toString() {
        return "LpModel[%s, %d columns, %d rows, %d non-zeros]".formatted(maximize ? "max" : "min", columns(), rows(), nonZeros());
    }
}
