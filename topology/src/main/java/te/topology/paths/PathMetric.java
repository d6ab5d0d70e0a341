package te.topology.paths;

import te.topology.Topology;

/** How long an arc is when paths are ranked. */
public enum PathMetric {
    /** Every arc counts 1. */
    HOPS,
    /** An arc counts {@code 1 / capacityMbps}, so fat links look short (the reference's "inv-cap"). */
    INVERSE_CAPACITY;

    /** @return the length of arc {@code a} of {@code topology} under this metric */
    public double length(Topology topology, int a) {
        return this == HOPS ? 1.0 : 1.0 / topology.capacityMbps(a);
    }
}
