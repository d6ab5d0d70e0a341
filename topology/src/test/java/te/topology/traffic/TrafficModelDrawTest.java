package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;

/** What the models draw beyond their means: validation at the model, spreads, unreachable pairs. */
class TrafficModelDrawTest {
    private static final Topology NET = TrafficModelTest.NET;

    @Test
    void everyModelRefusesAScaleThatIsNotFiniteAndPositive() {
        List<TrafficModel> models = List.of(new GravityModel(1000), new UniformModel(10),
                new BimodalModel(new BimodalModel.Ranges(0.2, 0, 1, 4, 8)),
                new PoissonModel("poisson-high-inter", new PoissonModel.Params(0.9, 100, 1)));
        for (TrafficModel model : models) {
            for (double scale : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
                assertThatThrownBy(() -> model.generate(NET, 1, scale)).as("%s at scale %s", model.name(), scale)
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scale factor must be finite and > 0");
            }
        }
    }

    @Test
    void everyModelIsNamedAsItIsLookedUp() {
        for (String name : TrafficModels.NAMES) {
            assertThat(TrafficModels.byName(name, NET).name()).isEqualTo(name);
        }
    }

    @Test
    void aZeroTotalOrMaximumIsRefused() {
        assertThatThrownBy(() -> new GravityModel(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UniformModel(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** 870 pairs, a fifth high: means within about 3.5 standard errors of each range's midpoint. */
    @Test
    void bimodalDrawsUniformlyAcrossEachRange() {
        TrafficMatrix tm = new BimodalModel(new BimodalModel.Ranges(0.2, 0, 2, 4, 8)).generate(NET, 5, 1);
        double low = 0;
        double high = 0;
        int highCount = 0;
        double highest = 0;
        for (double d : tm.demandArray()) {
            if (d >= 4) {
                high += d;
                highCount++;
                highest = Math.max(highest, d);
            } else {
                low += d;
            }
        }
        assertThat(high / highCount).isCloseTo(6, within(0.3));
        assertThat(low / (tm.size() - highCount)).isCloseTo(1, within(0.1));
        assertThat(highest).isGreaterThan(7.5);
    }

    /** Above the exact samplers' range the count is N(λ, √λ): its standardised residuals have spread 1, not 0. */
    @Test
    void poissonsNormalLimitKeepsThePoissonSpread() {
        PoissonModel huge = new PoissonModel("p", new PoissonModel.Params(0.5, 2e13, 1e-10));
        TrafficMatrix tm = huge.generate(NET, 1, 1);
        int[][] hops = PoissonModel.hopCounts(NET);
        double sumSquares = 0;
        for (int i = 0; i < tm.size(); i++) {
            double mean = 2e13 * Math.pow(0.5, hops[tm.src(i)][tm.dst(i)]);
            double z = (tm.demandMbps(i) / 1e-10 - mean) / Math.sqrt(mean);
            sumSquares += z * z;
        }
        assertThat(Math.sqrt(sumSquares / tm.size())).isCloseTo(1, within(0.1));
    }

    /**
     * Node 2 reaches nobody: its pairs get nothing (and the sampler is never asked for a mean of 0),
     * also at decay 1, where the power of the unreachable hop count was 1 and gave them the full rate.
     */
    @Test
    void poissonGivesNothingToAPairWithoutAPath() {
        Topology oneWay = TestTopologies.graph(3, "0>1", "1>0", "1>2");
        for (double decay : new double[] {0.5, 1}) {
            TrafficMatrix tm = new PoissonModel("poisson-high-intra", new PoissonModel.Params(decay, 100, 1)).generate(oneWay, 3, 1);
            for (int i = 0; i < tm.size(); i++) {
                if (tm.src(i) == 2) {
                    assertThat(tm.demandMbps(i)).as("decay %s, %d->%d", decay, tm.src(i), tm.dst(i)).isZero();
                } else if (tm.src(i) == 0 && tm.dst(i) == 1) {
                    assertThat(tm.demandMbps(i)).as("decay %s, a reachable pair", decay).isPositive();
                }
            }
        }
    }
}
