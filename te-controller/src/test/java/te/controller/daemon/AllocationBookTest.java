package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolveStatus;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

class AllocationBookTest {
    @TempDir
    Path dir;

    // 0-1 direct and 0-2-1 around.
    final Topology t = TestTopologies.undirected(3, "0-1", "0-2", "2-1");
    final PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
    final NetworkSnapshot allUp = SurvivingPaths.of(t, paths, LinkState.allUp(), 1);

    /** 0->1: 6 Mbps direct, 4 around. */
    private Allocation split() {
        TeProblem p = TeProblem.of(t, paths, Commodities.of(new TrafficMatrix(3, new int[] {0}, new int[] {1}, new double[] {10}), paths));
        double[] flow = new double[p.pathVariables()];
        int pair = paths.pairIndex(0, 1);
        for (int j = 0; j < paths.pathCount(pair); j++) {
            flow[j] = paths.pathLength(paths.firstPath(pair) + j) == 1 ? 6 : 4;
        }
        return new Allocation(p, flow);
    }

    @Test
    void aStoredAllocationOverALinkThatFailedSinceIsPrunedAtLoadNotSetAside() throws Exception {
        try (StateStore store = new StateStore(dir)) {
            AllocationBook.load(t, allUp, store).publish(new AllocationInfo(Objective.TOTAL_FLOW, 10, "lp", SolveStatus.OPTIMAL, "",
                    1, 0, 0, 0, Instant.EPOCH), split());
        }
        // The daemon stopped after saving the failure of 0->1 (link-state version 1), before pruning.
        NetworkSnapshot failed = SurvivingPaths.of(t, paths, LinkState.allUp().with(t.arcIndex(0, 1), true), 1);
        try (StateStore store = new StateStore(dir)) {
            AllocationSnapshot a = AllocationBook.load(t, failed, store).current().orElseThrow();

            assertThat(a.version()).isEqualTo(2);
            assertThat(a.info().method()).isEqualTo("lp+pruned");
            assertThat(a.info().topologyVersion()).isEqualTo(failed.links().version());
            assertThat(a.allocation().totalFlowMbps()).isEqualTo(4.0);
            assertThat(a.allocation().arcLoadMbps()[t.arcIndex(0, 1)]).isZero();
            assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(2); // persisted before served
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.map(f -> f.getFileName().toString())).noneMatch(f -> f.contains("corrupt"));
            }
        }
    }
}
