package te.lp.highs;

import com.sun.jna.Pointer;
import org.slf4j.LoggerFactory;
import te.lp.BasisStatus;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.StartingBasis;
import te.lp.TeSolver;

/**
 * HiGHS through its C API. Always the interior-point method with crossover: on path LPs of tens of
 * thousands of columns HiGHS's default dual simplex is orders of magnitude slower, and crossover
 * returns a vertex, so most paths carry exactly zero. Each solve has its own HiGHS instance, so
 * solves on different threads do not share state.
 */
public final class HighsSolver implements TeSolver {
    /** System property with extra HiGHS options, {@code name=value} pairs separated by commas. */
    public static final String OPTIONS_PROPERTY = "te.highs.options";

    private final String name;
    private final java.util.Map<String, String> extraOptions;
    private final boolean simplexFromBasis;

    /** Interior point with crossover, plus any options in system property {@value #OPTIONS_PROPERTY}. */
    public HighsSolver() {
        this("highs", java.util.Map.of(), false);
    }

    /**
     * @param name             the backend name this solver reports
     * @param extraOptions     HiGHS option names and values applied after the defaults (they win),
     *                         followed by any in system property {@value #OPTIONS_PROPERTY}
     * @param simplexFromBasis whether a model's starting basis switches the method to dual simplex
     *                         from that basis (else interior point whatever the model)
     * @throws IllegalStateException if the HiGHS library cannot be loaded (the message says why)
     */
    HighsSolver(String name, java.util.Map<String, String> extraOptions, boolean simplexFromBasis) {
        HighsLibrary.load().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        this.name = name;
        var options = new java.util.LinkedHashMap<>(extraOptions);
        options.putAll(parseOptions(System.getProperty(OPTIONS_PROPERTY, "")));
        this.extraOptions = java.util.Collections.unmodifiableMap(options);
        this.simplexFromBasis = simplexFromBasis;
    }

    /**
     * @param text {@code name=value,name=value}
     * @return the options in order
     * @throws IllegalArgumentException naming the malformed entry
     */
    static java.util.Map<String, String> parseOptions(String text) {
        java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
        for (String entry : text.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            String[] kv = entry.split("=", 2);
            if (kv.length != 2 || kv[0].isBlank()) {
                throw new IllegalArgumentException("HiGHS option '%s': expected name=value".formatted(entry.strip()));
            }
            options.put(kv[0].strip(), kv[1].strip());
        }
        return options;
    }

    @Override
    public String name() {
        return name;
    }

    /** Interior point and simplex end at a vertex with exact duals; first-order PDLP's are approximate. */
    @Override
    public boolean reportsDuals() {
        return !firstOrder();
    }

    /** {@code highs-pdlp}, or any HiGHS backend told {@code solver=pdlp}. */
    @Override
    public boolean firstOrder() {
        return "pdlp".equals(extraOptions.get("solver"));
    }

    /** {@code highs-warm} does (simplex); {@code highs} and {@code highs-pdlp} solve from scratch. */
    @Override
    public boolean startsFromBasis() {
        return simplexFromBasis;
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        return solve(model, null, options);
    }

    /**
     * With {@code simplexFromBasis} (backend {@code highs-warm}) and a basis that
     * {@linkplain StartingBasis#simplexPays pays}, runs dual simplex from it, or primal simplex from
     * a {@linkplain StartingBasis#primal primal} start (HiGHS then skips presolve); past its
     * {@linkplain StartingBasis#iterationBudget budget}, if it has one, it gives up (status
     * ITERATION_LIMIT), else past a quarter of the rows it goes on with interior point. Otherwise
     * as {@link #solve(LpModel, SolverOptions)}.
     */
    @Override
    public SolveResult solve(LpModel model, StartingBasis start, SolverOptions options) {
        long startNanos = System.nanoTime();
        if (options.timeLimitSeconds() < MIN_TIME_LIMIT_SECONDS) {
            return SolveResult.failed(SolveStatus.TIME_LIMIT, 0, "HiGHS: not started, %.3g s of the time limit left"
                    .formatted(options.timeLimitSeconds()));
        }
        Pointer h = HighsNative.Highs_create();
        HighsNative.Callback stopAtDeadline = null;
        try {
            setOption(h, "output_flag", options.verbose());
            if (Double.isFinite(options.timeLimitSeconds())) {
                stopAtDeadline = deadlineCheck(startNanos + (long) (options.timeLimitSeconds() * 1e9));
                if (HighsNative.Highs_setCallback(h, stopAtDeadline, null) == HighsNative.STATUS_ERROR
                        || HighsNative.Highs_startCallback(h, HighsNative.CALLBACK_IPM_INTERRUPT) == HighsNative.STATUS_ERROR) {
                    LoggerFactory.getLogger(HighsSolver.class).warn("HiGHS refused the deadline callback: interior point keeps only "
                            + "HiGHS's own time limit, which presolve can use up");
                }
            }
            boolean warm = simplexFromBasis && start != null && start.simplexPays();
            if (warm) {
                setOption(h, "solver", "simplex");
                setOption(h, "simplex_strategy", start.primal() ? PRIMAL : DUAL_SERIAL);
                if (start.primal()) {
                    setOption(h, "simplex_dual_edge_weight_strategy", DEVEX);
                    setOption(h, "primal_simplex_bound_perturbation_multiplier", NO_PRIMAL_BOUND_PERTURBATION);
                }
                // HiGHS stops a run that reaches its limit: a budget of N is a limit of N + 1, so that
                // a try HiGHS counts as N iterations ends (a review: exactly the count ran out).
                setOption(h, "simplex_iteration_limit", start.iterationBudget() > 0 ? start.iterationBudget() + 1 : warmIterationLimit(model));
            } else {
                useInteriorPoint(h);
            }
            setOption(h, "threads", options.threads());
            if (Double.isFinite(options.timeLimitSeconds())) {
                setOption(h, "time_limit", options.timeLimitSeconds());
            }
            for (var e : extraOptions.entrySet()) {
                setOption(h, e.getKey(), typed(e.getValue()));
            }
            // HiGHS 1.12 ends maximisations with presolve and without crossover in status Unknown
            // (HiGHS issue #2306); passing min −c·x instead avoids it.
            double[] cost = model.colCost();
            if (model.maximize()) {
                cost = cost.clone();
                for (int j = 0; j < cost.length; j++) {
                    cost[j] = -cost[j];
                }
            }
            int status = HighsNative.Highs_passLp(h, model.columns(), model.rows(), model.nonZeros(), HighsNative.MATRIX_COLWISE,
                    HighsNative.SENSE_MINIMIZE, 0.0, cost, model.colLower(), model.colUpper(), model.rowLower(), model.rowUpper(),
                    model.colStart(), model.rowIndex(), model.value());
            if (status == HighsNative.STATUS_ERROR) {
                return SolveResult.failed(SolveStatus.ERROR, seconds(startNanos), "HiGHS rejected the model (Highs_passLp error)");
            }
            if (warm && HighsNative.Highs_setBasis(h, statuses(start.columns()), statuses(start.rows())) == HighsNative.STATUS_ERROR) {
                return SolveResult.failed(SolveStatus.ERROR, seconds(startNanos), "HiGHS rejected the starting basis (Highs_setBasis error)");
            }
            HighsNative.Highs_run(h);
            int modelStatus = HighsNative.Highs_getModelStatus(h);
            if (warm && start.iterationBudget() > 0 && modelStatus == HighsNative.MODEL_STATUS_ITERATION_LIMIT) {
                return SolveResult.failed(SolveStatus.ITERATION_LIMIT, seconds(startNanos),
                        "HiGHS: the try's budget of %d simplex iterations ran out".formatted(start.iterationBudget()));
            }
            if (warm && modelStatus == HighsNative.MODEL_STATUS_ITERATION_LIMIT) {
                // The start was far from the optimum (e.g. poisson-high-intra: heavy commodities
                // cut back one pivot each): interior point from scratch is faster from here. Within
                // what is left of the limit: HiGHS counts each run's time afresh (a 0.35 s limit
                // gave 2.6 s on Cogentco poisson-high-intra).
                double left = options.timeLimitSeconds() - seconds(startNanos);
                if (left <= 0) {
                    return SolveResult.failed(SolveStatus.TIME_LIMIT, seconds(startNanos),
                            "HiGHS: time limit reached in dual simplex from the starting basis");
                }
                HighsNative.Highs_clearSolver(h);
                useInteriorPoint(h);
                setOption(h, "simplex_iteration_limit", Integer.MAX_VALUE);
                if (Double.isFinite(left)) {
                    setOption(h, "time_limit", left);
                }
                HighsNative.Highs_run(h);
                modelStatus = HighsNative.Highs_getModelStatus(h);
            }
            SolveStatus solveStatus = switch (modelStatus) {
                case HighsNative.MODEL_STATUS_OPTIMAL -> SolveStatus.OPTIMAL;
                case HighsNative.MODEL_STATUS_INFEASIBLE -> SolveStatus.INFEASIBLE;
                case HighsNative.MODEL_STATUS_UNBOUNDED, HighsNative.MODEL_STATUS_UNBOUNDED_OR_INFEASIBLE -> SolveStatus.UNBOUNDED;
                case HighsNative.MODEL_STATUS_TIME_LIMIT, HighsNative.MODEL_STATUS_INTERRUPT -> SolveStatus.TIME_LIMIT;
                default -> SolveStatus.ERROR;
            };
            if (solveStatus != SolveStatus.OPTIMAL) {
                String what = modelStatus == HighsNative.MODEL_STATUS_UNBOUNDED_OR_INFEASIBLE ? "infeasible or unbounded"
                        : modelStatus == HighsNative.MODEL_STATUS_INTERRUPT ? "stopped at the time limit" : "not solved";
                return SolveResult.failed(solveStatus, seconds(startNanos), "HiGHS: %s (model status %d)".formatted(what, modelStatus));
            }
            double[] x = new double[model.columns()];
            double[] rowDual = new double[model.rows()];
            HighsNative.Highs_getSolution(h, x, null, null, rowDual);
            if (model.maximize()) {
                // HiGHS solved min −c·x: its duals are the rates of that objective.
                for (int i = 0; i < rowDual.length; i++) {
                    rowDual[i] = -rowDual[i];
                }
            }
            double objective = HighsNative.Highs_getObjectiveValue(h);
            int[] iterations = new int[1];
            HighsNative.Highs_getIntInfoValue(h, "simplex_iteration_count", iterations);
            return new SolveResult(SolveStatus.OPTIMAL, model.maximize() ? -objective : objective, x, rowDual, seconds(startNanos), "",
                    basis(h, model), iterations[0]);
        } finally {
            HighsNative.Highs_destroy(h);
            // HiGHS holds only a native pointer to the callback: it must outlive the solve.
            java.lang.ref.Reference.reachabilityFence(stopAtDeadline);
        }
    }

    /**
     * HiGHS hands interior point the time limit less what presolve and set-up used, and IPX reads
     * a negative limit as none: Cogentco gravity ×48 under a 0.5–1.5 s limit ran 13–25 s to
     * OPTIMAL (a review). This check, asked at every interior-point iteration and in crossover,
     * stops it at the deadline whatever HiGHS's own clock says.
     *
     * @param deadlineNanos {@link System#nanoTime} past which HiGHS is asked to stop
     */
    private static HighsNative.Callback deadlineCheck(long deadlineNanos) {
        return (type, message, dataOut, dataIn, userData) -> {
            if (type == HighsNative.CALLBACK_IPM_INTERRUPT && dataIn != null && System.nanoTime() - deadlineNanos > 0) {
                dataIn.setInt(0, 1); // HighsCallbackDataIn.user_interrupt
            }
        };
    }

    /**
     * Shortest time limit HiGHS is started with, seconds: less is what a budget leaves when
     * building used it up, and passing the model and presolving alone take longer; the deadline
     * check ({@link #deadlineCheck}) only stops interior point once it iterates.
     */
    static final double MIN_TIME_LIMIT_SECONDS = 0.01;

    /**
     * HiGHS {@code simplex_strategy} 1 (its SimplexConst.h): serial dual simplex. Its parallel dual
     * simplex ("SIP", 2) runs at least 3 tasks, so on 2 cores it is only faster on an idle machine;
     * measured on Kdl gravity ×16 (same vertex): idle 3.1–3.3 s against 3.9–4.3 s serial, but with
     * one other busy thread 7.2–8.0 s against 3.9–4.1 s, and with two 22.5–22.8 s against 6.1–6.6 s.
     */
    static final int DUAL_SERIAL = 1;
    /**
     * HiGHS {@code simplex_strategy} 4: primal simplex, for a start that is an optimum of a related
     * LP (max-min fairness's previous level): primal feasible or nearly, not dual feasible. On
     * Cogentco gravity ×16 a level took 0.09 s from there, against 7.4 s with dual simplex (which
     * hit the iteration limit and fell back to interior point) or 1.4 s without that limit.
     */
    static final int PRIMAL = 4;
    /**
     * HiGHS {@code simplex_dual_edge_weight_strategy} 1: Devex pricing, for the dual simplex HiGHS
     * runs after a primal start to clean up the last primal infeasibilities its bound perturbation
     * left. With its default it first computes exact dual steepest-edge weights, one BTRAN per row:
     * on Kdl gravity ×16 max-min fairness (109,399 rows) that took 51.7 of a level's 52.3 s, after 42
     * primal iterations. Only there: as the default for the dual simplex from the greedy start it made
     * Kdl's first level, 7 s with steepest edge, run past 66 s.
     */
    static final int DEVEX = 1;

    /**
     * HiGHS {@code primal_simplex_bound_perturbation_multiplier} for a primal start: none. A max-min
     * level starts at the last level's point, where thousands of frozen groups sit exactly at their
     * shares' bounds; HiGHS perturbs those bounds against degeneracy and then has to remove the
     * perturbation with dual simplex, and on Cogentco poisson-high-intra that clean-up is where whole
     * levels went: 67,747 iterations and 78 s for one level (primal infeasibilities growing to
     * hundreds while it removed them), or, at the iteration limit, interior point from scratch and
     * 79 s for another. Unperturbed, no level there took more than 4,447 iterations: the 261 levels
     * took 35 s of solve (2026-11-27, same shares to 10⁻⁸ where the perturbed run got that far),
     * where the perturbed run was cut by a 250 s limit after 172 levels.
     */
    static final double NO_PRIMAL_BOUND_PERTURBATION = 0.0;

    /**
     * Dual simplex from the greedy start needs 0.05–0.15 iterations per row on gravity traffic (Kdl,
     * Cogentco) but 1.2–1.6 on poisson-high-intra, where interior point is 3.7–10× faster (GtsCe,
     * Cogentco); a quarter of the rows separates the two.
     */
    static int warmIterationLimit(LpModel model) {
        return Math.max(1000, model.rows() / 4);
    }

    private static void useInteriorPoint(Pointer h) {
        setOption(h, "solver", "ipm");
        setOption(h, "run_crossover", "on");
    }

    /**
     * @return HiGHS's optimal basis, when it has one in the three statuses a {@link StartingBasis}
     *         holds (interior point without crossover has none; a free column nonbasic at zero is
     *         a fourth status)
     */
    private static java.util.Optional<StartingBasis> basis(Pointer h, LpModel model) {
        int[] columns = new int[model.columns()];
        int[] rows = new int[model.rows()];
        if (HighsNative.Highs_getBasis(h, columns, rows) == HighsNative.STATUS_ERROR) {
            return java.util.Optional.empty();
        }
        BasisStatus[] c = fromHighs(columns);
        BasisStatus[] r = fromHighs(rows);
        if (c == null || r == null) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(new StartingBasis(c, r));
        } catch (IllegalArgumentException notABasis) {
            return java.util.Optional.empty();
        }
    }

    private static BasisStatus[] fromHighs(int[] statuses) {
        BasisStatus[] out = new BasisStatus[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            out[i] = switch (statuses[i]) {
                case HighsNative.BASIS_LOWER -> BasisStatus.LOWER;
                case HighsNative.BASIS_BASIC -> BasisStatus.BASIC;
                case HighsNative.BASIS_UPPER -> BasisStatus.UPPER;
                default -> null;
            };
            if (out[i] == null) {
                return null;
            }
        }
        return out;
    }

    private static int[] statuses(BasisStatus[] statuses) {
        int[] out = new int[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            out[i] = switch (statuses[i]) {
                case LOWER -> HighsNative.BASIS_LOWER;
                case BASIC -> HighsNative.BASIS_BASIC;
                case UPPER -> HighsNative.BASIS_UPPER;
            };
        }
        return out;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** HiGHS setters are typed; a value is a bool, int or double when it parses as one. */
    private static Object typed(String value) {
        if (value.equals("true") || value.equals("false")) {
            return Boolean.valueOf(value);
        }
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException notInt) {
            try {
                return Double.valueOf(value);
            } catch (NumberFormatException notDouble) {
                return value;
            }
        }
    }

    private static void setOption(Pointer h, String name, Object value) {
        int status;
        if (value instanceof Boolean b) {
            status = HighsNative.Highs_setBoolOptionValue(h, name, b ? 1 : 0);
        } else if (value instanceof Integer i) {
            status = HighsNative.Highs_setIntOptionValue(h, name, i);
        } else if (value instanceof Double d) {
            status = HighsNative.Highs_setDoubleOptionValue(h, name, d);
        } else {
            status = HighsNative.Highs_setStringOptionValue(h, name, value.toString());
        }
        if (status == HighsNative.STATUS_ERROR) {
            throw new IllegalStateException("HiGHS rejected option %s=%s".formatted(name, value));
        }
    }
}
