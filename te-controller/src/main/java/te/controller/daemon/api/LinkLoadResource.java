package te.controller.daemon.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.LinkLoads;
import te.controller.daemon.NetworkBook;
import te.controller.daemon.NetworkSnapshot;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;
import te.topology.Link;
import te.topology.Topology;

/**
 * {@code GET /v1/links/load}: per link, the load the served allocation plans and the load the
 * switches measured, side by side, so an operator sees where traffic departs from the plan.
 */
public final class LinkLoadResource {
    private final Topology topology;
    private final NetworkBook network;
    private final AllocationBook allocations;
    private final Supplier<Optional<LinkLoads>> measured;

    /** @param measured the last rates the switches' counters gave, if any */
    public LinkLoadResource(Topology topology, NetworkBook network, AllocationBook allocations, Supplier<Optional<LinkLoads>> measured) {
        this.topology = topology;
        this.network = network;
        this.allocations = allocations;
        this.measured = measured;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/links/load", false, (r, v) -> loads()));
    }

    private ApiResponse loads() {
        NetworkSnapshot n = network.current();
        Optional<AllocationSnapshot> allocation = allocations.current();
        Optional<LinkLoads> loads = measured.get();
        double[] planned = allocation.map(a -> a.allocation().arcLoadMbps()).orElse(null);
        double[] capacity = n.links().ratedCapacitiesMbps(topology.capacitiesMbps());
        List<Map<String, Object>> links = new ArrayList<>();
        for (Link l : topology.links()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("src", topology.nodes().get(l.src()).id());
            m.put("dst", topology.nodes().get(l.dst()).id());
            m.put("capacityMbps", capacity[l.index()]);
            m.put("up", !n.links().isDown(l.index()));
            m.put("plannedMbps", planned == null ? null : planned[l.index()]);
            double rate = loads.map(x -> x.mbps(l.index())).orElse(Double.NaN);
            m.put("measuredMbps", Double.isNaN(rate) ? null : rate);
            links.add(m);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("allocationVersion", allocation.map(AllocationSnapshot::version).orElse(null));
        body.put("measuredAt", loads.map(x -> x.measuredAt().toString()).orElse(null));
        body.put("maxPlannedUtilisation", planned == null ? null : te.lp.Allocation.maxUtilisation(planned, capacity));
        double maxMeasured = loads.map(x -> x.maxUtilisation(capacity)).orElse(Double.NaN);
        body.put("maxMeasuredUtilisation", Double.isNaN(maxMeasured) ? null : maxMeasured);
        body.put("links", links);
        return ApiResponse.json(200, body);
    }
}
