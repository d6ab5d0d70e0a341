package te.controller.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.southbound.Dpid;
import te.topology.Topology;
import te.zoo.TopologyCatalog;

class FileWiringTest {
    private final Topology abilene = TopologyCatalog.discover().load("Abilene");

    private String allNodes() {
        List<String> lines = new ArrayList<>();
        for (int v = 0; v < abilene.nodeCount(); v++) {
            lines.add("node %s dpid %x prefix 10.%d.0.0/16".formatted(abilene.nodes().get(v).id(), 0x100 + v, v));
        }
        return String.join("\n", lines) + "\n";
    }

    @Test
    void readsNodesAndLinksAndFallsBackToConventionalPorts() {
        String text = "# Abilene lab\n" + allNodes() + "\n# links whose port differs from the convention\n";
        text += "link Seattle Denver port 7   # by label\n";
        FileWiring w = FileWiring.parse(abilene, text, "lab.wiring");
        int seattle = abilene.resolveNode("Seattle");
        int denver = abilene.resolveNode("Denver");
        assertThat(w.dpid(seattle)).isEqualTo(new Dpid(0x100 + seattle));
        assertThat(w.prefixes(seattle).toString()).isEqualTo("[10.%d.0.0/16]".formatted(seattle));
        assertThat(w.hostPort(seattle)).isEqualTo(1);
        assertThat(w.outPort(abilene.arcIndex(seattle, denver))).isEqualTo(7);
        int other = abilene.arcIndex(denver, seattle);
        assertThat(w.outPort(other)).isEqualTo(new ConventionalWiring(abilene).outPort(other));
    }

    @Test
    void certificateNamesAreForEveryNodeOrNoneAndUnique() {
        String named = allNodes().lines().map(l -> l + " certificate-cn sw-" + l.split(" ")[1]).reduce("", (a, l) -> a + l + "\n");
        FileWiring w = FileWiring.parse(abilene, named.replace("prefix 10.0.0.0/16 certificate-cn", "prefix 10.0.0.0/16 host-port 9 certificate-cn"),
                "lab.wiring");
        assertThat(w.certificateName(0)).contains("sw-" + abilene.nodes().get(0).id());
        assertThat(w.hostPort(0)).isEqualTo(9);
        assertThat(FileWiring.parse(abilene, allNodes(), "lab.wiring").certificateName(0)).isEmpty();

        String first = allNodes().lines().findFirst().orElseThrow();
        String onlyOne = allNodes().replace(first, first + " certificate-cn sw-a");
        assertThatThrownBy(() -> FileWiring.parse(abilene, onlyOne, "lab.wiring"))
                .hasMessageContaining("certificate-cn is given for some nodes, so every node needs one; missing for [");
        String twice = named.replace("certificate-cn sw-" + abilene.nodes().get(1).id(), "certificate-cn sw-" + abilene.nodes().get(0).id());
        assertThatThrownBy(() -> FileWiring.parse(abilene, twice, "lab.wiring"))
                .hasMessageContaining("line 2: certificate-cn 'sw-%s' already belongs to node '%s'".formatted(abilene.nodes().get(0).id(),
                        abilene.nodes().get(0).id()));
        String repeated = allNodes().replace(first, first + " host-port 2 host-port 3");
        assertThatThrownBy(() -> FileWiring.parse(abilene, repeated, "lab.wiring")).hasMessageContaining("line 1: 'host-port' is given twice");
        String unknown = allNodes().replace(first, first + " colour blue");
        assertThatThrownBy(() -> FileWiring.parse(abilene, unknown, "lab.wiring"))
                .hasMessageContaining("line 1: expected 'node ID dpid DPID prefix A.B.C.D/LEN[,2001:DB8::/48...] [host-port N] [certificate-cn NAME]'");
    }

    @Test
    void aNodeListsIpv4AndIpv6PrefixesEachBelongingToItAlone() {
        String first = allNodes().lines().findFirst().orElseThrow();
        String dual = allNodes().replace(first, first + ",2001:db8:0:100::/56 host-port 4");
        FileWiring w = FileWiring.parse(abilene, dual, "dual.wiring");
        assertThat(w.prefixes(0)).extracting(Object::toString).containsExactly("10.0.0.0/16", "2001:db8:0:100::/56");
        assertThat(w.hostPort(0)).isEqualTo(4);
        assertThat(w.prefixes(1)).extracting(Object::toString).containsExactly("10.1.0.0/16");

        String shared = allNodes().replace("prefix 10.1.0.0/16", "prefix 10.1.0.0/16,2001:db8::/48")
                .replace("prefix 10.2.0.0/16", "prefix 2001:db8:0::/48");
        assertThatThrownBy(() -> FileWiring.parse(abilene, shared, "dual.wiring"))
                .hasMessageContaining("line 3: prefix 2001:db8::/48 already belongs to node '%s'".formatted(abilene.nodes().get(1).id()));
        String twice = allNodes().replace(first, first + ",10.0.0.0/16");
        assertThatThrownBy(() -> FileWiring.parse(abilene, twice, "dual.wiring"))
                .hasMessageContaining("line 1: prefix 10.0.0.0/16 is listed twice");
        String bad = allNodes().replace(first, first + ",2001:db8::1/48");
        assertThatThrownBy(() -> FileWiring.parse(abilene, bad, "dual.wiring"))
                .hasMessageContaining("line 1: prefix 2001:db8::1/48 has host bits set; maybe 2001:db8::/48");
        String empty = allNodes().replace(first, first + ",");
        assertThatThrownBy(() -> FileWiring.parse(abilene, empty, "dual.wiring"))
                .hasMessageContaining("line 1: IPv4 prefix must look like 10.1.0.0/16, got ''");
    }

    @Test
    void everyProblemIsNamedAtOnce() {
        String text = """
                node 0 dpid 1 prefix 10.0.0.0/16 host-port 0
                node 1 dpid 1 prefix 10.1.0.0/16
                node 2 dpid zz prefix 10.2.0.0/16
                node 99 dpid 5 prefix 10.9.0.0/16
                link 0 5 port 2
                bogus line
                """;
        assertThatThrownBy(() -> FileWiring.parse(abilene, text, "bad.wiring"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid wiring bad.wiring: line 1: port '0' must be a switch port number")
                .hasMessageContaining("line 2: dpid 0000000000000001 already belongs to node '0'")
                .hasMessageContaining("line 3: datapath id must be hex, got 'zz'")
                .hasMessageContaining("line 4: unknown node '99'")
                .hasMessageContaining("line 5: no arc 0 -> 5 in Abilene")
                .hasMessageContaining("line 6: expected 'node ID dpid DPID prefix")
                .hasMessageContaining("node '3' has no 'node' line");
    }

    /**
     * A line's second problem went unsaid, and a node whose line was refused was also said to have
     * no line (review).
     */
    @Test
    void everyProblemOfEveryLineIsNamedOnceWithoutFollowOns() {
        String text = allNodes()
                .replace("node 1 dpid 101 prefix 10.1.0.0/16", "node 1 dpid 100 prefix 10.0.0.0/16")
                .replace("node 2 dpid 102 prefix 10.2.0.0/16", "node 2 dpid zz prefix 10.2.0.0/33,10.200.0.0/16 host-port 0 host-port 2")
                + "node 3 dpid 103 prefix 10.3.0.0/16\n"
                + "link 0 99 port x\n";
        String message = catchThrowableOfType(() -> FileWiring.parse(abilene, text, "bad.wiring"), IllegalArgumentException.class).getMessage();
        assertThat(message.split("; ")).containsExactly(
                "invalid wiring bad.wiring: line 2: dpid 0000000000000100 already belongs to node '0'",
                "line 2: prefix 10.0.0.0/16 already belongs to node '0'",
                "line 3: 'host-port' is given twice",
                "line 3: datapath id must be hex, got 'zz'",
                "line 3: IPv4 prefix '10.2.0.0/33': length must be in [0, 32], got 33",
                "line 3: port '0' must be a switch port number 1..4294967039 (4294967040 = 0xffffff00 and up are reserved OpenFlow ports)",
                "line 12: node '3' appears twice",
                "line 13: unknown node '99' in Abilene (expected one of its 11 node ids or labels)",
                "line 13: port 'x' must be a switch port number 1..4294967039 (4294967040 = 0xffffff00 and up are reserved OpenFlow ports)");
    }

    @Test
    void twoLinksOnOnePortALinkOnTheHostPortAndALinkGivenTwiceAreRefused() {
        // Seattle (node 10 by label) has arcs to Denver and Sunnyvale, conventionally on ports 2 and 3.
        int seattle = abilene.resolveNode("Seattle");
        ConventionalWiring conventional = new ConventionalWiring(abilene);
        int toDenver = abilene.arcIndex(seattle, abilene.resolveNode("Denver"));
        int toSunnyvale = abilene.arcIndex(seattle, abilene.resolveNode("Sunnyvale"));
        assertThat(conventional.outPort(toDenver)).isNotEqualTo(conventional.outPort(toSunnyvale));
        String onOnePort = allNodes() + "link Seattle Denver port %d\n".formatted(conventional.outPort(toSunnyvale));
        assertThatThrownBy(() -> FileWiring.parse(abilene, onOnePort, "lab.wiring"))
                .hasMessageContaining("node '%s': port %d is both link %s->%s and link %s->%s's".formatted(abilene.nodes().get(seattle).id(),
                        conventional.outPort(toSunnyvale), abilene.nodes().get(seattle).id(),
                        abilene.nodes().get(abilene.arcDst(Math.min(toDenver, toSunnyvale))).id(), abilene.nodes().get(seattle).id(),
                        abilene.nodes().get(abilene.arcDst(Math.max(toDenver, toSunnyvale))).id()));
        assertThatThrownBy(() -> FileWiring.parse(abilene, allNodes() + "link Seattle Denver port 1\n", "lab.wiring"))
                .hasMessageContaining("port 1 is both the host port and link %s->%s's".formatted(abilene.nodes().get(seattle).id(),
                        abilene.nodes().get(abilene.resolveNode("Denver")).id()));
        assertThatThrownBy(() -> FileWiring.parse(abilene, allNodes() + "link Seattle Denver port 7\nlink Seattle Denver port 8\n",
                "lab.wiring")).hasMessageContaining("line 13: link Seattle Denver already has a port (line 12)");
        // Moving the clashing arc too makes the file valid.
        FileWiring moved = FileWiring.parse(abilene, onOnePort + "link Seattle Sunnyvale port 9\n", "lab.wiring");
        assertThat(moved.outPort(toSunnyvale)).isEqualTo(9);
    }

    @Test
    void theLastPortIsOneBelowOfppMaxWhichIsReserved() {
        // Open vSwitch refuses an output to 0xffffff00 (OFPP_MAX) as BAD_OUT_PORT: every push would fail.
        FileWiring last = FileWiring.parse(abilene, allNodes() + "link Seattle Denver port 4294967039\n", "lab.wiring");
        assertThat(last.outPort(abilene.arcIndex(abilene.resolveNode("Seattle"), abilene.resolveNode("Denver"))))
                .isEqualTo(0xfffffeff);
        assertThatThrownBy(() -> FileWiring.parse(abilene, allNodes() + "link Seattle Denver port 4294967040\n", "lab.wiring"))
                .hasMessageContaining("line 12: port '4294967040' must be a switch port number 1..4294967039");
    }
}
