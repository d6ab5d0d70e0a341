package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.lp.Allocation;
import te.topology.Topology;

/**
 * A drained link: the next solve moves its flow away while the served allocation keeps it until
 * then (no pruned version that drops it first, as a failure has), durable, and undone by undrain.
 */
class LinkDrainTest {
    private final Topology t = DaemonFixture.ABILENE;
    private final int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));

    @Test
    void aDrainedLinkLosesItsFlowToTheReSolveNotToAPruning(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // More than every path of 0->1 can carry: the direct arc is loaded at any optimum.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000}]");
            JsonNode before = d.awaitAllocationFor(1, 0);
            long version = before.get("allocation").get("version").asLong();
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of()).arcLoadMbps()[arc]).isPositive();

            JsonNode drain = DaemonFixture.json(d.send("POST", "/v1/links/0/1/drain", null, null));
            assertThat(drain.get("drained").asBoolean()).isTrue();
            assertThat(drain.get("changed").asBoolean()).isTrue();
            long topologyVersion = drain.get("topologyVersion").asLong();
            JsonNode after = d.awaitAllocationFor(1, topologyVersion);
            // The very next version is the re-solve: nothing was pruned in between.
            assertThat(after.get("allocation").get("version").asLong()).isEqualTo(version + 1);
            double[] capacity = t.capacitiesMbps();
            capacity[arc] = 0;
            Allocation drained = d.checkedAllocation(d.get("/v1/allocation").body(), capacity);
            assertThat(drained.arcLoadMbps()[arc]).isZero();
            assertThat(drained.totalFlowMbps()).isPositive();
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("links").get(arc).get("drained").asBoolean()).isTrue();
            assertThat(DaemonFixture.json(d.send("POST", "/v1/links/0/1/drain", null, null)).get("changed").asBoolean()).isFalse();
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("links").get(arc).get("drained").asBoolean()).as("durable").isTrue();
            JsonNode undrain = DaemonFixture.json(d.send("POST", "/v1/links/0/1/undrain", null, null));
            assertThat(undrain.get("drained").asBoolean()).isFalse();
            d.awaitAllocationFor(1, undrain.get("topologyVersion").asLong());
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of()).arcLoadMbps()[arc]).isPositive();
            assertThat(d.send("POST", "/v1/links/0/5/drain", null, null).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aSolveRunningWhenTheDrainArrivesIsNotTakenForItsReSolve(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000}]");
            d.awaitAllocationFor(1, 0);
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            try {
                d.send("POST", "/v1/solve", null, null);
                gate.entered().await();
                long drained = DaemonFixture.json(d.send("POST", "/v1/links/0/1/drain", null, null)).get("topologyVersion").asLong();
                // Let the held solve end and hold the drain's re-solve: what is served in between is the held one's result.
                ScriptedSolverProvider.Gate next = ScriptedSolverProvider.Gate.closed();
                ScriptedSolverProvider.GATE.set(next);
                gate.release().countDown();
                next.entered().await();
                JsonNode between = DaemonFixture.json(d.get("/v1/status")).get("allocation");
                assertThat(between.get("topologyVersion").asLong()).as("computed before the drain, labelled so").isLessThan(drained);
                assertThat(between.get("current").asBoolean()).isFalse();
                ScriptedSolverProvider.GATE.set(null);
                next.release().countDown();
                // The re-solve for the drain's links carries nothing over the arc.
                JsonNode s = d.awaitAllocationFor(1, drained);
                double[] capacity = t.capacitiesMbps();
                capacity[arc] = 0;
                assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), capacity).arcLoadMbps()[arc]).isZero();
                assertThat(s.get("allocation").get("current").asBoolean()).isTrue();
            } finally {
                ScriptedSolverProvider.GATE.set(null);
                gate.release().countDown();
            }
        }
    }

    @Test
    void aSolveFromBeforeTheDrainDoesNotPutFlowBackAfterAPruningTookItOff(@TempDir Path dir) throws Exception {
        int y = t.arcIndex(t.resolveNode("7"), t.resolveNode("8"));
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // Served: only 7->8, nothing over 0->1.
            d.putJson("[{\"src\":\"7\",\"dst\":\"8\",\"demand\":100000}]");
            d.awaitAllocationFor(1, 0);
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            try {
                // The held solve routes 0->1 over the direct arc, which is drained while it runs.
                d.putJson("[{\"src\":\"7\",\"dst\":\"8\",\"demand\":100000},{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000}]");
                gate.entered().await();
                d.send("POST", "/v1/links/0/1/drain", null, null);
                // A failure under the served allocation: its pruning, with nothing on the drained arc, takes the newest version.
                long down = DaemonFixture.json(d.send("POST", "/v1/links/7/8/down", null, null)).get("topologyVersion").asLong();
                JsonNode pruning = d.awaitStatus(st -> st.path("allocation").path("topologyVersion").asLong() == down).get("allocation");
                assertThat(pruning.get("method").asText()).endsWith("+pruned");
                ScriptedSolverProvider.Gate next = ScriptedSolverProvider.Gate.closed();
                ScriptedSolverProvider.GATE.set(next);
                gate.release().countDown();
                next.entered().await();
                JsonNode between = DaemonFixture.json(d.get("/v1/status"));
                assertThat(between.get("lastSolve").get("outcome").asText()).isEqualTo("KEPT_LAST_GOOD");
                assertThat(between.get("allocation").get("topologyVersion").asLong()).as("no label going back").isEqualTo(down);
                double[] capacity = t.capacitiesMbps();
                capacity[y] = 0;
                assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), capacity).arcLoadMbps()[arc])
                        .as("no flow put back on the drained arc").isZero();
                ScriptedSolverProvider.GATE.set(null);
                next.release().countDown();
                d.awaitAllocationFor(2, down);
                capacity[arc] = 0;
                assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), capacity).arcLoadMbps()[arc]).isZero();
            } finally {
                ScriptedSolverProvider.GATE.set(null);
                gate.release().countDown();
            }
        }
    }

    @Test
    void aPairWhosePathsAllCrossDrainedArcsGetsReplacementsAsAFailedOneWould() {
        // 0->2: its one base path (k=1) is 0-1-2; 0-3-2 is the other way round.
        Topology ring = te.topology.TestTopologies.undirected(4, "0-1", "1-2", "0-3", "3-2");
        te.topology.paths.PathSet base = te.topology.paths.PathPrecomputation.allPairs(ring,
                new te.topology.paths.PathSpec(1, te.topology.paths.PathSpec.defaults().method(), te.topology.paths.PathSpec.defaults().metric()),
                1, te.topology.paths.PathPrecomputation.Progress.NONE);
        int pair = base.pairIndex(0, 2);
        int[] first = base.pathArcs(base.firstPath(pair));
        NetworkSnapshot n = SurvivingPaths.of(ring, base, LinkState.allUp().withDrain(first[0], true), 1);
        int p = n.paths().pairIndex(0, 2);
        assertThat(n.paths().pathCount(p)).as("the drained base path, kept for the flow served on it, and a replacement").isEqualTo(2);
        assertThat(n.paths().pathArcs(n.paths().firstPath(p))).containsExactly(first);
        assertThat(n.paths().pathArcs(n.paths().firstPath(p) + 1)).doesNotContain(first[0]);
        assertThat(n.replacedPairs()).isPositive();
    }
}
