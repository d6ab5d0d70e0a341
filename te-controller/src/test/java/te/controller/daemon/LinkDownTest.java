package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.lp.Allocation;
import te.topology.Topology;
import te.topology.paths.PathSet;

/** A failed link carries no flow in the next allocation; a pair cut off from all its paths gets new ones. */
class LinkDownTest {
    @Test
    void nextAllocationHasZeroFlowOnAFailedLink(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            Topology t = d.topology;
            // Heavy demand on the pair so that its direct link is surely used before the failure.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":500},{\"src\":\"1\",\"dst\":\"0\",\"demand\":500}]");
            d.awaitAllocationFor(1, 0);
            int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
            Allocation before = d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
            assertThat(before.arcLoadMbps()[arc]).isPositive();

            JsonNode down = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null));
            long version = down.get("topologyVersion").asLong();
            d.awaitAllocationFor(1, version);
            Allocation after = d.checkedAllocation(d.get("/v1/allocation").body(), List.of(arc));
            assertThat(after.arcLoadMbps()[arc]).isZero();
            assertThat(after.totalFlowMbps()).isPositive();

            d.send("POST", "/v1/links/0/1/up", null, null);
            d.awaitAllocationFor(1, version + 1);
            Allocation restored = d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
            assertThat(restored.arcLoadMbps()[arc]).isPositive();
        }
    }

    @Test
    void switchReportsAndTheOperatorEachLiftOnlyTheirOwnFailure(@TempDir Path dir) {
        Topology t = DaemonFixture.ABILENE;
        int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":500}]");
            d.awaitAllocationFor(1, 0);

            d.daemon.reportSwitchPorts(java.util.Map.of(arc, true));
            long version = d.daemon.links().version();
            d.awaitAllocationFor(1, version);
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of(arc)).arcLoadMbps()[arc]).isZero();
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("downLinks").toString())
                    .isEqualTo("[{\"src\":\"0\",\"dst\":\"1\",\"by\":\"switch\"}]");

            JsonNode up = DaemonFixture.json(d.send("POST", "/v1/links/0/1/up", null, null));
            assertThat(up.get("changed").asBoolean()).isFalse();
            assertThat(up.get("up").asBoolean()).as("the switch still reports it down").isFalse();
            assertThat(up.get("heldDownBySwitch").asBoolean()).isTrue();

            JsonNode down = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null));
            assertThat(down.get("changed").asBoolean()).as("the operator's word is new").isTrue();
            assertThat(down.get("downLinks").get(0).get("by").asText()).isEqualTo("operator+switch");
            // The failed links are the same, but the version is new: a pass runs, so that the
            // allocation is current again instead of labelled with the older version for good.
            JsonNode status = d.awaitAllocationFor(1, down.get("topologyVersion").asLong());
            assertThat(status.get("allocation").get("current").asBoolean()).isTrue();
            d.daemon.reportSwitchPorts(java.util.Map.of(arc, false));
            assertThat(d.daemon.links().isDown(arc)).as("the operator's failure stays").isTrue();
            d.daemon.reportSwitchPorts(java.util.Map.of(arc, true));
        }
        // Both words survive a restart; the file keeps them apart.
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.daemon.links().isOperatorDown(arc)).isTrue();
            assertThat(d.daemon.links().isSwitchDown(arc)).isTrue();
            JsonNode up = DaemonFixture.json(d.send("POST", "/v1/links/0/1/up", null, null));
            assertThat(up.get("changed").asBoolean()).isTrue();
            assertThat(up.get("up").asBoolean()).isFalse();
            d.daemon.reportSwitchPorts(java.util.Map.of(arc, false));
            assertThat(d.daemon.links().downArcs()).isEmpty();
            d.daemon.reportSwitchPorts(java.util.Map.of(arc, true));
        }
        // A start without switches to report (no --openflow-listen) forgets their failures.
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.daemon.forgetSwitchReports()).isEqualTo(1);
            assertThat(d.daemon.links().downArcs()).isEmpty();
        }
    }

    @Test
    void aLinksFileFromBeforeSwitchReportsLoadsAsTheOperatorsFailures(@TempDir Path dir) {
        Topology t = DaemonFixture.ABILENE;
        int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
        try (te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(dir)) {
            store.save(te.controller.daemon.state.StateStore.LINKS, 7,
                    "{\"down\":[{\"src\":\"0\",\"dst\":\"1\"}]}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.daemon.links().version()).isEqualTo(7);
            assertThat(d.daemon.links().operatorDown()).containsExactly(arc);
            assertThat(d.daemon.links().switchDown()).isEmpty();
        }
    }

    @Test
    void pairsThatLoseEveryPathGetReplacements(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            Topology t = d.topology;
            PathSet paths = DaemonFixture.ABILENE_PATHS;
            // A pair, and one arc per precomputed path (the last one), such that the pair stays
            // connected once those arcs fail: it must then get a replacement path.
            int pair = -1;
            Set<Integer> cut = new TreeSet<>();
            for (int i = 0; i < paths.pairCount() && pair < 0; i++) {
                cut.clear();
                for (int p = paths.firstPath(i); p < paths.firstPath(i + 1); p++) {
                    cut.add(paths.arc(p, paths.pathLength(p) - 1));
                }
                if (reachable(t, cut, paths.src(i), paths.dst(i))) {
                    pair = i;
                }
            }
            assertThat(pair).as("Abilene has such a pair").isNotNegative();
            String src = t.nodes().get(paths.src(pair)).id();
            String dst = t.nodes().get(paths.dst(pair)).id();
            d.putJson("[{\"src\":\"%s\",\"dst\":\"%s\",\"demand\":10}]".formatted(src, dst));
            JsonNode last = null;
            for (int arc : cut) {
                last = DaemonFixture.json(d.send("POST", "/v1/links/%s/%s/down".formatted(t.nodes().get(t.arcSrc(arc)).id(),
                        t.nodes().get(t.arcDst(arc)).id()), null, null));
            }
            assertThat(last.get("replacedPairs").asInt()).isPositive();
            d.awaitAllocationFor(1, last.get("topologyVersion").asLong());
            Allocation after = d.checkedAllocation(d.get("/v1/allocation").body(), List.copyOf(cut));
            for (int arc : cut) {
                assertThat(after.arcLoadMbps()[arc]).isZero();
            }
            assertThat(after.totalFlowMbps()).isEqualTo(10.0, org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    /** Breadth-first search over the arcs not in {@code down}. */
    private static boolean reachable(Topology t, Set<Integer> down, int from, int to) {
        boolean[] seen = new boolean[t.nodeCount()];
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(from));
        seen[from] = true;
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int a = t.outStart(v); a < t.outStart(v + 1); a++) {
                if (!down.contains(a) && !seen[t.arcDst(a)]) {
                    seen[t.arcDst(a)] = true;
                    queue.add(t.arcDst(a));
                }
            }
        }
        return seen[to];
    }
}
