package te.topology.traffic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import te.topology.Topology;

/**
 * Collects demand entries from an input, validating each against the topology, and builds a
 * {@link TrafficMatrix} only if every entry was valid. Shared by the CSV and JSON readers and by
 * the daemon's REST handlers, so every input path applies the same rules.
 */
public final class TrafficMatrixBuilder {
    /** Demands above this are rejected as implausible: 1 Pbit/s, far beyond any WAN link. */
    public static final double MAX_DEMAND_MBPS = 1e9;
    /** Violations kept before the rest are only counted. */
    private static final int MAX_VIOLATIONS = 1000;

    private final Topology topology;
    private final String source;
    private final Map<Long, String> rowOfPair = new HashMap<>();
    private int[] src = new int[16];
    private int[] dst = new int[16];
    private double[] demand = new double[16];
    private int size;
    private final List<String> violations = new ArrayList<>();
    private int extraViolations;
    private final boolean dropUnknownNodes;
    private final List<String> dropped = new ArrayList<>();
    private int droppedCount;
    private boolean namedByLabel;

    /** @param source file name or other description of the input, for messages */
    public TrafficMatrixBuilder(Topology topology, String source) {
        this(topology, source, false);
    }

    private TrafficMatrixBuilder(Topology topology, String source, boolean dropUnknownNodes) {
        this.topology = topology;
        this.source = source;
        this.dropUnknownNodes = dropUnknownNodes;
    }

    /**
     * A builder that leaves out, instead of rejecting, entries naming a node the topology does not
     * have ({@link #droppedCount}): for demands stored against an earlier version of an edited
     * topology, whose other pairs still apply. Every other rule holds as for {@link
     * #TrafficMatrixBuilder(Topology, String)}.
     */
    public static TrafficMatrixBuilder droppingUnknownNodes(Topology topology, String source) {
        return new TrafficMatrixBuilder(topology, source, true);
    }

    /** @return the description of the input given at construction */
    public String source() {
        return source;
    }

    /** @return how many entries were left out because they name a node the topology lacks (only when dropping them) */
    public int droppedCount() {
        return droppedCount;
    }

    /**
     * @return whether some entry named a node by its label rather than its id: such input means
     *         something else once labels are edited, so it is not the form to keep
     */
    public boolean namedByLabel() {
        return namedByLabel;
    }

    /** @return the first (up to 10) entries left out, as {@code "SRC->DST"} */
    public List<String> dropped() {
        return List.copyOf(dropped);
    }

    /**
     * Validates and records one entry; problems are collected, not thrown.
     *
     * @param row        how to name this entry in a message, e.g. {@code "line 7"}
     * @param srcNode    source node id or label
     * @param dstNode    destination node id or label
     * @param demandMbps demand in Mbps
     */
    public void add(String row, String srcNode, String dstNode, double demandMbps) {
        if (dropUnknownNodes && (unknown(srcNode) || unknown(dstNode))) {
            if (droppedCount++ < 10) {
                dropped.add(srcNode + "->" + dstNode);
            }
            return;
        }
        int s = resolve(row, "src", srcNode);
        int d = resolve(row, "dst", dstNode);
        boolean ok = s >= 0 && d >= 0;
        if (ok && s == d) {
            violation("%s: src and dst are the same node '%s' (self-pairs carry no traffic)".formatted(row, srcNode));
            ok = false;
        }
        if (Double.isNaN(demandMbps) || Double.isInfinite(demandMbps) || demandMbps < 0 || demandMbps > MAX_DEMAND_MBPS) {
            violation("%s: demand %s Mbps is invalid; expected a finite number in [0, %.0e]".formatted(row, demandMbps, MAX_DEMAND_MBPS));
            ok = false;
        }
        // The pair is taken by its first row even when that row's demand is invalid: a later row
        // repeating it is a violation of its own, said now rather than once the demand is fixed.
        if (s >= 0 && d >= 0 && s != d) {
            String earlier = rowOfPair.putIfAbsent((long) s * topology.nodeCount() + d, row);
            if (earlier != null) {
                violation("%s: pair %s->%s repeats %s".formatted(row, srcNode, dstNode, earlier));
                ok = false;
            }
        }
        if (!ok) {
            return;
        }
        if (size == src.length) {
            src = Arrays.copyOf(src, size * 2);
            dst = Arrays.copyOf(dst, size * 2);
            demand = Arrays.copyOf(demand, size * 2);
        }
        src[size] = s;
        dst[size] = d;
        demand[size++] = demandMbps + 0.0; // -0.0 would be stored and served back as "-0.0"
    }

    /**
     * Checks only the node names of an entry already known to be invalid for another reason (e.g. a
     * demand of the wrong type), so that one pass reports all of its problems; names not given
     * ({@code null}) are skipped, the caller has reported them.
     */
    public void checkNodes(String row, String srcNode, String dstNode) {
        if (srcNode != null) {
            resolve(row, "src", srcNode);
        }
        if (dstNode != null) {
            resolve(row, "dst", dstNode);
        }
    }

    /** Records a problem that is not about one entry's values (e.g. a malformed row). */
    public void violation(String message) {
        if (violations.size() < MAX_VIOLATIONS) {
            violations.add(message);
        } else {
            extraViolations++;
        }
    }

    private boolean unknown(String node) {
        if (node == null || node.isEmpty()) {
            return false; // missing, not unknown: a violation
        }
        try {
            topology.resolveNode(node);
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private int resolve(String row, String field, String node) {
        if (node == null || node.isEmpty()) {
            violation("%s: %s is missing".formatted(row, field));
            return -1;
        }
        try {
            int index = topology.resolveNode(node);
            namedByLabel |= !topology.nodes().get(index).id().equals(node);
            return index;
        } catch (te.topology.Topology.AmbiguousNodeException e) {
            violation("%s: %s '%s' is a label several nodes of %s carry; name the node by its id".formatted(row, field, node,
                    topology.name()));
            return -1;
        } catch (IllegalArgumentException e) {
            violation("%s: %s '%s' is not a node of %s%s".formatted(row, field, node, topology.name(), topology.isDropped(node)
                    ? " (the file has it, but it was dropped on loading: it lies outside the largest strongly connected component)" : ""));
            return -1;
        }
    }

    /**
     * @return the matrix, entries sorted by (src, dst)
     * @throws TrafficMatrixFormatException listing every violation, if there was any
     */
    public TrafficMatrix build() {
        if (!violations.isEmpty()) {
            List<String> all = new ArrayList<>(violations);
            if (extraViolations > 0) {
                all.add("… %d further violations not listed".formatted(extraViolations));
            }
            throw new TrafficMatrixFormatException(source, all, violations.size() + extraViolations);
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        long n = topology.nodeCount();
        Arrays.sort(order, (x, y) -> Long.compare(src[x] * n + dst[x], src[y] * n + dst[y]));
        int[] s = new int[size];
        int[] d = new int[size];
        double[] dem = new double[size];
        for (int i = 0; i < size; i++) {
            s[i] = src[order[i]];
            d[i] = dst[order[i]];
            dem[i] = demand[order[i]];
        }
        return new TrafficMatrix(topology.nodeCount(), s, d, dem);
    }
}
