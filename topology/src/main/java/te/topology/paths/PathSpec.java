package te.topology.paths;

import static java.util.Objects.requireNonNull;

/**
 * What to precompute: k paths per ordered node pair by a method under a metric.
 *
 * @param k      paths per pair, {@code >= 1}; a pair may get fewer when the graph has fewer
 * @param method how the paths are chosen
 * @param metric how paths are ranked
 */
public record PathSpec(int k, PathMethod method, PathMetric metric) {
    public PathSpec {
        if (k < 1 || k > 64) {
            throw new IllegalArgumentException("paths per pair k must be in 1..64, got " + k);
        }
        requireNonNull(method, "method");
        requireNonNull(metric, "metric");
    }

    /** @return the reference's default: 4 edge-disjoint paths ranked by inverse capacity */
    public static PathSpec defaults() {
        return new PathSpec(4, PathMethod.EDGE_DISJOINT, PathMetric.INVERSE_CAPACITY);
    }

    /** @return a short stable name, e.g. {@code edge-disjoint-k4-inverse-capacity} */
    public String label() {
        return "%s-k%d-%s".formatted(method.name().toLowerCase().replace('_', '-'), k,
                metric.name().toLowerCase().replace('_', '-'));
    }
}
