package te.lp;

/** Which capacity rows a total-flow, concurrent-flow or fair LP starts with. */
public enum CapacityRows {
    /** Every row the exact reductions keep, in one LP. */
    ALL,
    /** Rows on demand ({@link CapacityRowGeneration}): same optimum, usually a much smaller LP. */
    LAZY,
    /**
     * {@link #LAZY} where it measured faster, else {@link #ALL}: lazy rows when the LP has at least
     * {@value CapacityRowGeneration#LAZY_MIN_PATH_VARIABLES} path variables and the greedy start
     * overloads at most half the arcs that could bind. Below that size a round costs more than it
     * saves (GtsCe POP-16 sub-problems: 8 rounds, 76 ms against 14 ms); where most arcs are
     * overloaded anyway (poisson-high-intra, Cogentco: 420 of 446) the later rounds repeat the
     * whole work (21.4 s against 7.1 s).
     */
    AUTO
}
