package te.controller.southbound;

import java.util.List;
import te.southbound.Dpid;
import te.southbound.IpPrefix;
import te.southbound.Ipv4Prefix;
import te.topology.Topology;

/**
 * A wiring derived from the topology alone, for labs and tests that build their switches to match
 * (one bridge per node, patch ports in arc order): node i is datapath id i+1 and owns
 * {@code 10.(i / 256).(i % 256).0/24}; its hosts hang on port 1; its j-th outgoing arc (arcs are
 * sorted by head node) leaves through port j+2. Up to 65,536 nodes.
 */
public final class ConventionalWiring implements Wiring {
    private final Topology topology;

    /** @throws IllegalArgumentException if the topology has more nodes than prefixes exist */
    public ConventionalWiring(Topology topology) {
        if (topology.nodeCount() > 65_536) {
            throw new IllegalArgumentException("conventional wiring numbers at most 65,536 nodes, got " + topology.nodeCount());
        }
        this.topology = topology;
    }

    @Override
    public Dpid dpid(int node) {
        return new Dpid(node + 1L);
    }

    @Override
    public int outPort(int arc) {
        return arc - topology.outStart(topology.arcSrc(arc)) + 2;
    }

    @Override
    public int hostPort(int node) {
        return 1;
    }

    @Override
    public List<IpPrefix> prefixes(int node) {
        return List.of(new Ipv4Prefix((10 << 24) | ((node >> 8) << 16) | ((node & 0xff) << 8), 24));
    }
}
