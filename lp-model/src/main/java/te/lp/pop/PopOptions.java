package te.lp.pop;

import static java.util.Objects.requireNonNull;

import te.lp.SolverOptions;

/**
 * How POP splits and solves.
 *
 * @param k           sub-problems, {@code >= 1} (k = 1 is the full LP)
 * @param clientSplit client-splitting threshold t ≥ 0: extra virtual commodities as a share of N
 * @param seed        seed of the random partition
 * @param partitioner how pieces are assigned to sub-problems
 * @param parallelism sub-problems solved at once, {@code >= 1}
 * @param perSolve    solver options for each sub-problem: threads per solve, and the time limit, which bounds the
 *                    whole POP solve (each sub-problem gets what is left of it when it starts)
 */
public record PopOptions(int k, double clientSplit, long seed, Partitioner partitioner, int parallelism, SolverOptions perSolve) {
    /**
     * Most sub-problems: far beyond where POP pays (each gets 1/k of every link), and low enough
     * that per-sub-problem arrays of k never exhaust memory.
     */
    public static final int MAX_K = 4096;

    public PopOptions {
        check(k, clientSplit);
        requireNonNull(partitioner, "partitioner");
        if (parallelism < 1) {
            throw new IllegalArgumentException("POP parallelism must be >= 1, got " + parallelism);
        }
        requireNonNull(perSolve, "perSolve");
    }

    /**
     * Checks POP's own settings, for callers that want bad input refused before any work.
     *
     * @throws IllegalArgumentException naming the value: {@code k} outside [1, {@link #MAX_K}], or a threshold that is negative, NaN or infinite
     */
    public static void check(int k, double clientSplit) {
        if (k < 1 || k > MAX_K) {
            throw new IllegalArgumentException("POP needs 1 <= k <= %d sub-problems, got %d".formatted(MAX_K, k));
        }
        if (!(clientSplit >= 0) || Double.isInfinite(clientSplit)) {
            throw new IllegalArgumentException("client-split threshold must be finite and >= 0, got " + clientSplit);
        }
    }

    /**
     * @return random partition, seed 1, every core solving one sub-problem each (one solver thread
     *         per sub-problem), no time limit
     */
    public static PopOptions of(int k, double clientSplit) {
        int cores = Runtime.getRuntime().availableProcessors();
        return new PopOptions(k, clientSplit, 1, new RandomPartitioner(), cores,
                new SolverOptions(Double.POSITIVE_INFINITY, 1, false));
    }
}
