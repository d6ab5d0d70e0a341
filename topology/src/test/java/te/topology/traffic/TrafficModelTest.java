package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import te.topology.Topology;
import te.topology.TestTopologies;

class TrafficModelTest {
    // A 30-node ring with chords: big enough for statistics, small enough to be instant.
    static final Topology NET = TestTopologies.ringWithChords(30);

    @ParameterizedTest
    @ValueSource(strings = {"gravity", "uniform", "bimodal", "poisson-high-intra", "poisson-high-inter"})
    void sameSeedGivesBitIdenticalMatricesAndOtherSeedsDiffer(String model) {
        TrafficMatrix a = TrafficSpec.parse(model + ":42,4").generate(NET);
        TrafficMatrix b = TrafficSpec.parse(model + ":42,4").generate(NET);
        TrafficMatrix c = TrafficSpec.parse(model + ":43,4").generate(NET);
        assertThat(a).isEqualTo(b);
        assertThat(a.demandArray()).isNotEqualTo(c.demandArray());
        assertThat(a.size()).isEqualTo(30 * 29);
        assertThat(Arrays.stream(a.demandArray()).boxed().toList()).allSatisfy(d -> assertThat(d).isFinite().isGreaterThanOrEqualTo(0));
    }

    @Test
    void gravityFractionsSumToOneAndTheTotalMatchesOnAverage() {
        assertThat(Arrays.stream(GravityModel.fractions(NET)).sum()).isCloseTo(1.0, within(1e-12));
        GravityModel model = new GravityModel(1000);
        double mean = 0;
        for (int seed = 0; seed < 20; seed++) {
            mean += model.generate(NET, seed, 2).totalDemandMbps() / 20;
        }
        // Each entry has sd frac/4: the total's sd is far below 1 %.
        assertThat(mean).isCloseTo(2000, within(20.0));
    }

    @Test
    void gravityEntriesFollowCapacityShares() {
        TrafficMatrix tm = new GravityModel(1000).generate(NET, 7, 1);
        double[] frac = GravityModel.fractions(NET);
        double sumSquaredRelativeError = 0;
        for (int i = 0; i < tm.size(); i++) {
            double rel = tm.demandMbps(i) / (1000 * frac[i]) - 1;
            sumSquaredRelativeError += rel * rel;
        }
        // N(frac, frac/4): relative error sd 0.25.
        assertThat(Math.sqrt(sumSquaredRelativeError / tm.size())).isCloseTo(0.25, within(0.03));
    }

    @Test
    void uniformHasMeanHalfItsMaximum() {
        TrafficMatrix tm = new UniformModel(10).generate(NET, 3, 1);
        assertThat(tm.totalDemandMbps() / tm.size()).isCloseTo(5.0, within(0.3));
        assertThat(Arrays.stream(tm.demandArray()).boxed().toList()).allSatisfy(d -> assertThat(d).isBetween(0.0, 10.0));
    }

    @Test
    void bimodalDrawsOneFifthFromTheHighRange() {
        BimodalModel model = new BimodalModel(new BimodalModel.Ranges(0.2, 0, 1, 4, 8));
        TrafficMatrix tm = model.generate(NET, 5, 1);
        long high = Arrays.stream(tm.demandArray()).filter(d -> d >= 4).count();
        assertThat((double) high / tm.size()).isCloseTo(0.2, within(0.03));
        assertThat(Arrays.stream(tm.demandArray()).boxed().toList()).allSatisfy(d -> assertThat(d < 1 || (d >= 4 && d <= 8)).isTrue());
    }

    @Test
    void poissonHighIntraConcentratesOnNearPairs() {
        PoissonModel intra = new PoissonModel("poisson-high-intra", new PoissonModel.Params(0.1, 100, 1));
        TrafficMatrix tm = intra.generate(NET, 9, 1);
        int[][] hops = PoissonModel.hopCounts(NET);
        double near = 0;
        double far = 0;
        int zeros = 0;
        for (int i = 0; i < tm.size(); i++) {
            int h = hops[tm.src(i)][tm.dst(i)];
            if (h == 1) {
                near += tm.demandMbps(i);
            } else if (h >= 3) {
                far += tm.demandMbps(i);
            }
            zeros += tm.demandMbps(i) == 0 ? 1 : 0;
            assertThat(tm.demandMbps(i) % 1.0).isZero();
        }
        assertThat(near).isGreaterThan(10 * far);
        assertThat(zeros).isGreaterThan(tm.size() / 3);
    }

    @Test
    void poissonUsesTheNormalLimitForHugeRates() {
        PoissonModel huge = new PoissonModel("p", new PoissonModel.Params(0.5, 2e13, 1e-10));
        TrafficMatrix tm = huge.generate(NET, 1, 1);
        int[][] hops = PoissonModel.hopCounts(NET);
        for (int i = 0; i < tm.size(); i++) {
            double expected = 2e13 * Math.pow(0.5, hops[tm.src(i)][tm.dst(i)]) * 1e-10;
            assertThat(tm.demandMbps(i)).isCloseTo(expected, within(expected * 1e-4));
        }
    }

    @Test
    void scaleMultipliesEveryEntry() {
        TrafficMatrix one = TrafficSpec.parse("gravity:5,1").generate(NET);
        TrafficMatrix sixteen = TrafficSpec.parse("gravity:5,16").generate(NET);
        for (int i = 0; i < one.size(); i++) {
            assertThat(sixteen.demandMbps(i)).isCloseTo(16 * one.demandMbps(i), within(1e-9));
        }
    }

    @Test
    void specParsingNamesBadInput() {
        assertThat(TrafficSpec.parse("Gravity")).isEqualTo(new TrafficSpec("gravity", 1, 1));
        assertThat(TrafficSpec.parse("uniform:7")).isEqualTo(new TrafficSpec("uniform", 7, 1));
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:x,2")).hasMessageContaining("traffic 'gravity:x,2': expected MODEL[:SEED[,SCALE]]");
        assertThatThrownBy(() -> TrafficSpec.parse("zipf:1")).hasMessageContaining("unknown traffic model 'zipf'");
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,-2")).hasMessageContaining("got -2.0");
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,NaN")).hasMessageContaining("got NaN");
    }
}
