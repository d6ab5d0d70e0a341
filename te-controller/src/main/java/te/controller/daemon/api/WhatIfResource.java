package te.controller.daemon.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.DemandBook;
import te.controller.daemon.DemandSnapshot;
import te.controller.daemon.LinkState;
import te.controller.daemon.NetworkBook;
import te.controller.daemon.NetworkSnapshot;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiRequest;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;
import te.controller.daemon.solve.SolveAttempt;
import te.controller.daemon.solve.SolveSettings;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;

/**
 * {@code POST /v1/whatif}: what the allocation would be after some link changes (down, up, drain,
 * undrain, a capacity) and with the demands scaled, solved aside with the daemon's own settings
 * and set beside the allocation being served. Nothing is applied, stored or pushed: an operator
 * asks whether a maintenance drain or a failure would leave demand unrouted or links full before
 * making it. One what-if runs at a time (another gets 429); it shares the cores with the solve
 * loop.
 */
public final class WhatIfResource {
    /** Largest demand scale a what-if takes. */
    static final double MAX_SCALE = 1000;
    /** Busiest links listed per allocation. */
    static final int BUSIEST = 5;
    private static final String EXPECTED = "expected a JSON object with optional \"links\": [{\"src\": ID, \"dst\": ID, "
            + "\"state\": \"down\"|\"up\"|\"drain\"|\"undrain\"} or {\"src\": ID, \"dst\": ID, \"capacityMbps\": N}, ...] and optional "
            + "\"demandScale\": S (0 < S <= " + (int) MAX_SCALE + ")";

    private final Topology topology;
    private final DemandBook demands;
    private final NetworkBook network;
    private final AllocationBook allocations;
    private final SolveSettings settings;
    private final Semaphore running = new Semaphore(1);

    /** @param settings how the daemon solves; a what-if solves the same way */
    public WhatIfResource(Topology topology, DemandBook demands, NetworkBook network, AllocationBook allocations, SolveSettings settings) {
        this.topology = topology;
        this.demands = demands;
        this.network = network;
        this.allocations = allocations;
        this.settings = settings;
    }

    /** @return this resource's routes (a what-if costs a solve, so it takes the token like a change) */
    public List<Route> routes() {
        return List.of(new Route("POST", "/v1/whatif", true, (r, v) -> whatIf(r)));
    }

    /** One requested change, as asked and as applied to link states. */
    private record Change(Map<String, Object> echo, UnaryOperator<LinkState> apply) {
    }

    private ApiResponse whatIf(ApiRequest r) {
        JsonNode body = UploadParser.jsonBody(r, EXPECTED);
        List<Change> changes = changes(body);
        double scale = scale(body);
        DemandSnapshot d = demands.current();
        if (d.version() == 0) {
            throw new ApiException(409, "no demands uploaded yet: a what-if routes the current demands", List.of(), Map.of());
        }
        if (!running.tryAcquire()) {
            throw new ApiException(429, "another what-if is being solved; ask again when it ends", List.of(), Map.of("Retry-After", "5"));
        }
        try {
            long start = System.nanoTime();
            NetworkSnapshot n = network.hypothetical(links -> {
                LinkState s = links;
                for (Change c : changes) {
                    s = c.apply().apply(s);
                }
                return s;
            });
            TrafficMatrix matrix = scale == 1 ? d.matrix() : d.matrix().scale(scale);
            TeProblem problem = new TeProblem(topology, n.paths(), Commodities.of(matrix, n.paths()), n.capacityMbps());
            SolveAttempt attempt = settings.attempt(problem);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("demandVersion", d.version());
            out.put("topologyVersion", network.current().links().version());
            out.put("links", changes.stream().map(Change::echo).toList());
            out.put("demandScale", scale);
            out.put("method", settings.method());
            out.put("objective", settings.objective().cliName());
            Optional<AllocationSnapshot> served = allocations.current();
            out.put("served", served.map(s -> {
                Map<String, Object> m = figures(s.allocation());
                m.put("version", s.version());
                return m;
            }).orElse(null));
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("status", attempt.status().name());
            w.put("message", attempt.message());
            w.put("commoditiesWithoutPath", problem.commodities().withoutPathSkipped());
            w.put("unroutableDemandMbps", problem.commodities().unroutableDemandMbps());
            attempt.allocation().ifPresent(a -> {
                w.putAll(figures(a));
                served.ifPresent(s -> w.putAll(losses(s.allocation(), a)));
            });
            w.put("solveSeconds", attempt.solveSeconds());
            w.put("wallSeconds", (System.nanoTime() - start) / 1e9);
            out.put("whatIf", w);
            return ApiResponse.json(200, out);
        } finally {
            running.release();
        }
    }

    /** @throws ApiException 400 naming the item or field that is not a change this takes */
    private List<Change> changes(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("request body %s: %s".formatted(UploadParser.abbreviate(String.valueOf(body)), EXPECTED));
        }
        for (String field : (Iterable<String>) body::fieldNames) {
            if (!Set.of("links", "demandScale").contains(field)) {
                throw ApiException.badRequest("unknown field '%s': %s".formatted(field, EXPECTED));
            }
        }
        JsonNode links = body.get("links");
        if (links == null) {
            return List.of();
        }
        if (!links.isArray()) {
            throw ApiException.badRequest("links %s: %s".formatted(UploadParser.abbreviate(links.toString()), EXPECTED));
        }
        List<Change> out = new ArrayList<>();
        for (int i = 0; i < links.size(); i++) {
            out.add(change(i, links.get(i)));
        }
        return out;
    }

    private Change change(int i, JsonNode item) {
        String at = "links[%d] %s".formatted(i, UploadParser.abbreviate(item.toString()));
        if (!item.isObject() || !item.path("src").isTextual() || !item.path("dst").isTextual() || item.size() != 3
                || item.has("state") == item.has("capacityMbps")) {
            throw ApiException.badRequest(at + ": " + EXPECTED);
        }
        int arc;
        try {
            arc = NetworkBook.arcOf(topology, item.get("src").asText(), item.get("dst").asText());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("%s: %s".formatted(at, e.getMessage()));
        }
        Map<String, Object> echo = new LinkedHashMap<>();
        echo.put("src", topology.nodes().get(topology.arcSrc(arc)).id());
        echo.put("dst", topology.nodes().get(topology.arcDst(arc)).id());
        if (item.has("capacityMbps")) {
            JsonNode c = item.get("capacityMbps");
            if (!c.isNumber()) {
                throw ApiException.badRequest("%s: capacityMbps must be a number of Mbps".formatted(at));
            }
            double mbps = c.asDouble();
            try {
                LinkState.requireCapacity(mbps);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("%s: capacityMbps %s: %s".formatted(at, c.asText(), e.getMessage()));
            }
            echo.put("capacityMbps", mbps);
            return new Change(echo, s -> s.withCapacity(arc, mbps));
        }
        String state = item.get("state").asText();
        echo.put("state", state);
        UnaryOperator<LinkState> apply = switch (item.get("state").isTextual() ? state : "") {
            case "down" -> s -> s.with(arc, true);
            case "up" -> s -> s.with(arc, false);
            case "drain" -> s -> s.withDrain(arc, true);
            case "undrain" -> s -> s.withDrain(arc, false);
            default -> throw ApiException.badRequest("%s: state must be \"down\", \"up\", \"drain\" or \"undrain\"".formatted(at));
        };
        return new Change(echo, apply);
    }

    /** @throws ApiException 400 for a scale that is not a number in (0, {@value #MAX_SCALE}] */
    private static double scale(JsonNode body) {
        JsonNode s = body.get("demandScale");
        if (s == null) {
            return 1;
        }
        if (!s.isNumber() || !(s.asDouble() > 0 && s.asDouble() <= MAX_SCALE)) {
            throw ApiException.badRequest("demandScale %s: expected a number above 0 and at most %d".formatted(
                    UploadParser.abbreviate(s.toString()), (int) MAX_SCALE));
        }
        return s.asDouble();
    }

    /** @return objective, flow, utilisation and path length of {@code a}, and its busiest links */
    private Map<String, Object> figures(Allocation a) {
        TeProblem p = a.problem();
        double[] load = a.arcLoadMbps();
        double[] capacity = p.capacityMbps();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("objectiveValue", a.objectiveValue(settings.objective()));
        m.put("totalFlowMbps", a.totalFlowMbps());
        m.put("demandMbps", p.commodities().totalDemandMbps());
        m.put("minDemandShare", a.minDemandShare());
        m.put("maxUtilisation", Allocation.maxUtilisation(load, capacity));
        m.put("meanPathHops", a.meanPathHops());
        m.put("busiestLinks", IntStream.range(0, load.length).filter(e -> capacity[e] > 0 && load[e] > 0).boxed()
                .sorted(Comparator.comparingDouble((Integer e) -> -load[e] / capacity[e]).thenComparing(e -> e)).limit(BUSIEST)
                .map(e -> {
                    Map<String, Object> l = new LinkedHashMap<>();
                    l.put("src", topology.nodes().get(topology.arcSrc(e)).id());
                    l.put("dst", topology.nodes().get(topology.arcDst(e)).id());
                    l.put("loadMbps", load[e]);
                    l.put("capacityMbps", capacity[e]);
                    l.put("utilisation", load[e] / capacity[e]);
                    return l;
                }).toList());
        return m;
    }

    /**
     * @return how many commodities {@code after} carries less of than {@code before} (also those it
     *         cannot route at all), and how much less in all, Mbps
     */
    private static Map<String, Object> losses(Allocation before, Allocation after) {
        int n = after.problem().topology().nodeCount();
        Map<Long, Double> now = new HashMap<>();
        Commodities c = after.problem().commodities();
        for (int k = 0; k < c.size(); k++) {
            now.put((long) c.src(k) * n + c.dst(k), after.commodityFlowMbps(k));
        }
        Commodities b = before.problem().commodities();
        int losing = 0;
        double lost = 0;
        for (int k = 0; k < b.size(); k++) {
            double was = before.commodityFlowMbps(k);
            double drop = was - now.getOrDefault((long) b.src(k) * n + b.dst(k), 0.0);
            if (drop > 1e-6 * Math.max(1, was)) {
                losing++;
                lost += drop;
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("commoditiesCarryingLess", losing);
        m.put("flowLostMbps", lost);
        return m;
    }
}
