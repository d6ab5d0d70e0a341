package te.lp.highs;

import java.util.Map;
import java.util.Optional;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/**
 * Registers HiGHS dual simplex, warm-started from the model's starting basis, as backend
 * {@code highs-simplex}. On total-flow path LPs the greedy start ({@code GreedyBasis}) leaves little
 * to do, so this is the fastest exact method measured for POP sub-problems (a Kdl POP-16
 * sub-problem: 2.5 s against 17 s for interior point and 4.9 s for PDLP). Without a starting basis
 * (other objectives) it is plain dual simplex, which is slow on large LPs: use {@code highs} there.
 */
public final class HighsSimplexSolverProvider implements SolverProvider {
    static final Map<String, String> OPTIONS = Map.of("solver", "simplex", "simplex_strategy", "1");

    @Override
    public String name() {
        return "highs-simplex";
    }

    @Override
    public Optional<String> unavailableReason() {
        return HighsLibrary.load();
    }

    @Override
    public TeSolver create() {
        return new HighsSolver("highs-simplex", OPTIONS);
    }
}
