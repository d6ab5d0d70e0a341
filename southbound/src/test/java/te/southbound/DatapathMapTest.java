package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatapathMapTest {
    @Test
    void readsNodesInOrderWithAnyDpidSpelling() {
        DatapathMap m = DatapathMap.parse("""
                # Abilene
                ATLAng = 00:00:00:00:00:00:00:01
                CHINng = 0x2   # trailing comment

                DNVRng=ff
                """, "abilene.dpids");
        assertThat(m.asMap().keySet()).containsExactly("ATLAng", "CHINng", "DNVRng");
        assertThat(m.dpid("DNVRng")).isEqualTo(new Dpid(0xff));
        assertThat(m.node(new Dpid(2))).contains("CHINng");
        assertThat(m.dpids()).hasSize(3);
        assertThatThrownBy(() -> m.dpid("HSTNng")).hasMessageContaining("maybe add 'HSTNng = <dpid>'");
    }

    @Test
    void everyBadLineIsReportedAtOnce() {
        assertThatThrownBy(() -> DatapathMap.parse("a = 1\nb\na = 2\nc = 1\nd = xyz\ne = 12345678901234567\n", "f.dpids"))
                .hasMessageContaining("f.dpids")
                .hasMessageContaining("line 2: expected 'node = dpid'")
                .hasMessageContaining("line 3: node 'a' appears twice")
                .hasMessageContaining("line 4: dpid 0000000000000001 already belongs to 'a'")
                .hasMessageContaining("line 5: datapath id must be hex")
                .hasMessageContaining("line 6: datapath id must be 1-16 hex digits");
    }
}
