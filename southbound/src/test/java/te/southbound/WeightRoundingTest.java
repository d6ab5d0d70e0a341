package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WeightRoundingTest {

    @Test
    void knownSplits() {
        assertThat(WeightRounding.round(List.of(2 / 3.0, 1 / 3.0), 100).weights()).containsExactly(67, 33);
        // Three equal remainders, one unit left: the earliest path gets it.
        assertThat(WeightRounding.round(List.of(1.0, 1.0, 1.0), 100).weights()).containsExactly(34, 33, 33);
        // Fractions need not sum to 1 (e.g. a commodity routed at 80 % of its demand).
        assertThat(WeightRounding.round(List.of(0.4, 0.4), 100).weights()).containsExactly(50, 50);
        // Plain rounding would give 0.5 → 1 each, six units for a total of five.
        assertThat(WeightRounding.round(List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0), 5).weights())
                .containsExactly(1, 1, 1, 1, 1, 0, 0, 0, 0, 0);
    }

    @Test
    void randomSplitsSumExactlyAndStayWithinOneUnit() {
        Random rnd = new Random(6);
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 1 + rnd.nextInt(8);
            int total = 1 + rnd.nextInt(trial % 2 == 0 ? 100 : 65535);
            List<Double> f = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                f.add(rnd.nextInt(4) == 0 ? 0.0 : rnd.nextDouble());
            }
            if (f.stream().mapToDouble(Double::doubleValue).sum() == 0) {
                f.set(0, 1.0);
            }
            double sum = f.stream().mapToDouble(Double::doubleValue).sum();
            RoundedWeights r = WeightRounding.round(f, total);

            assertThat(r.weights().stream().mapToInt(Integer::intValue).sum()).isEqualTo(total);
            double worst = 0;
            for (int i = 0; i < n; i++) {
                double quota = f.get(i) / sum * total;
                assertThat(r.weights().get(i)).isBetween((int) Math.floor(quota), (int) Math.ceil(quota));
                worst = Math.max(worst, Math.abs(r.weights().get(i) / (double) total - f.get(i) / sum));
            }
            assertThat(r.maxError()).isCloseTo(worst, org.assertj.core.data.Offset.offset(1e-12)).isLessThan(1.0 / total);
        }
    }

    @Test
    void badInputIsRejectedWithTheValue() {
        assertThatThrownBy(() -> WeightRounding.round(List.of(0.0, 0.0), 100)).hasMessageContaining("positive sum");
        assertThatThrownBy(() -> WeightRounding.round(List.of(-0.1, 1.0), 100)).hasMessageContaining("-0.1");
        assertThatThrownBy(() -> WeightRounding.round(List.of(Double.NaN), 100)).hasMessageContaining("NaN");
        assertThatThrownBy(() -> WeightRounding.round(List.of(1.0), 70_000)).hasMessageContaining("70000");
    }

    @Test
    void theUnitsLeftGoToTheLargestRemaindersNotTheLargestQuotas() {
        // Quotas 6.2 and 3.8: the unit left over goes to 3.8 (error 0.2 units each), not to 6.2
        // (0.8 units each).
        RoundedWeights r = WeightRounding.round(List.of(0.62, 0.38), 10);
        assertThat(r.weights()).containsExactly(6, 4);
        assertThat(r.maxError()).isCloseTo(0.02, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void theLargestSixteenBitTotalIsAllowed() {
        // OpenFlow bucket weights are 16-bit: 65535 is a valid total, and one path takes it all.
        assertThat(WeightRounding.round(List.of(1.0), 0xffff).weights()).containsExactly(0xffff);
        assertThat(WeightRounding.round(List.of(0.5, 0.5), 0xffff).weights()).containsExactly(32768, 32767);
    }
}
