package te.topology.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;

/**
 * A path set's own checks and those of the pairs a precomputation is asked for, as a mutation audit
 * (PIT 1.30.2) found them untested: a cache file with a valid checksum may still hold arrays that are
 * no path set, or another topology's paths. Each test fails with the mutant named in its comment
 * applied by hand.
 */
class PathSetTest {
    /** Arcs by index: 0 = 0>1, 1 = 0>2, 2 = 1>0, 3 = 1>2, 4 = 2>0, 5 = 2>1. */
    private static final Topology TRIANGLE = TestTopologies.graph(3, "0>1", "0>2", "1>0", "1>2", "2>0", "2>1");
    private static final PathSpec YEN = new PathSpec(3, PathMethod.YEN, PathMetric.HOPS);

    /** One pair, 0->2, with the given paths (arc lists). */
    private static PathSet pair02(int nodeCount, int[]... paths) {
        int[] arcStart = new int[paths.length + 1];
        int total = 0;
        for (int p = 0; p < paths.length; p++) {
            total += paths[p].length;
            arcStart[p + 1] = total;
        }
        int[] arcs = new int[total];
        for (int p = 0; p < paths.length; p++) {
            System.arraycopy(paths[p], 0, arcs, arcStart[p], paths[p].length);
        }
        return new PathSet("h", YEN, nodeCount, new int[] {0}, new int[] {2}, new int[] {0, paths.length}, arcStart, arcs);
    }

    /** Mutants: the node-count, arc-range (>= made >) and arc-tail checks removed. */
    @Test
    void pathsOfAnotherTopologyAreNamed() {
        assertThatThrownBy(() -> pair02(4, new int[] {1}).requirePathsOf(TRIANGLE)).hasMessage("paths for 4 nodes, g has 3");
        assertThatThrownBy(() -> pair02(3, new int[] {6}).requirePathsOf(TRIANGLE)).hasMessage("path 0 of pair 0->2: arc 6, expected 0..5");
        assertThatThrownBy(() -> pair02(3, new int[] {3}).requirePathsOf(TRIANGLE))
                .hasMessage("path 0 of pair 0->2: arc 3 leaves node 1, expected one leaving 0");
    }

    /** Mutant: the sort of a pair's path hashes removed (a repeat that is not next to its twin went unseen). */
    @Test
    void aPathRepeatedAfterAnotherIsNamed() {
        assertThatThrownBy(() -> pair02(3, new int[] {1}, new int[] {0, 3}, new int[] {1}).requirePathsOf(TRIANGLE))
                .hasMessage("paths 0 and 2 of pair 0->2 are the same, expected distinct paths");
        pair02(3, new int[] {1}, new int[] {0, 3}).requirePathsOf(TRIANGLE);
    }

    /** Mutants: the constructor's node-count, length, pair-range and order checks removed or moved by one. */
    @Test
    void arraysThatAreNoPathSetAreNamed() {
        int[] none = {};
        assertThat(new PathSet("h", YEN, 0, none, none, new int[] {0}, new int[] {0}, none).nodeCount()).isZero();
        assertThatThrownBy(() -> new PathSet("h", YEN, -1, none, none, new int[] {0}, new int[] {0}, none))
                .hasMessage("nodeCount must be >= 0, got -1");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {0}, none, new int[] {0, 0}, new int[] {0}, none))
                .hasMessageStartingWith("inconsistent path arrays: 1 sources, 0 destinations and 2 path starts");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {0}, new int[] {3}, new int[] {0, 0}, new int[] {0}, none))
                .hasMessage("pair 0 is 0->3, expected two different nodes in 0..2");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {3}, new int[] {0}, new int[] {0, 0}, new int[] {0}, none))
                .hasMessage("pair 0 is 3->0, expected two different nodes in 0..2");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {1, 0}, new int[] {0, 2}, new int[] {0, 0, 0}, new int[] {0}, none))
                .hasMessage("pairs must be sorted by (src, dst) without duplicates at index 1");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {0, 0}, new int[] {1, 1}, new int[] {0, 0, 0}, new int[] {0}, none))
                .hasMessage("pairs must be sorted by (src, dst) without duplicates at index 1");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {0}, new int[] {2}, new int[] {0, 1}, new int[] {0, 1, 2}, new int[] {1, 1}))
                .hasMessage("pathStart ends at 1, expected arcStart's length - 1, 2");
        assertThatThrownBy(() -> new PathSet("h", YEN, 3, new int[] {0}, new int[] {2}, new int[] {0, 2}, new int[] {0, 2, 1}, new int[] {1}))
                .hasMessage("arcStart[2] = 1 is below arcStart[1] = 2, expected non-decreasing offsets");
    }

    /** Mutants: threads < 1 check removed; the pair checks' bounds moved by one. */
    @Test
    void pairsToComputeAreCheckedFirst() {
        int[] zero = {0};
        int[] one = {1};
        assertThatThrownBy(() -> PathPrecomputation.forPairs(TRIANGLE, YEN, zero, one, 0, PathPrecomputation.Progress.NONE))
                .hasMessage("threads must be >= 1, got 0");
        assertThatThrownBy(() -> PathPrecomputation.forPairs(TRIANGLE, YEN, zero, new int[] {3}, 1, PathPrecomputation.Progress.NONE))
                .hasMessage("pair 0 (0->3): nodes must be distinct and in 0..2");
        assertThatThrownBy(() -> PathPrecomputation.forPairs(TRIANGLE, YEN, new int[] {3}, zero, 1, PathPrecomputation.Progress.NONE))
                .hasMessage("pair 0 (3->0): nodes must be distinct and in 0..2");
        assertThatThrownBy(() -> PathPrecomputation.forPairs(TRIANGLE, YEN, new int[] {0, 0}, new int[] {1, 1}, 1,
                PathPrecomputation.Progress.NONE)).hasMessage("pair 1 (0->1): pairs must be sorted by (src, dst) without duplicates");
        assertThatThrownBy(() -> PathPrecomputation.forPairs(TRIANGLE, YEN, new int[] {1, 0}, new int[] {0, 2}, 1,
                PathPrecomputation.Progress.NONE)).hasMessage("pair 1 (0->2): pairs must be sorted by (src, dst) without duplicates");
        assertThat(PathPrecomputation.forPairs(TRIANGLE, YEN, new int[] {0, 1}, new int[] {2, 0}, 1, PathPrecomputation.Progress.NONE)
                .pairCount()).isEqualTo(2);
    }
}
