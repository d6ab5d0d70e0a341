package te.topology.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PathSpecTest {
    /** Mutants: k's range check removed, or its bounds moved by one. */
    @Test
    void kIsFromOneToSixtyFour() {
        assertThat(new PathSpec(1, PathMethod.YEN, PathMetric.HOPS).k()).isEqualTo(1);
        assertThat(new PathSpec(64, PathMethod.YEN, PathMetric.HOPS).k()).isEqualTo(64);
        for (int k : new int[] {0, 65}) {
            assertThatThrownBy(() -> new PathSpec(k, PathMethod.YEN, PathMetric.HOPS)).hasMessage("paths per pair k must be in 1..64, got " + k);
        }
    }
}
