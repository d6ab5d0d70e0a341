package te.topology.io;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.GabowStrongConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleDirectedGraph;
import te.topology.DroppedNode;
import te.topology.Link;
import te.topology.Node;
import te.topology.Topology;
import te.topology.TopologyFormatException;

/**
 * Normalises a {@link RawGraph} the way the POP/NCFlow reference does: every undirected link
 * becomes two arcs (a self-loop one), parallel arcs collapse into one, and only the largest
 * strongly connected component is kept. Nodes keep their file order, so indices are stable.
 *
 * <p>A collapsed arc's capacity is the sum of its parallel edges' file capacities when every one of
 * them has a capacity, else the default capacity once: the reference gives each arc (not each
 * physical link) 1000, and this keeps those topologies identical to it.
 */
public final class TopologyNormalizer {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TopologyNormalizer.class);
    private final LoadOptions options;

    /** @param options default capacity and other load settings */
    public TopologyNormalizer(LoadOptions options) {
        this.options = options;
    }

    /**
     * @return the normalised topology
     * @throws TopologyFormatException if the graph is empty, an edge names an unknown node, a
     *                                 node id repeats, or a capacity is not finite and positive
     */
    public Topology normalize(RawGraph raw) {
        Map<String, Integer> fileIndex = indexNodes(raw);
        Map<Long, double[]> arcs = collectArcs(raw, fileIndex);
        int n = raw.nodes().size();
        boolean[] kept = largestStrongComponent(n, arcs.keySet());

        int[] newIndex = new int[n];
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            newIndex[i] = kept[i] ? nodes.size() : -1;
            if (kept[i]) {
                RawNode rn = raw.nodes().get(i);
                nodes.add(new Node(nodes.size(), rn.id(), rn.label()));
            }
        }
        // TreeMap keyed (src * n + dst) over new indices gives the (src, dst) arc order Topology needs.
        TreeMap<Long, Double> ordered = new TreeMap<>();
        long size = nodes.size();
        arcs.forEach((key, cap) -> {
            int u = (int) (key / n);
            int v = (int) (key % n);
            if (kept[u] && kept[v]) {
                ordered.put(newIndex[u] * size + newIndex[v], capacity(cap));
            }
        });
        if (nodes.size() < 2) {
            throw new TopologyFormatException(raw.source(), null,
                    "the largest strongly connected component has %d node(s); expected at least 2 (%s)".formatted(nodes.size(), whyNoComponent(raw)));
        }
        List<DroppedNode> dropped = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!kept[i]) {
                RawNode rn = raw.nodes().get(i);
                dropped.add(new DroppedNode(rn.id(), rn.label()));
            }
        }
        if (!dropped.isEmpty()) {
            LOG.warn("{}: kept the largest strongly connected component, {} of {} nodes; dropped {} ({}{})", raw.source(),
                    nodes.size(), n, dropped.size(), String.join(", ", dropped.stream().limit(10).map(DroppedNode::id).toList()),
                    dropped.size() > 10 ? ", ..." : "");
        }
        List<Link> links = new ArrayList<>(ordered.size());
        ordered.forEach((key, cap) -> links.add(new Link(links.size(), (int) (key / size), (int) (key % size), cap)));
        // Only here is it known which of the file's nodes are missing: a demand or --show naming one is told why.
        return new Topology(raw.name(), nodes, links, dropped);
    }

    /** @return why no two nodes reach each other, as far as the file tells: "has links?" misled for a directed file that has some */
    private static String whyNoComponent(RawGraph raw) {
        if (raw.edges().stream().allMatch(e -> e.source().equals(e.target()))) {
            return raw.edges().isEmpty() ? "the file has no links" : "the file's only links are self-loops";
        }
        return "the file's links are directed and form no cycle: no two nodes reach each other";
    }

    /**
     * @return why demands, link changes and wiring lines could not name this node id reliably, or
     *         empty: a blank id; spaces around it (CSV fields are trimmed, so a demand for {@code " a"}
     *         would go to node {@code "a"}); a comma or a control character (a CSV field or line
     *         break); a leading {@code #} (a CSV comment line)
     */
    static java.util.Optional<String> unaddressable(String id) {
        if (id.isBlank()) {
            return java.util.Optional.of("a node id must not be empty or blank");
        }
        if (!id.equals(id.strip())) {
            return java.util.Optional.of("a node id must not start or end with white space (demand files trim their fields)");
        }
        if (id.startsWith("#")) {
            return java.util.Optional.of("a node id must not start with '#' (a comment in demand CSV files)");
        }
        if (id.indexOf(',') >= 0 || id.chars().anyMatch(Character::isISOControl)) {
            return java.util.Optional.of("a node id must not hold a comma or a control character (demand CSV files could not name it)");
        }
        return java.util.Optional.empty();
    }

    private static Map<String, Integer> indexNodes(RawGraph raw) {
        if (raw.nodes().isEmpty()) {
            throw new TopologyFormatException(raw.source(), null, "the graph has no nodes (expected at least 2)");
        }
        Map<String, Integer> fileIndex = new HashMap<>();
        for (int i = 0; i < raw.nodes().size(); i++) {
            String id = raw.nodes().get(i).id();
            unaddressable(id).ifPresent(why -> {
                throw new TopologyFormatException(raw.source(), "node '" + id + "'", why);
            });
            if (fileIndex.putIfAbsent(id, i) != null) {
                throw new TopologyFormatException(raw.source(), "node '" + id + "'", "duplicate node id");
            }
        }
        return fileIndex;
    }

    /** @return per (u * n + v) file-index arc: {sum of file capacities, edges without capacity} */
    private Map<Long, double[]> collectArcs(RawGraph raw, Map<String, Integer> fileIndex) {
        long n = raw.nodes().size();
        Map<Long, double[]> arcs = new HashMap<>();
        for (RawEdge edge : raw.edges()) {
            Integer u = fileIndex.get(edge.source());
            Integer v = fileIndex.get(edge.target());
            if (u == null || v == null) {
                String missing = u == null ? edge.source() : edge.target();
                throw new TopologyFormatException(raw.source(), edge.element(),
                        "endpoint '%s' is not a node of the graph".formatted(missing));
            }
            Double cap = edge.capacityMbps();
            if (cap != null && !te.topology.Link.plausibleCapacity(cap)) {
                throw new TopologyFormatException(raw.source(), edge.element(),
                        "capacity must be a number from %.0e Mbps (1 bit/s) to %.0e Mbps (1 Pbit/s), got %s"
                                .formatted(te.topology.Link.MIN_CAPACITY_MBPS, te.topology.Link.MAX_CAPACITY_MBPS, cap));
            }
            addArc(raw, edge, arcs, u * n + v, cap);
            if (!raw.directed() && !u.equals(v)) {
                addArc(raw, edge, arcs, v * n + u, cap);
            }
        }
        return arcs;
    }

    private static void addArc(RawGraph raw, RawEdge edge, Map<Long, double[]> arcs, long key, Double cap) {
        double[] acc = arcs.computeIfAbsent(key, k -> new double[2]);
        if (cap == null) {
            acc[1]++;
        } else {
            acc[0] += cap;
            if (acc[0] > te.topology.Link.MAX_CAPACITY_MBPS) {
                throw new TopologyFormatException(raw.source(), edge.element(),
                        "with the parallel edges before it, the capacity between %s and %s exceeds %.0e Mbps"
                                .formatted(edge.source(), edge.target(), te.topology.Link.MAX_CAPACITY_MBPS));
            }
        }
    }

    private double capacity(double[] acc) {
        return acc[1] > 0 ? options.defaultCapacityMbps() : acc[0];
    }

    /** Largest SCC; ties go to the component holding the earliest node in file order. */
    private static boolean[] largestStrongComponent(int n, Set<Long> arcKeys) {
        Graph<Integer, DefaultEdge> graph = new SimpleDirectedGraph<>(DefaultEdge.class);
        for (int i = 0; i < n; i++) {
            graph.addVertex(i);
        }
        for (long key : arcKeys) {
            int u = (int) (key / n);
            int v = (int) (key % n);
            if (u != v) {
                graph.addEdge(u, v);
            }
        }
        List<Set<Integer>> components = new GabowStrongConnectivityInspector<>(graph).stronglyConnectedSets();
        Set<Integer> best = components.stream()
                .max(Comparator.<Set<Integer>>comparingInt(Set::size)
                        .thenComparing(c -> -c.stream().mapToInt(Integer::intValue).min().orElse(n)))
                .orElseThrow();
        boolean[] kept = new boolean[n];
        best.forEach(i -> kept[i] = true);
        return kept;
    }
}
