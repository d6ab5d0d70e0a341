package te.topology.traffic;

import static java.util.Objects.requireNonNull;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import te.topology.NodePairs;
import te.topology.Topology;

/**
 * The reference's distance-decaying Poisson model: entry (u,v) is
 * {@code Poisson(λ · decay^hops(u,v)) · const · scale}, with hops the shortest-path hop count.
 * "high-intra" (small decay) keeps traffic local and leaves many far pairs at zero; "high-inter"
 * (decay 0.9) spreads it.
 *
 * @param name   model name, e.g. {@code poisson-high-intra}
 * @param params decay, rate and constant factor
 */
public record PoissonModel(String name, Params params) implements TrafficModel {
    /**
     * Above this mean the Poisson law is drawn as its normal limit N(λ, √λ) rounded: the reference's
     * rates reach 2e13 (DialtelecomCz), beyond the exact samplers' range, and the relative error
     * there is below 1e-6.
     */
    static final double NORMAL_LIMIT_MEAN = 1e7;

    /**
     * @param decay       factor per hop, in (0, 1]
     * @param lambda      rate at distance 0, {@code > 0}
     * @param constFactor multiplier turning counts into Mbps, {@code > 0}
     */
    public record Params(double decay, double lambda, double constFactor) {
        public Params {
            if (!(decay > 0 && decay <= 1) || !(lambda > 0) || !(constFactor > 0)
                    || Double.isInfinite(lambda) || Double.isInfinite(constFactor)) {
                throw new IllegalArgumentException("poisson needs 0 < decay <= 1, lambda > 0, const > 0 (finite), got %s, %s, %s"
                        .formatted(decay, lambda, constFactor));
            }
        }

        /** @return parameters whose expected matrix total is {@code totalMbps} */
        static Params calibrated(double decay, double lambda, double totalMbps, int[][] hops) {
            double expectedCount = 0;
            for (int u = 0; u < hops.length; u++) {
                for (int v = 0; v < hops.length; v++) {
                    if (u != v) {
                        expectedCount += lambda * Math.pow(decay, hops[u][v]);
                    }
                }
            }
            return new Params(decay, lambda, totalMbps / expectedCount);
        }
    }

    public PoissonModel {
        requireNonNull(name, "name");
        requireNonNull(params, "params");
    }

    /** Hop count of a pair without a directed path. */
    static final int UNREACHABLE = Integer.MAX_VALUE / 2;

    /** @return hop counts of shortest directed paths; {@link #UNREACHABLE} when there is none */
    static int[][] hopCounts(Topology topology) {
        int n = topology.nodeCount();
        int[][] hops = new int[n][n];
        int[] queue = new int[n];
        for (int s = 0; s < n; s++) {
            int[] row = hops[s];
            java.util.Arrays.fill(row, UNREACHABLE);
            row[s] = 0;
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            while (head < tail) {
                int u = queue[head++];
                for (int a = topology.outStart(u); a < topology.outStart(u + 1); a++) {
                    int v = topology.arcDst(a);
                    if (row[v] > row[u] + 1) {
                        row[v] = row[u] + 1;
                        queue[tail++] = v;
                    }
                }
            }
        }
        return hops;
    }

    @Override
    public TrafficMatrix generate(Topology topology, long seed, double scale) {
        Rngs.checkScale(scale);
        UniformRandomProvider rng = Rngs.seeded(seed);
        ZigguratSampler.NormalizedGaussian gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        int[][] hops = hopCounts(topology);
        int[][] pairs = NodePairs.allOrdered(topology.nodeCount());
        double[] demand = new double[pairs[0].length];
        for (int i = 0; i < demand.length; i++) {
            int h = hops[pairs[0][i]][pairs[1][i]];
            // Unreachable: nothing, whatever the decay (at decay 1 the power was 1, the full rate).
            double mean = h == UNREACHABLE ? 0 : params.lambda() * Math.pow(params.decay(), h);
            double count;
            if (mean >= NORMAL_LIMIT_MEAN) {
                count = Math.max(0, Math.rint(mean + gauss.sample() * Math.sqrt(mean)));
            } else if (mean > 0) {
                count = PoissonSampler.of(rng, mean).sample();
            } else {
                count = 0;
            }
            demand[i] = count * params.constFactor() * scale;
        }
        return new TrafficMatrix(topology.nodeCount(), pairs[0], pairs[1], demand);
    }
}
