package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
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
        uploadOnce();
        Path allocation = dir.resolve("allocation.state");
        byte[] bytes = Files.readAllBytes(allocation);
        Files.write(allocation, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        // A links file of the wrong shape, with a valid checksum: content check, not checksum.
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.LINKS, 4, "{\"down\":\"0->1\"}".getBytes(StandardCharsets.UTF_8));
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
        // Node ids 0..10 exist here too: without the stamp its demands would have been taken as this network's.
        te.topology.Topology other = te.topology.TestTopologies.undirected(12, "0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-7",
                "7-8", "8-9", "9-10", "10-11", "11-0");
        te.topology.paths.PathSet paths = te.topology.paths.PathPrecomputation.allPairs(other, te.topology.paths.PathSpec.defaults(), 1,
                te.topology.paths.PathPrecomputation.Progress.NONE);
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), dir, java.util.Optional.empty(),
                java.time.Duration.ofHours(1), 1 << 20);
        te.controller.daemon.solve.SolveSettings solve = new te.controller.daemon.solve.SolveSettings(te.lp.Objective.TOTAL_FLOW,
                te.lp.Solvers.byName("highs"), 1, 0, 60, 1);
        refusedWithNothingChanged(() -> Daemon.start(other, paths, settings, solve, a -> { }), "belongs to topology Abilene (shape ",
                "not " + other.name() + " (shape ", "nothing was read or changed");
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("downLinks")).hasSize(1);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
        }
    }

    /**
     * A port in use stops the start before the state directory is touched. Before, the directory
     * was made, locked and stamped for the topology named first, so the start corrected for a
     * mistyped {@code -t} was refused as another network's. The message names the address as
     * {@code --listen} takes it; it said {@code /127.0.0.1:PORT} and the exception's class name.
     */
    @Test
    void aPortInUseStopsTheStartBeforeTheStateDirectoryIsMade() throws Exception {
        Path fresh = dir.resolve("fresh");
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", taken.getLocalPort()), fresh,
                    java.util.Optional.empty(), java.time.Duration.ofHours(1), 1 << 20);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Daemon.start(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS,
                            settings, new te.controller.daemon.solve.SolveSettings(te.lp.Objective.TOTAL_FLOW,
                                    te.lp.Solvers.byName("scripted"), 1, 0, 60, 1), a -> { }))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("cannot listen on 127.0.0.1:%d (--listen): Address already in use", taken.getLocalPort());
        }
        assertThat(fresh).doesNotExist();
        try (DaemonFixture d = DaemonFixture.start(fresh)) {
            assertThat(d.get("/healthz").statusCode()).isEqualTo(200);
        }
    }

    /**
     * A damaged stamp beside other state: the directory's network cannot be checked, so start-up
     * is refused with nothing changed. Before, the stamp was set aside and written anew for
     * whatever topology was given: another network's demands and drains were taken, and the
     * directory's own network was locked out from then on.
     */
    @Test
    void aDamagedStampBesideOtherStateIsRefusedWithNothingChanged() throws Exception {
        uploadOnce();
        Path stamp = dir.resolve("topology.state");
        byte[] bytes = Files.readAllBytes(stamp);
        bytes[bytes.length - 2] ^= 0x20;
        Files.write(stamp, bytes);
        refusedWithNothingChanged(() -> DaemonFixture.start(dir), "its topology stamp topology.state cannot be read",
                "nothing was read or changed");
        // Moved away by the operator: the directory is taken as this network's, its demands kept.
        Files.move(stamp, dir.resolve("topology.state.damaged"));
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
        }
    }

    /** A state file that cannot be read (here: a directory in its place) is not taken for lost: start-up stops and names it. */
    @Test
    void aStateFileThatCannotBeReadStopsTheStartAndIsLeftAsItIs() throws Exception {
        uploadOnce();
        Path demands = dir.resolve("demands.state");
        Path kept = dir.resolve("demands.kept");
        Files.move(demands, kept);
        Files.createDirectory(demands);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DaemonFixture.start(dir))
                .hasStackTraceContaining("cannot read state file " + demands).hasStackTraceContaining("it is left as it is");
        assertThat(demands).isDirectory();
        Files.delete(demands);
        Files.move(kept, demands);
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
        }
    }

    @Test
    void anEditedTopologyKeepsTheDemandsAndLinkStatesThatStillFitIt() throws Exception {
        long linkVersion;
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            // Node 10 and the link 1-2 leave the network below; 0->1's demand, the drain of 3->0 and
            // the capacity of 4->5 stay, and so must the operator's word on them.
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":10},{\"src\":\"10\",\"dst\":\"1\",\"demand\":20},"
                    + "{\"src\":\"2\",\"dst\":\"10\",\"demand\":30},{\"src\":\"5\",\"dst\":\"0\",\"demand\":40}]");
            assertThat(d.send("POST", "/v1/links/3/0/drain", null, null).statusCode()).isEqualTo(200);
            assertThat(d.send("POST", "/v1/links/1/2/down", null, null).statusCode()).isEqualTo(200);
            assertThat(d.send("POST", "/v1/links/10/6/down", null, null).statusCode()).isEqualTo(200);
            assertThat(d.send("PUT", "/v1/links/4/5/capacity", "application/json", "{\"capacityMbps\":1234}").statusCode()).isEqualTo(200);
            linkVersion = DaemonFixture.json(d.get("/v1/topology")).get("topologyVersion").asLong();
            d.awaitAllocationFor(1, linkVersion);
        }
        java.util.Map<String, byte[]> before = files();
        te.topology.Topology edited = withoutNodeAndLink(DaemonFixture.ABILENE, "10", "1", "2");
        try (DaemonFixture d = DaemonFixture.start(dir, edited)) {
            HttpResponse<String> demands = d.get("/v1/demands");
            assertThat(demands.headers().firstValue("X-TE-Demand-Version")).contains("2");
            assertThat(DaemonFixture.json(demands).get("demands")).extracting(e -> e.get("src").asText() + "->" + e.get("dst").asText())
                    .containsExactly("0->1", "5->0");
            JsonNode topology = DaemonFixture.json(d.get("/v1/topology"));
            assertThat(topology.get("topologyVersion").asLong()).isEqualTo(linkVersion + 1);
            assertThat(topology.get("downLinks")).isEmpty();
            java.util.Map<String, JsonNode> links = new java.util.TreeMap<>();
            topology.get("links").forEach(l -> links.put(l.get("src").asText() + "->" + l.get("dst").asText(), l));
            assertThat(links).hasSize(edited.arcCount()).doesNotContainKeys("1->2", "10->6");
            assertThat(links.get("3->0").get("drained").asBoolean()).isTrue();
            assertThat(links.get("4->5").get("capacityMbps").asDouble()).isEqualTo(1234);
            assertThat(links.values().stream().filter(l -> l.get("drained").asBoolean())).hasSize(1);
            d.awaitAllocationFor(2, linkVersion + 1);
            double[] capacity = edited.capacitiesMbps();
            capacity[edited.arcIndex(edited.resolveNode("3"), edited.resolveNode("0"))] = 0;
            capacity[edited.arcIndex(edited.resolveNode("4"), edited.resolveNode("5"))] = 1234;
            d.checkedAllocation(d.get("/v1/allocation").body(), capacity);
        }
        // Nothing lost: the files the edit superseded are kept beside the new ones.
        try (var list = Files.list(dir)) {
            java.util.Map<String, byte[]> kept = new java.util.TreeMap<>();
            for (Path f : list.filter(f -> f.getFileName().toString().contains(".superseded-")).toList()) {
                kept.put(f.getFileName().toString().replaceAll("\\.superseded-\\d+$", ""), Files.readAllBytes(f));
            }
            assertThat(kept).containsOnlyKeys("demands.state", "links.state");
            kept.forEach((name, bytes) -> assertThat(bytes).as(name).isEqualTo(before.get(name)));
        }
        // The allocation, for the old shape, is set aside as unfit, not as damaged (it was named corrupt).
        try (var list = Files.list(dir)) {
            assertThat(list.map(f -> f.getFileName().toString())).anyMatch(n -> n.startsWith("allocation.state.unfit-"))
                    .noneMatch(n -> n.contains(".corrupt-"));
        }
        // Started again on the same topology, it has nothing more to drop: same versions.
        try (DaemonFixture d = DaemonFixture.start(dir, edited)) {
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("2");
            assertThat(DaemonFixture.json(d.get("/v1/topology")).get("topologyVersion").asLong()).isEqualTo(linkVersion + 1);
        }
    }

    @Test
    void demandsUploadedByLabelWithAByteOrderMarkSurviveALabelEdit() throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            HttpResponse<String> put = d.send("PUT", "/v1/demands", "text/csv", "\uFEFFsrc,dst,demand\nSeattle,1,10\n5,0,40\n");
            assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        }
        // Seattle's label becomes Portland: the pair named by label must still be node 0's.
        te.topology.Topology t = DaemonFixture.ABILENE;
        java.util.List<te.topology.Node> nodes = t.nodes().stream()
                .map(n -> n.id().equals("0") ? new te.topology.Node(n.index(), n.id(), "Portland") : n).toList();
        te.topology.Topology relabelled = new te.topology.Topology(t.name(), nodes, t.links());
        try (DaemonFixture d = DaemonFixture.start(dir, relabelled)) {
            HttpResponse<String> demands = d.get("/v1/demands");
            assertThat(demands.headers().firstValue("X-TE-Demand-Version")).contains("1");
            assertThat(DaemonFixture.json(demands).get("demands")).extracting(e -> e.get("src").asText() + "->" + e.get("dst").asText())
                    .containsExactly("0->1", "5->0");
        }
        try (var list = Files.list(dir)) {
            assertThat(list.map(f -> f.getFileName().toString())).noneMatch(n -> n.contains(".corrupt-") || n.contains(".superseded-"));
        }
    }

    /** @return {@code t}, same name, without node {@code node} and the link between {@code a} and {@code b} (both arcs) */
    private static te.topology.Topology withoutNodeAndLink(te.topology.Topology t, String node, String a, String b) {
        int gone = t.resolveNode(node);
        java.util.List<te.topology.Node> nodes = new java.util.ArrayList<>();
        int[] index = new int[t.nodeCount()];
        for (te.topology.Node n : t.nodes()) {
            index[n.index()] = n.index() == gone ? -1 : nodes.size();
            if (n.index() != gone) {
                nodes.add(new te.topology.Node(nodes.size(), n.id(), n.label()));
            }
        }
        java.util.Set<Integer> cut = java.util.Set.of(t.resolveNode(a), t.resolveNode(b));
        java.util.List<te.topology.Link> links = new java.util.ArrayList<>();
        for (te.topology.Link l : t.links()) {
            boolean removed = l.src() == gone || l.dst() == gone || (cut.contains(l.src()) && cut.contains(l.dst()));
            if (!removed) {
                links.add(new te.topology.Link(links.size(), index[l.src()], index[l.dst()], l.capacityMbps()));
            }
        }
        return new te.topology.Topology(t.name(), nodes, links);
    }

    /** @return every state file by name (the lock file aside) */
    /** Runs a daemon on the directory once: the three demands uploaded (version 1) and solved. */
    private void uploadOnce() {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            d.putJson(ApiEndpointsTest.THREE);
            d.awaitAllocationFor(1, 0);
        }
    }

    /** Asserts that {@code start} fails with every one of {@code messages} and leaves every file of the directory as it was. */
    private void refusedWithNothingChanged(org.assertj.core.api.ThrowableAssert.ThrowingCallable start, String... messages)
            throws java.io.IOException {
        java.util.Map<String, byte[]> before = files();
        var thrown = org.assertj.core.api.Assertions.assertThatThrownBy(start).isInstanceOf(IllegalStateException.class);
        for (String m : messages) {
            thrown.hasMessageContaining(m);
        }
        java.util.Map<String, byte[]> after = files();
        assertThat(after).containsOnlyKeys(before.keySet().toArray(String[]::new));
        before.forEach((name, bytes) -> assertThat(after.get(name)).as(name).isEqualTo(bytes));
    }

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
