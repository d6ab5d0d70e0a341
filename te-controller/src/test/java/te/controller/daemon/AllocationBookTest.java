package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
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

    final Topology t = TestTopologies.undirected(3, "0-1", "1-2");
    final PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
    final NetworkSnapshot network = SurvivingPaths.of(t, paths, LinkState.allUp(), 1);

    private Allocation flow(double mbps) {
        TeProblem p = TeProblem.of(t, paths, Commodities.of(new TrafficMatrix(3, new int[] {0}, new int[] {2}, new double[] {10}), paths));
        double[] f = new double[p.pathVariables()];
        f[0] = mbps;
        return new Allocation(p, f);
    }

    private static AllocationInfo info(String method, double value) {
        return new AllocationInfo(Objective.TOTAL_FLOW, value, method, SolveStatus.OPTIMAL, "", 1, 0, 0, 0, Instant.EPOCH);
    }

    private long storedVersion(StateStore store) {
        return store.load(StateStore.ALLOCATION).orElseThrow().version();
    }

    @Test
    void aDerivedAllocationIsServedFirstAndPersistedAfter() {
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, network, store);
            book.publish(info("lp", 10), flow(10));

            AllocationSnapshot derived = book.publishDerived(info("lp+pruned", 4), flow(4));
            assertThat(book.current()).containsSame(derived);
            assertThat(storedVersion(store)).isEqualTo(1); // a crash now: the restart derives it again

            book.persist(derived);
            assertThat(storedVersion(store)).isEqualTo(2);
            assertThat(AllocationBook.load(t, network, store).current().orElseThrow().allocation().totalFlowMbps()).isEqualTo(4);
            assertThat(derived.json()).isEqualTo(AllocationSnapshot.of(2, derived.info(), derived.allocation()).json());
        }
    }

    @Test
    void aDerivedAllocationReplacedBeforeItIsPersistedDoesNotOverwriteTheNewerOne() {
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, network, store);
            book.publish(info("lp", 10), flow(10));
            AllocationSnapshot derived = book.publishDerived(info("lp+pruned", 4), flow(4));
            book.publish(info("lp", 8), flow(8));

            book.persist(derived);
            assertThat(storedVersion(store)).isEqualTo(3);
            assertThat(AllocationBook.load(t, network, store).current().orElseThrow().allocation().totalFlowMbps()).isEqualTo(8);
        }
    }
}
