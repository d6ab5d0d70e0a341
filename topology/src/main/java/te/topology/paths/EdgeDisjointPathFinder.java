package te.topology.paths;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import te.topology.Topology;

/**
 * A maximum set of arc-disjoint s-d paths from a unit-capacity max-flow (Edmonds-Karp: shortest
 * augmenting paths by hop count), decomposed into paths, loops cut out, ranked by metric length
 * (stable), the first k kept. This is what the reference gets from networkx's
 * {@code edge_disjoint_paths}; it is written over primitive arrays because Kdl needs it for 567,762
 * pairs and an object graph per pair would dominate the run time.
 */
final class EdgeDisjointPathFinder implements PairPathFinder {
    private final Topology topology;
    private final PathSpec spec;
    private final int n;
    private final boolean[] flow;
    private final int[] touched;
    private int touchedCount;
    private final int[] parent;
    private final int[] seen;
    private final int[] queue;
    private final int[] position;
    private final int[] walk;
    private int epoch;

    EdgeDisjointPathFinder(Topology topology, PathSpec spec) {
        this.topology = topology;
        this.spec = spec;
        this.n = topology.nodeCount();
        int m = topology.arcCount();
        flow = new boolean[m];
        touched = new int[m];
        parent = new int[n];
        seen = new int[n];
        queue = new int[n];
        position = new int[n];
        walk = new int[topology.arcCount()];
    }

    @Override
    public int[][] find(int s, int d) {
        while (augment(s, d)) {
            // Each augmentation adds one unit of flow; the loop ends at the max flow.
        }
        List<int[]> paths = decompose(s, d);
        for (int i = 0; i < touchedCount; i++) {
            flow[touched[i]] = false;
        }
        touchedCount = 0;
        double[] lengths = new double[paths.size()];
        Integer[] order = new Integer[paths.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            for (int a : paths.get(i)) {
                lengths[i] += spec.metric().length(topology, a);
            }
        }
        // Arrays.sort on objects is stable: ties keep decomposition order, as the reference's sort.
        Arrays.sort(order, Comparator.comparingDouble(i -> lengths[i]));
        int kept = Math.min(spec.k(), order.length);
        int[][] result = new int[kept][];
        for (int i = 0; i < kept; i++) {
            result[i] = paths.get(order[i]);
        }
        return result;
    }

    /** One BFS in the residual graph; pushes one unit along the path found. */
    private boolean augment(int s, int d) {
        int stamp = ++epoch;
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        seen[s] = stamp;
        while (head < tail) {
            int u = queue[head++];
            for (int a = topology.outStart(u); a < topology.outStart(u + 1); a++) {
                int v = topology.arcDst(a);
                if (!flow[a] && seen[v] != stamp) {
                    seen[v] = stamp;
                    parent[v] = a + 1;
                    if (v == d) {
                        push(s, d);
                        return true;
                    }
                    queue[tail++] = v;
                }
            }
            for (int i = topology.inStart(u); i < topology.inStart(u + 1); i++) {
                int a = topology.inArc(i);
                int v = topology.arcSrc(a);
                if (flow[a] && seen[v] != stamp) {
                    seen[v] = stamp;
                    parent[v] = -(a + 1);
                    queue[tail++] = v;
                }
            }
        }
        return false;
    }

    private void push(int s, int d) {
        for (int v = d; v != s; ) {
            int p = parent[v];
            if (p > 0) {
                int a = p - 1;
                flow[a] = true;
                touched[touchedCount++] = a;
                v = topology.arcSrc(a);
            } else {
                int a = -p - 1;
                flow[a] = false;
                v = topology.arcDst(a);
            }
        }
    }

    /** Follows saturated arcs from s to d, consuming them, and cuts any loop a walk makes. */
    private List<int[]> decompose(int s, int d) {
        List<int[]> paths = new ArrayList<>();
        for (int first = topology.outStart(s); first < topology.outStart(s + 1); first++) {
            if (!flow[first] || topology.arcDst(first) == s) {
                continue;
            }
            int stamp = ++epoch;
            seen[s] = stamp;
            position[s] = 0;
            int length = 0;
            int a = first;
            while (true) {
                flow[a] = false;
                int v = topology.arcDst(a);
                if (seen[v] == stamp) {
                    int cut = position[v];
                    for (int i = cut; i < length; i++) {
                        seen[topology.arcDst(walk[i])] = 0;
                    }
                    length = cut;
                } else {
                    walk[length++] = a;
                    seen[v] = stamp;
                    position[v] = length;
                }
                if (v == d) {
                    break;
                }
                a = nextSaturated(v);
            }
            paths.add(Arrays.copyOf(walk, length));
        }
        return paths;
    }

    private int nextSaturated(int v) {
        for (int a = topology.outStart(v); a < topology.outStart(v + 1); a++) {
            if (flow[a]) {
                return a;
            }
        }
        throw new IllegalStateException("flow conservation broken at node " + v);
    }
}
