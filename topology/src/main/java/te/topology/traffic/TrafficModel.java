package te.topology.traffic;

import te.topology.Topology;

/** A seeded generator of traffic matrices over all ordered node pairs. */
public interface TrafficModel {
    /** @return the model's name as used on the command line, e.g. {@code gravity} */
    String name();

    /**
     * @param seed  the only source of randomness: the same seed gives a bit-identical matrix
     * @param scale factor multiplying every demand, finite and {@code > 0} (the reference uses 1…128)
     * @return demands for every ordered pair of distinct nodes, in Mbps
     */
    TrafficMatrix generate(Topology topology, long seed, double scale);
}
