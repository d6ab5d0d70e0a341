package te.controller.daemon.http;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP request as the handlers see it, decoupled from Netty's reference-counted buffers.
 *
 * @param method        HTTP method, upper case
 * @param path          the raw path, without the query
 * @param query         decoded query parameters
 * @param contentType   the Content-Type header, empty when absent
 * @param accept        the Accept header, empty when absent
 * @param authorization the Authorization header, empty when absent
 * @param acceptEncoding the Accept-Encoding header, empty when absent
 * @param ifNoneMatch   the If-None-Match header, empty when absent
 * @param body          the whole body (already limited in size by the pipeline)
 */
public record ApiRequest(String method, String path, Map<String, List<String>> query, String contentType, String accept,
                         String authorization, String acceptEncoding, String ifNoneMatch, String ifMatch, byte[] body) {
    public ApiRequest {
        requireNonNull(method, "method");
        requireNonNull(path, "path");
        query = Map.copyOf(query);
        requireNonNull(contentType, "contentType");
        requireNonNull(accept, "accept");
        requireNonNull(authorization, "authorization");
        requireNonNull(acceptEncoding, "acceptEncoding");
        requireNonNull(ifNoneMatch, "ifNoneMatch");
        requireNonNull(ifMatch, "ifMatch");
        requireNonNull(body, "body");
    }

    /**
     * @param etag a strong entity tag, quoted ({@code "a7"})
     * @return whether If-None-Match names it (or is {@code *}): the client holds this representation
     */
    public boolean holds(String etag) {
        if (ifNoneMatch.isBlank()) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.strip();
            // Weak comparison, as RFC 9110 asks for If-None-Match: W/"a7" matches "a7".
            if (t.equals("*") || (t.startsWith("W/") ? t.substring(2) : t).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The precondition of a write (RFC 9110 §13.1.1): strong comparison, so a weak tag never
     * matches; {@code *} matches any current representation.
     *
     * @param etags the current representation's strong entity tags, quoted (one per media type)
     * @return whether the write may go ahead: no If-Match, or one naming a current tag
     */
    public boolean matches(List<String> etags) {
        if (ifMatch.isBlank()) {
            return true;
        }
        for (String tag : ifMatch.split(",")) {
            String t = tag.strip();
            if (t.equals("*") || etags.contains(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return the single value of a query parameter, if given
     * @throws ApiException 400 if it is given more than once
     */
    public Optional<String> param(String name) {
        List<String> values = query.getOrDefault(name, List.of());
        if (values.size() > 1) {
            throw ApiException.badRequest("query parameter '%s' is given %d times, expected at most once".formatted(name, values.size()));
        }
        return values.stream().findFirst();
    }
}
