package te.controller.daemon.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import te.controller.daemon.SwitchesView;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiRequest;
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
    private final java.util.function.Consumer<te.southbound.RoleClaim> persistRole;

    /**
     * @param view        the switches, or empty without switches
     * @param persistRole stores a role claim durably before it is made (throws when it cannot)
     */
    public SwitchResource(Topology topology, Supplier<Optional<SwitchesView>> view,
                          java.util.function.Consumer<te.southbound.RoleClaim> persistRole) {
        this.topology = topology;
        this.view = view;
        this.persistRole = persistRole;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/switches", false, (r, v) -> ApiResponse.json(200, switches().render())),
                new Route("POST", "/v1/links/{src}/{dst}/clear-damping", true, Route.withoutBody((r, v) -> clearDamping(v))),
                new Route("POST", "/v1/openflow/role", true, (r, v) -> requestRole(r)));
    }

    private static final String ROLE_BODY = "expected a JSON object {\"role\": \"master\"|\"slave\", \"generation\": N} "
            + "(N from 0 to 18446744073709551615, the election's generation id) or {\"role\": \"equal\"}";

    /** @throws ApiException 400 naming the value for a body that is not a role claim */
    static te.southbound.RoleClaim roleClaimOf(ApiRequest r) {
        com.fasterxml.jackson.databind.JsonNode body = UploadParser.jsonBody(r, ROLE_BODY);
        if (body == null || !body.isObject() || !body.has("role") || !body.get("role").isTextual()) {
            throw ApiException.badRequest("request body %s: %s".formatted(UploadParser.abbreviate(String.valueOf(body)), ROLE_BODY));
        }
        UploadParser.requireOnlyFields(body, java.util.Set.of("role", "generation"), ROLE_BODY);
        com.fasterxml.jackson.databind.JsonNode generation = body.get("generation");
        try {
            return RoleClaims.parse(body.get("role").asText(),
                    generation == null ? null : generation.isIntegralNumber() ? generation.bigIntegerValue().toString() : generation.toString());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** One at a time: the claim stored must be the claim in force. */
    private synchronized ApiResponse requestRole(ApiRequest r) {
        te.southbound.RoleClaim claim = roleClaimOf(r);
        SwitchesView switches = switches();
        // Stored first: a claim the switches grant must survive a restart, and one not stored is not made.
        persistRole.accept(claim);
        SwitchesView.RoleOutcome outcome;
        try {
            outcome = switches.requestRole(claim);
        } catch (IllegalStateException e) {
            throw new ApiException(503, e.getMessage(), List.of(), Map.of());
        }
        // 409: some switch did not grant it (a newer generation holds it, or it did not answer); the body says which.
        return ApiResponse.json(outcome.granted() ? 200 : 409, outcome.body());
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
