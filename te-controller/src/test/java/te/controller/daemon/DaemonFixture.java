package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import te.controller.AllocationJsonReader;
import te.controller.daemon.solve.AllocationPublisher;
import te.controller.daemon.solve.SolveSettings;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Objective;
import te.lp.Solvers;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.zoo.TopologyCatalog;

/**
 * A daemon on an ephemeral loopback port with its own state directory, and a real HTTP client.
 * Every allocation a test reads goes through {@link #checkedAllocation}.
 */
final class DaemonFixture implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Topology ABILENE = TopologyCatalog.discover().load("Abilene");
    static final PathSet ABILENE_PATHS = PathPrecomputation.allPairs(ABILENE, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);

    final Daemon daemon;
    final Topology topology;
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private Optional<String> token = Optional.empty();
    private boolean closed;

    private DaemonFixture(Daemon daemon, Topology topology) {
        this.daemon = daemon;
        this.topology = topology;
        this.base = "http://127.0.0.1:" + daemon.port();
    }

    /** Abilene, full LP with HiGHS (via the scripted backend), total flow, timer every hour. */
    static DaemonFixture start(Path stateDir) {
        return start(stateDir, Duration.ofHours(1), Optional.empty(), 1 << 20, a -> { });
    }

    static DaemonFixture start(Path stateDir, Duration interval, Optional<Path> tokenFile, int maxBody, AllocationPublisher publisher) {
        return start(stateDir, interval, tokenFile, maxBody, publisher, 1);
    }

    /** As the full-LP fixture, with POP-{@code popK} solving its sub-problems one after another (one worker). */
    static DaemonFixture startPop(Path stateDir, int popK) {
        return start(stateDir, Duration.ofHours(1), Optional.empty(), 1 << 20, a -> { }, popK);
    }

    private static DaemonFixture start(Path stateDir, Duration interval, Optional<Path> tokenFile, int maxBody, AllocationPublisher publisher,
                                       int popK) {
        return start(stateDir, interval, tokenFile, maxBody, publisher,
                new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("scripted"), popK, 0, 60, 1));
    }

    /** As the full-LP fixture, keeping the served splits unless a re-solve gains more than {@code minGain}. */
    static DaemonFixture startWithMinGain(Path stateDir, double minGain) {
        return startWithMinGain(stateDir, Objective.TOTAL_FLOW, minGain);
    }

    /** As {@link #startWithMinGain(Path, double)} for another objective. */
    static DaemonFixture startWithMinGain(Path stateDir, Objective objective, double minGain) {
        return start(stateDir, Duration.ofHours(1), Optional.empty(), 1 << 20, a -> { },
                new SolveSettings(objective, Solvers.byName("scripted"), 1, 0, 60, 1).withMinGain(minGain));
    }

    /** {@code topology} (e.g. an edited Abilene) as the full-LP fixture. */
    static DaemonFixture start(Path stateDir, Topology topology) {
        return start(stateDir, topology, new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("scripted"), 1, 0, 60, 1));
    }

    /** {@code topology} with these solve settings, timer every hour, bodies up to 64 MiB (all-pairs matrices). */
    static DaemonFixture start(Path stateDir, Topology topology, SolveSettings solve) {
        PathSet paths = PathPrecomputation.allPairs(topology, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), stateDir, Optional.empty(), Duration.ofHours(1),
                64 << 20);
        return new DaemonFixture(Daemon.start(topology, paths, settings, solve, a -> { }), topology);
    }

    /** As {@link #start(Path)} on a given port (a restart a follower must find at the same address). */
    static DaemonFixture startOnPort(Path stateDir, int port) {
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", port), stateDir, Optional.empty(), Duration.ofHours(1),
                1 << 20);
        return new DaemonFixture(Daemon.start(ABILENE, ABILENE_PATHS, settings,
                new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("scripted"), 1, 0, 60, 1), a -> { }), ABILENE);
    }

    /** Abilene with these solve settings, timer every hour. */
    static DaemonFixture startWith(Path stateDir, SolveSettings solve) {
        return start(stateDir, Duration.ofHours(1), Optional.empty(), 1 << 20, a -> { }, solve);
    }

    private static DaemonFixture start(Path stateDir, Duration interval, Optional<Path> tokenFile, int maxBody, AllocationPublisher publisher,
                                       SolveSettings solve) {
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), stateDir, tokenFile, interval, maxBody);
        return new DaemonFixture(Daemon.start(ABILENE, ABILENE_PATHS, settings, solve, publisher), ABILENE);
    }

    /** A standby of the daemon at {@code peer} (its base URL), reading it every 100 ms; no switches. */
    static DaemonFixture startFollowing(Path stateDir, String peer) {
        DaemonFixture f = following(stateDir, peer, a -> { });
        f.daemon.startFollowing();
        return f;
    }

    /** As {@link #startFollowing}, publishing to {@code publisher}; its caller starts the following (after showing switches). */
    static DaemonFixture following(Path stateDir, String peer, AllocationPublisher publisher) {
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), stateDir, Optional.empty(), Duration.ofHours(1),
                1 << 20).withFollow(new PeerFollow(PeerFollow.parsePeer(peer), Duration.ofMillis(100)));
        return new DaemonFixture(Daemon.start(ABILENE, ABILENE_PATHS, settings,
                new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("scripted"), 1, 0, 60, 1), publisher), ABILENE);
    }

    DaemonFixture withToken(String t) {
        token = Optional.of(t);
        return this;
    }

    String url(String path) {
        return base + path;
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(url(path))).GET());
    }

    HttpResponse<String> send(String method, String path, String contentType, String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path)))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        token.ifPresent(t -> b.header("Authorization", "Bearer " + t));
        return send(b);
    }

    HttpResponse<String> send(HttpRequest.Builder b) {
        try {
            return http.send(b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Uploads {@code tm} as the JSON list of entries, nodes by id. */
    HttpResponse<String> putMatrix(te.topology.traffic.TrafficMatrix tm) {
        StringBuilder body = new StringBuilder("[");
        for (int i = 0; i < tm.size(); i++) {
            body.append(i == 0 ? "" : ",").append("{\"src\":\"%s\",\"dst\":\"%s\",\"demand\":%s}".formatted(
                    topology.nodes().get(tm.src(i)).id(), topology.nodes().get(tm.dst(i)).id(), tm.demandMbps(i)));
        }
        return putJson(body.append("]").toString());
    }

    HttpResponse<String> putJson(String body) {
        return send("PUT", "/v1/demands", "application/json", body);
    }

    static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + r.body(), e);
        }
    }

    /** Polls {@code condition} every 20 ms until it holds, giving up (failing) after a minute. */
    static void awaitTrue(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        awaitTrue(what, Duration.ofSeconds(60), condition);
    }

    /** Polls {@code condition} every 20 ms until it holds, giving up (failing) after {@code within}. */
    static void awaitTrue(String what, Duration within, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never within %s: %s".formatted(within, what));
            }
            Thread.sleep(20);
        }
    }

    /** Polls /v1/status (no time assertion: the poll gives up only after a minute) until it satisfies {@code done}. */
    JsonNode awaitStatus(Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            JsonNode status = json(get("/v1/status"));
            if (done.test(status)) {
                return status;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("status never reached the expected state: " + status);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Waits for an allocation a solve computed for these demand and topology versions (not the
     * interim "+pruned" one served between a link failure and its re-solve).
     */
    JsonNode awaitAllocationFor(long demandVersion, long topologyVersion) {
        // The allocation is published before its solve pass records its report: wait for both, so
        // lastSolve describes the pass that produced this allocation.
        return awaitStatus(s -> s.path("allocation").path("demandVersion").asLong(-1) == demandVersion
                && s.path("allocation").path("topologyVersion").asLong(-1) == topologyVersion
                && !s.path("allocation").path("method").asText().endsWith("+pruned")
                && s.path("lastSolve").path("demandVersion").asLong(-1) == demandVersion
                && s.path("lastSolve").path("topologyVersion").asLong(-1) == topologyVersion);
    }

    /** Parses a served allocation over the topology (failed arcs at 0 Mbps) and asserts it passes the checker. */
    Allocation checkedAllocation(String body, List<Integer> downArcs) {
        double[] capacity = topology.capacitiesMbps();
        downArcs.forEach(a -> capacity[a] = 0);
        return checkedAllocation(body, capacity);
    }

    /** @return the allocation in {@code body}, checked against these capacities (Mbps per arc) */
    Allocation checkedAllocation(String body, double[] capacity) {
        Allocation a = AllocationJsonReader.read(topology, PathSpec.defaults(), capacity, body.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .allocation();
        assertThat(new AllocationChecker().violations(a, 1.0)).as("served allocation is feasible").isEmpty();
        return a;
    }

    @Override
    public void close() {
        if (closed) {
            return; // a test may stop a daemon midway and still close it with the others
        }
        closed = true;
        daemon.close();
    }
}
