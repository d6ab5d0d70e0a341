package te.topology.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.topology.Topology;
import static te.topology.TestTopologies.graph;
import static te.topology.TestTopologies.undirected;

class PathPrecomputationTest {

    static List<List<Integer>> nodePaths(Topology t, PathSet ps, int s, int d) {
        int pair = ps.pairIndex(s, d);
        List<List<Integer>> out = new ArrayList<>();
        for (int p = ps.firstPath(pair); p < ps.firstPath(pair + 1); p++) {
            List<Integer> nodes = new ArrayList<>();
            for (int v : ps.pathNodes(t, p)) {
                nodes.add(v);
            }
            out.add(nodes);
        }
        return out;
    }

    /** Checks every path: starts at src, ends at dst, consecutive arcs, simple. */
    static void assertWellFormed(Topology t, PathSet ps) {
        for (int i = 0; i < ps.pairCount(); i++) {
            for (int p = ps.firstPath(i); p < ps.firstPath(i + 1); p++) {
                int[] nodes = ps.pathNodes(t, p);
                assertThat(nodes[0]).isEqualTo(ps.src(i));
                assertThat(nodes[nodes.length - 1]).isEqualTo(ps.dst(i));
                for (int j = 0; j < ps.pathLength(p); j++) {
                    int a = ps.arc(p, j);
                    assertThat(t.arcSrc(a)).isEqualTo(nodes[j]);
                    assertThat(t.arcDst(a)).isEqualTo(nodes[j + 1]);
                }
                Set<Integer> distinct = new HashSet<>();
                for (int v : nodes) {
                    assertThat(distinct.add(v)).as("path %d of pair %d is simple", p, i).isTrue();
                }
            }
        }
    }

    // 0-1-2-3 ring plus chord 0-2; 4 hangs off 3 (degree 1).
    private final Topology ring = undirected(5, "0-1", "1-2", "2-3", "3-0", "0-2", "3-4");

    @Test
    void edgeDisjointPathsAreDisjointShortestFirstAndWellFormed() {
        PathSet ps = PathPrecomputation.allPairs(ring, new PathSpec(4, PathMethod.EDGE_DISJOINT, PathMetric.HOPS), 2,
                PathPrecomputation.Progress.NONE);
        assertThat(ps.pairCount()).isEqualTo(20);
        assertWellFormed(ring, ps);
        // 0 has three neighbours and 2 has three: three disjoint paths, direct one first.
        List<List<Integer>> paths = nodePaths(ring, ps, 0, 2);
        assertThat(paths).hasSize(3);
        assertThat(paths.get(0)).containsExactly(0, 2);
        assertThat(paths.subList(1, 3)).containsExactlyInAnyOrder(List.of(0, 1, 2), List.of(0, 3, 2));
        // Node 4 has one link: one path.
        assertThat(nodePaths(ring, ps, 4, 1)).hasSize(1);
        for (int i = 0; i < ps.pairCount(); i++) {
            Set<Integer> used = new HashSet<>();
            for (int p = ps.firstPath(i); p < ps.firstPath(i + 1); p++) {
                for (int a : ps.pathArcs(p)) {
                    assertThat(used.add(a)).as("arc %d reused in pair %d", a, i).isTrue();
                }
            }
        }
    }

    @Test
    void kLimitsThePathsKeptAndInverseCapacityPrefersFatLinks() {
        // 0->3 direct over a thin link, or two hops over fat links.
        Topology t = graph(4, "0>3@10", "0>1@1000", "1>3@1000", "0>2@100", "2>3@100", "3>0", "1>0", "2>0");
        PathSet ps = PathPrecomputation.forPairs(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.INVERSE_CAPACITY),
                new int[] {0}, new int[] {3}, 1, PathPrecomputation.Progress.NONE);
        assertThat(nodePaths(t, ps, 0, 3)).containsExactly(List.of(0, 1, 3), List.of(0, 2, 3));
        PathSet hops = PathPrecomputation.forPairs(t, new PathSpec(1, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                new int[] {0}, new int[] {3}, 1, PathPrecomputation.Progress.NONE);
        assertThat(nodePaths(t, hops, 0, 3)).containsExactly(List.of(0, 3));
    }

    @Test
    void maxFlowFindsDisjointPathsThatGreedyShortestPathRemovalMisses() {
        // The classic trap: greedy takes 0-1-2-3 and then nothing is left; max-flow finds two.
        Topology t = graph(6, "0>1", "1>2", "2>3", "0>4", "4>2", "1>5", "5>3", "3>0");
        PathSet ps = PathPrecomputation.forPairs(t, new PathSpec(4, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                new int[] {0}, new int[] {3}, 1, PathPrecomputation.Progress.NONE);
        assertThat(nodePaths(t, ps, 0, 3)).containsExactlyInAnyOrder(List.of(0, 1, 5, 3), List.of(0, 4, 2, 3));
        assertWellFormed(t, ps);
    }

    @Test
    void yenReturnsTheKShortestSimplePathsInOrder() {
        // Grid-like graph with known path lengths from 0 to 3.
        Topology t = undirected(5, "0-1", "1-3", "0-2", "2-3", "0-3", "2-4", "4-3");
        PathSet ps = PathPrecomputation.forPairs(t, new PathSpec(4, PathMethod.YEN, PathMetric.HOPS),
                new int[] {0}, new int[] {3}, 1, PathPrecomputation.Progress.NONE);
        List<List<Integer>> paths = nodePaths(t, ps, 0, 3);
        assertThat(paths).hasSize(4);
        assertThat(paths.get(0)).containsExactly(0, 3);
        assertThat(paths.subList(1, 3)).containsExactlyInAnyOrder(List.of(0, 1, 3), List.of(0, 2, 3));
        assertThat(paths.get(3)).containsExactly(0, 2, 4, 3);
        assertWellFormed(t, ps);
    }

    @Test
    void resultDoesNotDependOnThreadCount() {
        PathSpec spec = new PathSpec(3, PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
        PathSet one = PathPrecomputation.allPairs(ring, spec, 1, PathPrecomputation.Progress.NONE);
        PathSet two = PathPrecomputation.allPairs(ring, spec, 2, PathPrecomputation.Progress.NONE);
        for (int p = 0; p < one.pathCount(); p++) {
            assertThat(two.pathArcs(p)).containsExactly(one.pathArcs(p));
        }
    }

    @Test
    void unreachablePairsGetNoPaths() {
        Topology t = graph(3, "0>1", "1>0", "1>2");
        PathSet ps = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        assertThat(ps.pathCount(ps.pairIndex(2, 0))).isZero();
        assertThat(ps.pathCount(ps.pairIndex(0, 2))).isEqualTo(1);
    }

    @Test
    void badPairListsAreRejected() {
        PathSpec spec = PathSpec.defaults();
        assertThatThrownBy(() -> PathPrecomputation.forPairs(ring, spec, new int[] {1}, new int[] {1}, 1, PathPrecomputation.Progress.NONE))
                .hasMessageContaining("pair 0 (1->1): nodes must be distinct");
        assertThatThrownBy(() -> PathPrecomputation.forPairs(ring, spec, new int[] {2, 1}, new int[] {0, 0}, 1, PathPrecomputation.Progress.NONE))
                .hasMessageContaining("must be sorted");
        assertThatThrownBy(() -> new PathSpec(0, PathMethod.YEN, PathMetric.HOPS)).hasMessageContaining("got 0");
    }
}
