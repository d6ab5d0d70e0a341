package te.lp.pdlp;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraintProto;
import com.google.ortools.linearsolver.MPModelProto;
import com.google.ortools.linearsolver.MPModelRequest;
import com.google.ortools.linearsolver.MPSolutionResponse;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverResponseStatus;
import com.google.ortools.linearsolver.MPVariableProto;
import java.util.Optional;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.TeSolver;

/**
 * OR-Tools' PDLP, a first-order primal-dual LP method whose iterations are sparse matrix-vector
 * products: on congested path LPs it beats interior point several times over. The model crosses
 * into native code as one {@code MPModelProto} through {@code MPSolver.solveWithProto} (OR-Tools'
 * only bulk route). PDLP stops at a relative accuracy of {@value #DEFAULT_EPSILON} by default; the allocation
 * extractor scales away the remaining ~1e-6 infeasibility.
 */
public final class PdlpSolver implements TeSolver {
    /** System property overriding the relative optimality tolerance handed to PDLP. */
    public static final String EPSILON_PROPERTY = "te.pdlp.epsilon";
    /**
     * Default relative tolerance: 1e-8 keeps PDLP's objective within 1e-6 of HiGHS's after the
     * extractor's feasibility repair (1e-7 did not on every instance).
     */
    static final double DEFAULT_EPSILON = 1e-8;

    private final double epsilon;

    /** A solver with the tolerance from {@value #EPSILON_PROPERTY}, default {@value #DEFAULT_EPSILON}. */
    public PdlpSolver() {
        this(Double.parseDouble(System.getProperty(EPSILON_PROPERTY, Double.toString(DEFAULT_EPSILON))));
    }

    /**
     * @param epsilon relative (and absolute) optimality tolerance, in (0, 1)
     * @throws IllegalStateException if OR-Tools' natives cannot be loaded
     */
    public PdlpSolver(double epsilon) {
        if (!(epsilon > 0 && epsilon < 1)) {
            throw new IllegalArgumentException("PDLP epsilon must be in (0, 1), got " + epsilon);
        }
        load().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        this.epsilon = epsilon;
    }

    private static Optional<String> loadFailure;

    /** @return why OR-Tools' natives cannot load here, or empty once they are loaded */
    static synchronized Optional<String> load() {
        if (loadFailure == null) {
            try {
                Loader.loadNativeLibraries();
                loadFailure = Optional.empty();
            } catch (RuntimeException | UnsatisfiedLinkError e) {
                loadFailure = Optional.of("cannot load OR-Tools natives (%s); they ship in com.google.ortools:ortools-linux-x86-64 for Linux x86-64"
                        .formatted(e.getMessage()));
            }
        }
        return loadFailure;
    }

    @Override
    public String name() {
        return "pdlp";
    }

    @Override
    public boolean firstOrder() {
        return true;
    }

    @Override
    public SolveResult solve(LpModel model, SolverOptions options) {
        long start = System.nanoTime();
        MPModelRequest.Builder request = MPModelRequest.newBuilder()
                .setModel(proto(model))
                .setSolverType(MPModelRequest.SolverType.PDLP_LINEAR_PROGRAMMING)
                .setEnableInternalSolverOutput(options.verbose())
                .setSolverSpecificParameters(("num_threads: %d termination_criteria { simple_optimality_criteria { "
                        + "eps_optimal_relative: %s eps_optimal_absolute: %s } }").formatted(options.threads(), epsilon, epsilon));
        if (Double.isFinite(options.timeLimitSeconds())) {
            request.setSolverTimeLimitSeconds(options.timeLimitSeconds());
        }
        MPSolutionResponse response = MPSolver.solveWithProto(request.build());
        MPSolverResponseStatus status = response.getStatus();
        double seconds = (System.nanoTime() - start) / 1e9;
        // At its limit PDLP answers NOT_SOLVED (or FEASIBLE) with an empty status string: that was
        // reported as ERROR (a 0.5 s limit on Cogentco gravity ×48), the limit is what stopped it.
        boolean limitReached = seconds >= options.timeLimitSeconds() * 0.99;
        SolveStatus mapped = switch (status) {
            case MPSOLVER_OPTIMAL -> SolveStatus.OPTIMAL;
            case MPSOLVER_INFEASIBLE -> SolveStatus.INFEASIBLE;
            case MPSOLVER_UNBOUNDED -> SolveStatus.UNBOUNDED;
            default -> limitReached || response.getStatusStr().toLowerCase().contains("time") ? SolveStatus.TIME_LIMIT : SolveStatus.ERROR;
        };
        if (mapped != SolveStatus.OPTIMAL || response.getVariableValueCount() != model.columns()) {
            return SolveResult.failed(mapped == SolveStatus.OPTIMAL ? SolveStatus.ERROR : mapped, seconds,
                    (mapped == SolveStatus.TIME_LIMIT ? "PDLP: stopped at the time limit (%s)" : "PDLP %s")
                            .formatted((status + " " + response.getStatusStr()).strip()));
        }
        double[] x = new double[model.columns()];
        for (int j = 0; j < x.length; j++) {
            x[j] = response.getVariableValue(j);
        }
        double[] rowDual = new double[response.getDualValueCount() == model.rows() ? model.rows() : 0];
        for (int i = 0; i < rowDual.length; i++) {
            rowDual[i] = response.getDualValue(i);
        }
        return new SolveResult(SolveStatus.OPTIMAL, response.getObjectiveValue(), x, rowDual, seconds, "");
    }

    /** Transposes the CSC columns into the row lists the proto wants. */
    static MPModelProto proto(LpModel model) {
        int rows = model.rows();
        int[] rowStart = new int[rows + 1];
        for (int e = 0; e < model.nonZeros(); e++) {
            rowStart[model.rowIndex()[e] + 1]++;
        }
        for (int i = 0; i < rows; i++) {
            rowStart[i + 1] += rowStart[i];
        }
        int[] rowCol = new int[model.nonZeros()];
        double[] rowValue = new double[model.nonZeros()];
        int[] fill = java.util.Arrays.copyOf(rowStart, rows);
        for (int j = 0; j < model.columns(); j++) {
            for (int e = model.colStart()[j]; e < model.colStart()[j + 1]; e++) {
                int q = fill[model.rowIndex()[e]]++;
                rowCol[q] = j;
                rowValue[q] = model.value()[e];
            }
        }
        MPModelProto.Builder m = MPModelProto.newBuilder().setMaximize(model.maximize());
        for (int j = 0; j < model.columns(); j++) {
            m.addVariable(MPVariableProto.newBuilder().setLowerBound(model.colLower()[j])
                    .setUpperBound(model.colUpper()[j]).setObjectiveCoefficient(model.colCost()[j]));
        }
        for (int i = 0; i < rows; i++) {
            MPConstraintProto.Builder c = MPConstraintProto.newBuilder()
                    .setLowerBound(model.rowLower()[i]).setUpperBound(model.rowUpper()[i]);
            for (int q = rowStart[i]; q < rowStart[i + 1]; q++) {
                c.addVarIndex(rowCol[q]).addCoefficient(rowValue[q]);
            }
            m.addConstraint(c);
        }
        return m.build();
    }
}
