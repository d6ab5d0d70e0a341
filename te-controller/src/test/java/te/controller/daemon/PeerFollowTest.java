package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A standby daemon ({@code --follow}) mirroring a primary over its REST API, without switches. */
class PeerFollowTest {
    @TempDir
    Path dir;

    private static String link(int arc) {
        return "/v1/links/%s/%s".formatted(DaemonFixture.ABILENE.nodes().get(DaemonFixture.ABILENE.arcSrc(arc)).id(),
                DaemonFixture.ABILENE.nodes().get(DaemonFixture.ABILENE.arcDst(arc)).id());
    }

    /** Polls {@code path} on {@code d} until {@code done} holds (60 s at most: CI machines are loaded). */
    private static JsonNode await(DaemonFixture d, String path, Predicate<JsonNode> done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = DaemonFixture.json(d.get(path));
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("GET %s never reached the expected state: %s".formatted(path, last));
    }

    private static JsonNode linkIn(JsonNode topology, int arc) {
        String src = DaemonFixture.ABILENE.nodes().get(DaemonFixture.ABILENE.arcSrc(arc)).id();
        String dst = DaemonFixture.ABILENE.nodes().get(DaemonFixture.ABILENE.arcDst(arc)).id();
        for (JsonNode l : topology.path("links")) {
            if (l.path("src").asText().equals(src) && l.path("dst").asText().equals(dst)) {
                return l;
            }
        }
        throw new AssertionError("no link " + src + "->" + dst);
    }

    @Test
    void aStandbyMirrorsItsPrimarysDemandsAndOperatorLinkStatesAndRefusesChangesOfItsOwn() throws Exception {
        try (DaemonFixture primary = DaemonFixture.start(dir.resolve("primary"));
             DaemonFixture standby = DaemonFixture.startFollowing(dir.resolve("standby"), primary.url(""))) {
            assertThat(primary.putJson(ApiEndpointsTest.THREE).statusCode()).isEqualTo(200);
            assertThat(primary.send("POST", link(0) + "/drain", null, null).statusCode()).isEqualTo(200);
            assertThat(primary.send("PUT", link(2) + "/capacity", "application/json", "{\"capacityMbps\": 123.5}").statusCode()).isEqualTo(200);
            assertThat(primary.send("POST", link(4) + "/down", null, null).statusCode()).isEqualTo(200);

            String primaryDemands = DaemonFixture.json(primary.get("/v1/demands")).toString();
            await(standby, "/v1/demands", d -> d.toString().equals(primaryDemands));
            JsonNode t = await(standby, "/v1/topology", x -> x.path("downLinks").size() == 1);
            assertThat(linkIn(t, 0).path("drained").asBoolean()).isTrue();
            assertThat(linkIn(t, 2).path("capacityMbps").asDouble()).isEqualTo(123.5);
            assertThat(linkIn(t, 2).has("topologyCapacityMbps")).isTrue();
            assertThat(t.path("downLinks").get(0).path("by").asText()).isEqualTo("operator");
            assertThat(linkIn(t, 4).path("up").asBoolean()).isFalse();
            JsonNode status = standby.awaitStatus(s -> s.path("follow").path("lastSyncAt").isTextual());
            assertThat(status.path("follow").path("following").asBoolean()).isTrue();
            assertThat(status.path("follow").path("lastError").isNull()).isTrue();
            assertThat(status.path("follow").path("peer").asText()).isEqualTo(primary.url(""));
            assertThat(standby.get("/metrics").body()).contains("te_follow_failing 0.0").contains("te_follow_last_sync_age_seconds ");
            assertThat(primary.get("/metrics").body()).doesNotContain("te_follow_");
            // The standby solves what it mirrored, ready to take over.
            long mirrored = status.path("demandVersion").asLong();
            standby.awaitAllocationFor(mirrored, status.path("topologyVersion").asLong());
            // Feasible on the mirrored links: nothing on the drained arc or the one set down, at most 123.5 Mbps on the re-rated one.
            standby.checkedAllocation(standby.get("/v1/allocation").body(),
                    standby.daemon.links().capacitiesMbps(DaemonFixture.ABILENE.capacitiesMbps()));

            // Its own changes are refused, naming where they belong; nothing changes.
            var put = standby.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1}]");
            assertThat(put.statusCode()).isEqualTo(409);
            assertThat(put.body()).contains("this daemon is a standby following " + primary.url(""))
                    // No switches: no role to claim (POST /v1/openflow/role answers 404 here).
                    .contains("restart it without --follow").doesNotContain("/v1/openflow/role");
            assertThat(standby.send("POST", link(6) + "/drain", null, null).statusCode()).isEqualTo(409);
            assertThat(standby.send("POST", link(4) + "/up", null, null).statusCode()).isEqualTo(409);
            assertThat(standby.send("DELETE", link(2) + "/capacity", null, null).statusCode()).isEqualTo(409);
            assertThat(DaemonFixture.json(standby.get("/v1/status")).path("demandVersion").asLong()).isEqualTo(mirrored);

            // The primary's operator lifts everything: the standby follows.
            primary.send("POST", link(0) + "/undrain", null, null);
            primary.send("DELETE", link(2) + "/capacity", null, null);
            primary.send("POST", link(4) + "/up", null, null);
            JsonNode back = await(standby, "/v1/topology", x -> x.path("downLinks").isEmpty() && !linkIn(x, 0).path("drained").asBoolean());
            assertThat(linkIn(back, 2).has("topologyCapacityMbps")).isFalse();
            primary.putJson("[]");
            await(standby, "/v1/demands", d -> d.toString().equals(DaemonFixture.json(primary.get("/v1/demands")).toString()));
        }
    }

    @Test
    void aPrimaryThatCannotBeReadChangesNothingAndIsNamed() throws Exception {
        DaemonFixture primary = DaemonFixture.start(dir.resolve("primary"));
        String base = primary.url("");
        try (primary; DaemonFixture standby = DaemonFixture.startFollowing(dir.resolve("standby"), base)) {
            primary.putJson(ApiEndpointsTest.THREE);
            String primaryDemands = DaemonFixture.json(primary.get("/v1/demands")).toString();
            await(standby, "/v1/demands", d -> d.toString().equals(primaryDemands));
            long version = DaemonFixture.json(standby.get("/v1/status")).path("demandVersion").asLong();
            primary.close();

            JsonNode status = standby.awaitStatus(s -> s.path("follow").path("lastError").isTextual());
            assertThat(status.path("follow").path("lastError").asText()).contains(base + "/v1/topology");
            assertThat(standby.get("/metrics").body()).contains("te_follow_failing 1.0");
            assertThat(status.path("demandVersion").asLong()).isEqualTo(version);
            assertThat(DaemonFixture.json(standby.get("/v1/demands")).toString()).isEqualTo(primaryDemands);
        }
    }

    @Test
    void whatCannotBeMirroredIsNamedAndNothingChanges() throws Exception {
        HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        Map<String, String> answers = new java.util.concurrent.ConcurrentHashMap<>(Map.of(
                "/v1/topology", "{\"name\":\"Kdl\",\"contentHash\":\"0123\",\"links\":[],\"downLinks\":[]}",
                "/v1/demands", "[]"));
        fake.createContext("/", x -> {
            byte[] body = answers.getOrDefault(x.getRequestURI().getPath(), "{}").getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", "application/json");
            x.getResponseHeaders().add("X-TE-Demand-Version", "1");
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        fake.start();
        String base = "http://127.0.0.1:" + fake.getAddress().getPort();
        try (DaemonFixture standby = DaemonFixture.startFollowing(dir.resolve("standby"), base)) {
            JsonNode status = standby.awaitStatus(s -> s.path("follow").path("lastError").isTextual());
            assertThat(status.path("follow").path("lastError").asText()).isEqualTo(("GET %s/v1/topology: the primary serves topology Kdl "
                    + "(content hash '0123'), this daemon Abilene (%s); nothing mirrored").formatted(base, DaemonFixture.ABILENE.contentHash()));

            String ok = "{\"name\":\"Abilene\",\"contentHash\":\"%s\",\"links\":[],\"downLinks\":[{\"src\":\"0\",\"dst\":\"nowhere\",\"by\":\"operator\"}]}"
                    .formatted(DaemonFixture.ABILENE.contentHash());
            answers.put("/v1/topology", ok);
            standby.awaitStatus(s -> s.path("follow").path("lastError").asText().contains("nowhere"));

            answers.put("/v1/topology", ok.replace(",\"downLinks\":[{\"src\":\"0\",\"dst\":\"nowhere\",\"by\":\"operator\"}]", ",\"downLinks\":[]"));
            answers.put("/v1/demands", "[{\"src\":\"0\",\"dst\":\"Atlantis\",\"demand\":5}]");
            JsonNode bad = standby.awaitStatus(s -> s.path("follow").path("lastError").asText().contains("/v1/demands"));
            assertThat(bad.path("follow").path("lastError").asText()).contains("the body is no demand matrix of Abilene")
                    .contains("Atlantis");
            assertThat(bad.path("demandVersion").asLong()).isZero();
            assertThat(bad.path("topologyVersion").asLong()).isZero();
        } finally {
            fake.stop(0);
        }
    }

    @Test
    void anUnchangedMatrixIsNotFetchedAgainUntilThisDaemonChangedItsOwn() throws Exception {
        String two = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":10},{\"src\":\"1\",\"dst\":\"2\",\"demand\":20}]";
        try (FakePrimary primary = new FakePrimary();
             te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(dir.resolve("standby"))) {
            primary.bodies.put("/v1/demands", two);
            DemandBook demands = DemandBook.load(DaemonFixture.ABILENE, store);
            NetworkBook network = NetworkBook.load(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS, store, 1);
            java.util.concurrent.atomic.AtomicBoolean following = new java.util.concurrent.atomic.AtomicBoolean(true);
            try (te.controller.daemon.api.PeerFollower f = new te.controller.daemon.api.PeerFollower(
                    new PeerFollow(java.net.URI.create(primary.base()), Duration.ofMillis(100), Duration.ofSeconds(1)), DaemonFixture.ABILENE, demands, network,
                    e -> { }, e -> { }, following::get)) {
                f.start();
                DaemonFixture.awaitTrue("mirrored", () -> demands.current().matrix().size() == 2);
                Thread.sleep(500); // five more reads, each answered 304
                assertThat(primary.demandBodies.get()).isEqualTo(1);

                // Made master, it takes a matrix of its own; made standby again, it must fetch the primary's again.
                following.set(false);
                Thread.sleep(300);
                byte[] own = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":99}]".getBytes(StandardCharsets.UTF_8);
                demands.replace(te.topology.traffic.TrafficMatrixIo.readJson(DaemonFixture.ABILENE, "own",
                        new java.io.ByteArrayInputStream(own)), own, DemandBook.Format.JSON);
                following.set(true);
                DaemonFixture.awaitTrue("the primary's matrix again", () -> demands.current().matrix().size() == 2);
                assertThat(primary.demandBodies.get()).isEqualTo(2);

                // A primary started on a lost state directory (version 0, no demands) does not wipe the standby's.
                primary.demandVersion = "0";
                primary.demandTag = "\"d0.other\"";
                primary.bodies.put("/v1/demands", "[]");
                DaemonFixture.awaitTrue("named",
                        () -> String.valueOf(f.status().get("lastError")).contains("the primary has no demands (version 0"));
                assertThat(demands.current().matrix().size()).isEqualTo(2);

                // Nor its link states: an operator's drain here stays.
                primary.demandVersion = "1";
                primary.bodies.put("/v1/demands", two);
                network.setDrain(0, true);
                primary.bodies.put("/v1/topology", FakePrimary.topology(0, ""));
                DaemonFixture.awaitTrue("named",
                        () -> String.valueOf(f.status().get("lastError")).contains("the primary has no operator link states"));
                assertThat(network.current().links().isDrained(0)).isTrue();

                // A primary that stalls in the middle of a body is named once the timeout passes; the follower goes on.
                primary.bodies.put("/v1/topology", FakePrimary.topology(1, ""));
                primary.demandTag = "\"d2.boot\"";
                primary.stallDemands = true;
                DaemonFixture.awaitTrue("named", () -> String.valueOf(f.status().get("lastError")).contains("no whole answer within"));
                primary.stallDemands = false;
                DaemonFixture.awaitTrue("following again",
                        () -> f.status().get("lastError") == null && !network.current().links().isDrained(0));
            }
        }
    }

    @Test
    void aDaemonToldToFollowItselfSaysSo() throws Exception {
        try (DaemonFixture self = DaemonFixture.start(dir.resolve("self"));
             te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(dir.resolve("books"))) {
            String tag = self.get("/v1/demands").headers().firstValue("ETag").orElseThrow(); // "d0.BOOT"
            String boot = tag.substring(tag.indexOf('.') + 1, tag.length() - 1);
            try (te.controller.daemon.api.PeerFollower f = new te.controller.daemon.api.PeerFollower(
                    new PeerFollow(java.net.URI.create(self.url("")), Duration.ofMillis(100)), DaemonFixture.ABILENE,
                    DemandBook.load(DaemonFixture.ABILENE, store), NetworkBook.load(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS, store, 1),
                    e -> { }, e -> { }, () -> true, boot)) {
                f.start();
                DaemonFixture.awaitTrue("named", () -> String.valueOf(f.status().get("lastError")).contains(
                        "that is this daemon itself (entity tag " + tag + " carries its own run mark); --follow must name the primary"));
            }
        }
    }

    @Test
    void peerUrlsAreCheckedAndNamed() {
        assertThat(PeerFollow.parsePeer("https://primary.example:8443/")).hasToString("https://primary.example:8443");
        for (String bad : new String[] {"primary:8080", "http://primary", "http://primary:8080/v1", "http://primary:8080?x=1",
                "http://u:p@primary:8080", "http://pri mary:8080"}) {
            assertThatThrownBy(() -> PeerFollow.parsePeer(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--follow '" + bad + "'");
        }
    }
    private static String id(int node) {
        return DaemonFixture.ABILENE.nodes().get(node).id();
    }

    /**
     * A primary whose links file, written by an earlier build, holds an operator capacity below 1
     * bit/s keeps it, and its standby mirrors it with the rest of its word on links (a review: the
     * standby refused the whole read, the primary's drain with it, once new input was held to 1 bit/s).
     */
    @Test
    void aStandbyMirrorsAPrimaryWhoseStoredLinksHoldACapacityBelowOneBitPerSecond() throws Exception {
        Path primaryDir = dir.resolve("primary");
        int tiny = 2;
        int drained = 0;
        var t = DaemonFixture.ABILENE;
        String links = ("{\"down\":[],\"reportedDown\":[],\"capacities\":[{\"src\":\"%s\",\"dst\":\"%s\",\"capacityMbps\":1.0E-9}],"
                + "\"drained\":[{\"src\":\"%s\",\"dst\":\"%s\"}]}").formatted(id(t.arcSrc(tiny)), id(t.arcDst(tiny)),
                id(t.arcSrc(drained)), id(t.arcDst(drained)));
        try (te.controller.daemon.state.StateStore store = new te.controller.daemon.state.StateStore(primaryDir)) {
            store.save(te.controller.daemon.state.StateStore.LINKS, 3, links.getBytes(StandardCharsets.UTF_8));
        }
        try (DaemonFixture primary = DaemonFixture.start(primaryDir);
             DaemonFixture standby = DaemonFixture.startFollowing(dir.resolve("standby"), primary.url(""))) {
            DaemonFixture.awaitTrue("the standby read its primary", () -> {
                JsonNode follow = DaemonFixture.json(standby.get("/v1/status")).path("follow");
                return follow.path("lastSyncAt").isTextual() || follow.path("lastError").isTextual();
            });
            JsonNode follow = DaemonFixture.json(standby.get("/v1/status")).path("follow");
            assertThat(follow.path("lastError").isNull()).as("%s", follow).isTrue();
            JsonNode mirrored = DaemonFixture.json(standby.get("/v1/topology")).path("links");
            assertThat(mirrored.get(drained).path("drained").asBoolean()).as("the drain, %s", mirrored.get(drained)).isTrue();
            assertThat(mirrored.get(tiny).path("capacityMbps").asDouble()).isEqualTo(1e-9);
        }
    }
}
