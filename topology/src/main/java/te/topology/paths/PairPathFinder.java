package te.topology.paths;

/**
 * Finds the ranked paths of one node pair. Implementations keep scratch state and are used by one
 * thread at a time; {@link PathPrecomputation} gives each worker its own.
 */
interface PairPathFinder {
    /**
     * @return up to k paths from {@code s} to {@code d}, best first, each an array of arc indices;
     *         empty when {@code d} is unreachable
     */
    int[][] find(int s, int d);
}
