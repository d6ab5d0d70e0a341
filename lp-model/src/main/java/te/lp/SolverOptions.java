package te.lp;

/**
 * Settings every backend honours.
 *
 * @param timeLimitSeconds wall-clock limit per solve in seconds, {@code > 0} ({@code Double.POSITIVE_INFINITY} for none)
 * @param threads          threads one solve may use, {@code >= 1}
 * @param verbose          whether the solver may log its progress to standard output
 */
public record SolverOptions(double timeLimitSeconds, int threads, boolean verbose) {
    public SolverOptions {
        if (!(timeLimitSeconds > 0)) {
            throw new IllegalArgumentException("time limit must be > 0 seconds, got " + timeLimitSeconds);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("solver threads must be >= 1, got " + threads);
        }
    }

    /** @return no time limit, every core, quiet */
    public static SolverOptions defaults() {
        return new SolverOptions(Double.POSITIVE_INFINITY, Runtime.getRuntime().availableProcessors(), false);
    }
}
