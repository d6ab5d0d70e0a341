package te.controller.daemon.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiRequest;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Gzip;
import te.controller.daemon.http.Route;
import te.lp.Commodities;
import te.topology.Topology;

/** {@code GET /v1/allocation[?src=&dst=]}: the last good allocation, whole or for one pair. */
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
        return List.of(new Route("GET", "/v1/allocation", false, java.util.Set.of("src", "dst"), (r, v) -> get(r)));
    }

    private ApiResponse get(ApiRequest r) {
        Optional<String> src = r.param("src");
        Optional<String> dst = r.param("dst");
        if (src.isPresent() != dst.isPresent()) {
            throw ApiException.badRequest("give both src and dst (node ids or labels), or neither for the whole allocation");
        }
        // The pair is checked before the allocation is looked up: a bad pair is the request's fault at any time.
        int s = src.isPresent() ? node("src", src.get()) : -1;
        int d = dst.isPresent() ? node("dst", dst.get()) : -1;
        if (src.isPresent() && s == d) {
            throw ApiException.badRequest("src and dst are the same node '%s': self-pairs carry no traffic".formatted(src.get()));
        }
        AllocationSnapshot a = book.current().orElseThrow(() -> new ApiException(503,
                "no allocation yet: upload demands (PUT /v1/demands) and wait for the first solve (GET /v1/status)", List.of(),
                Map.of("Retry-After", "1")));
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
        int found = find(a.allocation().problem().commodities(), s, d, topology.nodeCount());
        if (found >= 0) {
            return ApiResponse.jsonBytes(200, a.json(i -> i == found), headers);
        }
        throw ApiException.notFound("allocation version %d routes no commodity %s->%s (zero demand, or no path)"
                .formatted(a.version(), src.get(), dst.get()));
    }

    /** Commodities are sorted by (src, dst): binary search. */
    private static int find(Commodities c, int s, int d, long n) {
        long target = s * n + d;
        int lo = 0;
        int hi = c.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long key = c.src(mid) * n + c.dst(mid);
            if (key < target) {
                lo = mid + 1;
            } else if (key > target) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    private int node(String field, String value) {
        try {
            return topology.resolveNode(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("%s: %s".formatted(field, e.getMessage()));
        }
    }
}
