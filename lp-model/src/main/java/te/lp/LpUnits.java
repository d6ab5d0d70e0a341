package te.lp;

/**
 * The units a path LP is handed to a first-order backend in ({@link TeSolver#firstOrder}), and the
 * way back. With flows {@code x = flowMbps·x'} and the objective counted in {@code objectiveUnit}s,
 * {@code max|min c·x, l ≤ A·x ≤ u} becomes: row bounds ÷ flowMbps; a flow column's bounds ÷
 * flowMbps and its cost × flowMbps ÷ objectiveUnit; a column after the flows (α, z), counted in
 * {@code extraUnit}s (1 unless {@link PathLp#solve} finds it far below 1), has its bounds ÷
 * extraUnit, its cost × extraUnit ÷ objectiveUnit, its coefficients × extraUnit ÷ flowMbps. Flow
 * columns keep their coefficients. Both units are powers of two, so every step is exact in floating point (short
 * of subnormal numbers): the optimal points are the same.
 * <p>
 * Why: PDLP stops once its residuals are small relative to the norms of the LP's bounds and costs,
 * and a dual residual on a column costs up to itself times the column's bound in objective value.
 * In Mbps the flows' bounds are the network's magnitudes while α's is 1: on links of 10⁹ Mbps
 * OR-Tools' PDLP called α 3.9·10⁻⁴ optimal (it is 0.654; its dual residual 1.5·10⁻⁴, within 10⁻⁸ times
 * α's cost 2¹⁵, yet worth 7.5·10⁵ in an objective of 13) and called min-MLU infeasible; HiGHS's
 * PDLP found the optima but took 1.4–51 s where the same LP at 2⁻²⁰ of the magnitudes takes
 * 0.01–0.03 s. Costs count as well: with the flows in a unit of 2³² Mbps and costs left per Mbps
 * (total flow: 2³² per unit) HiGHS's PDLP called total flow unbounded or infeasible. A flow
 * unit's cost grows with the unit, and α's and z's with the total demand ({@link
 * PathLpBuilder#demandUnit}), so costs are brought to order 1 as well.
 */
record LpUnits(double flowMbps, double objectiveUnit, int flowColumns, double extraUnit) {
    LpUnits {
        requirePowerOfTwo("flow unit", flowMbps);
        requirePowerOfTwo("objective unit", objectiveUnit);
        requirePowerOfTwo("extra column unit", extraUnit);
        if (flowColumns < 0) {
            throw new IllegalArgumentException("flow columns must be >= 0, got " + flowColumns);
        }
    }

    /** Units with α and z counted as they are. */
    LpUnits(double flowMbps, double objectiveUnit, int flowColumns) {
        this(flowMbps, objectiveUnit, flowColumns, 1);
    }

    private static void requirePowerOfTwo(String what, double unit) {
        if (!(unit >= Double.MIN_NORMAL && unit <= Double.MAX_VALUE) || Math.scalb(1.0, Math.getExponent(unit)) != unit) {
            throw new IllegalArgumentException("%s must be a normal power of two, got %s".formatted(what, unit));
        }
    }

    /**
     * Bounds reach a first-order backend below 2^{@value} Mbps: where every capacity and demand is
     * below it flows stay in Mbps, so the LPs of networks of 1 Gbps links (every instance of the
     * report) reach the backends exactly as before; larger ones come in the unit that brings the
     * largest into [2⁹, 2¹⁰). Measured with the largest bound brought to [2^k, 2^(k+1)), Cogentco
     * gravity ×16 concurrent flow at 2¹⁹ times its capacities and demands, k = 9 / 11 / 13 (9 is
     * Cogentco as it is): OR-Tools' PDLP 0.72 / 1.03 / 1.82 s, HiGHS's 0.33 / 0.48 / 1.2 s, the
     * same α; the rings of {@code HugeCapacityTest} at 2²⁰ times 1–4 Gbps: both right and fast up
     * to k = 14, up to 2× slower at 16, 2.5–16× at 20, OR-Tools' PDLP calling a min-MLU LP
     * infeasible at 24. Far lower is no gain: on Cogentco at k = 0 HiGHS's PDLP took 1.9× as long
     * on concurrent flow, OR-Tools' 2× on min-MLU.
     */
    static final int LARGEST_BOUND_EXPONENT = 10;

    /**
     * @param flowColumns how many of the model's first columns hold flows (the rest: α or z)
     * @return flows in Mbps, or where the largest finite magnitude among the row bounds and the flow
     *         columns' bounds (capacities and demands) is 2^{@value #LARGEST_BOUND_EXPONENT} Mbps or
     *         more, in the power of two of Mbps that brings it into [2⁹, 2¹⁰); the objective in
     *         the power of two that brings the largest cost into [1, 2) (1 when every cost is 0)
     * @throws IllegalArgumentException if the model has fewer columns
     */
    static LpUnits of(LpModel model, int flowColumns) {
        return of(model, flowColumns, 1);
    }

    /**
     * @param extraUnit power of two the columns after the flows (α, z) are counted in: {@code z =
     *                  extraUnit·z'}
     * @return {@link #of(LpModel, int)}'s flow unit, and the objective unit for the costs in these
     *         units
     */
    static LpUnits of(LpModel model, int flowColumns, double extraUnit) {
        requireColumns(model, flowColumns);
        double bound = Math.max(largestFinite(model.rowLower(), model.rows()), largestFinite(model.rowUpper(), model.rows()));
        bound = Math.max(bound, largestFinite(model.colLower(), flowColumns));
        bound = Math.max(bound, largestFinite(model.colUpper(), flowColumns));
        double flowMbps = Math.max(1.0, Math.scalb(powerOfTwoAtOrBelow(bound), 1 - LARGEST_BOUND_EXPONENT));
        double cost = 0;
        for (int j = 0; j < model.columns(); j++) {
            cost = Math.max(cost, Math.abs(model.colCost()[j]) * (j < flowColumns ? flowMbps : extraUnit));
        }
        return new LpUnits(flowMbps, powerOfTwoAtOrBelow(cost), flowColumns, extraUnit);
    }

    private static void requireColumns(LpModel model, int flowColumns) {
        if (flowColumns > model.columns()) {
            throw new IllegalArgumentException("%d flow columns in a model of %d columns".formatted(flowColumns, model.columns()));
        }
    }

    private static double largestFinite(double[] values, int count) {
        double largest = 0;
        for (int i = 0; i < count; i++) {
            if (Double.isFinite(values[i])) {
                largest = Math.max(largest, Math.abs(values[i]));
            }
        }
        return largest;
    }

    /** @return the power of two in (x/2, x], or 1 when x is not a positive normal number */
    static double powerOfTwoAtOrBelow(double x) {
        return x >= Double.MIN_NORMAL && x <= Double.MAX_VALUE ? Math.scalb(1.0, Math.getExponent(x)) : 1.0;
    }

    /** @return whether these are the model's own units (flows in Mbps, the objective as it is) */
    boolean changesNothing() {
        return flowMbps == 1 && objectiveUnit == 1 && extraUnit == 1;
    }

    /**
     * @return {@code model} in these units
     * @throws IllegalArgumentException if it has fewer than {@link #flowColumns} columns
     */
    LpModel apply(LpModel model) {
        requireColumns(model, flowColumns);
        double[] cost = model.colCost().clone();
        double[] colLower = model.colLower().clone();
        double[] colUpper = model.colUpper().clone();
        double[] value = model.value().clone();
        for (int j = 0; j < model.columns(); j++) {
            if (j < flowColumns) {
                cost[j] = cost[j] * flowMbps / objectiveUnit;
                colLower[j] /= flowMbps;
                colUpper[j] /= flowMbps;
            } else {
                cost[j] = cost[j] * extraUnit / objectiveUnit;
                colLower[j] /= extraUnit;
                colUpper[j] /= extraUnit;
                for (int e = model.colStart()[j]; e < model.colStart()[j + 1]; e++) {
                    value[e] = value[e] * extraUnit / flowMbps;
                }
            }
        }
        double[] rowLower = model.rowLower().clone();
        double[] rowUpper = model.rowUpper().clone();
        for (int i = 0; i < model.rows(); i++) {
            rowLower[i] /= flowMbps;
            rowUpper[i] /= flowMbps;
        }
        return new LpModel(model.maximize(), cost, colLower, colUpper, rowLower, rowUpper, model.colStart(), model.rowIndex(), value);
    }

    /**
     * @param scaled a backend's result for {@link #apply}'s model
     * @return the result for the model as it was: flows in Mbps, α and z as they are, the objective and the row duals
     *         (objective per Mbps) in its units; status, basis and the rest as they are
     */
    SolveResult back(SolveResult scaled) {
        double[] x = scaled.x().clone();
        for (int j = 0; j < x.length; j++) {
            x[j] *= j < flowColumns ? flowMbps : extraUnit;
        }
        double[] rowDual = scaled.rowDual().clone();
        for (int i = 0; i < rowDual.length; i++) {
            rowDual[i] = rowDual[i] * objectiveUnit / flowMbps;
        }
        return new SolveResult(scaled.status(), scaled.objective() * objectiveUnit, x, rowDual, scaled.solveSeconds(), scaled.message(),
                scaled.basis(), scaled.iterations());
    }
}
