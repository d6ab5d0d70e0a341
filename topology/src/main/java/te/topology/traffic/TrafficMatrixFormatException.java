package te.topology.traffic;

import java.util.List;

/**
 * A traffic-matrix input was rejected. Carries every violation found (row, value, reason), so an
 * operator fixes a file in one pass; nothing of the input was applied.
 */
public class TrafficMatrixFormatException extends RuntimeException {
    /** Violations listed in the message at most; {@link #violations()} has all of them. */
    private static final int LISTED = 20;
    private final transient List<String> violations;

    /**
     * @param source     file name or other description of the input
     * @param violations one line per problem, each naming the row and value
     */
    public TrafficMatrixFormatException(String source, List<String> violations) {
        super(format(source, violations));
        this.violations = List.copyOf(violations);
    }

    private static String format(String source, List<String> violations) {
        StringBuilder sb = new StringBuilder("%s: %d invalid entr%s".formatted(source, violations.size(),
                violations.size() == 1 ? "y" : "ies"));
        violations.stream().limit(LISTED).forEach(v -> sb.append("\n  ").append(v));
        if (violations.size() > LISTED) {
            sb.append("\n  … and ").append(violations.size() - LISTED).append(" more");
        }
        return sb.toString();
    }

    /** @return every violation, one line each */
    public List<String> violations() {
        return violations;
    }
}
