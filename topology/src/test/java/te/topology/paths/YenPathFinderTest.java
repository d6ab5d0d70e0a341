package te.topology.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.shortestpath.YenKShortestPath;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;

/** Our Yen against JGraphT's {@code YenKShortestPath}, the implementation it replaced. */
class YenPathFinderTest {

    /** Same number of paths and the same lengths, in order, for every pair of random graphs; every path simple and distinct. */
    @Test
    void agreesWithJGraphTOnRandomGraphs() {
        for (long seed = 1; seed <= 12; seed++) {
            Topology t = randomTopology(seed);
            for (PathMetric metric : PathMetric.values()) {
                int k = 2 + (int) (seed % 5);
                PathSpec spec = new PathSpec(k, PathMethod.YEN, metric);
                YenPathFinder ours = new YenPathFinder(t, spec);
                YenKShortestPath<Integer, Integer> oracle = new YenKShortestPath<>(jgraphtOf(t, metric));
                for (int s = 0; s < t.nodeCount(); s++) {
                    for (int d = 0; d < t.nodeCount(); d++) {
                        if (s == d) {
                            continue;
                        }
                        int[][] found = ours.find(s, d);
                        List<GraphPath<Integer, Integer>> expected = oracle.getPaths(s, d, k);
                        String where = "seed %d, %s, k=%d, %d->%d".formatted(seed, metric, k, s, d);
                        assertThat(found.length).as(where).isEqualTo(expected.size());
                        Set<List<Integer>> distinct = new HashSet<>();
                        for (int i = 0; i < found.length; i++) {
                            assertSimplePath(t, found[i], s, d, where);
                            double length = 0;
                            List<Integer> arcs = new ArrayList<>();
                            for (int a : found[i]) {
                                length += metric.length(t, a);
                                arcs.add(a);
                            }
                            assertThat(distinct.add(arcs)).as(where + ": path %d repeated", i).isTrue();
                            double weight = expected.get(i).getWeight();
                            assertThat(length).as(where + ": path %d", i).isCloseTo(weight, within(1e-9 * weight));
                        }
                    }
                }
            }
        }
    }

    @Test
    void aPairWithFewerSimplePathsThanKGetsThemAll() {
        Topology line = TestTopologies.undirected(4, "0-1", "1-2", "2-3", "1-3");
        int[][] paths = new YenPathFinder(line, new PathSpec(5, PathMethod.YEN, PathMetric.HOPS)).find(0, 3);
        assertThat(paths).hasNumberOfRows(2);
        assertThat(new YenPathFinder(TestTopologies.graph(3, "0>1", "1>2"), new PathSpec(3, PathMethod.YEN, PathMetric.HOPS))
                .find(2, 0)).isEmpty();
    }

    private static void assertSimplePath(Topology t, int[] arcs, int s, int d, String where) {
        Set<Integer> nodes = new HashSet<>();
        nodes.add(s);
        int at = s;
        for (int a : arcs) {
            assertThat(t.arcSrc(a)).as(where).isEqualTo(at);
            at = t.arcDst(a);
            assertThat(nodes.add(at)).as(where + ": node %d twice", at).isTrue();
        }
        assertThat(at).as(where).isEqualTo(d);
    }

    /** 8–20 nodes, a ring for strong connectivity, random chords, some one-way, capacities 1–100 Gbps. */
    private static Topology randomTopology(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 8 + random.nextInt(13);
        Set<String> arcs = new java.util.LinkedHashSet<>();
        Set<Long> pairs = new HashSet<>();
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            addArc(arcs, pairs, n, i, j, random);
            addArc(arcs, pairs, n, j, i, random);
        }
        int chords = n + random.nextInt(2 * n);
        for (int c = 0; c < chords; c++) {
            int u = random.nextInt(n);
            int v = random.nextInt(n);
            if (u != v) {
                addArc(arcs, pairs, n, u, v, random);
                if (random.nextInt(4) > 0) {
                    addArc(arcs, pairs, n, v, u, random);
                }
            }
        }
        return TestTopologies.graph(n, arcs.toArray(String[]::new));
    }

    private static void addArc(Set<String> arcs, Set<Long> pairs, int n, int u, int v, SplittableRandom random) {
        if (pairs.add((long) u * n + v)) {
            arcs.add(u + ">" + v + "@" + (1000 * (1 + random.nextInt(100))));
        }
    }

    private static Graph<Integer, Integer> jgraphtOf(Topology t, PathMetric metric) {
        Graph<Integer, Integer> graph = new SimpleDirectedWeightedGraph<>(null, null);
        for (int v = 0; v < t.nodeCount(); v++) {
            graph.addVertex(v);
        }
        for (int a = 0; a < t.arcCount(); a++) {
            graph.addEdge(t.arcSrc(a), t.arcDst(a), a);
            graph.setEdgeWeight(a, metric.length(t, a));
        }
        return graph;
    }
}
