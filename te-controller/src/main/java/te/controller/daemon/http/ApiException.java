package te.controller.daemon.http;

import java.util.List;
import java.util.Map;

/**
 * A request the API refuses, with the HTTP status, a message naming the value and what was
 * expected, and (for uploads) every violation found. Nothing was applied when this is thrown.
 */
public final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final transient List<String> violations;
    private final transient Map<String, String> headers;

    /** @param status HTTP status (4xx or 5xx), @param message what is wrong, @param violations every problem found */
    public ApiException(int status, String message, List<String> violations, Map<String, String> headers) {
        super(message);
        this.status = status;
        this.violations = List.copyOf(violations);
        this.headers = Map.copyOf(headers);
    }

    /** @return a 400 without a violation list */
    public static ApiException badRequest(String message) {
        return new ApiException(400, message, List.of(), Map.of());
    }

    /** Violations one answer lists, as demand uploads do ({@code TrafficMatrixBuilder}); the rest are counted. */
    public static final int LISTED_VIOLATIONS = 1000;

    /**
     * @param violations every violation a request body has, at least one
     * @return a 400 counting them all and listing the first {@value #LISTED_VIOLATIONS}
     */
    public static ApiException rejected(List<String> violations) {
        int n = violations.size();
        List<String> listed = new java.util.ArrayList<>(violations.subList(0, Math.min(n, LISTED_VIOLATIONS)));
        if (n > LISTED_VIOLATIONS) {
            listed.add("… %d further violations not listed".formatted(n - LISTED_VIOLATIONS));
        }
        return rejected(n, listed);
    }

    /**
     * @param count  how many violations the request body has
     * @param listed those the answer lists (capped where they were collected)
     * @return a 400 counting them and listing {@code listed}
     */
    public static ApiException rejected(int count, List<String> listed) {
        return new ApiException(400, "request body rejected, nothing was applied: %d violation%s".formatted(count, count == 1 ? "" : "s"),
                listed, Map.of());
    }

    /** @return a 404 */
    public static ApiException notFound(String message) {
        return new ApiException(404, message, List.of(), Map.of());
    }

    /** @return the HTTP status */
    public int status() {
        return status;
    }

    /** @return every violation (empty when the message says it all) */
    public List<String> violations() {
        return violations;
    }

    /** @return extra response headers (e.g. Allow for 405) */
    public Map<String, String> headers() {
        return headers;
    }
}
