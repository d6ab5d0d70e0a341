package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;

class TeProblemTest {
    @Test
    void aCapacityThatIsNoNumberOfMbpsIsRefusedNamingTheArc() {
        TeProblem p = TeInstances.problem(TestTopologies.undirected(3, "0-1@10", "1-2@10", "0-2@10"),
                new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(3, "0>2=5"));
        for (double bad : new double[] {Double.NaN, -1, Double.POSITIVE_INFINITY}) {
            double[] capacity = p.capacityMbps().clone();
            capacity[1] = bad;
            assertThatThrownBy(() -> new TeProblem(p.topology(), p.paths(), p.commodities(), capacity))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("arc 1 (%s): capacity %s Mbps, expected a finite value >= 0", p.topology().arcName(1), bad);
        }
        double[] closed = p.capacityMbps().clone();
        closed[1] = 0; // a failed or drained arc
        assertThat(new TeProblem(p.topology(), p.paths(), p.commodities(), closed).capacityMbps()[1]).isZero();
    }
}
