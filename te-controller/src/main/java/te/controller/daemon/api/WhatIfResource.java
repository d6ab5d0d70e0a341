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
 * {@code POST /v1/whatif} and {@code GET /v1/whatif/{id}}: what the allocation would be after some
 * link changes (down, up, drain, undrain, a capacity) and with the demands scaled, solved aside
 * with the daemon's own settings and set beside the allocation being served. Nothing is applied,
 * stored or pushed: an operator asks whether a maintenance drain or a failure would leave demand
 * unrouted or links full before making it. The POST is answered at once (202, the what-if's id);
 * the solve runs on a thread of its own, so it holds up no HTTP handler (each serves a share of
 * the connections) and no read timeout cuts it off, and the GET gives its answer once it is done.
 * One what-if runs at a time (another gets 429) and only the latest is kept; it shares the cores
 * with the solve loop.
 */
public final class WhatIfResource {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WhatIfResource.class);
    /** Largest demand scale a what-if takes. */
    static final double MAX_SCALE = 1000;
    /** Busiest links listed per allocation. */
    static final int BUSIEST = 5;
    /** Most link changes per what-if, per arc of the topology: each copies the link states. */
    public static final int CHANGES_PER_ARC = 4;
    private static final String EXPECTED = "expected a JSON object with optional \"links\": [{\"src\": ID, \"dst\": ID, "
            + "\"state\": \"down\"|\"up\"|\"drain\"|\"undrain\"} or {\"src\": ID, \"dst\": ID, \"capacityMbps\": N}, ...] and optional "
            + "\"demandScale\": S (0 < S <= " + (int) MAX_SCALE + "); capacityMbps null is the topology's capacity again";

    private final Topology topology;
    private final DemandBook demands;
    private final NetworkBook network;
    private final AllocationBook allocations;
    private final SolveSettings settings;
    /** The latest what-if, running or done; null before the first. Replaced under this resource's lock. */
    private volatile Job latest;

    /** One what-if: its id, and its answer once done (null while it runs). */
    private static final class Job {
        final long id;
        volatile Map<String, Object> answer;

        Job(long id) {
            this.id = id;
        }
    }

    /** @param settings how the daemon solves; a what-if solves the same way */
    public WhatIfResource(Topology topology, DemandBook demands, NetworkBook network, AllocationBook allocations, SolveSettings settings) {
        this.topology = topology;
        this.demands = demands;
        this.network = network;
        this.allocations = allocations;
        this.settings = settings;
    }

    /** @return this resource's routes (a what-if costs a solve, so asking one takes the token like a change) */
    public List<Route> routes() {
        return List.of(new Route("POST", "/v1/whatif", true, (r, v) -> whatIf(r)),
                new Route("GET", "/v1/whatif/{id}", false, (r, v) -> answer(v.get("id"))));
    }

    private ApiResponse answer(String id) {
        Job job = latest;
        if (job == null || !String.valueOf(job.id).equals(id)) {
            throw ApiException.notFound("what-if '%s' is not kept: only the latest is (%s)".formatted(UploadParser.abbreviate(id),
                    job == null ? "none asked yet" : "id " + job.id));
        }
        Map<String, Object> answer = job.answer;
        if (answer == null) {
            return ApiResponse.json(202, Map.of("id", job.id, "status", "running")).withHeader("Retry-After", "1");
        }
        return ApiResponse.json(200, answer);
    }

    /** One requested change, as asked and as applied to link states. */
    private record Change(Map<String, Object> echo, UnaryOperator<LinkState> apply) {
    }

    private ApiResponse whatIf(ApiRequest r) {
        JsonNode body = UploadParser.jsonBody(r, EXPECTED);
        // Every bad item and field at once, as for demand uploads: one round trip per mistake is slow to fix.
        List<String> problems = new ArrayList<>();
        List<Change> changes = changes(body, problems);
        double scale = scale(body, problems);
        if (!problems.isEmpty()) {
            throw ApiException.rejected(problems);
        }
        // What it is asked against, taken once: the answer is labelled with these versions.
        DemandSnapshot d = demands.current();
        NetworkSnapshot base = network.current();
        Optional<AllocationSnapshot> served = allocations.current();
        if (d.version() == 0) {
            throw new ApiException(409, "no demands uploaded yet: a what-if routes the current demands", List.of(), Map.of());
        }
        Job job;
        synchronized (this) {
            Job last = latest;
            if (last != null && last.answer == null) {
                throw new ApiException(429, "what-if %d is being solved; ask again when it ends".formatted(last.id), List.of(),
                        Map.of("Retry-After", "5"));
            }
            job = new Job(last == null ? 1 : last.id + 1);
            latest = job;
        }
        Thread t = new Thread(() -> {
            try {
                job.answer = solve(job.id, changes, scale, d, base, served);
            } catch (Throwable e) {
                // Never leave the job running for good: every later what-if would get 429.
                LOG.error("what-if {} failed", job.id, e);
                job.answer = Map.of("id", job.id, "status", "done", "whatIf", Map.of("status", "ERROR", "message", "what-if failed: " + e));
            }
        }, "te-whatif-" + job.id);
        t.setDaemon(true);
        t.start();
        return ApiResponse.json(202, Map.of("id", job.id, "status", "running", "location", "/v1/whatif/" + job.id))
                .withHeader("Location", "/v1/whatif/" + job.id);
    }

    /** @return the answer; never throws (a failure is its status and message) */
    private Map<String, Object> solve(long id, List<Change> changes, double scale, DemandSnapshot d, NetworkSnapshot base,
                                      Optional<AllocationSnapshot> served) {
        long start = System.nanoTime();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("status", "done");
        out.put("demandVersion", d.version());
        out.put("topologyVersion", base.links().version());
        out.put("links", changes.stream().map(Change::echo).toList());
        out.put("demandScale", scale);
        out.put("method", settings.method());
        out.put("objective", settings.objective().cliName());
        out.put("served", served.map(s -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("version", s.version());
            m.put("demandVersion", s.info().demandVersion());
            m.put("topologyVersion", s.info().topologyVersion());
            m.putAll(figures(s.allocation()));
            return m;
        }).orElse(null));
        Map<String, Object> w = new LinkedHashMap<>();
        try {
            LinkState links = base.links();
            for (Change c : changes) {
                links = c.apply().apply(links);
            }
            NetworkSnapshot n = network.hypothetical(links);
            TrafficMatrix matrix = scale == 1 ? d.matrix() : d.matrix().scale(scale);
            TeProblem problem = new TeProblem(topology, n.paths(), Commodities.of(matrix, n.paths()), n.capacityMbps());
            SolveAttempt attempt = settings.attempt(problem);
            w.put("status", attempt.status().name());
            w.put("message", attempt.message());
            w.put("commoditiesWithoutPath", problem.commodities().withoutPathSkipped());
            w.put("unroutableDemandMbps", problem.commodities().unroutableDemandMbps());
            attempt.allocation().ifPresent(a -> {
                w.putAll(figures(a));
                served.ifPresent(s -> w.putAll(losses(s.allocation(), a)));
            });
            w.put("solveSeconds", attempt.solveSeconds());
        } catch (RuntimeException e) {
            // E.g. out of memory for replacement paths: the asker gets the failure, the daemon goes on.
            LOG.error("what-if {} failed", id, e);
            w.put("status", "ERROR");
            w.put("message", "what-if failed: " + e);
        }
        w.put("wallSeconds", (System.nanoTime() - start) / 1e9);
        out.put("whatIf", w);
        return out;
    }

    /**
     * @param problems gets each item that is not a change this takes, named
     * @return the changes, those of the items in {@code problems} left out
     * @throws ApiException 400 for a body that is not an object of "links" and "demandScale", or too many items
     */
    private List<Change> changes(JsonNode body, List<String> problems) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("request body %s: %s".formatted(UploadParser.abbreviate(String.valueOf(body)), EXPECTED));
        }
        UploadParser.requireOnlyFields(body, Set.of("links", "demandScale"), EXPECTED);
        JsonNode links = body.get("links");
        if (links == null) {
            return List.of();
        }
        if (!links.isArray()) {
            problems.add("links %s: %s".formatted(UploadParser.abbreviate(links.toString()), EXPECTED));
            return List.of();
        }
        int most = CHANGES_PER_ARC * topology.arcCount();
        if (links.size() > most) {
            throw ApiException.badRequest("links has %d items: at most %d taken (%d per arc of %s)".formatted(links.size(), most,
                    CHANGES_PER_ARC, topology.name()));
        }
        List<Change> out = new ArrayList<>();
        for (int i = 0; i < links.size(); i++) {
            Change c = change(i, links.get(i), problems);
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /** @return the change item {@code i} asks for, or null after adding each of its problems to {@code problems} */
    private Change change(int i, JsonNode item, List<String> problems) {
        String at = "links[%d] %s".formatted(i, UploadParser.abbreviate(item.toString()));
        if (!item.isObject() || !item.path("src").isTextual() || !item.path("dst").isTextual() || item.size() != 3
                || item.has("state") == item.has("capacityMbps")) {
            problems.add(at + ": " + EXPECTED);
            return null;
        }
        int before = problems.size();
        int arc = -1;
        try {
            arc = NetworkBook.arcOf(topology, item.get("src").asText(), item.get("dst").asText());
        } catch (IllegalArgumentException e) {
            problems.add("%s: %s".formatted(at, e.getMessage()));
        }
        // The value is checked too when the link is unknown, so that the item's every problem is said.
        Map<String, Object> echo = new LinkedHashMap<>();
        UnaryOperator<LinkState> apply;
        int a = arc;
        if (item.has("capacityMbps")) {
            JsonNode c = item.get("capacityMbps");
            Double mbps = null;
            if (!c.isNull() && !c.isNumber()) {
                problems.add("%s: capacityMbps must be a number of Mbps, or null for the topology's".formatted(at));
            } else if (!c.isNull()) {
                try {
                    LinkState.requireCapacity(c.asDouble());
                    mbps = c.asDouble();
                } catch (IllegalArgumentException e) {
                    problems.add("%s: capacityMbps %s: %s".formatted(at, c.asText(), e.getMessage()));
                }
            }
            Double capacity = mbps;
            echo.put("capacityMbps", capacity);
            apply = s -> s.withCapacity(a, capacity);
        } else {
            String state = item.get("state").asText();
            echo.put("state", state);
            apply = switch (item.get("state").isTextual() ? state : "") {
                case "down" -> s -> s.with(a, true);
                case "up" -> s -> s.with(a, false);
                case "drain" -> s -> s.withDrain(a, true);
                case "undrain" -> s -> s.withDrain(a, false);
                default -> {
                    problems.add("%s: state must be \"down\", \"up\", \"drain\" or \"undrain\"".formatted(at));
                    yield null;
                }
            };
        }
        if (problems.size() > before) {
            return null;
        }
        Map<String, Object> named = new LinkedHashMap<>();
        named.put("src", topology.nodes().get(topology.arcSrc(arc)).id());
        named.put("dst", topology.nodes().get(topology.arcDst(arc)).id());
        named.putAll(echo);
        return new Change(named, apply);
    }

    /** @return the demand scale, 1 when not given; a scale that is not a number in (0, {@value #MAX_SCALE}] is added to {@code problems} */
    private static double scale(JsonNode body, List<String> problems) {
        JsonNode s = body.get("demandScale");
        if (s == null) {
            return 1;
        }
        if (!s.isNumber() || !(s.asDouble() > 0 && s.asDouble() <= MAX_SCALE)) {
            problems.add("demandScale %s: expected a number above 0 and at most %d".formatted(
                    UploadParser.abbreviate(s.toString()), (int) MAX_SCALE));
        }
        return s.asDouble();
    }

    /**
     * @return objective, flow, demand (Mbps, that of commodities without a path included), least
     *         demand share (0 when a commodity has no path), utilisation and path length of
     *         {@code a}, and its busiest links
     */
    private Map<String, Object> figures(Allocation a) {
        TeProblem p = a.problem();
        double[] load = a.arcLoadMbps();
        double[] capacity = p.capacityMbps();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("objectiveValue", a.objectiveValue(settings.objective()));
        m.put("totalFlowMbps", a.totalFlowMbps());
        // Commodities without any path are in neither figure of the allocation: counted here, so a
        // network that cuts pairs off does not read as serving every demand in full.
        m.put("demandMbps", p.commodities().totalDemandMbps() + p.commodities().unroutableDemandMbps());
        m.put("minDemandShare", p.commodities().withoutPathSkipped() > 0 ? 0.0 : a.minDemandShare());
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
