package te.controller.daemon.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A response: status, content type, body bytes and extra headers.
 *
 * @param status      HTTP status
 * @param contentType Content-Type header value
 * @param body        the body (not copied: pre-rendered allocations are shared)
 * @param headers     extra headers
 */
public record ApiResponse(int status, String contentType, byte[] body, Map<String, String> headers) {
    /** JSON content type. */
    public static final String JSON_TYPE = "application/json; charset=utf-8";
    static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    public ApiResponse {
        requireNonNull(contentType, "contentType");
        requireNonNull(body, "body");
        headers = Map.copyOf(headers);
    }

    /** @return a JSON response of {@code value} (records, maps, lists) */
    public static ApiResponse json(int status, Object value) {
        try {
            return new ApiResponse(status, JSON_TYPE, JSON.writeValueAsBytes(value), Map.of());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render response", e);
        }
    }

    /** @return an already rendered JSON body */
    public static ApiResponse jsonBytes(int status, byte[] body, Map<String, String> headers) {
        return new ApiResponse(status, JSON_TYPE, body, headers);
    }

    /**
     * @param etag    the representation's strong entity tag, quoted
     * @param headers the headers the full response would have (they go with the 304 too)
     * @return 304 Not Modified without a body when the client holds {@code etag} (If-None-Match),
     *         else the full response, rendered only then (an allocation's JSON is hundreds of MB)
     */
    public static ApiResponse unlessHeld(ApiRequest r, String etag, Map<String, String> headers,
                                         java.util.function.Function<Map<String, String>, ApiResponse> full) {
        Map<String, String> tagged = new java.util.HashMap<>(headers);
        tagged.put("ETag", etag);
        return r.holds(etag) ? new ApiResponse(304, JSON_TYPE, new byte[0], tagged) : full.apply(tagged);
    }

    /** @return a text response */
    public static ApiResponse text(int status, String contentType, String body) {
        return new ApiResponse(status, contentType, body.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    /** @return {@code {"status", "error", "violations"?}} for a refused request */
    public static ApiResponse error(int status, String message, List<String> violations, Map<String, String> headers) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", message);
        if (!violations.isEmpty()) {
            body.put("violations", violations);
        }
        ApiResponse r = json(status, body);
        return new ApiResponse(status, r.contentType(), r.body(), headers);
    }

    /** @return this response with one more header */
    public ApiResponse withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new ApiResponse(status, contentType, body, h);
    }
}
