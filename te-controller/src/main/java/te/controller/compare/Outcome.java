package te.controller.compare;

/**
 * One method's result on one instance.
 *
 * @param method       what ran
 * @param status       solver status name (OPTIMAL for CSPF)
 * @param value        objective recomputed on the allocation (NaN when none)
 * @param buildSeconds model-build seconds, summed over sub-problems for POP
 * @param solveSeconds solver seconds, summed over sub-problems for POP
 * @param wallSeconds  wall-clock seconds end to end, model building included
 */
public record Outcome(Method method, String status, double value, double buildSeconds, double solveSeconds, double wallSeconds) {
}
