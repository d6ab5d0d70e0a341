package te.topology;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable, normalised, directed WAN topology: nodes {@code 0..n-1}, arcs {@code 0..m-1} ordered
 * by (src, dst), at most one arc per ordered node pair. A self-loop ({@code src == dst}) is kept as
 * the reference keeps it (Interoute has two): its capacity counts in gravity traffic, no path uses it.
 *
 * <p>Besides the record-style lists it keeps a compressed-sparse-row adjacency (arcs sorted by
 * tail, {@link #outStart(int)}) so that path searches over hundreds of thousands of node pairs touch primitive
 * arrays only.
 */
public final class Topology {
    private final String name;
    private final List<Node> nodes;
    private final List<Link> links;
    private final Map<String, Integer> indexById;
    /**
     * Label, compared as {@link String#equalsIgnoreCase} does, → node index, or -1 when several
     * nodes carry it: a demand file naming nodes by label must not scan every node per entry (Kdl:
     * 11 µs per entry against 1.7 µs by id).
     */
    private final java.util.TreeMap<String, Integer> indexByLabel = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final int[] arcSrc;
    private final int[] arcDst;
    private final double[] capacityMbps;
    private final int[] outStart;
    private final int[] inStart;
    private final int[] inArc;
    private final String contentHash;
    private final List<DroppedNode> dropped;

    /**
     * A topology that lacks no node of its file.
     *
     * @see #Topology(String, List, List, List)
     */
    public Topology(String name, List<Node> nodes, List<Link> links) {
        this(name, nodes, links, List.of());
    }

    /**
     * @param name    display name (e.g. the Topology Zoo network name)
     * @param nodes   nodes with indices {@code 0..n-1} in order
     * @param links   arcs with indices {@code 0..m-1} in order, sorted by (src, dst), no duplicates
     * @param dropped the file's nodes that normalisation left out (outside the largest strongly
     *                connected component); they do not route, so they count in neither equality nor
     *                {@link #contentHash()}
     * @throws IllegalArgumentException if indices are not dense, arcs are unsorted or duplicated,
     *                                  endpoints are out of range, or node ids repeat
     */
    public Topology(String name, List<Node> nodes, List<Link> links, List<DroppedNode> dropped) {
        this.name = requireNonNull(name, "name");
        this.nodes = List.copyOf(nodes);
        this.links = List.copyOf(links);
        this.dropped = List.copyOf(dropped);
        if (this.nodes.isEmpty()) {
            throw new IllegalArgumentException("topology %s has no nodes".formatted(name));
        }
        this.indexById = new HashMap<>();
        for (int i = 0; i < this.nodes.size(); i++) {
            Node node = this.nodes.get(i);
            if (node.index() != i) {
                throw new IllegalArgumentException("node %s has index %d, expected %d".formatted(node.id(), node.index(), i));
            }
            if (indexById.put(node.id(), i) != null) {
                throw new IllegalArgumentException("duplicate node id '%s'".formatted(node.id()));
            }
            indexByLabel.merge(node.label(), i, (was, added) -> -1);
        }
        int n = this.nodes.size();
        int m = this.links.size();
        arcSrc = new int[m];
        arcDst = new int[m];
        capacityMbps = new double[m];
        outStart = new int[n + 1];
        long previousKey = -1;
        for (int a = 0; a < m; a++) {
            Link link = this.links.get(a);
            if (link.index() != a) {
                throw new IllegalArgumentException("link has index %d, expected %d".formatted(link.index(), a));
            }
            if (link.src() >= n || link.dst() >= n) {
                throw new IllegalArgumentException("link %d: endpoint out of range 0..%d".formatted(a, n - 1));
            }
            long key = (long) link.src() * n + link.dst();
            if (key <= previousKey) {
                throw new IllegalArgumentException(
                        "link %d (%d->%d): arcs must be sorted by (src, dst) without duplicates".formatted(a, link.src(), link.dst()));
            }
            previousKey = key;
            arcSrc[a] = link.src();
            arcDst[a] = link.dst();
            capacityMbps[a] = link.capacityMbps();
            outStart[link.src() + 1]++;
        }
        for (int v = 0; v < n; v++) {
            outStart[v + 1] += outStart[v];
        }
        inStart = new int[n + 1];
        for (int a = 0; a < m; a++) {
            inStart[arcDst[a] + 1]++;
        }
        for (int v = 0; v < n; v++) {
            inStart[v + 1] += inStart[v];
        }
        inArc = new int[m];
        int[] fill = inStart.clone();
        for (int a = 0; a < m; a++) {
            inArc[fill[arcDst[a]]++] = a;
        }
        this.contentHash = computeHash();
    }

    /** @return the display name */
    public String name() {
        return name;
    }

    /** @return nodes in index order */
    public List<Node> nodes() {
        return nodes;
    }

    /** @return arcs in index order (sorted by src, then dst) */
    public List<Link> links() {
        return links;
    }

    /** @return number of nodes */
    public int nodeCount() {
        return nodes.size();
    }

    /** @return number of directed arcs */
    public int arcCount() {
        return links.size();
    }

    /** @return the file's nodes that normalisation left out, in file order (empty when it kept all) */
    public List<DroppedNode> droppedNodes() {
        return dropped;
    }

    /**
     * @return whether {@code idOrLabel} names (as {@link #resolveNode} would) a node of the file that
     *         normalisation dropped, rather than no node at all
     */
    public boolean isDropped(String idOrLabel) {
        return dropped.stream().anyMatch(d -> d.isNamed(idOrLabel));
    }

    /** @return the node with this file id, if any */
    public Optional<Node> nodeById(String id) {
        Integer index = indexById.get(id);
        return index == null ? Optional.empty() : Optional.of(nodes.get(index));
    }

    /** A label that several nodes carry: it names none of them. */
    public static final class AmbiguousNodeException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        AmbiguousNodeException(String message) {
            super(message);
        }
    }

    /**
     * Resolves a node by its file id, or failing that by its label (case-insensitive) when the label
     * is unique.
     *
     * @return the node index
     * @throws IllegalArgumentException naming the value when no node matches, and saying so when it
     *                                  names a node of the file that was dropped
     */
    public int resolveNode(String idOrLabel) {
        Integer index = indexById.get(idOrLabel);
        if (index != null) {
            return index;
        }
        Integer found = indexByLabel.get(idOrLabel);
        if (found != null && found < 0) {
            throw new AmbiguousNodeException("node '%s' is ambiguous in %s: several nodes carry that label; use the id"
                    .formatted(idOrLabel, name));
        }
        if (found == null) {
            if (isDropped(idOrLabel)) {
                throw new IllegalArgumentException(("node '%s' of %s was dropped on loading: it lies outside the largest strongly "
                        + "connected component, which kept %d of the file's %d nodes (expected one of their ids or labels)")
                        .formatted(idOrLabel, name, nodes.size(), nodes.size() + dropped.size()));
            }
            throw new IllegalArgumentException("unknown node '%s' in %s (expected one of its %d node ids or labels)"
                    .formatted(idOrLabel, name, nodes.size()));
        }
        return found;
    }

    /** @return the arc index from {@code src} to {@code dst}, or -1 when there is none */
    public int arcIndex(int src, int dst) {
        int lo = outStart[src];
        int hi = outStart[src + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int head = arcDst[mid];
            if (head < dst) {
                lo = mid + 1;
            } else if (head > dst) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** @return tail node of arc {@code a} */
    public int arcSrc(int a) {
        return arcSrc[a];
    }

    /** @return head node of arc {@code a} */
    public int arcDst(int a) {
        return arcDst[a];
    }

    /** @return arc {@code a} as {@code srcId->dstId} (node ids), as messages and the daemon's API name links */
    public String arcName(int a) {
        return nodes.get(arcSrc[a]).id() + "->" + nodes.get(arcDst[a]).id();
    }

    /** @return capacity of arc {@code a} in Mbps */
    public double capacityMbps(int a) {
        return capacityMbps[a];
    }

    /** @return a copy of all arc capacities in Mbps, indexed by arc */
    public double[] capacitiesMbps() {
        return capacityMbps.clone();
    }

    /** @return first arc leaving {@code v}; arcs of {@code v} are {@code outStart(v) .. outStart(v+1)-1} */
    public int outStart(int v) {
        return outStart[v];
    }

    /**
     * @return first position of {@code v}'s entering arcs: they are {@link #inArc inArc(i)} for
     *         {@code i} in {@code inStart(v) .. inStart(v+1)-1}, by source node
     */
    public int inStart(int v) {
        return inStart[v];
    }

    /** @return the arc at position {@code i} of the entering-arc lists (see {@link #inStart}) */
    public int inArc(int i) {
        return inArc[i];
    }

    /**
     * SHA-256 over node ids, arcs and capacities: equal for topologies that route identically, so it
     * keys on-disk caches.
     *
     * @return lowercase hex digest
     */
    public String contentHash() {
        return contentHash;
    }

    private String computeHash() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Node node : nodes) {
                digest.update(node.id().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            ByteBuffer buffer = ByteBuffer.allocate(16);
            for (int a = 0; a < arcSrc.length; a++) {
                buffer.clear();
                buffer.putInt(arcSrc[a]).putInt(arcDst[a]).putDouble(capacityMbps[a]);
                digest.update(buffer.array());
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Topology other
                && name.equals(other.name)
                && contentHash.equals(other.contentHash)
                && Arrays.equals(capacityMbps, other.capacityMbps);
    }

    @Override
    public int hashCode() {
        return contentHash.hashCode();
    }

    @Override
    public String toString() {
        return "Topology[%s, %d nodes, %d arcs]".formatted(name, nodeCount(), arcCount());
    }
}
