package te.controller.daemon.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.DemandBook;
import te.controller.daemon.NetworkBook;
import te.controller.daemon.PeerFollow;
import te.controller.daemon.http.ApiException;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;

/**
 * A standby's mirror of its primary ({@code te serve --follow}): while {@code active} holds (this
 * daemon is not the OpenFlow master) it reads the primary's {@code GET /v1/demands} (with the
 * entity tag it holds, so an unchanged matrix costs a 304) and {@code GET /v1/topology}, and puts
 * the demands and the operator's word on links (failed, re-rated, drained) into its own books, so
 * that a takeover serves what the primary served. Switch port reports stay each daemon's own: both
 * see the switches. A primary it cannot read, or that answers something this daemon cannot take
 * (another topology, a malformed body), changes nothing here; the last mirrored state stays, and
 * {@link #status} names the problem.
 */
public final class PeerFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PeerFollower.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final PeerFollow follow;
    private final Topology topology;
    private final DemandBook demands;
    private final NetworkBook network;
    private final Consumer<String> demandsChanged;
    private final Consumer<String> linksChanged;
    private final BooleanSupplier active;
    private final String boot;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "te-peer-follower");
        t.setDaemon(true);
        return t;
    });
    /** The primary's demand entity tag, valid while this daemon's demands are still at {@link #tagVersion}. */
    private volatile String demandTag;
    private volatile long tagVersion = -1;
    private volatile boolean closed;
    private volatile Instant lastSync;
    private volatile String lastError;
    private volatile Long peerDemandVersion;
    private volatile Long peerTopologyVersion;
    /** The primary's operator link-state version at the last good read of its links. */
    private volatile Long peerOperatorVersion;

    /**
     * @param demandsChanged asks for a solve after mirrored demands changed, with the event's name
     * @param linksChanged   the same after mirrored link states changed
     * @param active         whether to follow now: this daemon is not the OpenFlow master
     */
    public PeerFollower(PeerFollow follow, Topology topology, DemandBook demands, NetworkBook network,
                        Consumer<String> demandsChanged, Consumer<String> linksChanged, BooleanSupplier active) {
        this(follow, topology, demands, network, demandsChanged, linksChanged, active, null);
    }

    /**
     * @param boot this daemon run's mark in its entity tags ({@link DemandResource}), to notice a
     *             --follow URL that leads back to this daemon itself; null when there is none
     */
    public PeerFollower(PeerFollow follow, Topology topology, DemandBook demands, NetworkBook network,
                        Consumer<String> demandsChanged, Consumer<String> linksChanged, BooleanSupplier active, String boot) {
        this.boot = boot;
        this.follow = follow;
        this.topology = topology;
        this.demands = demands;
        this.network = network;
        this.demandsChanged = demandsChanged;
        this.linksChanged = linksChanged;
        this.active = active;
    }

    /** Reads the primary now, then every interval, while active. */
    public void start() {
        timer.scheduleWithFixedDelay(this::syncWhileActive, 0, follow.interval().toMillis(), TimeUnit.MILLISECONDS);
        LOG.info("following {} every {} ms while not OpenFlow master: its demands and operator link states are mirrored here",
                follow.peer(), follow.interval().toMillis());
    }

    /**
     * @param withSwitches whether this daemon has OpenFlow switches (a role it can claim)
     * @return why this daemon refuses changes of its own now (it follows its primary), if it does
     */
    public Optional<String> refusal(boolean withSwitches) {
        // Without switches there is no role to claim: it follows for as long as it runs.
        String takeover = withSwitches ? "it takes them over once made OpenFlow master (POST /v1/openflow/role)"
                : "without switches it follows for as long as it runs: to take over, restart it without --follow (its state directory "
                + "keeps what it mirrored)";
        return active.getAsBoolean()
                ? Optional.of(("this daemon is a standby following %s (te serve --follow): send demands and link changes there; "
                + "%s").formatted(follow.peer(), takeover))
                : Optional.empty();
    }

    /** @return the peer, whether it is followed now, the last good read, the last problem, the peer's versions */
    public Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("peer", follow.peer().toString());
        m.put("following", active.getAsBoolean());
        m.put("lastSyncAt", lastSync == null ? null : lastSync.toString());
        // Age, not only the time: a follower stuck or failing shows a growing age, easy to alert on.
        m.put("lastSyncAgeMs", lastSync == null ? null : Duration.between(lastSync, Instant.now()).toMillis());
        m.put("lastError", lastError);
        m.put("peerDemandVersion", peerDemandVersion);
        m.put("peerTopologyVersion", peerTopologyVersion);
        return m;
    }

    /** @return seconds since the last whole read of the primary, NaN before the first */
    public double lastSyncAgeSeconds() {
        Instant at = lastSync;
        return at == null ? Double.NaN : Duration.between(at, Instant.now()).toNanos() / 1e9;
    }

    /** @return whether the last read of the primary failed */
    public boolean failing() {
        return lastError != null;
    }

    private void syncWhileActive() {
        if (!active.getAsBoolean()) {
            // A master's own word counts: what it held from the primary tells nothing once it took changes.
            demandTag = null;
            lastError = null;
            // Nor what the primary's versions were: it may since have started afresh and mirrored this one.
            peerDemandVersion = null;
            peerOperatorVersion = null;
            return;
        }
        try {
            syncOnce();
            if (lastError != null) {
                LOG.info("following {} again", follow.peer());
            }
            lastError = null;
            lastSync = Instant.now();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            failed(e.getMessage() == null ? e.toString() : e.getMessage(), null);
        } catch (Throwable e) { // e.g. out of memory on a huge body: name it, keep the schedule (an escaping throwable ends it)
            failed(e.toString(), e);
        }
    }

    private void failed(String problem, Throwable cause) {
        if (!problem.equals(lastError)) { // once per distinct problem, not every interval
            LOG.warn("following {}: {}; the demands and link states mirrored last stay", follow.peer(), problem, cause);
        }
        lastError = problem;
    }

    /**
     * Reads the primary once and mirrors what changed.
     *
     * @throws IOException naming what the primary answered when it cannot be mirrored; nothing changed then
     */
    void syncOnce() throws IOException, InterruptedException {
        // Links first: demands that need a drained link gone are never solved onto it. Each is
        // mirrored whatever became of the other: a refusal of the links must not freeze the demands.
        IOException links = null;
        try {
            syncLinks();
        } catch (IOException e) {
            links = e;
        }
        try {
            syncDemands();
        } catch (IOException e) {
            if (links != null) {
                e.addSuppressed(links);
                throw new IOException(links.getMessage() + "; and " + e.getMessage(), e);
            }
            throw e;
        }
        if (links != null) {
            throw links;
        }
    }

    private void syncDemands() throws IOException, InterruptedException {
        URI uri = follow.peer().resolve("/v1/demands");
        HttpRequest.Builder req = HttpRequest.newBuilder(uri).timeout(follow.timeout()).header("Accept", "application/json").GET();
        String held = demandTag;
        if (held != null && tagVersion == demands.current().version()) { // nothing changed here since the tag was seen
            req.header("If-None-Match", held);
        }
        HttpResponse<byte[]> r = send(uri, req.build());
        if (r.statusCode() == 304) {
            return;
        }
        requireOk(uri, r);
        String tag = r.headers().firstValue("ETag").orElse("");
        if (boot != null && tag.endsWith("." + boot + "\"")) {
            // It would mirror itself forever and refuse every change: a misconfiguration to name.
            throw new IOException("GET %s: that is this daemon itself (entity tag %s carries its own run mark); --follow must name "
                    .formatted(uri, tag) + "the primary");
        }
        String versionHeader = r.headers().firstValue(DemandResource.VERSION_HEADER).orElse("");
        Long peerVersion;
        try {
            peerVersion = Long.valueOf(versionHeader);
        } catch (NumberFormatException e) {
            throw new IOException("GET %s: header %s '%s' is not a demand version; nothing mirrored".formatted(uri,
                    DemandResource.VERSION_HEADER, versionHeader));
        }
        TrafficMatrix tm;
        try {
            tm = UploadParser.parse(topology, DemandBook.Format.JSON, r.body()).matrix();
        } catch (ApiException e) {
            throw new IOException("GET %s: the body is no demand matrix of %s (%s%s); nothing mirrored".formatted(uri, topology.name(),
                    e.getMessage(), e.violations().isEmpty() ? "" : ": " + e.violations().get(0)));
        }
        synchronized (demands) { // the book's own lock: no upload lands between the check and the write
            if (!active.getAsBoolean() || closed) {
                return; // made master while reading: from now on its own word counts, not the primary's
            }
            TrafficMatrix here = demands.current().matrix();
            if (peerVersion == 0 && here.size() > 0) {
                // A primary started on a new or lost state directory: copying it would lose the only copy left.
                throw new IOException(("GET %s: the primary has no demands (version 0: a new or lost state directory?); this standby "
                        + "keeps its %d; upload demands to the primary").formatted(uri, here.size()));
            }
            Long seen = peerDemandVersion;
            if (seen != null && peerVersion < seen && !tm.equals(here)) {
                // Versions only grow on one state directory: the primary was restored from an older
                // copy, or started afresh and given demands since. Its older word must not replace
                // the newer one this standby may hold alone. (The same word, e.g. a primary that
                // started afresh and mirrored this daemon while it was master, changes nothing.)
                throw new IOException(("GET %s: the primary's demand version went back from %d to %d (its state restored from an older "
                        + "copy, or a new state directory?); this standby keeps its %d demands; restart this standby to mirror the "
                        + "primary as it is now").formatted(uri, seen, peerVersion, here.size()));
            }
            if (!tm.equals(here)) {
                long version = demands.replace(tm, r.body(), DemandBook.Format.JSON).version();
                LOG.info("mirrored demands of {} (its version {}): {} entries, this daemon's version {}", follow.peer(),
                        peerVersion, tm.size(), version);
                demandsChanged.accept("peer-demands");
            }
            tagVersion = demands.current().version();
            demandTag = r.headers().firstValue("ETag").orElse(null);
        }
        peerDemandVersion = peerVersion;
    }

    private void syncLinks() throws IOException, InterruptedException {
        URI uri = follow.peer().resolve("/v1/topology");
        HttpResponse<byte[]> r = send(uri, HttpRequest.newBuilder(uri).timeout(follow.timeout()).header("Accept", "application/json")
                .GET().build());
        requireOk(uri, r);
        JsonNode body;
        try {
            body = JSON.readTree(r.body());
        } catch (IOException e) {
            throw new IOException("GET %s: the body is not JSON (%s); nothing mirrored".formatted(uri, e.getMessage()));
        }
        String hash = body.path("contentHash").asText("");
        if (!hash.equals(topology.contentHash())) {
            throw new IOException("GET %s: the primary serves topology %s (content hash '%s'), this daemon %s (%s); nothing mirrored"
                    .formatted(uri, body.path("name").asText("?"), hash, topology.name(), topology.contentHash()));
        }
        List<Integer> down = new ArrayList<>();
        TreeMap<Integer, Double> capacity = new TreeMap<>();
        List<Integer> drain = new ArrayList<>();
        try {
            for (JsonNode l : body.path("links")) {
                int arc = NetworkBook.arcOf(topology, l.path("src").asText(), l.path("dst").asText());
                if (l.has("topologyCapacityMbps")) { // present where the operator set the capacity
                    double mbps = requireNumber(l, "capacityMbps");
                    try {
                        // What the primary holds, as a restart would read it: an earlier build may have taken less than 1 bit/s.
                        te.controller.daemon.LinkState.requireKeptCapacity(mbps);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("link %s->%s capacityMbps: %s".formatted(l.path("src").asText(),
                                l.path("dst").asText(), e.getMessage()));
                    }
                    capacity.put(arc, mbps);
                }
                if (l.path("drained").asBoolean(false)) {
                    drain.add(arc);
                }
            }
            for (JsonNode l : body.path("downLinks")) {
                if (l.path("by").asText("").startsWith("operator")) {
                    down.add(NetworkBook.arcOf(topology, l.path("src").asText(), l.path("dst").asText()));
                }
            }
        } catch (IllegalArgumentException e) {
            throw new IOException("GET %s: %s; nothing mirrored".formatted(uri, e.getMessage()));
        }
        long peerVersion = body.path("topologyVersion").asLong(-1);
        // Switch reports raise the link-state version without any word of the operator's; a primary
        // that does not say (an earlier build) is judged by its link-state version.
        long operatorVersion = body.path("operatorVersion").asLong(peerVersion);
        synchronized (network) { // as for demands
            if (!active.getAsBoolean() || closed) {
                return;
            }
            te.controller.daemon.LinkState here = network.current().links();
            boolean ownWord = !here.operatorDown().isEmpty() || !here.capacityMbps().isEmpty() || !here.drained().isEmpty();
            if (operatorVersion == 0 && ownWord) {
                throw new IOException(("GET %s: the primary has no operator link states (none given since its state began: a new or "
                        + "lost state directory?); this "
                        + "standby keeps its %d links set down, %d capacities and %d drains; set them on the primary").formatted(uri,
                        here.operatorDown().size(), here.capacityMbps().size(), here.drained().size()));
            }
            Long seen = peerOperatorVersion;
            boolean sameWord = here.operatorDown().equals(down.stream().distinct().sorted().toList()) && here.capacityMbps().equals(capacity)
                    && here.drained().equals(drain.stream().distinct().sorted().toList());
            if (seen != null && operatorVersion < seen && !sameWord) { // as for demands
                throw new IOException(("GET %s: the primary's operator link-state version went back from %d to %d (its state restored "
                        + "from an older copy, or a new state directory?); this standby keeps its %d links set down, %d capacities and %d "
                        + "drains; restart this standby to mirror the primary as it is now").formatted(uri, seen, operatorVersion,
                        here.operatorDown().size(), here.capacityMbps().size(), here.drained().size()));
            }
            if (network.setOperatorState(down, capacity, drain, follow.peer().toString()).changed()) {
                linksChanged.accept("peer-links");
            }
        }
        peerTopologyVersion = peerVersion < 0 ? null : peerVersion;
        peerOperatorVersion = operatorVersion;
    }

    private static double requireNumber(JsonNode link, String field) {
        if (!link.path(field).isNumber()) {
            throw new IllegalArgumentException("link %s->%s has %s %s, expected a number".formatted(link.path("src").asText(),
                    link.path("dst").asText(), field, link.path(field)));
        }
        return link.path(field).asDouble();
    }

    /** @throws IOException naming the URI when the primary cannot be reached or does not answer in time */
    private HttpResponse<byte[]> send(URI uri, HttpRequest request) throws IOException, InterruptedException {
        // The request's own timeout covers the headers only: a primary that stalls in its body would hold this thread.
        java.util.concurrent.CompletableFuture<HttpResponse<byte[]>> answer = http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        try {
            return answer.get(follow.timeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            answer.cancel(true);
            throw new IOException("GET %s: no whole answer within %d ms".formatted(uri, follow.timeout().toMillis()));
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            throw new IOException("GET %s: no answer (%s%s)".formatted(uri, c.getClass().getSimpleName(),
                    c.getMessage() == null ? "" : ": " + c.getMessage()), c);
        } catch (InterruptedException e) {
            answer.cancel(true);
            throw e;
        }
    }

    private static void requireOk(URI uri, HttpResponse<byte[]> r) throws IOException {
        if (r.statusCode() != 200) {
            throw new IOException("GET %s answered %d: %s".formatted(uri, r.statusCode(),
                    UploadParser.abbreviate(new String(r.body(), StandardCharsets.UTF_8))));
        }
    }

    /**
     * Stops following. A write in progress finishes first (it holds a book's lock, taken here);
     * a read still running after that writes nothing; the thread gets up to 5 s to end.
     */
    @Override
    public void close() {
        closed = true; // checked under the books' locks: nothing is mirrored once this returns, even by a read still running
        // Wait out a mirrored write in progress (one lock at a time, as everywhere else).
        synchronized (demands) {
            timer.shutdown();
        }
        synchronized (network) {
            timer.shutdown();
        }
        try {
            if (!timer.awaitTermination(5, TimeUnit.SECONDS)) {
                timer.shutdownNow();
            }
        } catch (InterruptedException e) {
            timer.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
