package te.southbound;

import java.util.List;

/**
 * Integer bucket weights rounded from split fractions.
 *
 * @param weights  one per input fraction, summing exactly to the configured total
 * @param maxError largest |weight/total − fraction/Σfractions| over the paths, a share of the
 *                 commodity's traffic; always {@code < 1/total}
 */
public record RoundedWeights(List<Integer> weights, double maxError) {
    public RoundedWeights {
        weights = List.copyOf(weights);
    }
}
