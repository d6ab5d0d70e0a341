package te.southbound;

import java.util.List;

/**
 * Hears what configured switches say about their ports: the full list after every handshake
 * (OFPMP_PORT_DESC, so a port that went down while the switch was away is seen), then each
 * change (OFPT_PORT_STATUS). Calls come on a network thread, in the order the switch sent them;
 * they must return quickly (hand slow work to another thread).
 */
public interface PortListener {
    /** Ignores everything. */
    PortListener NONE = new PortListener() {
        @Override
        public void portsReported(Dpid dpid, List<PortState> ports) {
        }

        @Override
        public void portChanged(Dpid dpid, PortState port) {
        }
    };

    /** @param ports every port of switch {@code dpid} now; a port not listed does not exist */
    void portsReported(Dpid dpid, List<PortState> ports);

    /** @param port the port's new state; a deleted port comes with {@code up} false */
    void portChanged(Dpid dpid, PortState port);
}
