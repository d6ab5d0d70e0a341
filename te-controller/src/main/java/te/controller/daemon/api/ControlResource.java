package te.controller.daemon.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.DaemonMetrics;
import te.controller.daemon.DemandBook;
import te.controller.daemon.NetworkBook;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;
import te.controller.daemon.solve.SolveLoop;
import te.controller.daemon.solve.SolveReport;

/** {@code POST /v1/solve}, {@code GET /v1/status}, {@code GET /healthz}, {@code GET /metrics}. */
public final class ControlResource {
    private final String topologyName;
    private final DemandBook demands;
    private final NetworkBook network;
    private final AllocationBook allocations;
    private final SolveLoop loop;
    private final DaemonMetrics metrics;

    private final java.util.function.Supplier<Map<String, Object>> follow;

    /**
     * Reads the books and the loop; triggers the loop.
     *
     * @param follow the standby's view of its primary ({@link PeerFollower#status}), null when it follows none
     */
    public ControlResource(String topologyName, DemandBook demands, NetworkBook network, AllocationBook allocations, SolveLoop loop,
                           DaemonMetrics metrics, java.util.function.Supplier<Map<String, Object>> follow) {
        this.follow = follow;
        this.topologyName = topologyName;
        this.demands = demands;
        this.network = network;
        this.allocations = allocations;
        this.loop = loop;
        this.metrics = metrics;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("POST", "/v1/solve", true, Route.withoutBody((r, v) -> solve())),
                new Route("GET", "/v1/status", false, (r, v) -> status()),
                new Route("GET", "/healthz", false, (r, v) -> ApiResponse.json(200, Map.of("status", "ok"))),
                new Route("GET", "/metrics", false, (r, v) -> ApiResponse.text(200, "text/plain; version=0.0.4; charset=utf-8",
                        metrics.scrape())));
    }

    private ApiResponse solve() {
        loop.request("api");
        return ApiResponse.json(202, Map.of("queued", true, "pending", loop.status().pending()));
    }

    private ApiResponse status() {
        SolveLoop.Status s = loop.status();
        long demandVersion = demands.current().version();
        long topologyVersion = network.current().links().version();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("topology", topologyName);
        body.put("demandVersion", demandVersion);
        body.put("topologyVersion", topologyVersion);
        body.put("allocation", allocations.served().map(served -> {
            AllocationSnapshot a = served.snapshot();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("version", a.version());
            m.put("method", a.info().method());
            m.put("objective", a.info().objective().cliName());
            m.put("objectiveValue", a.info().value());
            m.put("demandVersion", a.info().demandVersion());
            m.put("topologyVersion", a.info().topologyVersion());
            m.put("current", a.info().computedFor(demandVersion, topologyVersion));
            m.put("computedAt", a.info().computedAt().toString());
            int changed = served.changes().changedByThisVersion();
            m.put("changedCommodities", changed < 0 ? null : changed);
            return m;
        }).orElse(null));
        body.put("solving", s.solving());
        body.put("pending", s.pending());
        body.put("solvesCompleted", s.completed());
        body.put("lastSolve", s.lastReport().map(ControlResource::report).orElse(null));
        body.put("lastError", s.lastError().map(e -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("message", e.message());
            m.put("failedAt", e.at().toString());
            m.put("reasons", e.reasons());
            m.put("retryAt", e.retryAt().toString());
            m.put("failuresInARow", e.failures());
            return m;
        }).orElse(null));
        body.put("follow", follow.get());
        return ApiResponse.json(200, body);
    }

    private static Map<String, Object> report(SolveReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sequence", r.sequence());
        m.put("outcome", r.outcome().name());
        // A pass without demands ran no solver: no status to report.
        m.put("solverStatus", r.outcome() == te.controller.daemon.solve.SolveReport.Outcome.NO_DEMANDS ? null : r.solverStatus().name());
        m.put("message", r.message());
        m.put("reasons", r.reasons());
        m.put("demandVersion", r.demandVersion());
        m.put("topologyVersion", r.topologyVersion());
        m.put("commodities", r.commodities());
        m.put("solveSeconds", r.solveSeconds());
        m.put("wallSeconds", r.wallSeconds());
        m.put("objectiveValue", Double.isNaN(r.objectiveValue()) ? null : r.objectiveValue()); // NaN: nothing was solved
        m.put("allocationVersion", r.allocationVersion());
        m.put("finishedAt", r.finishedAt().toString());
        return m;
    }
}
