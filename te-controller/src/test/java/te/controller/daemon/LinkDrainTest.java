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
}
