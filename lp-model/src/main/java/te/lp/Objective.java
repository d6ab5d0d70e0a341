package te.lp;

import java.util.Arrays;
import java.util.Locale;

/** What the TE LP optimises. */
public enum Objective {
    /** Maximise Σ flow subject to capacities and demands. */
    TOTAL_FLOW("total-flow"),
    /** Maximise α ≤ 1 such that every commodity gets at least α of its demand. */
    CONCURRENT_FLOW("concurrent-flow"),
    /** Route every demand in full, minimising the largest link utilisation z (may exceed 1). */
    MIN_MLU("min-mlu"),
    /** Concurrent flow first (α*), then maximise total flow keeping every commodity at ≥ α*·demand: two stages, not max-min fair. */
    FAIR("fair"),
    /**
     * Max-min fair shares of demand by progressive filling: no commodity can get a larger share
     * without one whose share is the same or smaller getting less. One LP per level.
     */
    MAX_MIN_FAIR("max-min-fair");

    private final String cliName;

    Objective(String cliName) {
        this.cliName = cliName;
    }

    /**
     * @return whether the objective is about how demand shares are spread (fair, max-min-fair), its
     *         value (the total flow) alone not saying how good an allocation is: splits fitted to new
     *         demands would not keep it, and a heuristic's total is no measure against it
     */
    public boolean sharesDemandFairly() {
        return this == FAIR || this == MAX_MIN_FAIR;
    }

    /** @return the command-line name, e.g. {@code total-flow} */
    public String cliName() {
        return cliName;
    }

    /** @throws IllegalArgumentException naming the value and the accepted names */
    public static Objective parse(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(o -> o.cliName.equals(wanted) || o.name().equalsIgnoreCase(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown objective '%s', expected one of %s".formatted(name,
                        Arrays.stream(values()).map(Objective::cliName).toList())));
    }
}
