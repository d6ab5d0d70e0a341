package te.controller.compare;

import java.util.List;
import te.lp.SolveStatus;

/**
 * One method's result on one instance.
 *
 * @param method       what ran
 * @param status       solver status name (HEURISTIC for CSPF; TIME_LIMIT with a value: the best
 *                     allocation found within the time limit)
 * @param value        objective recomputed on the allocation (NaN when none)
 * @param buildSeconds model-build seconds, summed over sub-problems for POP
 * @param solveSeconds solver seconds, summed over sub-problems for POP
 * @param wallSeconds  wall-clock seconds end to end, model building included
 * @param splitSeconds POP only (else NaN): wall-clock seconds of client splitting, partitioning and
 *                     writing the sub-problems, before any is solved
 * @param mergeSeconds POP only (else NaN): wall-clock seconds after the last sub-problem is solved:
 *                     summing flows, refining (concurrent flow, min-MLU), moving flow onto shorter
 *                     paths and checking
 * @param subProblems  POP only (else empty): each sub-problem's status and times
 * @param meanHops     hops a Mbps of the allocation crosses on average ({@link te.lp.Allocation#meanPathHops}); NaN without one
 * @param comparable   whether {@code value} can be set against the full LP's: not for a heuristic
 *                     that leaves demand unrouted under min-MLU (its peak covers only what it
 *                     routed) or under fair (its total flow is not taken at the fair share)
 * @param message      the solver's word on how it ended (why it failed, what a time limit left); empty when none
 */
public record Outcome(Method method, String status, double value, double buildSeconds, double solveSeconds, double wallSeconds,
                      double splitSeconds, double mergeSeconds, List<SubProblemTime> subProblems, double meanHops, boolean comparable,
                      String message) {
    public Outcome {
        subProblems = List.copyOf(subProblems);
        java.util.Objects.requireNonNull(message, "message");
    }

    /** @return whether the method produced an allocation (an ERROR or a time limit that found none did not) */
    public boolean allocated() {
        return !Double.isNaN(value);
    }

    /** @return whether the method solved its LP(s) to optimality */
    public boolean optimal() {
        return status.equals(SolveStatus.OPTIMAL.name());
    }
}
