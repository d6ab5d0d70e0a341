package te.lp.highs;

import java.util.Map;
import java.util.Optional;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/**
 * Registers backend {@code highs-warm}: HiGHS dual simplex from the model's starting basis where
 * the objective has one and it pays (total flow, concurrent flow and the second stage of fair:
 * {@code GreedyBasis} leaves little to do), interior point with crossover where it has none
 * (min-MLU, where cold dual simplex is orders of magnitude slower). Measured on a Kdl POP-16
 * total-flow sub-problem: 1.0 s, against 17 s for interior point and 4.9 s for PDLP.
 */
public final class HighsWarmSolverProvider implements SolverProvider {
    @Override
    public String name() {
        return "highs-warm";
    }

    @Override
    public Optional<String> unavailableReason() {
        return HighsLibrary.load();
    }

    @Override
    public TeSolver create() {
        return new HighsSolver("highs-warm", Map.of(), true);
    }
}
