package te.lp;

import java.util.Optional;

/**
 * Makes a {@link TeSolver} known to {@link Solvers}; implementations are listed in
 * {@code META-INF/services/te.lp.SolverProvider}.
 */
public interface SolverProvider {
    /** @return the backend's name, e.g. {@code highs} */
    String name();

    /** @return why the backend cannot run here (missing licence, missing natives), or empty when it can */
    Optional<String> unavailableReason();

    /** @return a solver; only called when {@link #unavailableReason()} is empty */
    TeSolver create();
}
