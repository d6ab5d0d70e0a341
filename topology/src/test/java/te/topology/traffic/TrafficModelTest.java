package te.topology.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
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
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,-2")).hasMessageContaining("the scale must be a finite number > 0, got -2");
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,1e400")).hasMessageContaining("the scale must be a finite number > 0, got 1e400");
        assertThatThrownBy(() -> TrafficSpec.parse("gravity:1,NaN")).hasMessageContaining("traffic 'gravity:1,NaN': expected MODEL[:SEED[,SCALE]]");
    }

    /** CLI numbers are plain ASCII decimals; Java's parsers take other digits, hexadecimal and suffixes. */
    @Test
    void specSeedAndScaleArePlainAsciiDecimals() {
        for (String text : List.of("gravity:\u0661,1", "gravity:1,0x1p3", "gravity:1,2d", "gravity:1,2f", "gravity:1,Infinity",
                "gravity:\u0661\u0662", "gravity:1,\u0662")) {
            assertThatThrownBy(() -> TrafficSpec.parse(text)).as(text).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("traffic '%s': ".formatted(text));
        }
        assertThat(TrafficSpec.parse("gravity:-3,2.5e1")).isEqualTo(new TrafficSpec("gravity", -3, 25));
        assertThat(TrafficSpec.parse("gravity: 3 , 2 ")).isEqualTo(new TrafficSpec("gravity", 3, 2));
    }

    /** The scale used to vanish behind "entry 0 (0->1): demand must be finite". */
    @ParameterizedTest
    @ValueSource(strings = {"gravity", "uniform", "bimodal", "poisson-high-inter"})
    void aScaleThatOverflowsDemandsIsNamed(String model) {
        // Capacities of 1 Pbit/s make demands of millions of Mbps at scale 1, so 1e308 overflows.
        Topology fat = new Topology("fat", List.of(new te.topology.Node(0, "a", "a"), new te.topology.Node(1, "b", "b"),
                new te.topology.Node(2, "c", "c")), List.of(new te.topology.Link(0, 0, 1, 1e9), new te.topology.Link(1, 0, 2, 1e9),
                new te.topology.Link(2, 1, 0, 1e9), new te.topology.Link(3, 1, 2, 1e9), new te.topology.Link(4, 2, 0, 1e9),
                new te.topology.Link(5, 2, 1, 1e9)));
        TrafficSpec spec = TrafficSpec.parse(model + ":1,1e308");
        assertThatThrownBy(() -> spec.generate(fat)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("traffic %s:1,1e+308: scale 1e+308 makes demands overflow (".formatted(model))
                .hasMessageContaining("expected a scale that keeps every demand at most 1e+09 Mbps");
    }
}
