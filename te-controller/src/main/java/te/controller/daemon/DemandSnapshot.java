package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;

/**
 * An accepted traffic matrix, immutable once published: readers always see one version whole.
 * Its JSON rendering (for {@code GET /v1/demands}) is made on first use and then shared, because a
 * 567k-entry upload should not wait ~1 s for a rendering nobody may ask for.
 */
public final class DemandSnapshot {
    private final long version;
    private final TrafficMatrix matrix;
    private final Topology topology;
    private volatile byte[] json;

    /**
     * @param version  demand version: 0 before any upload, +1 per accepted PUT or PATCH
     * @param matrix   the demands in Mbps
     * @param topology the topology the matrix's node indices refer to (for rendering ids)
     * @param json     the rendering if already made, else null
     */
    public DemandSnapshot(long version, TrafficMatrix matrix, Topology topology, byte[] json) {
        if (version < 0) {
            throw new IllegalArgumentException("demand version must be >= 0, got " + version);
        }
        this.version = version;
        this.matrix = requireNonNull(matrix, "matrix");
        this.topology = requireNonNull(topology, "topology");
        this.json = json;
    }

    /** @return the demand version */
    public long version() {
        return version;
    }

    /** @return the demands in Mbps */
    public TrafficMatrix matrix() {
        return matrix;
    }

    /** @return {@code {"demands":[…]}} with node ids, sorted by (src, dst); shared, do not modify */
    public byte[] json() {
        byte[] j = json;
        if (j == null) {
            synchronized (this) {
                if (json == null) {
                    json = TrafficMatrices.json(topology, matrix);
                }
                j = json;
            }
        }
        return j;
    }
}
