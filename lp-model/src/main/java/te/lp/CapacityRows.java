package te.lp;

/** Which capacity rows an LP starts with (the optimum is the same either way). */
public enum CapacityRows {
    /** Every row the exact reductions keep, in one LP. */
    ALL,
    /** Rows on demand ({@link CapacityRowGeneration}): usually a much smaller LP, sometimes several rounds. */
    LAZY,
    /**
     * {@link #LAZY} where it measured faster, else {@link #ALL}: lazy rows when the LP has at least
     * {@value CapacityRowGeneration#LAZY_MIN_PATH_VARIABLES} path variables (min-MLU: any size) and
     * the greedy start holds at most half of the arcs that could bind (min-MLU: a quarter). Below
     * that size a round costs more than it saves (GtsCe POP-16 sub-problems: 8 rounds, 76 ms against 14 ms); where
     * most arcs are in the start anyway (poisson-high-intra) later rounds repeat the whole solve
     * (Cogentco total flow: 21.4 s against 7.1 s).
     */
    AUTO
}
