package te.lp.highs;

import com.sun.jna.Pointer;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.TeSolver;

/**
 * HiGHS through its C API. Always the interior-point method with crossover: on path LPs of tens of
 * thousands of columns HiGHS's default dual simplex is orders of magnitude slower, and crossover
 * returns a vertex, so most paths carry exactly zero. Each solve has its own HiGHS instance, so
 * solves on different threads do not share state.
 */
public final class HighsSolver implements TeSolver {
    @Override
    public String name() {
        return "highs";
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        long start = System.nanoTime();
        Pointer h = HighsNative.Highs_create();
        try {
            setOption(h, "output_flag", options.verbose());
            setOption(h, "solver", "ipm");
            setOption(h, "run_crossover", "on");
            setOption(h, "threads", options.threads());
            if (Double.isFinite(options.timeLimitSeconds())) {
                setOption(h, "time_limit", options.timeLimitSeconds());
            }
            int status = HighsNative.Highs_passLp(h, model.columns(), model.rows(), model.nonZeros(), HighsNative.MATRIX_COLWISE,
                    model.maximize() ? HighsNative.SENSE_MAXIMIZE : HighsNative.SENSE_MINIMIZE, 0.0,
                    model.colCost(), model.colLower(), model.colUpper(), model.rowLower(), model.rowUpper(),
                    model.colStart(), model.rowIndex(), model.value());
            if (status == HighsNative.STATUS_ERROR) {
                return SolveResult.failed(SolveStatus.ERROR, seconds(start), "HiGHS rejected the model (Highs_passLp error)");
            }
            HighsNative.Highs_run(h);
            int modelStatus = HighsNative.Highs_getModelStatus(h);
            SolveStatus solveStatus = switch (modelStatus) {
                case HighsNative.MODEL_STATUS_OPTIMAL -> SolveStatus.OPTIMAL;
                case HighsNative.MODEL_STATUS_INFEASIBLE -> SolveStatus.INFEASIBLE;
                case HighsNative.MODEL_STATUS_UNBOUNDED, HighsNative.MODEL_STATUS_UNBOUNDED_OR_INFEASIBLE -> SolveStatus.UNBOUNDED;
                case HighsNative.MODEL_STATUS_TIME_LIMIT -> SolveStatus.TIME_LIMIT;
                default -> SolveStatus.ERROR;
            };
            if (solveStatus != SolveStatus.OPTIMAL) {
                return SolveResult.failed(solveStatus, seconds(start), "HiGHS model status " + modelStatus);
            }
            double[] x = new double[model.columns()];
            HighsNative.Highs_getSolution(h, x, null, null, null);
            return new SolveResult(SolveStatus.OPTIMAL, HighsNative.Highs_getObjectiveValue(h), x, seconds(start), "");
        } finally {
            HighsNative.Highs_destroy(h);
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
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
