package te.controller.daemon.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import te.controller.daemon.NetworkBook;
import te.controller.daemon.NetworkSnapshot;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiRequest;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;
import te.topology.Link;
import te.topology.Topology;

/**
 * {@code GET /v1/topology}, {@code POST /v1/links/{src}/{dst}/down|up} and {@code PUT|DELETE
 * /v1/links/{src}/{dst}/capacity}.
 */
public final class NetworkResource {
    private final Topology topology;
    private final NetworkBook book;
    private final Consumer<String> requestSolve;
    private final java.util.function.Supplier<java.util.Optional<String>> refusal;

    /**
     * @param requestSolve asks the solve loop for a solve, with the event's name
     * @param refusal      why link changes are refused now (a standby following its primary), if they are
     */
    public NetworkResource(Topology topology, NetworkBook book, Consumer<String> requestSolve,
                           java.util.function.Supplier<java.util.Optional<String>> refusal) {
        this.refusal = refusal;
        this.topology = topology;
        this.book = book;
        this.requestSolve = requestSolve;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/topology", false, (r, v) -> topology()),
                new Route("POST", "/v1/links/{src}/{dst}/down", true, Route.withoutBody((r, v) -> setLink(v, true))),
                new Route("POST", "/v1/links/{src}/{dst}/up", true, Route.withoutBody((r, v) -> setLink(v, false))),
                new Route("POST", "/v1/links/{src}/{dst}/drain", true, Route.withoutBody((r, v) -> setDrain(v, true))),
                new Route("POST", "/v1/links/{src}/{dst}/undrain", true, Route.withoutBody((r, v) -> setDrain(v, false))),
                new Route("PUT", "/v1/links/{src}/{dst}/capacity", true, (r, v) -> setCapacity(v, capacityOf(r))),
                new Route("DELETE", "/v1/links/{src}/{dst}/capacity", true, Route.withoutBody((r, v) -> setCapacity(v, null))));
    }

    private static final String CAPACITY_BODY = "expected a JSON object {\"capacityMbps\": N} with N "
            + te.controller.daemon.LinkState.CAPACITY_RANGE;

    /** @throws ApiException 415 for a body that is not JSON, 400 for one that is not {"capacityMbps": N} in range */
    private static double capacityOf(ApiRequest r) {
        com.fasterxml.jackson.databind.JsonNode body = UploadParser.jsonBody(r, CAPACITY_BODY);
        if (body != null && body.isObject()) {
            UploadParser.requireOnlyFields(body, java.util.Set.of("capacityMbps"), CAPACITY_BODY);
        }
        if (body == null || !body.isObject() || !body.has("capacityMbps") || !body.get("capacityMbps").isNumber()) {
            throw ApiException.badRequest("request body %s: %s".formatted(UploadParser.abbreviate(String.valueOf(body)), CAPACITY_BODY));
        }
        double mbps = body.get("capacityMbps").asDouble();
        try {
            te.controller.daemon.LinkState.requireCapacity(mbps);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("capacityMbps %s: %s".formatted(body.get("capacityMbps").asText(), e.getMessage()));
        }
        return mbps;
    }

    private ApiResponse setCapacity(Map<String, String> vars, Double mbps) {
        int arc = arcOf(vars);
        NetworkBook.Update update = guarded(() -> book.setCapacity(arc, mbps));
        if (update.changed()) {
            requestSolve.accept("link-capacity");
        }
        NetworkSnapshot n = update.snapshot();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("topologyVersion", n.links().version());
        body.put("link", Map.of("src", id(topology.arcSrc(arc)), "dst", id(topology.arcDst(arc))));
        body.put("capacityMbps", n.links().capacityMbps().getOrDefault(arc, topology.capacityMbps(arc)));
        body.put("topologyCapacityMbps", topology.capacityMbps(arc));
        body.put("setByOperator", n.links().capacityMbps().containsKey(arc));
        body.put("changed", update.changed());
        return ApiResponse.json(200, body);
    }

    private ApiResponse setDrain(Map<String, String> vars, boolean drain) {
        int arc = arcOf(vars);
        NetworkBook.Update update = guarded(() -> book.setDrain(arc, drain));
        if (update.changed()) {
            requestSolve.accept(drain ? "link-drain" : "link-undrain");
        }
        NetworkSnapshot n = update.snapshot();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("topologyVersion", n.links().version());
        body.put("link", Map.of("src", id(topology.arcSrc(arc)), "dst", id(topology.arcDst(arc))));
        body.put("drained", n.links().isDrained(arc));
        body.put("changed", update.changed());
        return ApiResponse.json(200, body);
    }

    /** Applies {@code change} unless this daemon follows a primary, checked under the book's lock. */
    private NetworkBook.Update guarded(java.util.function.Supplier<NetworkBook.Update> change) {
        synchronized (book) {
            DemandResource.refuseIfFollowing(refusal);
            return change.get();
        }
    }

    private int arcOf(Map<String, String> vars) {
        return arcOf(topology, vars);
    }

    /** @throws ApiException 404 naming the value when the path's {src}/{dst} is no link of {@code topology} */
    static int arcOf(Topology topology, Map<String, String> vars) {
        try {
            return NetworkBook.arcOf(topology, vars.get("src"), vars.get("dst"));
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound(e.getMessage());
        }
    }

    private ApiResponse topology() {
        NetworkSnapshot n = book.current();
        List<Map<String, Object>> nodes = topology.nodes().stream()
                .map(node -> Map.<String, Object>of("id", node.id(), "label", node.label())).toList();
        List<Map<String, Object>> links = new ArrayList<>();
        for (Link l : topology.links()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("src", id(l.src()));
            m.put("dst", id(l.dst()));
            m.put("capacityMbps", n.links().capacityMbps().getOrDefault(l.index(), l.capacityMbps()));
            if (n.links().capacityMbps().containsKey(l.index())) {
                m.put("topologyCapacityMbps", l.capacityMbps());
            }
            m.put("up", !n.links().isDown(l.index()));
            m.put("drained", n.links().isDrained(l.index()));
            links.add(m);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", topology.name());
        body.put("contentHash", topology.contentHash());
        body.put("topologyVersion", n.links().version());
        body.put("operatorVersion", book.operatorVersion());
        body.put("nodes", nodes);
        body.put("links", links);
        body.put("downLinks", downLinks(n));
        body.put("replacedPairs", n.replacedPairs());
        return ApiResponse.json(200, body);
    }

    private ApiResponse setLink(Map<String, String> vars, boolean down) {
        int arc = arcOf(vars);
        NetworkBook.Update update = guarded(() -> book.setDown(arc, down));
        NetworkSnapshot n = update.snapshot();
        boolean changed = update.changed();
        // Also when the paths stay (an arc a switch already holds down): the served allocation is
        // labelled with the older version until a pass runs, and "current" would stay false.
        if (update.changed()) {
            requestSolve.accept(down ? "link-down" : "link-up");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("topologyVersion", n.links().version());
        body.put("link", Map.of("src", id(topology.arcSrc(arc)), "dst", id(topology.arcDst(arc))));
        body.put("up", !n.links().isDown(arc));
        body.put("heldDownBySwitch", n.links().isSwitchDown(arc));
        body.put("changed", changed);
        body.put("downLinks", downLinks(n));
        body.put("replacedPairs", n.replacedPairs());
        return ApiResponse.json(200, body);
    }

    private List<Map<String, String>> downLinks(NetworkSnapshot n) {
        return n.links().downArcs().stream().map(a -> {
            Map<String, String> link = new LinkedHashMap<>();
            link.put("src", id(topology.arcSrc(a)));
            link.put("dst", id(topology.arcDst(a)));
            link.put("by", n.links().isOperatorDown(a) && n.links().isSwitchDown(a) ? "operator+switch"
                    : n.links().isSwitchDown(a) ? "switch" : "operator");
            return link;
        }).toList();
    }

    private String id(int node) {
        return topology.nodes().get(node).id();
    }
}
