package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

class SurvivingPathsTest {
    static final PathSpec SPEC = PathSpec.defaults();

    @Test
    void failedArcsAreAvoidedAndCutOffPairsGetReplacements() {
        // 0-1 direct, 0-2-1 around; 1-3 is the only way to 3; k=1 gives 0->1 only the direct path.
        Topology t = TestTopologies.undirected(4, "0-1", "0-2", "2-1", "1-3");
        PathSpec one = new PathSpec(1, SPEC.method(), SPEC.metric());
        PathSet base = PathPrecomputation.allPairs(t, one, 1, PathPrecomputation.Progress.NONE);
        int direct = t.arcIndex(0, 1);
        NetworkSnapshot n = SurvivingPaths.of(t, base, LinkState.allUp().with(direct, true), 1);

        assertThat(n.capacityMbps()[direct]).isZero();
        for (int pair = 0; pair < n.paths().pairCount(); pair++) {
            for (int p = n.paths().firstPath(pair); p < n.paths().firstPath(pair + 1); p++) {
                assertThat(n.paths().pathArcs(p)).doesNotContain(direct);
            }
        }
        int pair01 = n.paths().pairIndex(0, 1);
        assertThat(n.paths().pathCount(pair01)).isEqualTo(1);
        assertThat(n.paths().pathNodes(t, n.paths().firstPath(pair01))).containsExactly(0, 2, 1);
        assertThat(n.replacedPairs()).as("0->1 and 0->3 (over 0->1) got paths around").isEqualTo(2);
        // 3 is reachable from 0 only through 1: still reachable around the failure.
        assertThat(n.paths().pathCount(n.paths().pairIndex(0, 3))).isEqualTo(1);

        // Cutting 1-3 both ways disconnects 3: its pairs have no path at all, and nothing breaks.
        LinkState cut = LinkState.allUp().with(t.arcIndex(1, 3), true).with(t.arcIndex(3, 1), true);
        NetworkSnapshot isolated = SurvivingPaths.of(t, base, cut, 1);
        assertThat(isolated.paths().pathCount(isolated.paths().pairIndex(0, 3))).isZero();
        assertThat(isolated.paths().pathCount(isolated.paths().pairIndex(3, 0))).isZero();
        // Six pairs lost their paths and none got another: none is counted as replaced (it was 6).
        assertThat(isolated.replacedPairs()).isZero();
    }

    @Test
    void replacementsAvoidArcsTheOperatorSetToZeroCapacity() {
        // 0->1: direct (base, k=1), then 0-2-1 or 0-3-1 around; the operator zeroed 0->2.
        Topology t = TestTopologies.undirected(4, "0-1", "0-2", "2-1", "0-3", "3-1");
        PathSpec one = new PathSpec(1, SPEC.method(), SPEC.metric());
        PathSet base = PathPrecomputation.allPairs(t, one, 1, PathPrecomputation.Progress.NONE);
        LinkState links = LinkState.allUp().withCapacity(t.arcIndex(0, 2), 0.0).with(t.arcIndex(0, 1), true);
        NetworkSnapshot n = SurvivingPaths.of(t, base, links, 1);
        int pair = n.paths().pairIndex(0, 1);
        assertThat(n.paths().pathCount(pair)).isEqualTo(1);
        assertThat(n.paths().pathNodes(t, n.paths().firstPath(pair))).containsExactly(0, 3, 1);
        assertThat(n.capacityMbps()[t.arcIndex(0, 2)]).isZero();
        // Base paths over a zeroed arc stay (it is not failed): 0->2 keeps its direct path.
        assertThat(n.paths().pathArcs(n.paths().firstPath(n.paths().pairIndex(0, 2)))).containsExactly(t.arcIndex(0, 2));
    }

    @Test
    void bringingEverythingBackUpRestoresTheBasePaths() {
        Topology t = DaemonFixture.ABILENE;
        PathSet base = DaemonFixture.ABILENE_PATHS;
        LinkState down = LinkState.allUp().with(3, true).with(7, true);
        LinkState up = down.with(3, false).with(7, false);
        assertThat(up.downArcs()).isEmpty();
        assertThat(up.version()).isEqualTo(4);
        assertThat(SurvivingPaths.of(t, base, up, 1).paths()).isSameAs(base);
        assertThat(SurvivingPaths.of(t, base, down, 1).links().downArcs()).isEqualTo(List.of(3, 7));
    }
}
