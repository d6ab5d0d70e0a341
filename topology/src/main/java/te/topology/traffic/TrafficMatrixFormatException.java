package te.topology.traffic;

import java.util.List;

/**
 * A traffic-matrix input was rejected. Carries every violation found (row, value, reason), so an
 * operator fixes a file in one pass; nothing of the input was applied.
 */
public class TrafficMatrixFormatException extends RuntimeException {
    /** Violations listed in the message at most; {@link #violations()} has all it was given. */
    private static final int LISTED = 20;
    private final transient List<String> violations;
    private final int count;

    /**
     * @param source     file name or other description of the input
     * @param violations one line per problem, each naming the row and value
     */
    public TrafficMatrixFormatException(String source, List<String> violations) {
        this(source, violations, violations.size());
    }

    /**
     * @param violations the violations listed (perhaps with a last line saying how many more there were)
     * @param count      how many violations were found in all
     */
    public TrafficMatrixFormatException(String source, List<String> violations, int count) {
        super(format(source, violations, count));
        this.violations = List.copyOf(violations);
        this.count = count;
    }

    private static String format(String source, List<String> violations, int count) {
        // Counts violations, not entries: one line can break several rules, and a count of "invalid
        // entries" then overstated how many lines needed fixing (the REST answer says violations too).
        StringBuilder sb = new StringBuilder("%s: rejected, %d violation%s".formatted(source, count, count == 1 ? "" : "s"));
        violations.stream().limit(LISTED).forEach(v -> sb.append("\n  ").append(v));
        if (violations.size() > LISTED) {
            sb.append("\n  … and ").append(violations.size() - LISTED).append(" more");
        }
        return sb.toString();
    }

    /** @return how many violations were found, listed or not */
    public int count() {
        return count;
    }

    /** @return the violations found, one line each; past the builder's cap a last line counts the rest */
    public List<String> violations() {
        return violations;
    }
}
