package te.southbound;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Largest-remainder (Hamilton) rounding of split fractions to integer weights with a fixed sum.
 * Each weight is its quota {@code total·f/Σf} rounded down or up, so every path's error is below
 * {@code 1/total} of the commodity's traffic, and the weights add up to {@code total} exactly
 * (plain rounding can miss the total by up to n/2).
 */
public final class WeightRounding {
    private WeightRounding() {
    }

    /**
     * @param fractions finite, {@code >= 0}, with a positive sum
     * @param total     the weight sum, 1..65535 (OpenFlow bucket weights are 16-bit)
     * @return weights summing to {@code total}; ties in remainder go to the earlier path
     * @throws IllegalArgumentException on an empty list, a bad fraction or a bad total
     */
    public static RoundedWeights round(List<Double> fractions, int total) {
        if (total < 1 || total > 0xffff) {
            throw new IllegalArgumentException("weight total must be in [1, 65535], got " + total);
        }
        double max = 0;
        for (double f : fractions) {
            if (!(f >= 0) || Double.isInfinite(f)) {
                throw new IllegalArgumentException("fractions must be finite and >= 0, got " + fractions);
            }
            max = Math.max(max, f);
        }
        if (!(max > 0)) {
            throw new IllegalArgumentException("fractions must have a positive sum, got " + fractions);
        }
        // Relative to the largest: the sum of huge fractions would overflow to infinity and every quota to 0.
        double sum = 0;
        for (double f : fractions) {
            sum += f / max;
        }
        int n = fractions.size();
        int[] weights = new int[n];
        double[] remainder = new double[n];
        int assigned = 0;
        for (int i = 0; i < n; i++) {
            double quota = fractions.get(i) / max / sum * total;
            weights[i] = (int) Math.floor(quota);
            remainder[i] = quota - weights[i];
            assigned += weights[i];
        }
        // Floors lose less than one unit per path, so at most n-1 paths get one more unit.
        List<Integer> order = new ArrayList<>(IntStream.range(0, n).boxed().toList());
        order.sort(Comparator.comparingDouble((Integer i) -> -remainder[i]).thenComparing(i -> i));
        for (int k = 0; k < total - assigned; k++) {
            weights[order.get(k)]++;
        }
        double maxError = 0;
        List<Integer> result = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            maxError = Math.max(maxError, Math.abs((double) weights[i] / total - fractions.get(i) / max / sum));
            result.add(weights[i]);
        }
        return new RoundedWeights(result, maxError);
    }
}
