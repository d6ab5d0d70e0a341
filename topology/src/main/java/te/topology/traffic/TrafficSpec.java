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
     * Seed and scale are plain ASCII decimals, as every number on the command line: {@code Long}'s
     * and {@code Double}'s parsers would also take other scripts' digits ({@code ١}), hexadecimal
     * ({@code 0x1p3}) and type suffixes ({@code 2d}).
     *
     * @param text {@code MODEL[:SEED[,SCALE]]}, e.g. {@code gravity:1,16}
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static TrafficSpec parse(String text) {
        String[] modelAndArgs = text.trim().split(":", 2);
        String model = modelAndArgs[0].toLowerCase(java.util.Locale.ROOT);
        long seed = 1;
        double scale = 1;
        if (modelAndArgs.length == 2) {
            String[] args = modelAndArgs[1].split(",", -1);
            String expected = "traffic '%s': expected MODEL[:SEED[,SCALE]] with a decimal integer seed and a plain decimal scale (digits, optional point and exponent), e.g. gravity:1,16"
                    .formatted(text);
            if (args.length > 2 || !args[0].strip().matches("[+-]?[0-9]+")) {
                throw new IllegalArgumentException(expected);
            }
            try {
                seed = Long.parseLong(args[0].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(expected + " (the seed is outside the 64-bit range)");
            }
            if (args.length == 2) {
                scale = te.topology.io.PlainDecimal.parse(args[1]);
                if (Double.isNaN(scale)) {
                    throw new IllegalArgumentException(expected);
                }
                if (te.topology.io.PlainDecimal.underflows(args[1])) {
                    // Read as 0, it was refused as "must be > 0, got 1e-400".
                    throw new IllegalArgumentException("traffic '%s': the scale %s".formatted(text, te.topology.io.PlainDecimal.tooSmall(args[1])));
                }
                if (!(scale > 0) || Double.isInfinite(scale)) {
                    throw new IllegalArgumentException("traffic '%s': the scale must be a finite number > 0, got %s"
                            .formatted(text, args[1].strip()));
                }
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
        TrafficModel generator = TrafficModels.byName(model, topology);
        TrafficMatrix tm;
        try {
            tm = generator.generate(topology, seed, scale);
        } catch (IllegalArgumentException e) {
            // The spec is valid, so what the matrix refuses is a demand the scale pushed past double's
            // range (gravity:1,1e308): say so in the spec's terms, not an entry index's.
            throw new IllegalArgumentException(("traffic %s: scale %s makes demands overflow (%s); expected a scale that keeps "
                    + "every demand at most %.0e Mbps").formatted(this, te.topology.io.PlainDecimal.format(scale), e.getMessage(), TrafficMatrixBuilder.MAX_DEMAND_MBPS), e);
        }
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
        // As typed on the command line (gravity:1,16, gravity:1,0.000001), not Double's 16.0 and 1.0E-6.
        return "%s:%d,%s".formatted(model, seed, te.topology.io.PlainDecimal.format(scale));
    }
}
