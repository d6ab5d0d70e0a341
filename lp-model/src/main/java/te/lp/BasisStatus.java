package te.lp;

/** Where a column or row of a starting basis sits: basic, or nonbasic at one of its bounds. */
public enum BasisStatus {
    /** Nonbasic at its lower bound. */
    LOWER,
    /** Basic. */
    BASIC,
    /** Nonbasic at its upper bound. */
    UPPER
}
