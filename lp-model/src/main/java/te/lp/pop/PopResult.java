package te.lp.pop;

import java.util.List;
import java.util.Optional;
import te.lp.Allocation;
import te.lp.SolveStatus;
import te.lp.TeResult;

/**
 * POP's outcome: the merged allocation over the original commodities and where the time went.
 *
 * @param status             OPTIMAL when every sub-problem was solved to optimality, else the first other status
 * @param allocation         merged, checked allocation: present when every sub-problem has one (TIME_LIMIT:
 *                           some sub-problem served the best allocation it found in time, or ran out of
 *                           time and was routed by a heuristic within its capacity share)
 * @param value              objective recomputed on the merged allocation (α over original commodities for concurrent flow)
 * @param subResults         each sub-problem's result, in sub-problem order
 * @param pieces             virtual commodities after client splitting
 * @param partitionSeconds   wall-clock seconds for client splitting and partitioning
 * @param solvePhaseSeconds  wall-clock seconds from the first sub-problem build to the last solve (all in parallel)
 * @param mergeSeconds       wall-clock seconds to merge, refine and check; NaN when a sub-problem failed (no merge ran)
 * @param wallSeconds        wall-clock seconds end to end
 * @param message            first failure's (or time limit's) message; empty when optimal
 */
public record PopResult(SolveStatus status, Optional<Allocation> allocation, double value, List<TeResult> subResults,
                        int pieces, double partitionSeconds, double solvePhaseSeconds, double mergeSeconds, double wallSeconds,
                        String message) {
    /** @return whether a merged allocation is present */
    public boolean ok() {
        return allocation.isPresent();
    }

    /** @return Σ of sub-problem model-build seconds (CPU work across threads) */
    public double buildSecondsSum() {
        return subResults.stream().mapToDouble(TeResult::buildSeconds).sum();
    }

    /** @return Σ of sub-problem solve seconds (CPU work across threads) */
    public double solveSecondsSum() {
        return subResults.stream().mapToDouble(TeResult::solveSeconds).sum();
    }
}
