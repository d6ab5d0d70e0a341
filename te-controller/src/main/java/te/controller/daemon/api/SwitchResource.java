package te.controller.daemon.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;

/**
 * {@code GET /v1/switches}: the OpenFlow switches connected to the daemon (datapath id, address,
 * since when, whether each phase goes to it as one bundle, its recent errors) and how the last
 * allocation's push went; 404 when the daemon runs without {@code --openflow-listen}.
 */
public final class SwitchResource {
    private final Supplier<Optional<Object>> view;

    /** @param view the switches' state as JSON-ready values, or empty without switches */
    public SwitchResource(Supplier<Optional<Object>> view) {
        this.view = view;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/switches", false, (r, v) -> get()));
    }

    private ApiResponse get() {
        return view.get().map(body -> ApiResponse.json(200, body)).orElseGet(() -> ApiResponse.error(404,
                "no switches: the daemon was started without --openflow-listen", List.of(), Map.of()));
    }
}
