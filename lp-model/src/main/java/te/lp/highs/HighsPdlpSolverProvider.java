package te.lp.highs;

import java.util.Map;
import java.util.Optional;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/**
 * Registers HiGHS's own first-order solver (cuPDLP-C on the CPU) as backend {@code highs-pdlp}:
 * tolerance 1e-9 and presolve off, because with its defaults HiGHS 1.12 often ends PDLP in status
 * Unknown (primal residual ~2e-4). Faster than interior point on congested path LPs.
 */
public final class HighsPdlpSolverProvider implements SolverProvider {
    static final Map<String, String> OPTIONS = Map.of("solver", "pdlp", "pdlp_optimality_tolerance", "1e-9", "presolve", "off");

    @Override
    public String name() {
        return "highs-pdlp";
    }

    @Override
    public Optional<String> unavailableReason() {
        return HighsLibrary.load();
    }

    @Override
    public TeSolver create() {
        return new HighsSolver("highs-pdlp", OPTIONS, false);
    }
}
