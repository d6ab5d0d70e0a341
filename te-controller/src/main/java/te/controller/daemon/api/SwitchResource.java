package te.controller.daemon.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import te.controller.daemon.SwitchesView;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;
import te.topology.Topology;

/**
 * {@code GET /v1/switches}: the OpenFlow switches connected to the daemon (datapath id, address,
 * since when, whether each phase goes to it as one bundle, its recent errors), the links kept down
 * for flapping and how the last allocation's push went; {@code POST
 * /v1/links/{src}/{dst}/clear-damping} lifts a link's flap damping. Both 404 when the daemon runs
 * without {@code --openflow-listen}.
 */
public final class SwitchResource {
    private final Topology topology;
    private final Supplier<Optional<SwitchesView>> view;

    /** @param view the switches, or empty without switches */
    public SwitchResource(Topology topology, Supplier<Optional<SwitchesView>> view) {
        this.topology = topology;
        this.view = view;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/switches", false, (r, v) -> ApiResponse.json(200, switches().render())),
                new Route("POST", "/v1/links/{src}/{dst}/clear-damping", true, (r, v) -> clearDamping(v)));
    }

    private SwitchesView switches() {
        return view.get().orElseThrow(() -> ApiException.notFound("no switches: the daemon was started without --openflow-listen"));
    }

    private ApiResponse clearDamping(Map<String, String> vars) {
        SwitchesView switches = switches();
        int arc = NetworkResource.arcOf(topology, vars);
        List<String> cleared;
        try {
            cleared = switches.clearDamping(arc);
        } catch (IllegalStateException e) {
            throw new ApiException(503, e.getMessage(), List.of(), Map.of());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("link", Map.of("src", topology.nodes().get(topology.arcSrc(arc)).id(), "dst", topology.nodes().get(topology.arcDst(arc)).id()));
        body.put("cleared", cleared);
        return ApiResponse.json(200, body);
    }
}
