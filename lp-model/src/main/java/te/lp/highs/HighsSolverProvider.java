package te.lp.highs;

import java.util.Optional;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/** Registers HiGHS (embedded, no licence) as backend {@code highs}. */
public final class HighsSolverProvider implements SolverProvider {
    @Override
    public String name() {
        return "highs";
    }

    @Override
    public Optional<String> unavailableReason() {
        return HighsLibrary.load();
    }

    @Override
    public TeSolver create() {
        return new HighsSolver();
    }
}
