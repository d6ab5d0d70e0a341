package te.topology.traffic;

import java.util.List;
import java.util.Locale;
import te.topology.Topology;

/** Looks up a traffic model by name with the topology's default parameters. */
public final class TrafficModels {
    /** Every model name {@link #byName} accepts. */
    public static final List<String> NAMES = List.of("gravity", "uniform", "bimodal", "poisson-high-intra", "poisson-high-inter");

    private TrafficModels() {
    }

    /**
     * @return the named model with {@link TrafficDefaults} for this topology
     * @throws IllegalArgumentException naming the value and the known models
     */
    public static TrafficModel byName(String name, Topology topology) {
        TrafficDefaults d = TrafficDefaults.forTopology(topology);
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "gravity" -> new GravityModel(d.gravityTotalMbps());
            case "uniform" -> new UniformModel(d.uniformMaxMbps());
            case "bimodal" -> new BimodalModel(d.bimodal());
            case "poisson-high-intra" -> new PoissonModel("poisson-high-intra", d.poissonHighIntra());
            case "poisson-high-inter" -> new PoissonModel("poisson-high-inter", d.poissonHighInter());
            default -> throw new IllegalArgumentException("unknown traffic model '%s', expected one of %s".formatted(name, NAMES));
        };
    }
}
