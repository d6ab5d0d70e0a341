package te.topology.traffic;

import static java.util.Objects.requireNonNull;

import te.topology.Topology;

/**
 * A generated traffic matrix named on the command line as {@code MODEL[:SEED[,SCALE]]}, e.g.
 * {@code gravity:1,16}. Seed defaults to 1 and scale to 1.
 *
 * @param model model name, one of {@link TrafficModels#NAMES}
 * @param seed  random seed
 * @param scale scale factor, finite and {@code > 0}
 */
public record TrafficSpec(String model, long seed, double scale) {
    public TrafficSpec {
        requireNonNull(model, "model");
        if (!TrafficModels.NAMES.contains(model)) {
            throw new IllegalArgumentException("unknown traffic model '%s', expected one of %s".formatted(model, TrafficModels.NAMES));
        }
        Rngs.checkScale(scale);
    }

    /**
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static TrafficSpec parse(String text) {
        String[] modelAndArgs = text.trim().split(":", 2);
        String model = modelAndArgs[0].toLowerCase(java.util.Locale.ROOT);
        long seed = 1;
        double scale = 1;
        if (modelAndArgs.length == 2) {
            String[] args = modelAndArgs[1].split(",", -1);
            try {
                if (args.length > 2) {
                    throw new NumberFormatException();
                }
                seed = Long.parseLong(args[0].trim());
                if (args.length == 2) {
                    scale = Double.parseDouble(args[1].trim());
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "traffic '%s': expected MODEL[:SEED[,SCALE]] with an integer seed and a number scale, e.g. gravity:1,16"
                                .formatted(text));
            }
        }
        return new TrafficSpec(model, seed, scale);
    }

    /**
     * @return the matrix this spec names on {@code topology}
     * @throws IllegalArgumentException if the scale makes a demand no matrix file or upload may
     *                                  carry (above {@link TrafficMatrixBuilder#MAX_DEMAND_MBPS}, or not finite)
     */
    public TrafficMatrix generate(Topology topology) {
        TrafficMatrix tm = TrafficModels.byName(model, topology).generate(topology, seed, scale);
        double max = 0;
        for (int i = 0; i < tm.size(); i++) {
            double demand = tm.demandMbps(i);
            max = Double.isFinite(demand) ? Math.max(max, demand) : Double.POSITIVE_INFINITY;
        }
        if (max > TrafficMatrixBuilder.MAX_DEMAND_MBPS) {
            throw new IllegalArgumentException(("traffic %s makes demands up to %s Mbps, above the %.0e Mbps a demand may be "
                    + "(the limit of matrix files and uploads); use a smaller scale").formatted(this, max, TrafficMatrixBuilder.MAX_DEMAND_MBPS));
        }
        return tm;
    }

    @Override
    public String toString() {
        return "%s:%d,%s".formatted(model, seed, scale);
    }
}
