package te.controller.daemon.http;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One endpoint: method, path template ({@code /v1/links/{src}/{dst}/down}), whether it changes
 * state (and so needs the token), and its handler.
 *
 * @param method   HTTP method
 * @param template path template; {@code {name}} matches one segment
 * @param mutating whether the request changes state
 * @param params   the query parameters it takes; any other is refused with 400
 * @param handler  the handler
 */
public record Route(String method, String template, boolean mutating, java.util.Set<String> params, Handler handler) {
    /** Handles a matched request. */
    @FunctionalInterface
    public interface Handler {
        /**
         * @param vars path variables, percent-decoded
         * @throws ApiException for refused requests
         */
        ApiResponse handle(ApiRequest request, Map<String, String> vars);
    }

    public Route {
        requireNonNull(method, "method");
        requireNonNull(template, "template");
        params = java.util.Set.copyOf(params);
        requireNonNull(handler, "handler");
    }

    /** A route that takes no query parameters. */
    public Route(String method, String template, boolean mutating, Handler handler) {
        this(method, template, mutating, java.util.Set.of(), handler);
    }

    /**
     * @return {@code handler} for an endpoint that takes no request body: one that comes with a
     *         body gets 400 and nothing is applied, since what the client put there (a dry-run
     *         flag, a value for another endpoint) would otherwise be ignored without a word
     */
    public static Handler withoutBody(Handler handler) {
        return (request, vars) -> {
            if (request.body().length > 0) {
                throw ApiException.badRequest("%s %s takes no request body, got %d bytes%s; nothing was applied".formatted(request.method(),
                        request.path(), request.body().length, request.contentType().isEmpty() ? "" : " of " + request.contentType()));
            }
            return handler.handle(request, vars);
        };
    }

    /** @return the path variables if {@code segments} (decoded) match the template */
    Optional<Map<String, String>> match(List<String> segments) {
        String[] parts = template.substring(1).split("/");
        if (parts.length != segments.size()) {
            return Optional.empty();
        }
        Map<String, String> vars = new HashMap<>();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].startsWith("{")) {
                vars.put(parts[i].substring(1, parts[i].length() - 1), segments.get(i));
            } else if (!parts[i].equals(segments.get(i))) {
                return Optional.empty();
            }
        }
        return Optional.of(vars);
    }
}
