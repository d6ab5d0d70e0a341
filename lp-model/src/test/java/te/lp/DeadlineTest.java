package te.lp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeadlineTest {
    @Test
    void noLimitIsFarOffWithoutOverflowAndAPassedOneHasNothingLeft() {
        long now = System.nanoTime();
        assertThat(Deadline.after(now, Double.POSITIVE_INFINITY).secondsLeft()).as("years, not negative").isGreaterThan(1e9);
        assertThat(Deadline.after(now, 1e300).secondsLeft()).isGreaterThan(1e9);
        assertThat(Deadline.after(now, 0).secondsLeft()).isLessThanOrEqualTo(0);
        assertThat(Deadline.after(now, 3600).secondsLeft()).isBetween(3500.0, 3600.0);
    }
}
