package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.Topology;

/**
 * {@code POST /v1/whatif}: the allocation link changes and a demand scale would give, beside the
 * served one, with nothing applied.
 */
class WhatIfTest {
    private final Topology t = DaemonFixture.ABILENE;

    @Test
    void aDrainsEffectIsShownAndNothingIsApplied(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // More than every path of 0->1 can carry: the direct arc is full at any optimum.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000},{\"src\":\"2\",\"dst\":\"3\",\"demand\":10}]");
            JsonNode status = d.awaitAllocationFor(1, 0);
            long version = status.get("allocation").get("version").asLong();
            String topologyBefore = d.get("/v1/topology").body();

            HttpResponse<String> r = d.send("POST", "/v1/whatif", "application/json",
                    "{\"links\":[{\"src\":\"0\",\"dst\":\"1\",\"state\":\"drain\"}]}");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode w = DaemonFixture.json(r);
            assertThat(w.get("links").get(0).get("state").asText()).isEqualTo("drain");
            assertThat(w.get("served").get("version").asLong()).isEqualTo(version);
            JsonNode served = w.get("served");
            JsonNode after = w.get("whatIf");
            assertThat(after.get("status").asText()).isEqualTo("OPTIMAL");
            int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
            double direct = t.capacityMbps(arc);
            // Without the direct arc 0->1 loses exactly its capacity (its other paths stay full); 2->3 is untouched.
            assertThat(served.get("totalFlowMbps").asDouble() - after.get("totalFlowMbps").asDouble()).isCloseTo(direct, within(1e-3));
            assertThat(after.get("commoditiesCarryingLess").asInt()).isEqualTo(1);
            assertThat(after.get("flowLostMbps").asDouble()).isCloseTo(direct, within(1e-3));
            assertThat(after.get("commoditiesWithoutPath").asInt()).isZero();
            assertThat(after.get("busiestLinks")).isNotEmpty().allSatisfy(l ->
                    assertThat(l.get("src").asText() + ">" + l.get("dst").asText()).isNotEqualTo("0>1"));
            assertThat(served.get("busiestLinks").get(0).get("utilisation").asDouble()).isCloseTo(1.0, within(1e-9));
            assertThat(after.get("objectiveValue").asDouble()).isEqualTo(after.get("totalFlowMbps").asDouble());

            // Nothing changed: same links, same allocation, no solve asked for.
            assertThat(d.get("/v1/topology").body()).isEqualTo(topologyBefore);
            JsonNode now = DaemonFixture.json(d.get("/v1/status"));
            assertThat(now.get("allocation").get("version").asLong()).isEqualTo(version);
            assertThat(d.get("/v1/allocation").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void theCurrentStateReSolvesToTheServedOptimumAndScaledDemandsAndCutOffNodesShow(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000},{\"src\":\"2\",\"dst\":\"3\",\"demand\":10}]");
            d.awaitAllocationFor(1, 0);

            JsonNode same = DaemonFixture.json(d.send("POST", "/v1/whatif", "application/json", "{}"));
            assertThat(same.get("whatIf").get("objectiveValue").asDouble())
                    .isCloseTo(same.get("served").get("objectiveValue").asDouble(), within(1e-6));
            assertThat(same.get("whatIf").get("commoditiesCarryingLess").asInt()).isZero();

            JsonNode half = DaemonFixture.json(d.send("POST", "/v1/whatif", "application/json", "{\"demandScale\":0.0001}"));
            assertThat(half.get("whatIf").get("demandMbps").asDouble()).isCloseTo(10.001, within(1e-9));
            assertThat(half.get("whatIf").get("minDemandShare").asDouble()).isEqualTo(1.0);

            // Every arc out of node 0 down: 0->1 has no path left at all.
            StringBuilder links = new StringBuilder();
            for (int a = 0; a < t.arcCount(); a++) {
                if (t.arcSrc(a) == t.resolveNode("0")) {
                    links.append(links.isEmpty() ? "" : ",").append("{\"src\":\"0\",\"dst\":\"%s\",\"state\":\"down\"}"
                            .formatted(t.nodes().get(t.arcDst(a)).id()));
                }
            }
            JsonNode cut = DaemonFixture.json(d.send("POST", "/v1/whatif", "application/json", "{\"links\":[" + links + "]}"));
            assertThat(cut.get("whatIf").get("commoditiesWithoutPath").asInt()).isEqualTo(1);
            assertThat(cut.get("whatIf").get("unroutableDemandMbps").asDouble()).isEqualTo(100000);
            assertThat(cut.get("whatIf").get("commoditiesCarryingLess").asInt()).as("the cut-off commodity counts too").isEqualTo(1);
            assertThat(cut.get("whatIf").get("totalFlowMbps").asDouble()).isCloseTo(10, within(1e-6));
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("downLinks")).isEmpty();
        }
    }

    @Test
    void badRequestsAreNamedAndOneWhatIfRunsAtATime(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            HttpResponse<String> early = d.send("POST", "/v1/whatif", "application/json", "{}");
            assertThat(early.statusCode()).isEqualTo(409);
            assertThat(early.body()).contains("no demands uploaded yet");
            // Beyond what 0->1's paths carry, so a what-if has an LP for the solver (a demand that fits is routed without one).
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000}]");
            d.awaitAllocationFor(1, 0);

            String[][] bad = {
                {"[]", "expected a JSON object"},
                {"{\"link\":[]}", "unknown field 'link'"},
                {"{\"links\":{}}", "links {}"},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"1\"}]}", "links[0]"},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"1\",\"state\":\"down\",\"capacityMbps\":5}]}", "links[0]"},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"1\",\"state\":\"off\"}]}", "state must be \\\"down\\\""},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"nowhere\",\"state\":\"down\"}]}", "nowhere"},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"5\",\"state\":\"down\"}]}", "no link 0->5"},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"1\",\"capacityMbps\":-1}]}", "capacityMbps -1"},
                {"{\"links\":[{\"src\":\"0\",\"dst\":\"1\",\"capacityMbps\":\"10\"}]}", "capacityMbps must be a number"},
                {"{\"demandScale\":0}", "demandScale 0"},
                {"{\"demandScale\":\"2\"}", "demandScale \\\"2\\\""},
            };
            for (String[] b : bad) {
                HttpResponse<String> r = d.send("POST", "/v1/whatif", "application/json", b[0]);
                assertThat(r.statusCode()).as(b[0]).isEqualTo(400);
                assertThat(r.body()).as(b[0]).contains(b[1]);
            }

            ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
            ScriptedSolverProvider.GATE.set(gate);
            try {
                CompletableFuture<HttpResponse<String>> first = d.http.sendAsync(HttpRequest.newBuilder(URI.create(d.url("/v1/whatif")))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(gate.entered().await(30, java.util.concurrent.TimeUnit.SECONDS)).as("the what-if reached the solver").isTrue();
                HttpResponse<String> second = d.send("POST", "/v1/whatif", "application/json", "{}");
                assertThat(second.statusCode()).isEqualTo(429);
                assertThat(second.body()).contains("another what-if is being solved");
                assertThat(second.headers().firstValue("Retry-After")).contains("5");
                ScriptedSolverProvider.GATE.set(null);
                gate.release().countDown();
                assertThat(first.get().statusCode()).isEqualTo(200);
            } finally {
                ScriptedSolverProvider.GATE.set(null);
                gate.release().countDown();
            }
            assertThat(d.send("POST", "/v1/whatif", "application/json", "{}").statusCode()).as("free again").isEqualTo(200);
        }
    }
}
