package te.controller.daemon.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationChanges;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiRequest;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Gzip;
import te.controller.daemon.http.Route;
import te.topology.Topology;

/**
 * {@code GET /v1/allocation[?src=&dst=|?since=V]}: the last good allocation, whole, for one pair, or
 * what changed in it after version V.
 */
public final class AllocationResource {
    /** Header carrying the allocation version of the body. */
    public static final String VERSION_HEADER = "X-TE-Allocation-Version";
    private final String boot;
    private final Topology topology;
    private final AllocationBook book;

    /**
     * Serves the book's current allocation.
     *
     * @param boot this daemon run's mark in entity tags
     */
    public AllocationResource(Topology topology, AllocationBook book, String boot) {
        this.boot = boot;
        this.topology = topology;
        this.book = book;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/allocation", false, java.util.Set.of("src", "dst", "since", "run"), (r, v) -> get(r)));
    }

    private ApiResponse get(ApiRequest r) {
        Optional<String> src = r.param("src");
        Optional<String> dst = r.param("dst");
        Optional<String> since = r.param("since");
        Optional<String> run = r.param("run");
        if (run.isPresent() && since.isEmpty()) {
            throw ApiException.badRequest("run goes with since: it names the daemon run whose version 'since' is");
        }
        if (since.isPresent()) {
            if (src.isPresent() || dst.isPresent()) {
                throw ApiException.badRequest("since lists what changed in the whole allocation; it does not combine with src and dst");
            }
            return changes(r, version(since.get()), run);
        }
        if (src.isPresent() != dst.isPresent()) {
            throw ApiException.badRequest("give both src and dst (node ids or labels), or neither for the whole allocation");
        }
        // The pair is checked before the allocation is looked up: a bad pair is the request's fault at any time.
        int s = src.isPresent() ? node("src", src.get()) : -1;
        int d = dst.isPresent() ? node("dst", dst.get()) : -1;
        if (src.isPresent() && s == d) {
            throw ApiException.badRequest("src and dst are the same node '%s': self-pairs carry no traffic".formatted(src.get()));
        }
        AllocationSnapshot a = book.current().orElseThrow(AllocationResource::noAllocation);
        Map<String, String> headers = Map.of(VERSION_HEADER, Long.toString(a.version()));
        if (src.isEmpty()) {
            // One entity tag per version and encoding: a poller that holds the version gets a 304, nothing rendered.
            if (Gzip.accepted(r.acceptEncoding())) {
                return ApiResponse.unlessHeld(r, "\"a%d.%s-gzip\"".formatted(a.version(), boot), Map.of(VERSION_HEADER, Long.toString(a.version()),
                        "Content-Encoding", "gzip", "Vary", "Accept-Encoding"), tagged -> ApiResponse.jsonBytes(200, a.gzip().bytes(), tagged));
            }
            return ApiResponse.unlessHeld(r, "\"a%d.%s\"".formatted(a.version(), boot), Map.of(VERSION_HEADER, Long.toString(a.version()),
                    "Vary", "Accept-Encoding"), tagged -> ApiResponse.jsonBytes(200, a.json(), tagged));
        }
        int found = AllocationChanges.indexOf(a.allocation().problem().commodities(), topology.nodeCount(), (long) s * topology.nodeCount() + d);
        if (found >= 0) {
            return ApiResponse.jsonBytes(200, a.json(i -> i == found), headers);
        }
        throw ApiException.notFound("allocation version %d routes no commodity %s->%s (zero demand, or no path)"
                .formatted(a.version(), src.get(), dst.get()));
    }

    /**
     * The commodities whose demand, paths or flows changed after version {@code since}, and the
     * pairs that left the allocation after it: applied to version {@code since}'s commodities
     * (replace or add each listed one, drop each removed pair) they give the current ones. A
     * version older than this daemon run's first allocation gets the whole allocation, marked
     * {@code "full": true} (drop every commodity not listed), and so does one of another run
     * ({@code run}, as the answer's {@code run} field gives it): a state directory lost and
     * started again numbers its versions from 1 again.
     */
    private ApiResponse changes(ApiRequest r, long since, Optional<String> run) {
        AllocationBook.Served served = book.served().orElseThrow(AllocationResource::noAllocation);
        AllocationSnapshot a = served.snapshot();
        boolean otherRun = run.isPresent() && !run.get().equals(boot);
        if (since > a.version() && !otherRun) {
            throw ApiException.badRequest(("since=%d is newer than the current allocation version %d: versions never go back, so it "
                    + "came from another daemon's state; GET the whole allocation").formatted(since, a.version()));
        }
        AllocationChanges changes = served.changes();
        boolean full = otherRun || !changes.covers(since);
        long[] removed = full ? new long[0] : changes.removedAfter(since);
        int n = topology.nodeCount();
        byte[] body = a.json(full ? k -> true : changes.changedAfter(since), g -> {
            g.writeNumberField("since", since);
            g.writeStringField("run", boot);
            g.writeBooleanField("full", full);
            g.writeArrayFieldStart("removed");
            for (long key : removed) {
                g.writeStartObject();
                g.writeStringField("src", topology.nodes().get((int) (key / n)).id());
                g.writeStringField("dst", topology.nodes().get((int) (key % n)).id());
                g.writeEndObject();
            }
            g.writeEndArray();
        });
        if (Gzip.accepted(r.acceptEncoding())) {
            return ApiResponse.jsonBytes(200, new Gzip(body).bytes(), Map.of(VERSION_HEADER, Long.toString(a.version()),
                    "Content-Encoding", "gzip", "Vary", "Accept-Encoding"));
        }
        return ApiResponse.jsonBytes(200, body, Map.of(VERSION_HEADER, Long.toString(a.version()), "Vary", "Accept-Encoding"));
    }

    private static long version(String text) {
        try {
            // ASCII digits only: Long.parseLong would also take other scripts' digits.
            long v = text.matches("[0-9]{1,19}") ? Long.parseLong(text) : -1;
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw ApiException.badRequest("since: expected an allocation version (an integer >= 0, from X-TE-Allocation-Version), got '%s'"
                .formatted(UploadParser.abbreviate(text)));
    }

    private static ApiException noAllocation() {
        return new ApiException(503, "no allocation yet: upload demands (PUT /v1/demands) and wait for the first solve (GET /v1/status)",
                List.of(), Map.of("Retry-After", "1"));
    }

    private int node(String field, String value) {
        try {
            return topology.resolveNode(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("%s: %s".formatted(field, e.getMessage()));
        }
    }
}
