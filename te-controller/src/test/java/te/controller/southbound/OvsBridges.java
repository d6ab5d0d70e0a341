package te.controller.southbound;

import java.util.ArrayList;
import java.util.List;
import te.topology.Topology;

/** Open vSwitch bridges that match a topology under {@link ConventionalWiring}, for the ITs. */
public final class OvsBridges {
    private OvsBridges() {
    }

    /** @return the bridge name of node {@code node}: s1, s2, ... */
    public static String bridge(int node) {
        return "s" + (node + 1);
    }

    /** @return the patch port of arc u→v on u's bridge: p{u+1}-{v+1} */
    public static String port(Topology t, int arc) {
        return "p%d-%d".formatted(t.arcSrc(arc) + 1, t.arcDst(arc) + 1);
    }

    /** @return ovs-vsctl arguments: one netdev bridge per node; per arc a patch port numbered by the wiring */
    public static List<String> of(Topology t, ConventionalWiring wiring) {
        List<String> args = new ArrayList<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.addAll(List.of("add-br", bridge(v), "--", "set", "bridge", bridge(v), "datapath_type=netdev",
                    "protocols=OpenFlow13", "fail-mode=secure", "other-config:datapath-id=%016x".formatted(wiring.dpid(v).value())));
        }
        for (int a = 0; a < t.arcCount(); a++) {
            int u = t.arcSrc(a);
            int v = t.arcDst(a);
            String port = port(t, a);
            args.addAll(List.of("--", "add-port", bridge(u), port, "--", "set", "interface", port, "type=patch",
                    "options:peer=p%d-%d".formatted(v + 1, u + 1), "ofport_request=" + wiring.outPort(a)));
        }
        return args;
    }

    /** @return ovs-vsctl arguments pointing every bridge at the controllers on 127.0.0.1:{@code ports} */
    public static List<String> controllers(Topology t, int... ports) {
        List<String> args = new ArrayList<>();
        for (int v = 0; v < t.nodeCount(); v++) {
            if (v > 0) {
                args.add("--");
            }
            args.addAll(List.of("set-controller", bridge(v)));
            for (int port : ports) {
                args.add("tcp:127.0.0.1:" + port); // several: each controller gets its own connection and role
            }
        }
        return args;
    }
}
