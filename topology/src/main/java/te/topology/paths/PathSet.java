package te.topology.paths;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import te.topology.Topology;

/**
 * Precomputed paths for a list of ordered node pairs, held in flat primitive arrays so that Kdl's
 * 567,762 pairs × 4 paths cost a few hundred MB instead of millions of objects.
 *
 * <p>Pair {@code i} runs from {@link #src(int)} to {@link #dst(int)}; its paths are
 * {@code firstPath(i) .. firstPath(i+1)-1}, ranked best first; path {@code p} is the arc sequence
 * {@code arcs[arcStart[p] .. arcStart[p+1]-1]}. Pairs are sorted by (src, dst) and unique.
 */
public final class PathSet {
    private final String topologyHash;
    private final PathSpec spec;
    private final int nodeCount;
    private final int[] src;
    private final int[] dst;
    private final int[] pathStart;
    private final int[] arcStart;
    private final int[] arcs;

    /**
     * Takes ownership of the arrays (no copies: they can be hundreds of MB). Checks, in time linear in
     * the arrays, that they describe such a set; whether the paths are walks of a topology
     * and have the shape their spec gives is {@link #requirePathsOf(Topology)}'s to check.
     *
     * @throws IllegalArgumentException naming the first inconsistency: lengths that do not match,
     *                                  offsets that do not start at 0, decrease or end elsewhere than
     *                                  the next array's length, a node outside {@code 0..nodeCount-1},
     *                                  a pair from a node to itself, or pairs out of order or repeated
     */
    public PathSet(String topologyHash, PathSpec spec, int nodeCount,
                   int[] src, int[] dst, int[] pathStart, int[] arcStart, int[] arcs) {
        this.topologyHash = requireNonNull(topologyHash, "topologyHash");
        this.spec = requireNonNull(spec, "spec");
        this.nodeCount = nodeCount;
        this.src = requireNonNull(src, "src");
        this.dst = requireNonNull(dst, "dst");
        this.pathStart = requireNonNull(pathStart, "pathStart");
        this.arcStart = requireNonNull(arcStart, "arcStart");
        this.arcs = requireNonNull(arcs, "arcs");
        if (nodeCount < 0) {
            throw new IllegalArgumentException("nodeCount must be >= 0, got " + nodeCount);
        }
        if (src.length != dst.length || pathStart.length != src.length + 1) {
            throw new IllegalArgumentException("inconsistent path arrays: %d sources, %d destinations and %d path starts, expected equal counts and one more start"
                    .formatted(src.length, dst.length, pathStart.length));
        }
        requireOffsets("pathStart", pathStart, arcStart.length - 1, "arcStart's length - 1");
        requireOffsets("arcStart", arcStart, arcs.length, "arcs' length");
        for (int i = 0; i < src.length; i++) {
            if (src[i] < 0 || src[i] >= nodeCount || dst[i] < 0 || dst[i] >= nodeCount || src[i] == dst[i]) {
                throw new IllegalArgumentException("pair %d is %d->%d, expected two different nodes in 0..%d"
                        .formatted(i, src[i], dst[i], nodeCount - 1));
            }
            if (i > 0 && key(i - 1) >= key(i)) {
                throw new IllegalArgumentException("pairs must be sorted by (src, dst) without duplicates at index " + i);
            }
        }
    }

    /** Offsets into the next array: from 0, never decreasing, ending at that array's length. */
    private static void requireOffsets(String name, int[] offsets, int end, String endName) {
        if (offsets.length == 0 || offsets[0] != 0) {
            throw new IllegalArgumentException("%s must start at 0, got %s".formatted(name,
                    offsets.length == 0 ? "no entries" : String.valueOf(offsets[0])));
        }
        for (int i = 1; i < offsets.length; i++) {
            if (offsets[i] < offsets[i - 1]) {
                throw new IllegalArgumentException("%s[%d] = %d is below %s[%d] = %d, expected non-decreasing offsets"
                        .formatted(name, i, offsets[i], name, i - 1, offsets[i - 1]));
            }
        }
        if (offsets[offsets.length - 1] != end) {
            throw new IllegalArgumentException("%s ends at %d, expected %s, %d"
                    .formatted(name, offsets[offsets.length - 1], endName, end));
        }
    }

    /**
     * Checks that these paths belong to {@code topology} and have the shape a precomputation under
     * {@link #spec()} gives them: the node counts agree; every path is a walk of one or more of its
     * arcs from its pair's source to its destination that visits no node twice; a pair has at most
     * k paths, no two the same; and under {@link PathMethod#EDGE_DISJOINT} no arc is on two paths of
     * one pair. A cache file with a valid checksum may still be someone else's arrays: a loop or a
     * repeated path would be routed over as written. Linear in the arc entries, plus a sort of each
     * pair's at most 64 path hashes (a Kdl cache's ~30 M entries take a few tens of ms).
     *
     * @throws IllegalArgumentException naming the first path that breaks one of these, and why
     */
    public void requirePathsOf(Topology topology) {
        if (topology.nodeCount() != nodeCount) {
            throw new IllegalArgumentException("paths for %d nodes, %s has %d".formatted(nodeCount, topology.name(), topology.nodeCount()));
        }
        int arcCount = topology.arcCount();
        boolean disjoint = spec.method() == PathMethod.EDGE_DISJOINT;
        // Stamps instead of clearing: node -> path index + 1 last visiting it, arc -> pair index + 1 last using it.
        int[] visitedBy = new int[nodeCount];
        int[] usedBy = disjoint ? new int[arcCount] : null;
        long[] hashes = new long[spec.k()];
        for (int i = 0; i < src.length; i++) {
            if (pathCount(i) > spec.k()) {
                throw new IllegalArgumentException("pair %d->%d has %d paths, expected at most k = %d"
                        .formatted(src[i], dst[i], pathCount(i), spec.k()));
            }
            for (int p = pathStart[i]; p < pathStart[i + 1]; p++) {
                if (arcStart[p + 1] == arcStart[p]) {
                    throw new IllegalArgumentException("path %d of pair %d->%d has no arcs".formatted(p, src[i], dst[i]));
                }
                int at = src[i];
                visitedBy[at] = p + 1;
                long hash = 1;
                for (int e = arcStart[p]; e < arcStart[p + 1]; e++) {
                    int a = arcs[e];
                    if (a < 0 || a >= arcCount) {
                        throw new IllegalArgumentException("path %d of pair %d->%d: arc %d, expected 0..%d"
                                .formatted(p, src[i], dst[i], a, arcCount - 1));
                    }
                    if (topology.arcSrc(a) != at) {
                        throw new IllegalArgumentException("path %d of pair %d->%d: arc %d leaves node %d, expected one leaving %d"
                                .formatted(p, src[i], dst[i], a, topology.arcSrc(a), at));
                    }
                    if (disjoint) {
                        if (usedBy[a] == i + 1) {
                            throw new IllegalArgumentException("path %d of pair %d->%d: arc %d (%d->%d) is on an earlier path of the pair too, expected arc-disjoint paths"
                                    .formatted(p, src[i], dst[i], a, topology.arcSrc(a), topology.arcDst(a)));
                        }
                        usedBy[a] = i + 1;
                    }
                    at = topology.arcDst(a);
                    if (visitedBy[at] == p + 1) {
                        throw new IllegalArgumentException("path %d of pair %d->%d visits node %d twice, expected a simple path (no loop)"
                                .formatted(p, src[i], dst[i], at));
                    }
                    visitedBy[at] = p + 1;
                    hash = (hash + a) * 0x9E3779B97F4A7C15L;
                }
                if (at != dst[i]) {
                    throw new IllegalArgumentException("path %d of pair %d->%d ends at node %d".formatted(p, src[i], dst[i], at));
                }
                hashes[p - pathStart[i]] = hash;
            }
            if (!disjoint) {
                // Arc-disjoint paths are distinct already; others are compared where their hashes meet.
                requireDistinct(i, hashes);
            }
        }
    }

    /** @param hashes pair {@code i}'s path hashes first; reordered */
    private void requireDistinct(int i, long[] hashes) {
        int count = pathCount(i);
        Arrays.sort(hashes, 0, count);
        for (int j = 1; j < count; j++) {
            if (hashes[j] == hashes[j - 1]) {
                for (int p = pathStart[i]; p < pathStart[i + 1]; p++) {
                    for (int q = p + 1; q < pathStart[i + 1]; q++) {
                        if (samePath(p, this, q)) {
                            throw new IllegalArgumentException("paths %d and %d of pair %d->%d are the same, expected distinct paths"
                                    .formatted(p, q, src[i], dst[i]));
                        }
                    }
                }
                return; // a hash collision of distinct paths
            }
        }
    }

    private long key(int pair) {
        return (long) src[pair] * nodeCount + dst[pair];
    }

    /** @return content hash of the topology these paths belong to */
    public String topologyHash() {
        return topologyHash;
    }

    /** @return how these paths were computed */
    public PathSpec spec() {
        return spec;
    }

    /** @return node count of the topology */
    public int nodeCount() {
        return nodeCount;
    }

    /** @return number of pairs */
    public int pairCount() {
        return src.length;
    }

    /** @return total number of paths over all pairs */
    public int pathCount() {
        return pathStart[src.length];
    }

    /** @return total number of arc entries over all paths */
    public long arcEntryCount() {
        return arcs.length;
    }

    /** @return source node of pair {@code i} */
    public int src(int i) {
        return src[i];
    }

    /** @return destination node of pair {@code i} */
    public int dst(int i) {
        return dst[i];
    }

    /** @return index of pair {@code i}'s first path; pair {@code i}'s paths end before {@code firstPath(i+1)} */
    public int firstPath(int i) {
        return pathStart[i];
    }

    /** @return number of paths of pair {@code i} (0 when the pair is disconnected) */
    public int pathCount(int i) {
        return pathStart[i + 1] - pathStart[i];
    }

    /** @return number of arcs (hops) of path {@code p} */
    public int pathLength(int p) {
        return arcStart[p + 1] - arcStart[p];
    }

    /** @return the {@code j}-th arc of path {@code p} */
    public int arc(int p, int j) {
        return arcs[arcStart[p] + j];
    }

    /**
     * @return whether path {@code p} of this set and path {@code q} of {@code other} are the same
     *         arc sequence; compared in place, without copying (a re-solve compares Kdl's million paths)
     */
    public boolean samePath(int p, PathSet other, int q) {
        int length = pathLength(p);
        if (length != other.pathLength(q)) {
            return false;
        }
        int from = arcStart[p];
        int otherFrom = other.arcStart[q];
        for (int j = 0; j < length; j++) {
            if (arcs[from + j] != other.arcs[otherFrom + j]) {
                return false;
            }
        }
        return true;
    }

    /** @return the arcs of path {@code p}, a copy */
    public int[] pathArcs(int p) {
        return Arrays.copyOfRange(arcs, arcStart[p], arcStart[p + 1]);
    }

    /** @return the nodes path {@code p} visits, source first */
    public int[] pathNodes(Topology topology, int p) {
        int length = pathLength(p);
        int[] nodes = new int[length + 1];
        nodes[0] = topology.arcSrc(arc(p, 0));
        for (int j = 0; j < length; j++) {
            nodes[j + 1] = topology.arcDst(arc(p, j));
        }
        return nodes;
    }

    /** @return the pair index of (s, d), or -1 if this set has no such pair */
    public int pairIndex(int s, int d) {
        long target = (long) s * nodeCount + d;
        int lo = 0;
        int hi = src.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long k = key(mid);
            if (k < target) {
                lo = mid + 1;
            } else if (k > target) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    // Raw arrays for the cache codec and the LP builder, which stream them in bulk.
    int[] srcArray() {
        return src;
    }

    int[] dstArray() {
        return dst;
    }

    int[] pathStartArray() {
        return pathStart;
    }

    int[] arcStartArray() {
        return arcStart;
    }

    int[] arcArray() {
        return arcs;
    }
}
