package te.lp.pop;

import te.lp.Commodities;

/** Assigns every virtual commodity (piece) to one of k sub-problems. */
public interface Partitioner {
    /** @return the partitioner's command-line name */
    String name();

    /**
     * @param commodities the original commodities (pieces refer to them through {@link ClientSplit#origin()})
     * @param pieces      virtual commodities, grouped by origin
     * @param k           number of sub-problems, {@code >= 1}
     * @param seed        seed for any random choice
     * @return the sub-problem {@code 0..k-1} of each piece
     */
    int[] assign(Commodities commodities, ClientSplit pieces, int k, long seed);

    /**
     * @param problem the problem to partition (load-aware partitioners read its paths and capacities)
     * @throws IllegalArgumentException naming the value and the choices
     */
    static Partitioner byName(String name, te.lp.TeProblem problem) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "random" -> new RandomPartitioner();
            case "balanced" -> new BalancedPartitioner(problem);
            case "skewed" -> new SkewedPartitioner();
            default -> throw new IllegalArgumentException("unknown partitioner '%s', expected random, balanced or skewed".formatted(name));
        };
    }
}
