package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.Topology;

/**
 * A link that comes back (undrained, up again) gets traffic back: neither the hysteresis of
 * {@code --min-gain} nor putting served splits back keeps the detours it left behind.
 */
class RepairedLinkTest {
    private final Topology t = DaemonFixture.ABILENE;
    private final int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));

    @AfterEach
    void heal() {
        ScriptedSolverProvider.GATE.set(null);
        ScriptedSolverProvider.FAILURE.set(null);
    }

    @Test
    void anUndrainNotYetSolvedForBeforeARestartStillSendsTrafficBack(@TempDir Path dir) {
        long undrained;
        try (DaemonFixture d = DaemonFixture.startWithMinGain(dir, 0.005)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1000},{\"src\":\"9\",\"dst\":\"10\",\"demand\":25000}]");
            d.awaitAllocationFor(1, 0);
            long v = DaemonFixture.json(d.send("POST", "/v1/links/0/1/drain", null, null)).get("topologyVersion").asLong();
            d.awaitAllocationFor(1, v);
            // The undrain's re-solve fails: the drained-era splits stay served and stored.
            ScriptedSolverProvider.FAILURE.set(te.lp.SolveStatus.ERROR);
            undrained = DaemonFixture.json(d.send("POST", "/v1/links/0/1/undrain", null, null)).get("topologyVersion").asLong();
            d.awaitStatus(x -> x.path("lastSolve").path("topologyVersion").asLong(-1) == undrained);
        }
        ScriptedSolverProvider.FAILURE.set(null);
        // Read back, the stored splits carry today's capacities: they must not be kept over the start-up solve.
        try (DaemonFixture d = DaemonFixture.startWithMinGain(dir, 0.005)) {
            JsonNode s = d.awaitAllocationFor(1, undrained);
            assertThat(s.path("lastSolve").path("outcome").asText()).isEqualTo("PUBLISHED");
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of()).arcLoadMbps()[arc])
                    .as("traffic back on the undrained link after a restart").isPositive();
        }
    }

    /**
     * A restart whose first solve fails keeps serving the stored allocation, and hands it to the
     * switches: before, they heard of nothing until a later pass published (a review).
     */
    @Test
    void aStoredAllocationKeptAfterAFailedStartUpSolveStillReachesTheSwitches(@TempDir Path dir) throws Exception {
        long version;
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // Beyond capacity, so the start-up solve needs the (failing) LP.
            d.putMatrix(te.topology.traffic.TrafficSpec.parse("gravity:1,400").generate(t));
            version = d.awaitAllocationFor(1, 0).get("allocation").get("version").asLong();
        }
        ScriptedSolverProvider.FAILURE.set(te.lp.SolveStatus.ERROR);
        List<AllocationSnapshot> handedOut = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (DaemonFixture d = DaemonFixture.start(dir, java.time.Duration.ofHours(1), java.util.Optional.empty(), 1 << 20, handedOut::add)) {
            JsonNode s = d.awaitStatus(x -> x.path("solvesCompleted").asLong() >= 1);
            assertThat(s.path("lastSolve").path("outcome").asText()).isEqualTo("KEPT_LAST_GOOD");
            assertThat(handedOut).extracting(AllocationSnapshot::version).containsExactly(version);
        }
    }

    /**
     * A restart with nothing changed moves no commodity: the start-up solve puts the stored splits
     * back, since the file says which capacities they were computed for (before, every restart
     * changed some, if only by round-off: 3 of 110 here, 7 of 110 seen by an operator).
     */
    @Test
    void aRestartWithNothingChangedMovesNoCommodity(@TempDir Path dir) throws Exception {
        JsonNode before;
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // Two uploads: the second allocation keeps splits of the first where it can, so it is
            // not what a solve from scratch finds.
            d.putMatrix(te.topology.traffic.TrafficSpec.parse("gravity:1,400").generate(t));
            d.awaitAllocationFor(1, 0);
            d.putMatrix(te.topology.traffic.TrafficSpec.parse("bimodal:2,400").generate(t));
            d.awaitAllocationFor(2, 0);
            String body = d.get("/v1/allocation").body();
            d.checkedAllocation(body, List.of());
            before = DaemonFixture.JSON.readTree(body);
        }
        List<AllocationSnapshot> handedOut = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (DaemonFixture d = DaemonFixture.start(dir, java.time.Duration.ofHours(1), java.util.Optional.empty(), 1 << 20, handedOut::add)) {
            JsonNode s = d.awaitStatus(x -> x.path("solvesCompleted").asLong() >= 1);
            // Kept as it is, it still goes to the switches: they hear of nothing else in this run.
            assertThat(handedOut).extracting(AllocationSnapshot::version).containsExactly(before.get("version").asLong());
            // The start-up solve comes to the stored allocation bit for bit: it is kept as its version.
            assertThat(s.path("lastSolve").path("outcome").asText()).isEqualTo("UNCHANGED");
            String body = d.get("/v1/allocation").body();
            d.checkedAllocation(body, List.of());
            JsonNode after = DaemonFixture.JSON.readTree(body);
            assertThat(after.get("version").asLong()).isEqualTo(before.get("version").asLong());
            assertThat(after.get("commodities").size()).isEqualTo(before.get("commodities").size());
            List<String> moved = new java.util.ArrayList<>();
            for (int i = 0; i < before.get("commodities").size(); i++) {
                JsonNode b = before.get("commodities").get(i);
                JsonNode a = after.get("commodities").get(i);
                assertThat(a.get("src").asText() + a.get("dst").asText()).isEqualTo(b.get("src").asText() + b.get("dst").asText());
                if (!flows(a).equals(flows(b))) {
                    moved.add(b.get("src").asText() + "->" + b.get("dst").asText() + ": " + flows(b) + " then " + flows(a));
                }
            }
            // Down to the last bit: a re-solve's round-off counts as a change for clients of ?since=.
            assertThat(moved).as("commodities whose splits moved at a restart with nothing changed").isEmpty();
        }
    }

    /** @return path (its nodes) → flow in Mbps, exactly, for the paths with flow */
    private static java.util.Map<String, Double> flows(JsonNode commodity) {
        java.util.Map<String, Double> m = new java.util.TreeMap<>();
        for (JsonNode p : commodity.get("paths")) {
            if (p.get("flowMbps").asDouble() != 0) {
                m.put(p.get("nodes").toString(), p.get("flowMbps").asDouble());
            }
        }
        return m;
    }

    @Test
    void withMinGainAnUndrainedOrRepairedLinkCarriesTrafficAgain(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.startWithMinGain(dir, 0.005)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1000}]");
            d.awaitAllocationFor(1, 0);
            for (String[] change : new String[][] {{"drain", "undrain"}, {"down", "up"}}) {
                long v = DaemonFixture.json(d.send("POST", "/v1/links/0/1/" + change[0], null, null)).get("topologyVersion").asLong();
                d.awaitAllocationFor(1, v);
                long u = DaemonFixture.json(d.send("POST", "/v1/links/0/1/" + change[1], null, null)).get("topologyVersion").asLong();
                JsonNode s = d.awaitAllocationFor(1, u);
                // The re-solve reaches the same flow (no gain over --min-gain), but the detour is not kept.
                assertThat(s.get("lastSolve").get("outcome").asText()).as(change[1]).isEqualTo("PUBLISHED");
                assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of()).arcLoadMbps()[arc])
                        .as("traffic back on the link after " + change[1]).isPositive();
            }
        }
    }

    @Test
    void anUndrainFollowedByAPruningStillSendsTrafficBack(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // 9->10 is heavy enough that the pass reaches the (gated) solver.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1000},{\"src\":\"9\",\"dst\":\"10\",\"demand\":25000}]");
            d.awaitAllocationFor(1, 0);
            long v = DaemonFixture.json(d.send("POST", "/v1/links/0/1/drain", null, null)).get("topologyVersion").asLong();
            d.awaitAllocationFor(1, v);
            int failed = t.arcIndex(t.resolveNode("6"), t.resolveNode("10"));
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            d.send("POST", "/v1/solve", null, null);
            assertThat(gate.entered().await(20, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            d.send("POST", "/v1/links/0/1/undrain", null, null);
            // An unrelated failure while the pass is held: its pruning keeps the drained-era splits,
            // and must not make them look computed for the undrained capacity.
            long u = DaemonFixture.json(d.send("POST", "/v1/links/6/10/down", null, null)).get("topologyVersion").asLong();
            d.awaitStatus(s -> s.path("allocation").path("topologyVersion").asLong() == u);
            ScriptedSolverProvider.GATE.set(null);
            gate.release().countDown();
            d.awaitAllocationFor(1, u);
            d.awaitStatus(x -> x.path("pending").isEmpty() && !x.path("solving").asBoolean());
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of(failed)).arcLoadMbps()[arc])
                    .as("traffic back on the undrained link").isPositive();
        }
    }
}
