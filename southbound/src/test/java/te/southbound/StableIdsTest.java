package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StableIdsTest {
    @Test
    void keptKeysKeepIdsAndFreedIdsAreNotReusedInTheSameUpdate() {
        Map<String, Integer> ids = StableIds.assign(List.of("b", "c", "d"), Map.of("a", 16, "b", 17), Set.of(19), 16, 100, "x");
        assertThat(ids).containsExactly(Map.entry("b", 17), Map.entry("c", 18), Map.entry("d", 20));
    }

    @Test
    void exhaustionNamesTheSpace() {
        assertThatThrownBy(() -> StableIds.assign(List.of("a", "b"), Map.of(), Set.of(), 16, 17, "MPLS labels"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("out of MPLS labels");
    }
}
