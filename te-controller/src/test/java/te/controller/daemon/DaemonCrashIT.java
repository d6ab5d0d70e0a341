package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.AllocationJsonReader;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/**
 * The daemon in a child JVM killed with SIGKILL mid-solve and mid-upload: after a restart the
 * acknowledged demands and the last good allocation are there, and served at once.
 */
class DaemonCrashIT {
    /** Big enough that a full-LP solve takes a visible while; small enough for a fast test. */
    static final String TOPOLOGY = "Deltacom";
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path dir;

    @Test
    void killedMidSolveAndMidUploadLosesNothingAcknowledged() throws Exception {
        Topology topology = TopologyCatalog.discover().load(TOPOLOGY);
        TrafficMatrix tm = TrafficSpec.parse("gravity:7,4").generate(topology);
        String csv = csv(topology, tm);
        Path state = dir.resolve("state");
        Path log = dir.resolve("child.log");

        long lastGoodVersion;
        String patch = topology.nodes().get(0).id() + "," + topology.nodes().get(1).id() + ",123.5\n";
        try (ChildDaemon child = ChildDaemon.start(TOPOLOGY, state, log)) {
            assertThat(send(child, "PUT", "/v1/demands", "text/csv", csv).statusCode()).isEqualTo(200);
            JsonNode first = await(child, s -> s.path("allocation").path("demandVersion").asLong() == 1);
            lastGoodVersion = first.get("allocation").get("version").asLong();
            assertThat(send(child, "PATCH", "/v1/demands", "text/csv", patch).statusCode()).isEqualTo(200);
            // Kill while a solve is running: trigger until one is seen running (no timing assumption).
            await(child, s -> {
                if (s.get("solving").asBoolean()) {
                    return true;
                }
                send(child, "POST", "/v1/solve", null, null);
                return false;
            });
            child.kill();
        }

        try (ChildDaemon child = ChildDaemon.start(TOPOLOGY, state, log)) {
            HttpResponse<String> allocation = send(child, "GET", "/v1/allocation", null, null);
            assertThat(allocation.statusCode()).isEqualTo(200);
            JsonNode a = DaemonFixture.JSON.readTree(allocation.body());
            assertThat(a.get("version").asLong()).isGreaterThanOrEqualTo(lastGoodVersion);
            check(topology, allocation.body());
            HttpResponse<String> demands = send(child, "GET", "/v1/demands", null, null);
            assertThat(demands.headers().firstValue("X-TE-Demand-Version")).contains("2");
            TrafficMatrix patched = TrafficMatrixIo.readJson(topology, "served", new java.io.ByteArrayInputStream(demands.body().getBytes(StandardCharsets.UTF_8)));
            assertThat(patched.size()).isEqualTo(tm.size());
            assertThat(demands.body()).contains("\"demand\":123.5");

            // Now kill while an upload is half sent: it was never acknowledged, so version 2 stays.
            CountDownLatch halfSent = new CountDownLatch(1);
            CountDownLatch never = new CountDownLatch(1);
            byte[] body = csv.getBytes(StandardCharsets.UTF_8);
            HttpRequest upload = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + child.port + "/v1/demands"))
                    .header("Content-Type", "text/csv")
                    .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new HalfThenStall(body, halfSent, never))).build();
            var pending = http.sendAsync(upload, HttpResponse.BodyHandlers.ofString());
            halfSent.await();
            child.kill();
            never.countDown();
            assertThat(pending).failsWithin(Duration.ofSeconds(60));
        }

        try (ChildDaemon child = ChildDaemon.start(TOPOLOGY, state, log)) {
            HttpResponse<String> demands = send(child, "GET", "/v1/demands", null, null);
            assertThat(demands.headers().firstValue("X-TE-Demand-Version")).contains("2");
            assertThat(demands.body()).contains("\"demand\":123.5");
            HttpResponse<String> allocation = send(child, "GET", "/v1/allocation", null, null);
            assertThat(allocation.statusCode()).isEqualTo(200);
            check(topology, allocation.body());
            // And it goes on working: the allocation for version 2 arrives and is feasible.
            await(child, s -> s.path("allocation").path("demandVersion").asLong() == 2);
            check(topology, send(child, "GET", "/v1/allocation", null, null).body());
        }
    }

    /** What a client saw of one allocation version. */
    private record Seen(long version, String method, long topologyVersion, double value) {
        static Seen of(JsonNode allocation) {
            return new Seen(allocation.get("version").asLong(), allocation.get("method").asText(),
                    allocation.get("topologyVersion").asLong(), allocation.get("objectiveValue").asDouble());
        }
    }

    @Test
    void killedAroundLinkFailuresNeverServesAVersionAgainWithOtherFlowsOrAnOlderOne() throws Exception {
        Topology topology = TopologyCatalog.discover().load(TOPOLOGY);
        String csv = csv(topology, TrafficSpec.parse("gravity:3,4").generate(topology));
        Path state = dir.resolve("state");
        Path log = dir.resolve("child.log");
        java.util.Map<Long, Seen> seen = new java.util.TreeMap<>();
        java.util.Random random = new java.util.Random(5);
        try (ChildDaemon child = ChildDaemon.start(TOPOLOGY, state, log)) {
            assertThat(send(child, "PUT", "/v1/demands", "text/csv", csv).statusCode()).isEqualTo(200);
            record(seen, await(child, s -> s.path("allocation").path("demandVersion").asLong() == 1));
        }
        for (int round = 0; round <= 4; round++) {
            try (ChildDaemon child = ChildDaemon.start(TOPOLOGY, state, log)) {
                JsonNode first = DaemonFixture.JSON.readTree(send(child, "GET", "/v1/status", null, null).body());
                long newest = seen.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
                Seen now = Seen.of(first.get("allocation"));
                assertThat(now.version()).as("version served after restart %d", round).isGreaterThanOrEqualTo(newest);
                if (seen.containsKey(now.version())) {
                    assertThat(now).as("version %d served again", now.version()).isEqualTo(seen.get(now.version()));
                }
                record(seen, first);
                if (round == 4) {
                    break;
                }
                // Fail (or, every other round, restore) the busiest link of what is served, then die at
                // a random moment: during the pruning, its hand-out, its write, or the re-solve.
                HttpResponse<String> body = send(child, "GET", "/v1/allocation", null, null);
                check(topology, body.body());
                String path = round % 2 == 0 ? busiestArc(topology, body.body()) + "/down" : lastFailed + "/up";
                if (round % 2 == 0) {
                    lastFailed = busiestArc(topology, body.body());
                }
                assertThat(send(child, "POST", "/v1/links/" + path, null, null).statusCode()).isEqualTo(200);
                long until = System.nanoTime() + random.nextInt(400) * 1_000_000L;
                do {
                    record(seen, DaemonFixture.JSON.readTree(send(child, "GET", "/v1/status", null, null).body()));
                } while (System.nanoTime() < until);
                child.kill();
            }
        }
        // At least the first allocation and one pruned version per failure (pruned by the daemon or at the restart).
        assertThat(seen).hasSizeGreaterThanOrEqualTo(3);
    }

    private String lastFailed;

    private static void record(java.util.Map<Long, Seen> seen, JsonNode status) {
        JsonNode a = status.path("allocation");
        if (a.isObject()) {
            Seen s = Seen.of(a);
            Seen before = seen.putIfAbsent(s.version(), s);
            assertThat(before == null ? s : before).as("version %d seen twice", s.version()).isEqualTo(s);
        }
    }

    /** @return "src/dst" of the arc with the most flow in an allocation body */
    private static String busiestArc(Topology topology, String body) {
        double[] load = AllocationJsonReader.read(topology, PathSpec.defaults(), topology.capacitiesMbps(),
                body.getBytes(StandardCharsets.UTF_8)).allocation().arcLoadMbps();
        int busiest = 0;
        for (int arc = 1; arc < load.length; arc++) {
            busiest = load[arc] > load[busiest] ? arc : busiest;
        }
        return topology.nodes().get(topology.arcSrc(busiest)).id() + "/" + topology.nodes().get(topology.arcDst(busiest)).id();
    }

    private static void check(Topology topology, String body) {
        Allocation a = AllocationJsonReader.read(topology, PathSpec.defaults(), topology.capacitiesMbps(),
                body.getBytes(StandardCharsets.UTF_8)).allocation();
        assertThat(new AllocationChecker().violations(a, 1.0)).isEmpty();
        assertThat(a.problem().commodities().size()).isPositive();
    }

    private static String csv(Topology t, TrafficMatrix tm) throws IOException {
        StringWriter w = new StringWriter();
        TrafficMatrixIo.writeCsv(t, tm, w);
        return w.toString();
    }

    private HttpResponse<String> send(ChildDaemon child, String method, String path, String type, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + child.port + path)).timeout(Duration.ofSeconds(120))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            b.header("Content-Type", type);
        }
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private JsonNode await(ChildDaemon child, java.util.function.Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            JsonNode s = DaemonFixture.JSON.readTree(send(child, "GET", "/v1/status", null, null).body());
            if (done.test(s)) {
                return s;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("child never reached the expected state: " + s);
            }
            Thread.sleep(5);
        }
    }

    /** Serves the first half of a body, then blocks until released, then fails: an upload cut off mid-way. */
    private static final class HalfThenStall extends InputStream {
        private final byte[] body;
        private final CountDownLatch halfSent;
        private final CountDownLatch release;
        private int position;

        HalfThenStall(byte[] body, CountDownLatch halfSent, CountDownLatch release) {
            this.body = body;
            this.halfSent = halfSent;
            this.release = release;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int half = body.length / 2;
            if (position >= half) {
                halfSent.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IOException("upload cut off on purpose");
            }
            int n = Math.min(len, half - position);
            System.arraycopy(body, position, b, off, n);
            position += n;
            return n;
        }
    }
}
