package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

class CommoditiesTest {
    private static final int[] NONE = new int[0];

    @Test
    void heaviestFirstWithTiesByDescendingIndex() {
        Commodities c = Commodities.of(new int[] {0, 0, 1, 1}, new int[] {1, 2, 0, 2}, new double[] {2, 7, 2, 0.5}, new int[] {0, 1, 2, 3});
        assertThat(c.byDescendingDemand()).containsExactly(1, 2, 0, 3);
        assertThat(Commodities.of(NONE, NONE, new double[0], NONE).byDescendingDemand()).isEmpty();
    }

    @Test
    void topDemandShareCountsAtLeastOneCommodity() {
        Commodities c = Commodities.of(new int[] {0, 0, 1, 1}, new int[] {1, 2, 0, 2}, new double[] {2, 7, 2, 1}, new int[] {0, 1, 2, 3});
        assertThat(c.topDemandShare(0.01)).isCloseTo(7.0 / 12, within(1e-12));
        assertThat(c.topDemandShare(0.5)).isCloseTo(9.0 / 12, within(1e-12));
        assertThat(c.topDemandShare(1)).isCloseTo(1.0, within(1e-12));
        assertThat(Commodities.of(NONE, NONE, new double[0], NONE).topDemandShare(0.01)).isZero();
    }

    @Test
    void poissonHighIntraIsHeavyTailedAndGravityIsNot() {
        for (String name : new String[] {"GtsCe", "DialtelecomCz"}) {
            Topology t = te.zoo.TopologyCatalog.discover().load(name);
            for (String model : new String[] {"gravity", "uniform", "bimodal", "poisson-high-intra"}) {
                TeProblem p = TeInstances.problem(t, PathSpec.defaults(), new TrafficSpec(model, 1, 16).generate(t));
                assertThat(TeOptimizer.heavyTailed(p)).as(name + " " + model).isEqualTo(model.startsWith("poisson"));
            }
        }
    }
}
