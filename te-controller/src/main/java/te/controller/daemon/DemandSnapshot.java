package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import te.topology.traffic.TrafficMatrix;

/**
 * An accepted traffic matrix, immutable once published: readers always see one version whole.
 *
 * @param version demand version: 0 before any upload, +1 per accepted PUT or PATCH
 * @param matrix  the demands in Mbps
 * @param json    the matrix as served by {@code GET /v1/demands} and persisted (not copied)
 */
public record DemandSnapshot(long version, TrafficMatrix matrix, byte[] json) {
    public DemandSnapshot {
        requireNonNull(matrix, "matrix");
        requireNonNull(json, "json");
        if (version < 0) {
            throw new IllegalArgumentException("demand version must be >= 0, got " + version);
        }
    }
}
