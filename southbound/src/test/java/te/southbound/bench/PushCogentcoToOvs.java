package te.southbound.bench;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import te.southbound.CommodityRoute;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.Ipv4Prefix;
import te.southbound.PushReport;
import te.southbound.SouthboundConfig;
import te.southbound.WeightPusher;
import te.southbound.WeightedPath;
import te.southbound.ovs.OvsNetwork;
import te.southbound.ovs.OvsSandbox;

/**
 * Pushes an all-pairs state on a Topology Zoo network (default Cogentco) to one OVS instance
 * with a bridge per node and a patch-port pair per link, and times it to the last barrier reply.
 * Paths: up to 4 arc-disjoint hop-shortest paths per pair (BFS, used arcs removed), split
 * 40/30/20/10 (renormalised when fewer exist); a second push reverses the splits. The fractions
 * are synthetic: southbound does not run the LP. Run by hand: args GRAPHML [K].
 */
public final class PushCogentcoToOvs {
    private static final int HOST_PORT = 1000; // above every neighbour index used as a port number

    private PushCogentcoToOvs() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "../shared/topology-zoo/Cogentco.graphml");
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        List<Set<Integer>> adj = readUndirected(file);
        int n = adj.size() - 1;
        List<int[]> links = new ArrayList<>();
        for (int u = 1; u <= n; u++) {
            for (int v : adj.get(u)) {
                if (u < v) links.add(new int[] {u, v});
            }
        }
        long t0 = System.nanoTime();
        DesiredState[] states = {state(adj, k, false), state(adj, k, true)};
        long paths = states[0].commodities().stream().mapToLong(c -> c.paths().size()).sum();
        System.out.printf("%s: %d nodes, %d links, %d commodities, %d paths (built in %.1f s)%n", file.getFileName(), n,
                links.size(), states[0].commodities().size(), paths, (System.nanoTime() - t0) / 1e9);
        try (OvsSandbox ovs = OvsSandbox.start()) {
            OvsNetwork net = OvsNetwork.create(ovs, n, links.toArray(int[][]::new));
            // default keepalive: echo 5 s, dead 15 s
            SouthboundConfig config = SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0)).withAuditIntervalMs(0);
            // -Dte.tls=DIR (e.g. southbound/src/test/resources/tls): every bridge over mutual TLS with those fixtures
            String tls = System.getProperty("te.tls");
            if (tls != null) {
                Path dir = Path.of(tls).toAbsolutePath();
                config = config.withTls(te.southbound.SwitchTls.fromPem(dir.resolve("controller.pem"), dir.resolve("controller.key"),
                        dir.resolve("ca.pem"), java.time.Instant.now()));
                ovs.vsctl("set-ssl", dir.resolve("switch.key").toString(), dir.resolve("switch.pem").toString(), dir.resolve("ca.pem").toString());
            }
            try (WeightPusher pusher = WeightPusher.start(config)) {
                long connecting = System.nanoTime();
                net.connect(tls != null ? "ssl" : "tcp", pusher.localAddress().getPort());
                while (pusher.status().size() < n) {
                    Thread.sleep(50);
                }
                System.out.printf("%d switches connected over %s in %.2f s%n", n, tls != null ? "TLS" : "TCP", (System.nanoTime() - connecting) / 1e9);
                for (DesiredState s : states) {
                    long start = System.nanoTime();
                    PushReport r = pusher.push(s).get();
                    System.out.printf("push: %.2f s to the last barrier reply; %s%n", (System.nanoTime() - start) / 1e9, r.summary());
                }
                System.out.printf("ovs-vswitchd resident memory: %d MiB%n", ovs.vswitchdRssMib());
            }
        }
    }

    /** @return adjacency by node index 1..n (index 0 unused), nodes in file order, no self-loops */
    static List<Set<Integer>> readUndirected(Path file) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        Map<String, Integer> index = new LinkedHashMap<>();
        NodeList nodes = doc.getElementsByTagName("node");
        for (int i = 0; i < nodes.getLength(); i++) {
            index.put(((Element) nodes.item(i)).getAttribute("id"), i + 1);
        }
        List<Set<Integer>> adj = new ArrayList<>();
        for (int i = 0; i <= index.size(); i++) {
            adj.add(new LinkedHashSet<>());
        }
        NodeList edges = doc.getElementsByTagName("edge");
        for (int i = 0; i < edges.getLength(); i++) {
            Element e = (Element) edges.item(i);
            int u = index.get(e.getAttribute("source"));
            int v = index.get(e.getAttribute("target"));
            if (u != v) {
                adj.get(u).add(v);
                adj.get(v).add(u);
            }
        }
        return adj;
    }

    static DesiredState state(List<Set<Integer>> adj, int k, boolean reversed) {
        double[] split = {0.4, 0.3, 0.2, 0.1};
        List<CommodityRoute> commodities = new ArrayList<>();
        int n = adj.size() - 1;
        for (int s = 1; s <= n; s++) {
            for (int d = 1; d <= n; d++) {
                if (s == d) continue;
                List<int[]> found = disjointPaths(adj, s, d, k);
                if (found.isEmpty()) continue;
                List<WeightedPath> paths = new ArrayList<>();
                for (int i = 0; i < found.size(); i++) {
                    paths.add(new WeightedPath(OvsNetwork.hopsTo(HOST_PORT, found.get(i)),
                            split[reversed ? found.size() - 1 - i : i]));
                }
                commodities.add(new CommodityRoute(s + "->" + d, new Dpid(s),
                        new Ipv4Prefix(10 << 24 | d << 8, 24), paths));
            }
        }
        return new DesiredState(commodities);
    }

    /** Hop-shortest path by BFS, its arcs removed, repeated up to k times. */
    static List<int[]> disjointPaths(List<Set<Integer>> adj, int s, int d, int k) {
        Set<Long> used = new java.util.HashSet<>();
        List<int[]> result = new ArrayList<>();
        for (int round = 0; round < k; round++) {
            int[] prev = new int[adj.size()];
            java.util.Arrays.fill(prev, -1);
            prev[s] = s;
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(s));
            while (!queue.isEmpty() && prev[d] < 0) {
                int u = queue.poll();
                for (int v : adj.get(u)) {
                    if (prev[v] < 0 && !used.contains((long) u << 32 | v)) {
                        prev[v] = u;
                        queue.add(v);
                    }
                }
            }
            if (prev[d] < 0) break;
            List<Integer> path = new ArrayList<>();
            for (int v = d; v != s; v = prev[v]) path.add(0, v);
            path.add(0, s);
            for (int i = 0; i + 1 < path.size(); i++) used.add((long) path.get(i) << 32 | path.get(i + 1));
            result.add(path.stream().mapToInt(Integer::intValue).toArray());
        }
        return result;
    }
}
