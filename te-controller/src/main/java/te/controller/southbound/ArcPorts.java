package te.controller.southbound;

import te.southbound.Dpid;
import te.topology.Topology;

/**
 * Where each arc meets the switches: arc u→v leaves u through {@code outPort(u→v)} (its tail port)
 * and, when v→u exists, enters v through v's {@code outPort(v→u)}, the other end of the same cable
 * (its head port).
 */
final class ArcPorts {
    /** One port of one switch. */
    record SwitchPort(Dpid dpid, int port) {
    }

    private final SwitchPort[] tail;
    private final SwitchPort[] head;

    ArcPorts(Topology topology, Wiring wiring) {
        int arcs = topology.arcCount();
        tail = new SwitchPort[arcs];
        head = new SwitchPort[arcs];
        for (int a = 0; a < arcs; a++) {
            tail[a] = new SwitchPort(wiring.dpid(topology.arcSrc(a)), wiring.outPort(a));
        }
        for (int a = 0; a < arcs; a++) {
            int reverse = topology.arcIndex(topology.arcDst(a), topology.arcSrc(a));
            head[a] = reverse < 0 ? null : tail[reverse];
        }
    }

    int arcCount() {
        return tail.length;
    }

    /** @return the port arc {@code a} leaves through */
    SwitchPort tail(int a) {
        return tail[a];
    }

    /** @return the port arc {@code a} arrives through, or null for a one-way arc */
    SwitchPort head(int a) {
        return head[a];
    }
}
