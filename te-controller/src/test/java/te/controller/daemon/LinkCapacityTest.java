package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.lp.Allocation;
import te.topology.Topology;

/** Capacities the operator sets: served within at once, re-solved, durable, and refused when malformed. */
class LinkCapacityTest {
    private final Topology t = DaemonFixture.ABILENE;
    private final int arc = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));

    @Test
    void aLoweredCapacityIsKeptToAndSurvivesARestartUntilItIsDeleted(@TempDir Path dir) {
        double lowered;
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // More than every path of 0->1 can carry: the direct arc is saturated at any optimum.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000},{\"src\":\"1\",\"dst\":\"0\",\"demand\":500}]");
            d.awaitAllocationFor(1, 0);
            double before = d.checkedAllocation(d.get("/v1/allocation").body(), java.util.List.of()).arcLoadMbps()[arc];
            assertThat(before).isPositive();
            lowered = before / 4;

            JsonNode set = DaemonFixture.json(d.send("PUT", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": " + lowered + "}"));
            assertThat(set.get("topologyVersion").asLong()).isEqualTo(1);
            assertThat(set.get("capacityMbps").asDouble()).isEqualTo(lowered);
            assertThat(set.get("topologyCapacityMbps").asDouble()).isEqualTo(t.capacityMbps(arc));
            assertThat(set.get("setByOperator").asBoolean()).isTrue();
            assertThat(set.get("changed").asBoolean()).isTrue();
            d.awaitAllocationFor(1, 1);
            double[] capacity = t.capacitiesMbps();
            capacity[arc] = lowered;
            Allocation after = d.checkedAllocation(d.get("/v1/allocation").body(), capacity);
            assertThat(after.arcLoadMbps()[arc]).isPositive().isLessThanOrEqualTo(lowered * (1 + 1e-6));
            assertThat(DaemonFixture.json(d.get("/v1/links/load")).get("links").get(arc).get("capacityMbps").asDouble()).isEqualTo(lowered);

            JsonNode again = DaemonFixture.json(d.send("PUT", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": " + lowered + "}"));
            assertThat(again.get("changed").asBoolean()).isFalse();
            assertThat(again.get("topologyVersion").asLong()).isEqualTo(1);
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            JsonNode link = DaemonFixture.json(d.get("/v1/topology")).get("links").get(arc);
            assertThat(link.get("capacityMbps").asDouble()).as("durable").isEqualTo(lowered);
            assertThat(link.get("topologyCapacityMbps").asDouble()).isEqualTo(t.capacityMbps(arc));

            JsonNode back = DaemonFixture.json(d.send("DELETE", "/v1/links/0/1/capacity", null, null));
            assertThat(back.get("topologyVersion").asLong()).isEqualTo(2);
            assertThat(back.get("capacityMbps").asDouble()).isEqualTo(t.capacityMbps(arc));
            assertThat(back.get("setByOperator").asBoolean()).isFalse();
            d.awaitAllocationFor(1, 2);
            assertThat(d.checkedAllocation(d.get("/v1/allocation").body(), java.util.List.of()).arcLoadMbps()[arc])
                    .as("the full capacity is used again").isGreaterThan(lowered * 1.5);
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("links").get(arc).has("topologyCapacityMbps")).isFalse();
        }
    }

    @Test
    void malformedCapacityRequestsAreRefusedAndChangeNothing(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            String expected = "expected a JSON object {\"capacityMbps\": N} with N 0 (closed) or from 0.000001 (1 bit/s) to 1000000000 Mbps";
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": -1}", 400,
                    "capacityMbps -1: capacity must be 0 (closed) or from 0.000001 (1 bit/s) to 1000000000 Mbps, got -1.0");
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 1e-9}", 400, "got 1.0E-9");
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 1e10}", 400, "got 1.0E10");
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": \"40G\"}", 400, expected);
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 4, \"up\": true}", 400,
                    "unknown field 'up': " + expected);
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 5, \"capacityMbpz\": 6}", 400,
                    "unknown field 'capacityMbpz'");
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 4, \"capacityMbps\": 5}", 400,
                    "field 'capacityMbps' given twice");
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "[4]", 400, expected);
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 4} x", 400, "not JSON");
            // Neither Jackson's classes nor its features: what is wrong, and where.
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 4} 7", 400,
                    "request body is not JSON (more follows the JSON value at line 1, column ");
            assertThat(d.send("PUT", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 4} 7").body())
                    .doesNotContain("jackson").doesNotContain("DeserializationFeature");
            assertRefused(d, "/v1/links/0/1/capacity", "application/json", "", 400, expected);
            assertRefused(d, "/v1/links/0/1/capacity", "text/csv", "4", 415, "expected application/json");
            // An endpoint that takes JSON only never offers CSV.
            for (String type : new String[] {null, "text/plain", "application/x-www-form-urlencoded"}) {
                HttpResponse<String> r = d.send("PUT", "/v1/links/0/1/capacity", type, "{\"capacityMbps\": 4}");
                assertThat(r.statusCode()).as(type).isEqualTo(415);
                assertThat(DaemonFixture.json(r).get("error").asText()).as(type).endsWith("expected application/json").doesNotContain("csv");
                assertThat(r.headers().firstValue("Accept-Post")).as(type).contains("application/json");
            }
            assertRefused(d, "/v1/links/0/5/capacity", "application/json", "{\"capacityMbps\": 4}", 404, "has no link 0->5");
            assertThat(d.send("POST", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 4}").statusCode()).isEqualTo(405);
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("topologyVersion").asLong()).as("nothing changed").isZero();
            // Zero is a capacity (the arc carries nothing, its paths stay), and -0 is stored as 0.
            JsonNode zero = DaemonFixture.json(d.send("PUT", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": -0.0}"));
            assertThat(zero.get("capacityMbps").toString()).isEqualTo("0.0");
            JsonNode again = DaemonFixture.json(d.send("PUT", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": 0}"));
            assertThat(again.get("changed").asBoolean()).as("0 after -0 is no change").isFalse();
        }
    }

    private static void assertRefused(DaemonFixture d, String path, String type, String body, int status, String message) {
        HttpResponse<String> r = d.send("PUT", path, type, body);
        assertThat(r.statusCode()).as(body).isEqualTo(status);
        assertThat(DaemonFixture.json(r).get("error").asText()).as(body).contains(message);
    }
}
