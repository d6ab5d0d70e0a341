package te.topology.paths;

import java.util.List;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.shortestpath.YenKShortestPath;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import te.topology.Topology;

/** Yen's k shortest simple paths, by JGraphT, over a weighted view of the topology. */
final class YenPathFinder implements PairPathFinder {
    private final YenKShortestPath<Integer, Integer> yen;
    private final int k;

    /** @param graph a weighted view from {@link #graphOf}; shared read-only between finders */
    YenPathFinder(Graph<Integer, Integer> graph, int k) {
        this.yen = new YenKShortestPath<>(graph);
        this.k = k;
    }

    /** @return the topology as a JGraphT graph whose edges are arc indices, weighted by the metric */
    static Graph<Integer, Integer> graphOf(Topology topology, PathMetric metric) {
        Graph<Integer, Integer> graph = new SimpleDirectedWeightedGraph<>(null, null);
        for (int v = 0; v < topology.nodeCount(); v++) {
            graph.addVertex(v);
        }
        for (int a = 0; a < topology.arcCount(); a++) {
            if (topology.arcSrc(a) != topology.arcDst(a)) {
                graph.addEdge(topology.arcSrc(a), topology.arcDst(a), a);
                graph.setEdgeWeight(a, metric.length(topology, a));
            }
        }
        return graph;
    }

    @Override
    public int[][] find(int s, int d) {
        List<GraphPath<Integer, Integer>> paths = yen.getPaths(s, d, k);
        int[][] result = new int[paths.size()][];
        for (int i = 0; i < result.length; i++) {
            result[i] = paths.get(i).getEdgeList().stream().mapToInt(Integer::intValue).toArray();
        }
        return result;
    }
}
