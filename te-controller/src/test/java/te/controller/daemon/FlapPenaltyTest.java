package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FlapPenaltyTest {
    @Test
    void theFirstArcMayCarryAPenaltyAndANegativeArcMayNot() {
        assertThat(new FlapPenalty(0, 1000, true).arc()).isZero();
        assertThat(new FlapPenalty(0, 0, false).penalty()).isZero();
        assertThatThrownBy(() -> new FlapPenalty(-1, 1000, true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FlapPenalty(0, Double.POSITIVE_INFINITY, true)).isInstanceOf(IllegalArgumentException.class);
    }
}
