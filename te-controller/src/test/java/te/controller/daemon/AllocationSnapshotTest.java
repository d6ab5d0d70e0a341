package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import te.controller.AwkwardIds;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolveStatus;
import te.lp.TeProblem;
import te.lp.baseline.Cspf;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/** What the daemon renders reads back, node ids that need escaping included. */
class AllocationSnapshotTest {
    @Test
    void renderedIdsThatNeedEscapingReadBackToTheSameAllocation() {
        Topology t = AwkwardIds.topology();
        AllocationSnapshot s = snapshot(t);
        AllocationSnapshot back = AllocationSnapshot.parse(1, t, PathSpec.defaults(), t.capacitiesMbps(), s.json());
        assertThat(back.allocation().pathFlowsMbps()).containsExactly(s.allocation().pathFlowsMbps());
        assertThat(back.info()).isEqualTo(s.info());
    }

    private static AllocationSnapshot snapshot(Topology t) {
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        Allocation a = Cspf.allocate(TeProblem.of(t, paths, Commodities.of(new TrafficSpec("gravity", 5, 8).generate(t), paths)));
        assertThat(new AllocationChecker().violations(a, 1.0)).isEmpty();
        AllocationInfo info = new AllocationInfo(Objective.TOTAL_FLOW, a.totalFlowMbps(), "cspf", SolveStatus.OPTIMAL, "",
                1, 0, 0.5, 0.75, Instant.parse("2026-11-25T12:00:00Z"));
        return AllocationSnapshot.of(1, info, a);
    }
}
