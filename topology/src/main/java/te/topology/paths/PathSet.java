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
     * Takes ownership of the arrays (no copies: they can be hundreds of MB).
     *
     * @throws IllegalArgumentException if the arrays are inconsistent
     */
    public PathSet(String topologyHash, PathSpec spec, int nodeCount,
                   int[] src, int[] dst, int[] pathStart, int[] arcStart, int[] arcs) {
        this.topologyHash = requireNonNull(topologyHash, "topologyHash");
        this.spec = requireNonNull(spec, "spec");
        this.nodeCount = nodeCount;
        this.src = src;
        this.dst = dst;
        this.pathStart = pathStart;
        this.arcStart = arcStart;
        this.arcs = arcs;
        if (src.length != dst.length || pathStart.length != src.length + 1
                || arcStart.length != pathStart[src.length] + 1 || arcs.length != arcStart[arcStart.length - 1]) {
            throw new IllegalArgumentException("inconsistent path arrays: pairs=%d/%d pathStart=%d arcStart=%d arcs=%d"
                    .formatted(src.length, dst.length, pathStart.length, arcStart.length, arcs.length));
        }
        for (int i = 1; i < src.length; i++) {
            if (key(i - 1) >= key(i)) {
                throw new IllegalArgumentException("pairs must be sorted by (src, dst) without duplicates at index " + i);
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
