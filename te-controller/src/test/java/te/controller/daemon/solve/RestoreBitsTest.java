package te.controller.daemon.solve;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.controller.daemon.AllocationChanges;
import te.lp.Allocation;
import te.lp.Objective;
import te.topology.paths.PathSet;

/** A split put back at the commodity flow it was served with is the served one bit for bit, so ?since= does not list it. */
class RestoreBitsTest {
    static Allocation with(double direct, double around) {
        Allocation base = TwoPathFixture.split();
        PathSet paths = TwoPathFixture.BASE;
        int pair = paths.pairIndex(0, 1);
        double[] f = base.pathFlowsMbps().clone();
        for (int j = 0; j < paths.pathCount(pair); j++) {
            f[j] = paths.pathLength(paths.firstPath(pair) + j) == 1 ? direct : around;
        }
        return new Allocation(base.problem(), f);
    }

    @Test
    void restoredSplitWithUnchangedFlowIsTheServedOneBitForBit() {
        Allocation served = with(1.7, 8.3);
        Allocation fresh = with(10, 0); // same 10 Mbps, other split
        RestoredSplits.Result r = RestoredSplits.restore(served, fresh, Objective.TOTAL_FLOW);
        assertThat(r.restored()).isEqualTo(1);
        assertThat(new te.lp.AllocationChecker().violations(r.allocation(), 1.0)).isEmpty();
        AllocationChanges c = AllocationChanges.first(1, served).next(served, 2, r.allocation());
        assertThat(r.allocation().pathFlowsMbps()).as("the served split put back").containsExactly(served.pathFlowsMbps());
        assertThat(c.changedCount(1)).as("?since=1 lists nothing").isZero();
    }
}
