package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;
import te.lp.Objective;
import te.lp.SolveStatus;

/**
 * What an allocation is and where it came from.
 *
 * @param objective       what was optimised
 * @param value           objective recomputed from the flows (Mbps, α share or utilisation)
 * @param method          {@code lp}, {@code pop-K} or {@code cspf} (the fallback before any LP succeeded)
 * @param solverStatus    how the LP solve ended (for a CSPF fallback: the failed LP's status)
 * @param message         solver detail when the LP failed; empty otherwise
 * @param demandVersion   demand version the allocation was computed for
 * @param topologyVersion link-state version the allocation was computed for
 * @param solveSeconds    wall-clock seconds in the solver (POP: the parallel solve phase)
 * @param wallSeconds     wall-clock seconds from taking the inputs to the checked allocation
 * @param computedAt      when the allocation was complete
 */
public record AllocationInfo(Objective objective, double value, String method, SolveStatus solverStatus, String message,
                             long demandVersion, long topologyVersion, double solveSeconds, double wallSeconds,
                             Instant computedAt) {
    public AllocationInfo {
        requireNonNull(objective, "objective");
        requireNonNull(method, "method");
        requireNonNull(solverStatus, "solverStatus");
        requireNonNull(message, "message");
        requireNonNull(computedAt, "computedAt");
    }

    /**
     * @return whether it was computed for these versions (or pruned to them): {@code current} in
     *         {@code /v1/status} when they are the ones in force
     */
    public boolean computedFor(long demandVersion, long topologyVersion) {
        return this.demandVersion == demandVersion && this.topologyVersion == topologyVersion;
    }

    /**
     * @return the fields the daemon writes with an allocation besides its objective and value, in
     *         order, as {@link #fromFields} reads them back (numbers and strings)
     */
    java.util.LinkedHashMap<String, Object> fields(long version) {
        java.util.LinkedHashMap<String, Object> f = new java.util.LinkedHashMap<>();
        f.put("version", version);
        f.put("method", method);
        f.put("solverStatus", solverStatus.name());
        f.put("message", message);
        f.put("demandVersion", demandVersion);
        f.put("topologyVersion", topologyVersion);
        f.put("solveSeconds", solveSeconds);
        f.put("wallSeconds", wallSeconds);
        f.put("computedAt", computedAt.toString());
        return f;
    }

    /**
     * Rebuilds the info from the top-level fields of a persisted allocation.
     *
     * @throws IllegalArgumentException naming a missing or unreadable field
     */
    static AllocationInfo fromFields(Map<String, String> f) {
        try {
            return new AllocationInfo(Objective.parse(field(f, "objective")), Double.parseDouble(field(f, "objectiveValue")),
                    field(f, "method"), SolveStatus.valueOf(field(f, "solverStatus")), f.getOrDefault("message", ""),
                    Long.parseLong(field(f, "demandVersion")), Long.parseLong(field(f, "topologyVersion")),
                    Double.parseDouble(field(f, "solveSeconds")), Double.parseDouble(field(f, "wallSeconds")),
                    Instant.parse(field(f, "computedAt")));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("allocation header unreadable: " + e.getMessage(), e);
        }
    }

    private static String field(Map<String, String> f, String name) {
        String v = f.get(name);
        if (v == null) {
            throw new IllegalArgumentException("field '%s' is missing".formatted(name));
        }
        return v;
    }

    /**
     * @return whether every LP behind it was solved to optimality for its demands and links (for
     *         POP: every sub-problem): not cut short by the time limit, not pruned after a link
     *         failure since, not earlier splits kept within {@code --min-gain}, and not a CSPF fallback
     */
    public boolean optimal() {
        return solverStatus == SolveStatus.OPTIMAL && !method.endsWith("+pruned") && !method.endsWith("+kept") && !method.equals("cspf");
    }
}
