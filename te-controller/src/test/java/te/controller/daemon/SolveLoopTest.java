package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.solve.AllocationPublisher;
import te.controller.daemon.state.StateFile;
import te.controller.daemon.state.StoredState;
import te.lp.Allocation;
import te.lp.SolveStatus;
import te.topology.traffic.TrafficSpec;

/** Solver failures: CSPF before any good allocation, the last good one after; the publisher sees only good ones. */
class SolveLoopTest {
    /**
     * 0→1 above every Abilene link's 10 Gbit/s, so the LP has work for the (scripted) solver: an
     * uncongested commodity is routed up front and never reaches a solver.
     */
    static final String CONGESTED = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":25000}]";
    static final String CONGESTED_THREE = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":25000},{\"src\":\"1\",\"dst\":\"2\",\"demand\":20.5},"
            + "{\"src\":\"Seattle\",\"dst\":\"Atlanta\",\"demand\":5}]";

    @TempDir
    Path dir;

    @AfterEach
    void heal() {
        ScriptedSolverProvider.FAILURE.set(null);
        ScriptedSolverProvider.GATE.set(null);
        ScriptedSolverProvider.timeLimitOnCall(0);
    }

    /**
     * A POP sub-problem that runs out of time is routed by a heuristic within its share, and the daemon
     * publishes the merge with the solver's status and message (before, the message was dropped).
     */
    /**
     * A pass with nothing changed comes to the served allocation bit for bit (served splits are put
     * back): it stays served as it is. Before, every timer pass published a new version with 0
     * commodities changed, rewrote the allocation file and started a push (a review).
     */
    @Test
    void aPassWithNothingChangedKeepsTheServedVersion(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson(ApiEndpointsTest.THREE);
            JsonNode first = d.awaitAllocationFor(1, 0);
            long version = first.get("allocation").get("version").asLong();
            String served = d.get("/v1/allocation").body();
            d.checkedAllocation(served, List.of());
            long completed = first.get("solvesCompleted").asLong();
            d.send("POST", "/v1/solve", null, null);
            JsonNode after = d.awaitStatus(st -> st.get("solvesCompleted").asLong() > completed);
            assertThat(after.get("lastSolve").get("outcome").asText()).isEqualTo("UNCHANGED");
            assertThat(after.get("lastSolve").get("message").asText()).contains("the same allocation as the served version " + version);
            assertThat(after.get("allocation").get("version").asLong()).isEqualTo(version);
            assertThat(d.get("/v1/allocation").body()).isEqualTo(served);
            // A change still publishes.
            d.send("PATCH", "/v1/demands", "text/csv", "2,5,7\n");
            assertThat(d.awaitAllocationFor(2, 0).get("allocation").get("version").asLong()).isGreaterThan(version);
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
        }
    }

    /**
     * Cogentco gravity ×16 with the daemon's defaults: served splits put back and the rest moved
     * onto shorter paths came to other optimal splits on the first two passes after the upload
     * (32, then 15 commodities re-weighted, the objective 10⁻¹⁵ apart), though nothing had changed.
     */
    @Test
    void passesWithNothingChangedKeepTheServedOptimumOnCogentco(@TempDir Path dir) throws Exception {
        te.topology.Topology cogentco = te.zoo.TopologyCatalog.discover().load("Cogentco");
        try (DaemonFixture d = DaemonFixture.start(dir, cogentco,
                new te.controller.daemon.solve.SolveSettings(te.lp.Objective.TOTAL_FLOW, te.lp.Solvers.byName("highs-warm"), 1, 0, 60, 2))) {
            assertThat(d.putMatrix(TrafficSpec.parse("gravity:1,16").generate(cogentco)).statusCode()).isEqualTo(200);
            JsonNode first = d.awaitAllocationFor(1, 0);
            long version = first.get("allocation").get("version").asLong();
            for (int pass = 0; pass < 2; pass++) {
                long completed = d.awaitStatus(st -> !st.get("solving").asBoolean()).get("solvesCompleted").asLong();
                d.send("POST", "/v1/solve", null, null);
                JsonNode after = d.awaitStatus(st -> st.get("solvesCompleted").asLong() > completed);
                assertThat(after.get("lastSolve").get("outcome").asText()).as("pass %d", pass).isEqualTo("UNCHANGED");
                assertThat(after.get("allocation").get("version").asLong()).isEqualTo(version);
            }
        }
    }

    @Test
    void aPopAllocationWithASubProblemOutOfTimeIsPublishedWithItsStatusAndMessage() throws Exception {
        ScriptedSolverProvider.timeLimitOnCall(3);
        try (DaemonFixture d = DaemonFixture.startPop(dir, 4)) {
            d.putMatrix(TrafficSpec.parse("gravity:3,64").generate(d.topology));
            JsonNode s = d.awaitAllocationFor(1, 0);
            assertThat(s.get("lastSolve").get("outcome").asText()).isEqualTo("PUBLISHED");
            assertThat(s.get("lastSolve").get("solverStatus").asText()).isEqualTo("TIME_LIMIT");
            String served = d.get("/v1/allocation").body();
            JsonNode allocation = DaemonFixture.JSON.readTree(served);
            assertThat(allocation.get("method").asText()).isEqualTo("pop-4");
            assertThat(allocation.get("solverStatus").asText()).isEqualTo("TIME_LIMIT");
            assertThat(allocation.get("message").asText()).startsWith("1 of 4 sub-problems not optimal, routed by a heuristic: [3]").contains("scripted time limit")
                    .contains("CSPF");
            assertThat(d.checkedAllocation(served, List.of()).totalFlowMbps()).isPositive();
            assertThat(d.get("/metrics").body()).contains("te_allocation_optimal 0.0");
        }
    }

    /**
     * A re-solve the time limit cuts short for the same demands and links, no better than what is
     * served, does not replace it (a review: POP-4 under a 2 s limit swung Cogentco ×48 between
     * 31,002 Mbps optimal and 28,483 Mbps from one pass to the next).
     */
    @Test
    void aTimeLimitedReSolveNoBetterThanTheServedAllocationForTheSameInputsKeepsIt() throws Exception {
        try (DaemonFixture d = DaemonFixture.startPop(dir, 4)) {
            d.putMatrix(TrafficSpec.parse("gravity:3,64").generate(d.topology));
            JsonNode first = d.awaitAllocationFor(1, 0);
            assertThat(first.get("lastSolve").get("solverStatus").asText()).isEqualTo("OPTIMAL");
            long version = first.get("allocation").get("version").asLong();
            String served = d.get("/v1/allocation").body();
            double optimal = DaemonFixture.JSON.readTree(served).get("objectiveValue").asDouble();

            ScriptedSolverProvider.timeLimitOnCall(2);
            long completed = first.get("solvesCompleted").asLong();
            d.send("POST", "/v1/solve", null, null);
            JsonNode kept = d.awaitStatus(st -> st.get("solvesCompleted").asLong() > completed);
            assertThat(kept.get("lastSolve").get("solverStatus").asText()).isEqualTo("TIME_LIMIT");
            assertThat(kept.get("lastSolve").get("outcome").asText()).isEqualTo("KEPT_LAST_GOOD");
            assertThat(kept.get("lastSolve").get("message").asText()).contains("no better than the served allocation version " + version);
            assertThat(kept.get("allocation").get("version").asLong()).isEqualTo(version);
            assertThat(kept.get("allocation").get("current").asBoolean()).isTrue();
            assertThat(d.get("/metrics").body()).contains("te_allocation_current 1.0");
            assertThat(d.get("/v1/allocation").body()).isEqualTo(served);
            assertThat(d.checkedAllocation(served, List.of()).totalFlowMbps()).isCloseTo(optimal, org.assertj.core.api.Assertions.within(1e-6));
        }
    }

    /**
     * A pass that throws (here: the allocation cannot be stored) keeps its events and solves them
     * again a second later, without a new event (before, they were dropped until the next interval:
     * an hour here), and says so in the status and metrics.
     */
    @Test
    void aPassThatThrowsIsRetriedSoonWithItsEvents() throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, a -> {
        })) {
            // A non-empty directory where the allocation's file goes: the rename over it fails.
            Path obstacle = java.nio.file.Files.createDirectories(dir.resolve("allocation.state").resolve("obstacle"));
            d.putJson(CONGESTED);
            JsonNode failed = d.awaitStatus(s -> !s.get("lastError").isNull());
            assertThat(failed.get("lastError").get("message").asText()).contains("allocation.state");
            assertThat(failed.get("lastError").get("reasons").toString()).contains("demands");
            assertThat(failed.get("lastError").get("failuresInARow").asInt()).isEqualTo(1);
            assertThat(failed.get("pending").toString()).contains("demands");
            assertThat(failed.get("allocation").isNull()).isTrue();
            assertThat(d.get("/metrics").body()).contains("te_solve_pass_errors_total 1.0");
            java.nio.file.Files.delete(obstacle);
            java.nio.file.Files.delete(obstacle.getParent());
            JsonNode s = d.awaitAllocationFor(1, 0);
            assertThat(s.get("lastError").isNull()).isTrue();
            assertThat(s.get("lastSolve").get("outcome").asText()).isEqualTo("PUBLISHED");
            assertThat(s.get("lastSolve").get("reasons").toString()).contains("demands");
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of()).totalFlowMbps()).isPositive();
        }
    }

    @Test
    void eventsDuringASolveAreCoalescedIntoOneMoreSolve() throws Exception {
        List<AllocationSnapshot> published = new CopyOnWriteArrayList<>();
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, published::add)) {
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            d.putJson(CONGESTED);
            gate.entered().await();
            // While that solve is held: a link fails, and two more events arrive.
            int arc = d.topology.arcIndex(0, 1);
            long version = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null)).get("topologyVersion").asLong();
            d.send("POST", "/v1/solve", null, null);
            d.send("PATCH", "/v1/demands", "text/csv", "2,5,7\n");
            JsonNode held = DaemonFixture.json(d.get("/v1/status"));
            assertThat(held.get("solving").asBoolean()).isTrue();
            assertThat(held.get("pending").toString()).contains("link-down").contains("api").contains("demands");
            long before = held.get("solvesCompleted").asLong();
            ScriptedSolverProvider.GATE.set(null);
            gate.release().countDown();

            // The held pass, then exactly one more covering all three events (no other event comes).
            JsonNode last = d.awaitStatus(st -> st.get("solvesCompleted").asLong() >= before + 2);
            assertThat(last.get("solvesCompleted").asLong()).isEqualTo(before + 2);
            assertThat(last.get("lastSolve").get("reasons")).hasSize(3);
            assertThat(last.get("allocation").get("demandVersion").asLong()).isEqualTo(2);
            assertThat(last.get("allocation").get("topologyVersion").asLong()).isEqualTo(version);
            assertThat(published).extracting(a -> a.info().method()).containsExactly("lp+pruned", "lp");
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of(arc)).arcLoadMbps()[arc]).isZero();
        }
    }

    @Test
    void aLinkThatFailsDuringASolveIsPrunedFromTheServedAllocationWithoutWaitingForIt() throws Exception {
        List<AllocationSnapshot> published = new CopyOnWriteArrayList<>();
        List<Long> storedAtHandOut = new CopyOnWriteArrayList<>();
        AllocationPublisher recording = a -> {
            published.add(a);
            try {
                storedAtHandOut.add(StateFile.read(dir.resolve("allocation.state"), "allocation")
                        .map(StoredState::version).orElse(0L));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        };
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, recording)) {
            d.putJson(CONGESTED);
            d.awaitAllocationFor(1, 0);
            int arc = d.topology.arcIndex(0, 1);
            assertThat(published.get(0).allocation().arcLoadMbps()[arc]).isPositive();
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            d.send("POST", "/v1/solve", null, null);
            gate.entered().await();

            long version = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null)).get("topologyVersion").asLong();
            // The solve is still held, yet the served allocation already avoids the failed link.
            JsonNode s = d.awaitStatus(st -> st.path("allocation").path("topologyVersion").asLong() == version);
            assertThat(s.get("solving").asBoolean()).isTrue();
            assertThat(s.get("allocation").get("method").asText()).isEqualTo("lp+pruned");
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), List.of(arc)).arcLoadMbps()[arc]).isZero();

            ScriptedSolverProvider.GATE.set(null);
            gate.release().countDown();
            d.awaitAllocationFor(1, version);
            // Served in turn: the first solve; pruned at once; the held solve's result, pruned; the re-solve.
            assertThat(published).extracting(a -> a.info().method()).containsExactly("lp", "lp+pruned", "lp+pruned", "lp");
            // The pruning at once went to the switches before it was persisted (its version marked
            // served first); solve results are persisted before they go out.
            assertThat(published).extracting(AllocationSnapshot::version).containsExactly(1L, 2L, 3L, 4L);
            assertThat(storedAtHandOut).containsExactly(1L, 1L, 3L, 4L);
            for (AllocationSnapshot a : published.subList(1, published.size())) {
                assertThat(a.allocation().arcLoadMbps()[arc]).isZero();
            }
        }
    }

    @Test
    void allocationsNeverGoBackToAnOlderTopologyVersion() throws Exception {
        List<AllocationSnapshot> published = new CopyOnWriteArrayList<>();
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, published::add)) {
            d.putJson(CONGESTED);
            d.awaitAllocationFor(1, 0);
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            // New demands (more than their paths carry, so an LP is solved); their solve is held
            // while link 0-1 fails and the served (old) allocation is pruned at once.
            d.putJson("[{\"src\":\"2\",\"dst\":\"5\",\"demand\":25000}]");
            gate.entered().await();
            long version = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null)).get("topologyVersion").asLong();
            d.awaitStatus(st -> st.path("allocation").path("topologyVersion").asLong() == version);
            ScriptedSolverProvider.GATE.set(null);
            gate.release().countDown();
            d.awaitAllocationFor(2, version);
            // The held result, computed for version 0, is published for the links current then.
            assertThat(published).extracting(a -> a.info().topologyVersion()).isSorted();
            assertThat(published).filteredOn(a -> a.info().demandVersion() == 2).allSatisfy(a ->
                    assertThat(a.info().topologyVersion()).isEqualTo(version));
        }
    }

    @Test
    void aSolveThatStartedBeforeALinkFailedPublishesWithoutFlowOverIt() throws Exception {
        List<AllocationSnapshot> published = new CopyOnWriteArrayList<>();
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, published::add)) {
            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            d.putJson(CONGESTED);
            gate.entered().await();
            int arc = d.topology.arcIndex(0, 1);
            long version = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null)).get("topologyVersion").asLong();
            ScriptedSolverProvider.GATE.set(null);
            gate.release().countDown();
            d.awaitAllocationFor(1, version);
            // The first allocation ever published is the held solve's, for topology version 0,
            // already without flow over the link that failed while it ran.
            AllocationSnapshot first = published.get(0);
            assertThat(first.info().method()).isEqualTo("lp+pruned");
            assertThat(first.info().topologyVersion()).isEqualTo(version);
            assertThat(first.allocation().arcLoadMbps()[arc]).isZero();
        }
    }

    @Test
    void aFailedLinkIsPrunedFromTheServedAllocationAtOnceEvenWhenTheSolverFails() {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":25000},{\"src\":\"2\",\"dst\":\"5\",\"demand\":7}]");
            d.awaitAllocationFor(1, 0);
            int arc = d.topology.arcIndex(0, 1);
            Allocation before = d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
            assertThat(before.arcLoadMbps()[arc]).isPositive();
            ScriptedSolverProvider.FAILURE.set(SolveStatus.TIME_LIMIT);
            long version = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null)).get("topologyVersion").asLong();
            JsonNode s = d.awaitStatus(st -> st.path("lastSolve").path("topologyVersion").asLong() == version);
            assertThat(s.get("lastSolve").get("outcome").asText()).isEqualTo("KEPT_LAST_GOOD");
            assertThat(s.get("allocation").get("method").asText()).isEqualTo("lp+pruned");
            assertThat(s.get("allocation").get("topologyVersion").asLong()).isEqualTo(version);
            String body = d.get("/v1/allocation").body();
            assertThat(body).doesNotContain("\"nodes\":[\"0\",\"1\"]");
            Allocation pruned = d.checkedAllocation(body, List.of(arc));
            assertThat(pruned.arcLoadMbps()[arc]).isZero();
            // Flow that did not use the failed link is untouched.
            assertThat(pruned.totalFlowMbps()).isEqualTo(before.totalFlowMbps() - before.arcLoadMbps()[arc],
                    org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    @Test
    void failuresFallBackToCspfThenKeepTheLastGoodAllocation() {
        List<AllocationSnapshot> published = new CopyOnWriteArrayList<>();
        ScriptedSolverProvider.FAILURE.set(SolveStatus.TIME_LIMIT);
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, published::add)) {
            d.putJson(CONGESTED_THREE);
            JsonNode s = d.awaitAllocationFor(1, 0);
            assertThat(s.get("allocation").get("method").asText()).isEqualTo("cspf");
            assertThat(s.get("lastSolve").get("outcome").asText()).isEqualTo("FALLBACK_CSPF");
            assertThat(s.get("lastSolve").get("solverStatus").asText()).isEqualTo("TIME_LIMIT");
            JsonNode cspf = DaemonFixture.json(d.get("/v1/allocation"));
            assertThat(cspf.get("solverStatus").asText()).isEqualTo("TIME_LIMIT");
            assertThat(cspf.get("message").asText()).contains("scripted TIME_LIMIT");
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of());

            ScriptedSolverProvider.FAILURE.set(null);
            d.send("POST", "/v1/solve", null, null);
            JsonNode lp = d.awaitStatus(st -> st.get("allocation").get("method").asText().equals("lp"));
            long goodVersion = lp.get("allocation").get("version").asLong();
            String goodBody = d.get("/v1/allocation").body();
            d.checkedAllocation(goodBody, List.of());

            ScriptedSolverProvider.FAILURE.set(SolveStatus.ERROR);
            long completed = lp.get("solvesCompleted").asLong();
            d.send("PATCH", "/v1/demands", "text/csv", "0,1,26000\n");
            JsonNode kept = d.awaitStatus(st -> st.get("solvesCompleted").asLong() > completed
                    && st.get("lastSolve").get("demandVersion").asLong() == 2);
            assertThat(kept.get("lastSolve").get("outcome").asText()).isEqualTo("KEPT_LAST_GOOD");
            assertThat(kept.get("lastSolve").get("solverStatus").asText()).isEqualTo("ERROR");
            assertThat(kept.get("allocation").get("version").asLong()).isEqualTo(goodVersion);
            assertThat(kept.get("allocation").get("current").asBoolean()).isFalse();
            assertThat(d.get("/v1/allocation").body()).isEqualTo(goodBody);
            assertThat(d.get("/metrics").body()).contains("te_allocation_current 0.0");
            assertThat(d.get("/metrics").body()).contains("te_solve_failures_total{status=\"ERROR\"} 1.0")
                    .contains("te_solve_failures_total{status=\"TIME_LIMIT\"}").contains("outcome=\"kept_last_good\"")
                    .doesNotContain("te_solve_failures_total{status=\"TIME_LIMIT\"} 0.0");
        }
        // CSPF, then LP: every one the publisher saw was served and checked.
        assertThat(published).extracting(a -> a.info().method()).containsSubsequence("cspf", "lp");
        assertThat(published).extracting(AllocationSnapshot::version).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void withAMinimumGainTheServedSplitsStayUntilAReSolveGainsMore() throws Exception {
        try (DaemonFixture d = DaemonFixture.startWithMinGain(dir, 0.01)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":25000},{\"src\":\"2\",\"dst\":\"5\",\"demand\":1000}]");
            JsonNode first = d.awaitAllocationFor(1, 0);
            assertThat(first.path("allocation").path("method").asText()).isEqualTo("lp");
            JsonNode before = DaemonFixture.json(d.get("/v1/allocation"));

            // 0→1 still exceeds what its paths carry: the re-solve gains nothing, so the splits stay.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":24900},{\"src\":\"2\",\"dst\":\"5\",\"demand\":1000}]");
            JsonNode kept = d.awaitAllocationFor(2, 0);
            assertThat(kept.path("allocation").path("method").asText()).isEqualTo("lp+kept");
            assertThat(kept.path("lastSolve").path("outcome").asText()).isEqualTo("KEPT_SPLITS");
            assertThat(kept.path("lastSolve").path("message").asText()).contains("kept the splits of allocation version 1");
            // Kept splits may be up to --min-gain below the optimum: not reported as optimal.
            assertThat(d.get("/metrics").body()).contains("te_allocation_optimal 0.0");
            String body = d.get("/v1/allocation").body();
            d.checkedAllocation(body, List.of());
            assertThat(pathFlows(DaemonFixture.JSON.readTree(body))).isEqualTo(pathFlows(before));

            // A new commodity the kept splits leave at 0 Mbps: the re-solve gains far more than 1 %.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":24900},{\"src\":\"2\",\"dst\":\"5\",\"demand\":1000},"
                    + "{\"src\":\"3\",\"dst\":\"7\",\"demand\":5000}]");
            JsonNode moved = d.awaitAllocationFor(3, 0);
            assertThat(moved.path("allocation").path("method").asText()).isEqualTo("lp");
            assertThat(moved.path("lastSolve").path("outcome").asText()).isEqualTo("PUBLISHED");
            assertThat(d.get("/metrics").body()).contains("te_allocation_optimal 1.0");
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(value = te.lp.Objective.class, names = {"CONCURRENT_FLOW", "MIN_MLU"})
    void theMinimumGainHoldsForConcurrentFlowAndMinMlu(te.lp.Objective objective) throws Exception {
        try (DaemonFixture d = DaemonFixture.startWithMinGain(dir, objective, 0.01)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":5000},{\"src\":\"2\",\"dst\":\"5\",\"demand\":1000}]");
            d.awaitAllocationFor(1, 0);
            JsonNode before = DaemonFixture.json(d.get("/v1/allocation"));

            // 0->1 grows by 0.1 %: the served splits, scaled (min-MLU) or kept (concurrent flow), are within 1 %.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":5005},{\"src\":\"2\",\"dst\":\"5\",\"demand\":1000}]");
            JsonNode kept = d.awaitAllocationFor(2, 0);
            assertThat(kept.path("allocation").path("method").asText()).as(kept.toString()).isEqualTo("lp+kept");
            String body = d.get("/v1/allocation").body();
            d.checkedAllocation(body, List.of());
            java.util.Map<String, List<Double>> was = pathFlows(before);
            java.util.Map<String, List<Double>> now = pathFlows(DaemonFixture.JSON.readTree(body));
            // Same split per commodity: flows proportional to the served ones.
            now.forEach((pair, flows) -> {
                double total = flows.stream().mapToDouble(Double::doubleValue).sum();
                double wasTotal = was.get(pair).stream().mapToDouble(Double::doubleValue).sum();
                for (int j = 0; j < flows.size(); j++) {
                    assertThat(flows.get(j) * wasTotal).as(pair).isCloseTo(was.get(pair).get(j) * total, org.assertj.core.data.Offset.offset(1e-6 * total * wasTotal + 1e-9));
                }
            });

            // A new commodity: concurrent flow's fit gives it nothing (share 0), min-MLU cannot fit it at all.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":5005},{\"src\":\"2\",\"dst\":\"5\",\"demand\":1000},"
                    + "{\"src\":\"3\",\"dst\":\"7\",\"demand\":100}]");
            JsonNode moved = d.awaitAllocationFor(3, 0);
            assertThat(moved.path("allocation").path("method").asText()).isEqualTo("lp");
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
        }
    }

    /** @return per commodity "src-dst", its paths' flows */
    private static java.util.Map<String, List<Double>> pathFlows(JsonNode allocation) {
        java.util.Map<String, List<Double>> out = new java.util.TreeMap<>();
        for (JsonNode c : allocation.get("commodities")) {
            List<Double> flows = new java.util.ArrayList<>();
            c.get("paths").forEach(p -> flows.add(p.get("flowMbps").asDouble()));
            out.put(c.get("src").asText() + "-" + c.get("dst").asText(), flows);
        }
        return out;
    }
}
