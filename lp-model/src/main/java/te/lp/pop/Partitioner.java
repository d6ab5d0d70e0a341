package te.lp.pop;


/** Assigns every virtual commodity (piece) to one of k sub-problems. */
public interface Partitioner {
    /** @return the partitioner's command-line name */
    String name();

    /**
     * @param problem the problem being split: its commodities (pieces refer to them through
     *                {@link ClientSplit#origin()}), paths and capacities
     * @param pieces  virtual commodities, grouped by origin
     * @param k           number of sub-problems, {@code >= 1}
     * @param seed        seed for any random choice
     * @return the sub-problem {@code 0..k-1} of each piece
     */
    int[] assign(te.lp.TeProblem problem, ClientSplit pieces, int k, long seed);

    /** @throws IllegalArgumentException naming the value and the choices */
    static Partitioner byName(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "random" -> new RandomPartitioner();
            case "balanced" -> new BalancedPartitioner();
            case "skewed" -> new SkewedPartitioner();
            default -> throw new IllegalArgumentException("unknown partitioner '%s', expected random, balanced or skewed".formatted(name));
        };
    }
}
