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

    @Test
    void anotherNetworksStateDirectoryIsRefusedWithNothingChanged() throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson(ApiEndpointsTest.THREE);
            d.send("POST", "/v1/links/0/1/down", null, null);
            d.awaitAllocationFor(1, 1);
        }
        java.util.Map<String, byte[]> before = files();
        // Node ids 0..10 exist here too: without the stamp its demands would have been taken as this network's.
        te.topology.Topology other = te.topology.TestTopologies.undirected(12, "0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-7",
                "7-8", "8-9", "9-10", "10-11", "11-0");
        te.topology.paths.PathSet paths = te.topology.paths.PathPrecomputation.allPairs(other, te.topology.paths.PathSpec.defaults(), 1,
                te.topology.paths.PathPrecomputation.Progress.NONE);
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), dir, java.util.Optional.empty(),
                java.time.Duration.ofHours(1), 1 << 20);
        te.controller.daemon.solve.SolveSettings solve = new te.controller.daemon.solve.SolveSettings(te.lp.Objective.TOTAL_FLOW,
                te.lp.Solvers.byName("highs"), 1, 0, 60, 1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Daemon.start(other, paths, settings, solve, a -> { }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("belongs to topology Abilene (shape ")
                .hasMessageContaining("not " + other.name() + " (shape ")
                .hasMessageContaining("nothing was read or changed");
        java.util.Map<String, byte[]> after = files();
        assertThat(after).containsOnlyKeys(before.keySet().toArray(String[]::new));
        before.forEach((name, bytes) -> assertThat(after.get(name)).as(name).isEqualTo(bytes));
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("downLinks")).hasSize(1);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
        }
    }

    /** @return every state file by name (the lock file aside) */
    private java.util.Map<String, byte[]> files() throws java.io.IOException {
        java.util.Map<String, byte[]> out = new java.util.TreeMap<>();
        try (var list = Files.list(dir)) {
            for (Path f : list.filter(f -> !f.getFileName().toString().equals("lock")).toList()) {
                out.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        return out;
    }
}
