package te.lp;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.Optional;

/**
 * The LP of one {@link TeProblem} after the builder's exact reductions ({@link PathReduction}), and
 * the way back from its solution to the problem's path flows. Each LP path column stands for one
 * path of every commodity in its group; the column's flow is split among them in proportion to
 * their demands. Path variables fixed without the LP are in {@code presetFlowMbps}.
 *
 * @param model              the LP handed to a backend
 * @param memberStart        per LP path column (the first {@code memberStart.length - 1} columns)
 *                           the range of its member entries, plus one past the last
 * @param memberPathVariable problem path variable of each member entry
 * @param memberShare        share of the column's flow each member entry gets
 * @param presetFlowMbps     flow per problem path variable fixed without the LP, in Mbps
 * @param capacityRowOfArc   per arc its capacity row in the model, or -1 when the LP has none
 * @param startingBasis      a dual-feasible simplex start when the objective has one
 * @param groupRow           per group of commodities the LP treats as one ({@link PathReduction}: the
 *                           same paths as far as its rows can tell) its commodity row in the model,
 *                           or -1 when its bounds are its only column's
 */
public record PathLp(LpModel model, int[] memberStart, int[] memberPathVariable, double[] memberShare, double[] presetFlowMbps,
                     int[] capacityRowOfArc, Optional<StartingBasis> startingBasis, int[] groupRow) {
    public PathLp {
        requireNonNull(model, "model");
        requireNonNull(groupRow, "groupRow");
        requireNonNull(presetFlowMbps, "presetFlowMbps");
        requireNonNull(capacityRowOfArc, "capacityRowOfArc");
        requireNonNull(startingBasis, "startingBasis");
        if (memberStart.length - 1 > model.columns() || memberPathVariable.length != memberShare.length
                || memberStart[memberStart.length - 1] != memberPathVariable.length) {
            throw new IllegalArgumentException("column map disagrees with the model: %d path columns, %d members, %d shares, %d columns"
                    .formatted(memberStart.length - 1, memberPathVariable.length, memberShare.length, model.columns()));
        }
    }

    /** @return number of LP columns that stand for paths (the rest are α or z) */
    public int pathColumns() {
        return memberStart.length - 1;
    }

    /**
     * @param x LP solution, one value per model column
     * @return α (concurrent flow) or z (min-MLU), the model's last column; the model's objective is
     *         it times a price ({@link Formulations})
     * @throws IllegalStateException if the model has no such column (total flow)
     */
    public double extraValue(double[] x) {
        if (model.columns() == pathColumns()) {
            throw new IllegalStateException("this LP has no α or z column: " + this);
        }
        return x[model.columns() - 1];
    }

    /**
     * Solves this LP with {@code solver}. A {@linkplain TeSolver#firstOrder first-order} backend
     * gets it in units of its own ({@link LpUnits}: flows, capacities and demands in a power of two
     * of Mbps where they are large, costs of order 1), every other one as {@link #model()} is.
     *
     * @param start   where a backend that starts from a basis starts, or null for nowhere
     * @param options time limit, threads, verbosity
     * @return the result for {@link #model()}: column values in Mbps (α, z as they are), row duals
     *         per Mbps; solver failures are statuses
     */
    public SolveResult solve(TeSolver solver, StartingBasis start, SolverOptions options) {
        if (!solver.firstOrder()) {
            return solveAsIs(solver, model, start, options);
        }
        SolveResult first = solveIn(LpUnits.of(model, pathColumns()), solver, start, options);
        double extra = first.hasSolution() && model.columns() > pathColumns() ? extraValue(first.x()) : Double.NaN;
        double remaining = options.timeLimitSeconds() - first.solveSeconds();
        if (!(extra > 0 && extra < SMALL_EXTRA_VALUE) || !(remaining > 0)) {
            return first;
        }
        // PDLP's tolerances are relative to the LP's norms, of order 1 here: a z or an α far below
        // 1 (a lightly loaded network's z; α where demands dwarf the links) is within them of its
        // optimum without being close to it, and the duals then fail to certify it (Abilene's
        // min-MLU at 10⁻⁶ of its gravity matrix: z 9.3253·10⁻⁹ on 9.3250·10⁻⁹). Counted in the
        // power of two at or below the first answer, it is of order 1 and the tolerances hold.
        SolveResult again = solveIn(LpUnits.of(model, pathColumns(), LpUnits.powerOfTwoAtOrBelow(extra)), solver, start,
                new SolverOptions(remaining, options.threads(), options.verbose()));
        // A second solve cut short by the limit (or failing) leaves the first answer, for the certification to judge.
        SolveResult kept = again.hasSolution() ? again : first;
        return new SolveResult(kept.status(), kept.objective(), kept.x(), kept.rowDual(), first.solveSeconds() + again.solveSeconds(),
                kept.message(), kept.basis(), kept.iterations());
    }

    /**
     * Below this α or z (first-order backends only), {@link #solve} solves again with it counted in
     * a unit of its size: 2⁻¹⁰. Every instance of the report has α and z above it.
     */
    static final double SMALL_EXTRA_VALUE = 0x1p-10;

    private SolveResult solveIn(LpUnits units, TeSolver solver, StartingBasis start, SolverOptions options) {
        return units.changesNothing() ? solveAsIs(solver, model, start, options)
                : units.back(solveAsIs(solver, units.apply(model), start, options));
    }

    private static SolveResult solveAsIs(TeSolver solver, LpModel model, StartingBasis start, SolverOptions options) {
        return start == null ? solver.solve(model, options) : solver.solve(model, start, options);
    }

    /** @return the problem path variables LP column {@code column} stands for */
    public int[] pathVariablesOf(int column) {
        return Arrays.copyOfRange(memberPathVariable, memberStart[column], memberStart[column + 1]);
    }

    /**
     * @param x LP solution, one value per model column
     * @return flow per problem path variable in Mbps: the presets plus each path column's flow split
     *         among its members
     */
    public double[] pathFlowsMbps(double[] x) {
        double[] flow = presetFlowMbps.clone();
        for (int c = 0; c < pathColumns(); c++) {
            for (int m = memberStart[c]; m < memberStart[c + 1]; m++) {
                flow[memberPathVariable[m]] += x[c] * memberShare[m];
            }
        }
        return flow;
    }

    /**
     * @param rowDual the solver's row duals for this LP ({@link SolveResult#rowDual})
     * @return per arc the dual price of its capacity row clamped at 0, in objective units per Mbps;
     *         0 for arcs without a row
     */
    public double[] arcPrices(double[] rowDual) {
        return arcPrices(rowDual, dual -> Math.max(0, dual));
    }

    /**
     * @param rowDual the solver's row duals for this LP
     * @return per arc the magnitude of its capacity row's dual, 0 for arcs without a row: prices
     *         ≥ 0 whatever sign convention the backend's duals follow
     */
    public double[] arcPriceMagnitudes(double[] rowDual) {
        return arcPrices(rowDual, Math::abs);
    }

    private double[] arcPrices(double[] rowDual, java.util.function.DoubleUnaryOperator price) {
        double[] out = new double[capacityRowOfArc.length];
        for (int a = 0; a < out.length; a++) {
            int row = capacityRowOfArc[a];
            out[a] = row >= 0 ? price.applyAsDouble(rowDual[row]) : 0;
        }
        return out;
    }

    /** @return this LP without a starting basis, so that backends start cold (interior point) */
    public PathLp withoutStartingBasis() {
        return new PathLp(model, memberStart, memberPathVariable, memberShare, presetFlowMbps, capacityRowOfArc, Optional.empty(), groupRow);
    }

    @Override
    public String toString() {
        return "PathLp[%s, %d path columns for %d paths]".formatted(model, pathColumns(), memberPathVariable.length);
    }
}
