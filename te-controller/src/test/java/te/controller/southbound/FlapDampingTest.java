package te.controller.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The penalty arithmetic of flap damping, against values worked out by hand. */
class FlapDampingTest {
    private final FlapDamping d = FlapDamping.DEFAULT; // 15 s half-life, reuse 1000, suppress 2000, max 60 s

    @Test
    void thePenaltyHalvesEveryHalfLife() {
        assertThat(d.decayed(2000, 15_000_000_000L)).isCloseTo(1000, within(1e-9));
        assertThat(d.decayed(2000, 30_000_000_000L)).isCloseTo(500, within(1e-9));
        assertThat(d.decayed(2000, 0)).isEqualTo(2000);
    }

    @Test
    void theCeilingLetsALinkBeSuppressedForAtMostMaxSuppress() {
        assertThat(d.ceiling()).isCloseTo(16_000, within(1e-6)); // 1000 · 2^(60/15)
        assertThat(d.nanosUntilReuse(d.ceiling()) / 1e9).isCloseTo(60, within(1e-6));
        assertThat(d.nanosUntilReuse(2000) / 1e9).isCloseTo(15, within(1e-6));
        assertThat(d.nanosUntilReuse(1000)).isZero();
        assertThat(d.nanosUntilReuse(10)).isZero();
    }

    @Test
    void threeFlapsFiveSecondsApartAreSuppressedTwoAreNot() {
        double p = FlapDamping.PENALTY_PER_FLAP;
        p = d.decayed(p, 5_000_000_000L) + FlapDamping.PENALTY_PER_FLAP;
        assertThat(p).isCloseTo(1793.7, within(0.1)).isLessThan(d.suppress());
        p = d.decayed(p, 5_000_000_000L) + FlapDamping.PENALTY_PER_FLAP;
        assertThat(p).isCloseTo(2423.7, within(0.1)).isGreaterThan(d.suppress());
        assertThat(d.nanosUntilReuse(p) / 1e9).isCloseTo(15 * Math.log(p / 1000) / Math.log(2), within(1e-6));
    }

    @Test
    void settingsThatCouldNeverSuppressAreRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new FlapDamping(Duration.ofSeconds(15), 1000, 2000, Duration.ZERO))
                .hasMessageContaining("max-suppress time must be positive and at most PT24H, got PT0S");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new FlapDamping(Duration.ofSeconds(15), 1000, 2000, Duration.ofSeconds(1)))
                .hasMessageContaining("caps the penalty at 1047, not above the suppress threshold 2000.0")
                .hasMessageContaining("expected more than 15.0 s");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new FlapDamping(Duration.ofSeconds(15), 0, 2000, Duration.ofSeconds(60)))
                .hasMessageContaining("reuse threshold must be positive, got 0.0");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new FlapDamping(Duration.ofSeconds(15), 1000, Double.POSITIVE_INFINITY,
                Duration.ofSeconds(60))).hasMessageContaining("suppress threshold must be above the reuse threshold 1000.0, got Infinity");
    }
}
