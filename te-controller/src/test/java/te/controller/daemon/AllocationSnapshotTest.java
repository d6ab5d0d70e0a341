package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolveStatus;
import te.lp.TeProblem;
import te.lp.baseline.Cspf;
import te.topology.Link;
import te.topology.Node;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/** The daemon's rendering: its buffer estimate bounds the rendering, and what it renders reads back. */
class AllocationSnapshotTest {
    /** Node ids that need escaping or take several UTF-8 bytes per character. */
    private static final List<String> IDS = List.of("Zürich", "São \"Paulo\"", "a\\b", "東京", "n4", "tab\there");

    @Test
    void theBufferEstimateBoundsTheRenderingWithoutWastingMuch() {
        for (Topology t : List.of(awkwardIds(), TopologyCatalog.discover().load("Abilene"), TopologyCatalog.discover().load("Cogentco"))) {
            AllocationSnapshot s = snapshot(t);
            int estimate = AllocationSnapshot.estimatedBytes(s.allocation());
            assertThat(estimate).as(t.name()).isGreaterThanOrEqualTo(s.json().length)
                    .isLessThanOrEqualTo((int) (1.5 * s.json().length) + (1 << 16));
        }
    }

    @Test
    void renderedIdsThatNeedEscapingReadBackToTheSameAllocation() {
        Topology t = awkwardIds();
        AllocationSnapshot s = snapshot(t);
        AllocationSnapshot back = AllocationSnapshot.parse(1, t, PathSpec.defaults(), t.capacitiesMbps(), s.json());
        assertThat(back.allocation().pathFlowsMbps()).containsExactly(s.allocation().pathFlowsMbps());
        assertThat(back.info()).isEqualTo(s.info());
    }

    private static AllocationSnapshot snapshot(Topology t) {
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        Allocation a = Cspf.allocate(TeProblem.of(t, paths, Commodities.of(new TrafficSpec("gravity", 5, 8).generate(t), paths)));
        AllocationInfo info = new AllocationInfo(Objective.TOTAL_FLOW, a.totalFlowMbps(), "cspf", SolveStatus.OPTIMAL, "",
                1, 0, 0.5, 0.75, Instant.parse("2026-11-25T12:00:00Z"));
        return AllocationSnapshot.of(1, info, a);
    }

    /** A ring of six nodes with two chords, both directions, named by {@link #IDS}. */
    private static Topology awkwardIds() {
        Topology ring = TestTopologies.undirected(IDS.size(), "0-1", "1-2", "2-3", "3-4", "4-5", "5-0", "0-3", "1-4");
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < IDS.size(); i++) {
            nodes.add(new Node(i, IDS.get(i), IDS.get(i)));
        }
        List<Link> links = new ArrayList<>();
        for (int a = 0; a < ring.arcCount(); a++) {
            links.add(new Link(a, ring.arcSrc(a), ring.arcDst(a), 100));
        }
        return new Topology("awkward", nodes, links);
    }
}
