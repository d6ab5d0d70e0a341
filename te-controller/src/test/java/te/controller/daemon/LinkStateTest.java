package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The link state's own checks, whoever builds one (the API, a stored file, a primary's word). */
class LinkStateTest {
    @Test
    void onlyTheArcsSomeoneSetDownAreDown() {
        LinkState s = LinkState.allUp().with(3, true).withSwitchReports(java.util.Map.of(5, true));
        assertThat(s.isDown(3)).isTrue();
        assertThat(s.isDown(5)).isTrue();
        assertThat(s.isDown(4)).isFalse();
        assertThat(LinkState.allUp().isDown(0)).isFalse();
    }

    @Test
    void aCapacityOutOfRangeIsRefusedHoweverTheStateIsBuilt() {
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY, LinkState.MAX_CAPACITY_MBPS * 2}) {
            TreeMap<Integer, Double> capacity = new TreeMap<>(java.util.Map.of(7, bad));
            assertThatThrownBy(() -> new LinkState(1, List.of(), List.of(), capacity)).as("%s", bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("arc 7: ");
        }
    }

    @Test
    void theLimitsOfTheRangeAnOperatorMaySetAreIncluded() {
        assertThatCode(() -> LinkState.requireCapacity(LinkState.MIN_CAPACITY_MBPS)).doesNotThrowAnyException();
        assertThatCode(() -> LinkState.requireCapacity(LinkState.MAX_CAPACITY_MBPS)).doesNotThrowAnyException();
        assertThatCode(() -> LinkState.requireCapacity(0)).doesNotThrowAnyException();
        assertThatThrownBy(() -> LinkState.requireCapacity(LinkState.MIN_CAPACITY_MBPS / 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinkState.requireCapacity(Math.nextUp(LinkState.MAX_CAPACITY_MBPS)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRepeatedArcIsRefused() {
        assertThatThrownBy(() -> new LinkState(1, List.of(2, 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ascending and unique");
    }
}
