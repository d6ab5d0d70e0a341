package te.topology.traffic;

import static java.util.Objects.requireNonNull;

import org.apache.commons.rng.UniformRandomProvider;
import te.topology.NodePairs;
import te.topology.Topology;

/**
 * Each ordered pair is "high" with probability {@code fraction} (0.2 in the reference) and draws
 * uniformly from the high range, else from the low range; times the scale factor.
 *
 * @param ranges the two ranges and the high fraction
 */
public record BimodalModel(Ranges ranges) implements TrafficModel {
    /**
     * @param highFraction probability of a high demand, in [0, 1]
     * @param lowMinMbps   low range start
     * @param lowMaxMbps   low range end
     * @param highMinMbps  high range start
     * @param highMaxMbps  high range end
     */
    public record Ranges(double highFraction, double lowMinMbps, double lowMaxMbps, double highMinMbps, double highMaxMbps) {
        public Ranges {
            if (!(highFraction >= 0 && highFraction <= 1)) {
                throw new IllegalArgumentException("bimodal high fraction must be in [0, 1], got " + highFraction);
            }
            if (!(0 <= lowMinMbps && lowMinMbps < lowMaxMbps && lowMaxMbps <= highMinMbps && highMinMbps < highMaxMbps)
                    || Double.isInfinite(highMaxMbps)) {
                throw new IllegalArgumentException(
                        "bimodal ranges must satisfy 0 <= lowMin < lowMax <= highMin < highMax (finite), got [%s, %s] [%s, %s]"
                                .formatted(lowMinMbps, lowMaxMbps, highMinMbps, highMaxMbps));
            }
        }
    }

    public BimodalModel {
        requireNonNull(ranges, "ranges");
    }

    @Override
    public String name() {
        return "bimodal";
    }

    @Override
    public TrafficMatrix generate(Topology topology, long seed, double scale) {
        Rngs.checkScale(scale);
        UniformRandomProvider rng = Rngs.seeded(seed);
        int[][] pairs = NodePairs.allOrdered(topology.nodeCount());
        double[] demand = new double[pairs[0].length];
        for (int i = 0; i < demand.length; i++) {
            boolean high = rng.nextDouble() < ranges.highFraction();
            double lo = high ? ranges.highMinMbps() : ranges.lowMinMbps();
            double hi = high ? ranges.highMaxMbps() : ranges.lowMaxMbps();
            demand[i] = (lo + rng.nextDouble() * (hi - lo)) * scale;
        }
        return new TrafficMatrix(topology.nodeCount(), pairs[0], pairs[1], demand);
    }
}
