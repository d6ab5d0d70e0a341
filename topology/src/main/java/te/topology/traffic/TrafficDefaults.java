package te.topology.traffic;

import java.util.Locale;
import java.util.Map;
import te.topology.Topology;

/**
 * Per-topology traffic parameters, copied from the POP/NCFlow reference ({@code PROBLEM_ARGS}) so
 * generated matrices have the reference's magnitudes. Demands are in Mbps before the scale factor.
 *
 * @param gravityTotalMbps expected total of a gravity matrix
 * @param uniformMaxMbps   upper bound of uniform demands
 * @param bimodal          the two ranges of bimodal demands
 * @param poissonHighIntra locality-heavy Poisson parameters
 * @param poissonHighInter spread-out Poisson parameters
 */
public record TrafficDefaults(double gravityTotalMbps, double uniformMaxMbps, BimodalModel.Ranges bimodal,
                              PoissonModel.Params poissonHighIntra, PoissonModel.Params poissonHighInter) {

    private static TrafficDefaults of(double gravity, double uniform, double lowMin, double lowMax, double highMin,
                                      double highMax, double intraDecay, double intraLambda, double intraConst,
                                      double interDecay, double interLambda, double interConst) {
        return new TrafficDefaults(gravity, uniform, new BimodalModel.Ranges(0.2, lowMin, lowMax, highMin, highMax),
                new PoissonModel.Params(intraDecay, intraLambda, intraConst),
                new PoissonModel.Params(interDecay, interLambda, interConst));
    }

    private static final Map<String, TrafficDefaults> REFERENCE = Map.ofEntries(
            Map.entry("cogentco", of(1200, 0.06, 0, 0.03, 0.06, 0.12, 0.1, 8e9, 5.75e-8, 0.9, 1e2, 1.05e-3)),
            Map.entry("colt", of(750, 0.065, 0, 0.0325, 0.065, 0.13, 0.1, 1.35e8, 2.4e-6, 0.9, 1e3, 9.5e-5)),
            Map.entry("deltacom", of(1500, 0.25, 0, 0.125, 0.25, 0.5, 0.1, 2.05e6, 2.5e-4, 0.9, 1e3, 2.85e-4)),
            Map.entry("dialtelecomcz", of(1150, 0.125, 0, 0.06, 0.12, 0.24, 0.1, 2e12, 3.0e-10, 0.9, 1e3, 2.75e-4)),
            Map.entry("gtsce", of(500, 0.05, 0, 0.025, 0.05, 0.1, 0.1, 2e8, 2.25e-6, 0.9, 1e3, 8.5e-5)),
            Map.entry("interoute", of(1320, 0.22, 0, 0.11, 0.22, 0.44, 0.1, 2.5e7, 2.30e-5, 0.9, 1e3, 2.7e-4)),
            Map.entry("ion", of(1200, 0.15, 0, 0.075, 0.15, 0.30, 0.1, 7e9, 9.0e-8, 0.9, 1e3, 2.6e-4)),
            Map.entry("kdl", of(1500, 0.005, 0, 0.00275, 0.0055, 0.011, 0.35, 8e9, 4.3e-9, 0.9, 1e4, 3.3e-6)),
            Map.entry("tatanld", of(1000, 0.1, 0.02, 0.04, 0.08, 0.16, 0.1, 1e9, 5.5e-7, 0.9, 1e3, 1.8e-4)),
            Map.entry("uninett2010", of(1250, 0.46, 0.1, 0.2, 0.4, 0.8, 1e-3, 2e14, 5.0e-10, 0.9, 1e3, 4.15e-4)),
            Map.entry("uscarrier", of(666, 0.05, 0.01, 0.02, 0.04, 0.08, 0.25, 3.5e6, 3.0e-5, 0.9, 1e3, 1.25e-4)));

    /**
     * @return the reference's parameters for a Topology Zoo network it benchmarked, else parameters
     *         derived from capacity: gravity total = 0.25 % of total arc capacity (Cogentco's ratio),
     *         uniform and bimodal with the same mean per pair, Poisson calibrated to the same total
     */
    public static TrafficDefaults forTopology(Topology topology) {
        TrafficDefaults known = REFERENCE.get(topology.name().toLowerCase(Locale.ROOT));
        if (known != null) {
            return known;
        }
        double totalCapacity = 0;
        for (int a = 0; a < topology.arcCount(); a++) {
            totalCapacity += topology.capacityMbps(a);
        }
        double gravity = 0.0025 * totalCapacity;
        int n = topology.nodeCount();
        double meanPerPair = gravity / ((double) n * (n - 1));
        double uniformMax = 2 * meanPerPair;
        // Bimodal mean 0.8·(m/4) + 0.2·(3m/2) = m/2, the uniform mean.
        BimodalModel.Ranges bimodal = new BimodalModel.Ranges(0.2, 0, uniformMax / 2, uniformMax, 2 * uniformMax);
        int[][] hops = PoissonModel.hopCounts(topology);
        return new TrafficDefaults(gravity, uniformMax, bimodal,
                PoissonModel.Params.calibrated(0.1, 1e9, gravity, hops),
                PoissonModel.Params.calibrated(0.9, 1e3, gravity, hops));
    }
}
