package te.southbound.ovs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import te.southbound.Dpid;
import te.southbound.Hop;

/**
 * A small WAN in one OVS instance: bridge {@code sN} has datapath id N; the patch port on
 * {@code sI} towards {@code sJ} has OpenFlow port number J; port 100 stands for each site's hosts.
 */
public final class OvsNetwork {
    /** Port number of the hosts at every site (no such port exists: output there is dropped). */
    public static final int HOST_PORT = 100;

    private final OvsSandbox ovs;
    private final int switches;

    private OvsNetwork(OvsSandbox ovs, int switches) {
        this.ovs = ovs;
        this.switches = switches;
    }

    /** Creates bridges s1..sN and a patch-port pair per link {@code {i, j}}, in one ovs-vsctl call. */
    public static OvsNetwork create(OvsSandbox ovs, int switches, int[][] links) throws Exception {
        List<String> args = new ArrayList<>();
        for (int i = 1; i <= switches; i++) {
            addBridge(args, "s" + i, i);
        }
        for (int[] l : links) {
            patch(args, l[0], l[1]);
            patch(args, l[1], l[0]);
        }
        ovs.vsctl(args.toArray(String[]::new));
        return new OvsNetwork(ovs, switches);
    }

    static void addBridge(List<String> args, String name, long dpid) {
        if (!args.isEmpty()) {
            args.add("--");
        }
        args.addAll(List.of("add-br", name, "--", "set", "bridge", name, "datapath_type=netdev",
                "protocols=OpenFlow13", "fail-mode=secure", "other-config:datapath-id=%016x".formatted(dpid)));
    }

    private static void patch(List<String> args, int from, int to) {
        String port = "p%d-%d".formatted(from, to);
        args.addAll(List.of("--", "add-port", "s" + from, port, "--", "set", "interface", port, "type=patch",
                "options:peer=p%d-%d".formatted(to, from), "ofport_request=" + to));
    }

    /** Points every bridge at the controller (call after the listener is up: OVS backs off). */
    public void connect(int controllerPort) throws Exception {
        connect("tcp", controllerPort);
    }

    /** Points every bridge at the controller over {@code scheme} ("tcp" or "ssl", which needs set-ssl first). */
    public void connect(String scheme, int controllerPort) throws Exception {
        connect(scheme, new int[] {controllerPort});
    }

    /** Points every bridge at several controllers at once (each gets its own connection and role). */
    public void connect(String scheme, int... controllerPorts) throws Exception {
        List<String> args = new ArrayList<>();
        for (int i = 1; i <= switches; i++) {
            if (!args.isEmpty()) {
                args.add("--");
            }
            args.addAll(List.of("set-controller", "s" + i));
            for (int port : controllerPorts) {
                args.add(scheme + ":127.0.0.1:" + port);
            }
        }
        ovs.vsctl(args.toArray(String[]::new));
    }

    /** @return a path's hops for a node sequence, ending at the last node's host port */
    public static List<Hop> hops(int... nodes) {
        return hopsTo(HOST_PORT, nodes);
    }

    /** @return a path's hops for a node sequence, ending at {@code hostPort} of the last node */
    public static List<Hop> hopsTo(int hostPort, int... nodes) {
        List<Hop> hops = new ArrayList<>();
        for (int i = 0; i < nodes.length; i++) {
            hops.add(new Hop(new Dpid(nodes[i]), i + 1 < nodes.length ? nodes[i + 1] : hostPort));
        }
        return hops;
    }

    /** @return the bridge's groups as ovs-ofctl prints them, one per line, sorted */
    public String groups(int sw) throws Exception {
        return lines(ovs.ofctl("dump-groups", "s" + sw));
    }

    /** @return the bridge's flows without counters, one per line, sorted */
    public String flows(int sw) throws Exception {
        return lines(ovs.ofctl("dump-flows", "s" + sw, "--no-stats"));
    }

    static String lines(String dump) {
        return Arrays.stream(dump.split("\n")).map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("OFPST") && !l.startsWith("NXST"))
                .collect(Collectors.toCollection(TreeSet::new)).stream().collect(Collectors.joining("\n"));
    }
}
