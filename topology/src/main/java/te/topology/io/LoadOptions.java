package te.topology.io;

/**
 * How a file becomes a topology.
 *
 * @param defaultCapacityMbps capacity in Mbps given to every arc whose file entry has none. The
 *                            POP/NCFlow reference uses 1000 for every arc, so that is the default
 *                            and results stay comparable.
 */
public record LoadOptions(double defaultCapacityMbps) {
    /** Capacity the reference gives every arc, in Mbps. */
    public static final double REFERENCE_CAPACITY_MBPS = 1000.0;

    public LoadOptions {
        if (!te.topology.Link.plausibleCapacity(defaultCapacityMbps)) {
            throw new IllegalArgumentException("default capacity must be a number of Mbps from %.0e (1 bit/s) to %.0e (--default-capacity), got %s"
                    .formatted(te.topology.Link.MIN_CAPACITY_MBPS, te.topology.Link.MAX_CAPACITY_MBPS, defaultCapacityMbps));
        }
    }

    /** @return the reference's settings: 1000 Mbps where the file gives no capacity */
    public static LoadOptions defaults() {
        return new LoadOptions(REFERENCE_CAPACITY_MBPS);
    }
}
