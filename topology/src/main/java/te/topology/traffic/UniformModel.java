package te.topology.traffic;

import org.apache.commons.rng.UniformRandomProvider;
import te.topology.NodePairs;
import te.topology.Topology;

/**
 * Every ordered pair draws {@code U(0, maxDemandMbps)}, times the scale factor (the reference's
 * uniform model).
 *
 * @param maxDemandMbps upper bound before scaling, {@code > 0}
 */
public record UniformModel(double maxDemandMbps) implements TrafficModel {
    public UniformModel {
        if (!(maxDemandMbps > 0) || Double.isInfinite(maxDemandMbps)) {
            throw new IllegalArgumentException("uniform max demand must be finite and > 0 Mbps, got " + maxDemandMbps);
        }
    }

    @Override
    public String name() {
        return "uniform";
    }

    @Override
    public TrafficMatrix generate(Topology topology, long seed, double scale) {
        Rngs.checkScale(scale);
        UniformRandomProvider rng = Rngs.seeded(seed);
        int[][] pairs = NodePairs.allOrdered(topology.nodeCount());
        double[] demand = new double[pairs[0].length];
        for (int i = 0; i < demand.length; i++) {
            demand[i] = rng.nextDouble() * maxDemandMbps * scale;
        }
        return new TrafficMatrix(topology.nodeCount(), pairs[0], pairs[1], demand);
    }
}
