package te.lp.gurobi;

import com.gurobi.gurobi.GRB;
import com.gurobi.gurobi.GRBColumn;
import com.gurobi.gurobi.GRBConstr;
import com.gurobi.gurobi.GRBEnv;
import com.gurobi.gurobi.GRBException;
import com.gurobi.gurobi.GRBLinExpr;
import com.gurobi.gurobi.GRBModel;
import com.gurobi.gurobi.GRBVar;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.TeSolver;

/**
 * Gurobi through its Java API: rows are added empty in one call, then columns with their CSC
 * coefficients. Concurrent LP method (Method=3) as the POP reference used. Gurobi error 10010
 * (model too large for a size-limited licence) is {@link SolveStatus#SIZE_LIMIT}.
 */
public final class GurobiSolver implements TeSolver {
    private static final int SIZE_LIMIT_ERROR = 10010;

    @Override
    public String name() {
        return "gurobi";
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        long start = System.nanoTime();
        GRBEnv env = null;
        GRBModel grb = null;
        try {
            env = new GRBEnv(true);
            env.set(GRB.IntParam.OutputFlag, options.verbose() ? 1 : 0);
            env.start();
            grb = new GRBModel(env);
            grb.set(GRB.IntParam.Threads, options.threads());
            grb.set(GRB.IntParam.Method, 3);
            if (Double.isFinite(options.timeLimitSeconds())) {
                grb.set(GRB.DoubleParam.TimeLimit, options.timeLimitSeconds());
            }
            grb.set(GRB.IntAttr.ModelSense, model.maximize() ? GRB.MAXIMIZE : GRB.MINIMIZE);
            GRBConstr[] rows = addRows(grb, model);
            GRBVar[] vars = addColumns(grb, model, rows);
            grb.optimize();
            int status = grb.get(GRB.IntAttr.Status);
            SolveStatus mapped = switch (status) {
                case GRB.Status.OPTIMAL -> SolveStatus.OPTIMAL;
                case GRB.Status.INFEASIBLE -> SolveStatus.INFEASIBLE;
                case GRB.Status.UNBOUNDED, GRB.Status.INF_OR_UNBD -> SolveStatus.UNBOUNDED;
                case GRB.Status.TIME_LIMIT -> SolveStatus.TIME_LIMIT;
                default -> SolveStatus.ERROR;
            };
            if (mapped != SolveStatus.OPTIMAL) {
                return SolveResult.failed(mapped, seconds(start), "Gurobi status " + status);
            }
            double[] x = grb.get(GRB.DoubleAttr.X, vars);
            return new SolveResult(SolveStatus.OPTIMAL, grb.get(GRB.DoubleAttr.ObjVal), x, seconds(start), "");
        } catch (GRBException e) {
            SolveStatus status = e.getErrorCode() == SIZE_LIMIT_ERROR ? SolveStatus.SIZE_LIMIT : SolveStatus.ERROR;
            return SolveResult.failed(status, seconds(start), "Gurobi error %d: %s".formatted(e.getErrorCode(), e.getMessage()));
        } finally {
            if (grb != null) {
                grb.dispose();
            }
            if (env != null) {
                try {
                    env.dispose();
                } catch (GRBException e) {
                    // Disposing a finished environment cannot lose results; nothing to do.
                }
            }
        }
    }

    /**
     * Adds the model's rows, empty (the columns bring their coefficients). A row bounded on both
     * sides by different values (total flow's per-commodity row {@code [minShare · demand, demand]})
     * is a Gurobi range constraint, which adds a range variable of its own to the model; only the
     * model's columns are read back.
     *
     * @return per model row, its constraint
     */
    private static GRBConstr[] addRows(GRBModel grb, LpModel model) throws GRBException {
        int m = model.rows();
        boolean[] isRange = new boolean[m];
        int ranged = 0;
        for (int i = 0; i < m; i++) {
            isRange[i] = isRange(model.rowLower()[i], model.rowUpper()[i]);
            ranged += isRange[i] ? 1 : 0;
        }
        GRBLinExpr[] plain = new GRBLinExpr[m - ranged];
        char[] sense = new char[m - ranged];
        double[] rhs = new double[m - ranged];
        GRBLinExpr[] range = new GRBLinExpr[ranged];
        double[] rangeLower = new double[ranged];
        double[] rangeUpper = new double[ranged];
        for (int i = 0, p = 0, r = 0; i < m; i++) {
            double lo = model.rowLower()[i];
            double hi = model.rowUpper()[i];
            if (isRange[i]) {
                range[r] = new GRBLinExpr();
                rangeLower[r] = lo;
                rangeUpper[r++] = hi;
                continue;
            }
            plain[p] = new GRBLinExpr();
            if (lo == hi) {
                sense[p] = GRB.EQUAL;
                rhs[p++] = hi;
            } else if (Double.isInfinite(lo)) {
                sense[p] = GRB.LESS_EQUAL;
                rhs[p++] = hi;
            } else if (Double.isInfinite(hi)) {
                sense[p] = GRB.GREATER_EQUAL;
                rhs[p++] = lo;
            } else {
                throw new IllegalStateException("row %d [%s, %s] is neither a range nor one-sided".formatted(i, lo, hi));
            }
        }
        GRBConstr[] plainRows = grb.addConstrs(plain, sense, rhs, null);
        GRBConstr[] rangeRows = ranged == 0 ? new GRBConstr[0] : grb.addRanges(range, rangeLower, rangeUpper, null);
        GRBConstr[] rows = new GRBConstr[m];
        for (int i = 0, p = 0, r = 0; i < m; i++) {
            rows[i] = isRange[i] ? rangeRows[r++] : plainRows[p++];
        }
        return rows;
    }

    /** @return whether a row with these bounds has two finite, different ones */
    static boolean isRange(double lo, double hi) {
        return lo != hi && Double.isFinite(lo) && Double.isFinite(hi);
    }

    private static GRBVar[] addColumns(GRBModel grb, LpModel model, GRBConstr[] rows) throws GRBException {
        int n = model.columns();
        GRBColumn[] columns = new GRBColumn[n];
        char[] type = new char[n];
        double[] upper = new double[n];
        for (int j = 0; j < n; j++) {
            type[j] = GRB.CONTINUOUS;
            upper[j] = Double.isInfinite(model.colUpper()[j]) ? GRB.INFINITY : model.colUpper()[j];
            int from = model.colStart()[j];
            int to = model.colStart()[j + 1];
            GRBConstr[] constrs = new GRBConstr[to - from];
            for (int e = from; e < to; e++) {
                constrs[e - from] = rows[model.rowIndex()[e]];
            }
            columns[j] = new GRBColumn();
            columns[j].addTerms(java.util.Arrays.copyOfRange(model.value(), from, to), constrs);
        }
        return grb.addVars(model.colLower(), upper, model.colCost(), type, null, columns);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
