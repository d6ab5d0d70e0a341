package te.controller.daemon.solve;

import java.time.Instant;
import java.util.List;
import te.lp.SolveStatus;

/**
 * What one pass of the solve loop did, for {@code /v1/status} and logs.
 *
 * @param sequence          1 for the first solve since start, +1 each
 * @param outcome           what happened to the served allocation
 * @param solverStatus      how the LP ended
 * @param message           failure detail; empty on success
 * @param reasons           the coalesced events that caused this solve (e.g. {@code demands}, {@code timer})
 * @param demandVersion     demand version solved for
 * @param topologyVersion   link-state version solved for
 * @param commodities       commodities routed (demand > 0 and a path)
 * @param solveSeconds      wall-clock seconds in the solver
 * @param wallSeconds       wall-clock seconds for the whole pass
 * @param objectiveValue    objective of the new allocation, NaN when none was published
 * @param allocationVersion allocation version served after this pass (0: none)
 * @param finishedAt        when the pass ended
 */
public record SolveReport(long sequence, Outcome outcome, SolveStatus solverStatus, String message, List<String> reasons,
                          long demandVersion, long topologyVersion, int commodities, double solveSeconds, double wallSeconds,
                          double objectiveValue, long allocationVersion, Instant finishedAt) {
    /** What a solve pass did to the served allocation. */
    public enum Outcome {
        /** A new LP/POP allocation is served. */
        PUBLISHED,
        /**
         * The LP/POP allocation improved on the served splits by less than the minimum gain: those
         * splits, fitted to the new demands and links, are served as a new version.
         */
        KEPT_SPLITS,
        /**
         * The pass came to bit-for-bit the allocation served for the same demands and links (a
         * timer re-solve with nothing changed): it stays served as it is, no new version.
         */
        UNCHANGED,
        /** The LP failed and there was no usable allocation (none yet, or one over a failed link): CSPF's is served. */
        FALLBACK_CSPF,
        /**
         * The LP failed, its allocation would have put flow back on links drained while it ran, or
         * the time limit cut it short no better than the allocation served for the same demands
         * and links: the last good allocation is still served.
         */
        KEPT_LAST_GOOD,
        /** No demands were ever uploaded: nothing to route, nothing published. */
        NO_DEMANDS
    }

    public SolveReport {
        reasons = List.copyOf(reasons);
    }
}
