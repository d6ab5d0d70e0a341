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

    /** Polls {@code path} on {@code d} until {@code done} holds (10 s at most). */
    private static JsonNode await(DaemonFixture d, String path, Predicate<JsonNode> done) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
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
            // The standby solves what it mirrored, ready to take over.
            long mirrored = status.path("demandVersion").asLong();
            standby.awaitStatus(s -> s.path("allocation").path("demandVersion").asLong() == mirrored);

            // Its own changes are refused, naming where they belong; nothing changes.
            var put = standby.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1}]");
            assertThat(put.statusCode()).isEqualTo(409);
            assertThat(put.body()).contains("this daemon is a standby following " + primary.url(""));
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
        try (DaemonFixture standby = DaemonFixture.startFollowing(dir.resolve("standby"), base)) {
            primary.putJson(ApiEndpointsTest.THREE);
            String primaryDemands = DaemonFixture.json(primary.get("/v1/demands")).toString();
            await(standby, "/v1/demands", d -> d.toString().equals(primaryDemands));
            long version = DaemonFixture.json(standby.get("/v1/status")).path("demandVersion").asLong();
            primary.close();

            JsonNode status = standby.awaitStatus(s -> s.path("follow").path("lastError").isTextual());
            assertThat(status.path("follow").path("lastError").asText()).contains(base + "/v1/topology");
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
    void peerUrlsAreCheckedAndNamed() {
        assertThat(PeerFollow.parsePeer("https://primary.example:8443/")).hasToString("https://primary.example:8443");
        for (String bad : new String[] {"primary:8080", "http://primary", "http://primary:8080/v1", "http://primary:8080?x=1",
                "http://u:p@primary:8080", "http://pri mary:8080"}) {
            assertThatThrownBy(() -> PeerFollow.parsePeer(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--follow '" + bad + "'");
        }
    }
}
