package te.topology.traffic;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import te.topology.NodePairs;
import te.topology.Topology;

/**
 * The reference's gravity model: {@code frac(u,v) = out(u)/Σout · in(v)/(Σin − in(u))}, where in/out
 * are a node's total incoming/outgoing arc capacity; each entry is drawn from
 * {@code N(frac, frac/4)}, clipped at 0, and multiplied by the total demand and the scale factor.
 * The fractions sum to 1, so the expected total is {@code totalDemandMbps · scale}.
 *
 * @param totalDemandMbps expected matrix total before scaling, {@code > 0}
 */
public record GravityModel(double totalDemandMbps) implements TrafficModel {
    public GravityModel {
        if (!(totalDemandMbps > 0) || Double.isInfinite(totalDemandMbps)) {
            throw new IllegalArgumentException("gravity total demand must be finite and > 0 Mbps, got " + totalDemandMbps);
        }
    }

    @Override
    public String name() {
        return "gravity";
    }

    /** @return the noiseless fractions, row-major over ordered pairs of distinct nodes; they sum to 1 */
    public static double[] fractions(Topology topology) {
        int n = topology.nodeCount();
        double[] in = new double[n];
        double[] out = new double[n];
        double totalIn = 0;
        double totalOut = 0;
        for (int a = 0; a < topology.arcCount(); a++) {
            double c = topology.capacityMbps(a);
            out[topology.arcSrc(a)] += c;
            in[topology.arcDst(a)] += c;
            totalIn += c;
            totalOut += c;
        }
        double[] frac = new double[n * (n - 1)];
        int i = 0;
        for (int u = 0; u < n; u++) {
            double normU = out[u] / totalOut;
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    frac[i++] = normU * in[v] / (totalIn - in[u]);
                }
            }
        }
        return frac;
    }

    @Override
    public TrafficMatrix generate(Topology topology, long seed, double scale) {
        Rngs.checkScale(scale);
        UniformRandomProvider rng = Rngs.seeded(seed);
        ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] frac = fractions(topology);
        double[] demand = new double[frac.length];
        for (int i = 0; i < frac.length; i++) {
            double noisy = frac[i] + gauss.sample() * frac[i] / 4;
            demand[i] = Math.max(noisy, 0.0) * totalDemandMbps * scale;
        }
        int[][] pairs = NodePairs.allOrdered(topology.nodeCount());
        return new TrafficMatrix(topology.nodeCount(), pairs[0], pairs[1], demand);
    }
}
