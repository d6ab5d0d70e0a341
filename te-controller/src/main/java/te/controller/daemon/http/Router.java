package te.controller.daemon.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Dispatches requests to routes: 404 for unknown paths, 405 (with Allow) for known paths with
 * another method, 401 for mutating requests without the token, and every {@link ApiException}
 * turned into its JSON error response.
 */
public final class Router {
    /**
     * A dispatched request's response and the route template that served it (for metrics: raw
     * paths would make one time series per node pair).
     */
    public record Result(ApiResponse response, String route) {
    }

    private final List<Route> routes;
    private final TokenAuth auth;

    /** @param routes every endpoint, @param auth the token check for mutating routes */
    public Router(List<Route> routes, TokenAuth auth) {
        this.routes = List.copyOf(routes);
        this.auth = auth;
    }

    /** @return the response; never throws for a bad request */
    public Result dispatch(ApiRequest request) {
        List<String> segments;
        try {
            segments = segments(request.path());
        } catch (IllegalArgumentException e) {
            return new Result(ApiResponse.error(400, "path '%s' is not validly percent-encoded".formatted(abbreviate(request.path())),
                    List.of(), Map.of()), "invalid");
        }
        TreeSet<String> allowed = new TreeSet<>();
        // HEAD is GET without the body (RFC 9110 §9.3.2): the handler runs, the writer drops the body.
        String method = request.method().equals("HEAD") ? "GET" : request.method();
        for (Route route : routes) {
            Optional<Map<String, String>> vars = route.match(segments);
            if (vars.isEmpty()) {
                continue;
            }
            if (!route.method().equals(method)) {
                allowed.add(route.method());
                if (route.method().equals("GET")) {
                    allowed.add("HEAD");
                }
                continue;
            }
            return new Result(handle(route, request, vars.get()), route.template());
        }
        if (!allowed.isEmpty()) {
            return new Result(ApiResponse.error(405, "method %s is not allowed on %s, expected one of %s"
                    .formatted(abbreviate(request.method()), abbreviate(request.path()), allowed), List.of(),
                    Map.of("Allow", String.join(", ", allowed))), "method-not-allowed");
        }
        return new Result(ApiResponse.error(404, "no endpoint at %s (see docs/openapi.yaml)".formatted(abbreviate(request.path())),
                List.of(), Map.of()), "not-found");
    }

    /** What a request's head says about its body, before any of it is read ({@link #bodyFor}). */
    public enum BodyAllowance {
        /** It will get a 401 whatever its body: none of it is read. */
        REFUSED,
        /** Its route takes no body, or there is no such route: a small one at most is read. */
        SMALL,
        /** A write with the token: up to {@code --max-body}. */
        FULL
    }

    /**
     * Decides, from a request's head alone, how much of its body may be read: a client without the
     * token must not be able to make the daemon buffer up to {@code --max-body} bytes per request.
     *
     * @param path the raw path, without the query
     */
    public BodyAllowance bodyFor(String method, String path, String authorization) {
        List<String> segments;
        try {
            segments = segments(path);
        } catch (IllegalArgumentException e) {
            return BodyAllowance.SMALL; // answered 400 without its body
        }
        for (Route route : routes) {
            if (route.method().equals(method) && route.match(segments).isPresent()) {
                if (route.mutating() && !auth.allows(authorization)) {
                    return BodyAllowance.REFUSED;
                }
                // Reads and deletes take no body; writes with the token may (those that take none refuse it, 400).
                return method.equals("GET") || method.equals("HEAD") || method.equals("DELETE") ? BodyAllowance.SMALL
                        : BodyAllowance.FULL;
            }
        }
        return BodyAllowance.SMALL; // 404 or 405, and HEAD (a GET route answers it)
    }

    private static ApiResponse unauthorised(Route route) {
        // "Needs the token", not "changes state": a what-if changes nothing yet takes the solver's cores.
        return ApiResponse.error(401, "%s %s needs 'Authorization: Bearer <token>' with the daemon's token"
                .formatted(route.method(), route.template()), List.of(), Map.of("WWW-Authenticate", "Bearer realm=\"te\""));
    }

    private ApiResponse handle(Route route, ApiRequest request, Map<String, String> vars) {
        if (route.mutating() && !auth.allows(request.authorization())) {
            return unauthorised(route);
        }
        for (String name : new TreeSet<>(request.query().keySet())) {
            if (!route.params().contains(name)) {
                // Ignored, a misspelt parameter (?source=) would silently answer another question.
                return ApiResponse.error(400, "unknown query parameter '%s' on %s %s, expected %s".formatted(abbreviate(name),
                        route.method(), route.template(), route.params().isEmpty() ? "none" : new TreeSet<>(route.params())),
                        List.of(), Map.of());
            }
        }
        try {
            return route.handler().handle(request, vars);
        } catch (ApiException e) {
            return ApiResponse.error(e.status(), e.getMessage(), e.violations(), e.headers());
        }
    }

    /**
     * @param path a request's path, without its query
     * @return its segments as routes see them: empty ones dropped ({@code //v1/demands/} is
     *         {@code /v1/demands}), each percent-decoded
     */
    static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String raw : path.split("/", -1)) {
            if (!raw.isEmpty()) {
                // '+' is a literal in paths (only queries use it for space).
                out.add(URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    /** @return {@code text}, cut to 80 characters with "..." when longer: a client's value quoted in a message or log line */
    public static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
