package te.lp.pdlp;

import java.util.Optional;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/** Registers OR-Tools PDLP (embedded, no licence) as backend {@code pdlp}. */
public final class PdlpSolverProvider implements SolverProvider {
    @Override
    public String name() {
        return "pdlp";
    }

    @Override
    public Optional<String> unavailableReason() {
        return PdlpSolver.load();
    }

    @Override
    public TeSolver create() {
        return new PdlpSolver();
    }
}
