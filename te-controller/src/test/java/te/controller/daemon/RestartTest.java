package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;

/** State survives a restart; unusable state files are set aside and never stop start-up. */
class RestartTest {
    @TempDir
    Path dir;

    @Test
    void demandsLinksAndAllocationAreServedAgainAfterRestart() throws Exception {
        String allocation;
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson(ApiEndpointsTest.THREE);
            d.send("POST", "/v1/links/0/1/down", null, null);
            d.awaitAllocationFor(1, 1);
            allocation = d.get("/v1/allocation").body();
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // Served before any solve of the new process could have finished: it is the stored one
            // (or a newer one for the same versions, which the version check allows).
            JsonNode a = DaemonFixture.json(d.get("/v1/allocation"));
            assertThat(a.get("demandVersion").asLong()).isEqualTo(1);
            assertThat(a.get("topologyVersion").asLong()).isEqualTo(1);
            assertThat(a.get("version").asLong()).isGreaterThanOrEqualTo(DaemonFixture.JSON.readTree(allocation).get("version").asLong());
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of(d.topology.arcIndex(0, 1)));
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("downLinks")).hasSize(1);
        }
    }

    @Test
    void corruptOrForeignStateIsSetAsideAndStartUpGoesOn() throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson(ApiEndpointsTest.THREE);
            d.awaitAllocationFor(1, 0);
        }
        Path allocation = dir.resolve("allocation.state");
        byte[] bytes = Files.readAllBytes(allocation);
        Files.write(allocation, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        // Demands naming a node Abilene lacks, with a valid checksum: content check, not checksum.
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.LINKS, 4, "{\"down\":[{\"src\":\"0\",\"dst\":\"Atlantis\"}]}".getBytes(StandardCharsets.UTF_8));
        }
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.get("/healthz").statusCode()).isEqualTo(200);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("downLinks")).isEmpty();
            // The half-written allocation was dropped; the start-up solve makes a new one.
            d.awaitAllocationFor(1, 0);
            d.checkedAllocation(d.get("/v1/allocation").body(), List.of());
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.contains(".corrupt-")))
                    .anyMatch(n -> n.startsWith("allocation.state")).anyMatch(n -> n.startsWith("links.state"));
        }
    }
}
