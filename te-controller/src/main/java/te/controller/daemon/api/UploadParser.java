package te.controller.daemon.api;

import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import te.controller.daemon.DemandBook;
import te.controller.daemon.http.ApiException;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixFormatException;
import te.topology.traffic.TrafficMatrixIo;

/**
 * Turns an upload body into a validated traffic matrix with the same reader and validator as
 * files ({@link TrafficMatrixIo}, {@link te.topology.traffic.TrafficMatrixBuilder}): the format
 * comes from Content-Type, and any violation rejects the whole body with every violation listed.
 */
final class UploadParser {
    private UploadParser() {
    }

    /**
     * A validated upload.
     *
     * @param matrix        the demands
     * @param body          the body without a byte-order mark: the form persisted, unless {@code namedByLabel}
     * @param namedByLabel  whether some entry named a node by its label: then the matrix is
     *                      persisted by node id, as an edited label would make the stored body name
     *                      another node, or none, at a restart
     */
    record Upload(TrafficMatrix matrix, byte[] body, boolean namedByLabel) {
    }

    /**
     * @throws ApiException 400 with every violation for invalid content
     */
    static Upload parse(Topology topology, DemandBook.Format format, byte[] body) {
        // As files are read: a UTF-8 byte-order mark is not part of the first node id.
        requireUtf8(body); // with its byte-order mark, so that the offset it names is the body's
        byte[] bytes = te.topology.io.Utf8Bom.strip(body);
        TrafficMatrix tm;
        te.topology.traffic.TrafficMatrixBuilder builder = new te.topology.traffic.TrafficMatrixBuilder(topology, "request body");
        try {
            tm = switch (format) {
                case JSON -> TrafficMatrixIo.readJson(builder, new ByteArrayInputStream(bytes));
                case CSV -> TrafficMatrixIo.readCsv(builder, new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8));
            };
        } catch (TrafficMatrixFormatException e) {
            throw ApiException.rejected(e.count(), e.violations());
        } catch (UncheckedIOException e) {
            throw ApiException.badRequest("request body unreadable, nothing was applied: " + e.getCause().getMessage());
        }
        // An empty CSV (a file that was not there, a header alone) is far likelier a mistake than a
        // wish to route nothing, which would clear every switch: that takes an explicit JSON [].
        if (format == DemandBook.Format.CSV && tm.size() == 0) {
            throw ApiException.badRequest("request body holds no CSV demand entries (empty, or only a header, blank lines or "
                    + "comments), nothing was applied; to remove every demand, PUT the JSON array [] (Content-Type: application/json)");
        }
        return new Upload(tm, bytes, builder.namedByLabel());
    }

    /**
     * Refuses what is not UTF-8, as the Content-Type promises ({@link te.topology.io.StrictUtf8}).
     *
     * @throws ApiException 400 naming the byte offset
     */
    static void requireUtf8(byte[] body) {
        String problem = te.topology.io.StrictUtf8.problem(body);
        if (problem != null) {
            throw ApiException.badRequest("request body is %s, nothing was applied".formatted(problem));
        }
    }

    /**
     * @return the upload format the Content-Type names
     * @throws ApiException 415 for a missing or unknown content type or charset
     */
    static DemandBook.Format format(String contentType) {
        return format(contentType, List.of(DemandBook.Format.JSON, DemandBook.Format.CSV));
    }

    /**
     * @param accepted the formats the endpoint takes, named in the messages and in {@code Accept-Post}
     * @return the format the Content-Type names, one of {@code accepted}
     * @throws ApiException 415 for a missing content type, or one or a charset the endpoint does not take
     */
    static DemandBook.Format format(String contentType, List<DemandBook.Format> accepted) {
        String expected = String.join(" or ", accepted.stream().map(UploadParser::mediaType).toList());
        String[] parts = contentType.split(";", -1); // "; " has an empty media type, not no parts
        String media = parts[0].strip().toLowerCase(Locale.ROOT);
        if (media.isEmpty() && !contentType.isBlank()) {
            throw unsupported("Content-Type '%s' names no media type, expected %s".formatted(abbreviate(contentType), expected), accepted);
        }
        for (int i = 1; i < parts.length; i++) {
            String param = parts[i].strip().toLowerCase(Locale.ROOT);
            if (param.startsWith("charset=") && !param.equals("charset=utf-8") && !param.equals("charset=\"utf-8\"")) {
                throw unsupported("charset '%s' is not supported, expected utf-8".formatted(param.substring(8)), accepted);
            }
        }
        if (media.isEmpty()) {
            throw unsupported("Content-Type is missing, expected " + expected, accepted);
        }
        for (DemandBook.Format f : accepted) {
            if (mediaType(f).equals(media)) {
                return f;
            }
        }
        throw unsupported("Content-Type '%s' is not supported%s, expected %s".formatted(abbreviate(contentType),
                accepted.size() == DemandBook.Format.values().length ? "" : " here", expected), accepted);
    }

    private static String mediaType(DemandBook.Format f) {
        return switch (f) {
            case JSON -> "application/json";
            case CSV -> "text/csv";
        };
    }

    private static ApiException unsupported(String message, List<DemandBook.Format> accepted) {
        return new ApiException(415, message, List.of(), Map.of("Accept-Post",
                String.join(", ", accepted.stream().map(UploadParser::mediaType).toList())));
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * Reads a small JSON request body (a command's parameters, not an upload).
     *
     * @param expected what the body should be, for the messages (e.g. {@code expected a JSON object {"capacityMbps": N}})
     * @throws ApiException 415 when the body is not declared JSON, 400 when it is not UTF-8 or not JSON
     */
    static com.fasterxml.jackson.databind.JsonNode jsonBody(te.controller.daemon.http.ApiRequest r, String expected) {
        format(r.contentType(), List.of(DemandBook.Format.JSON));
        requireUtf8(r.body());
        try {
            return JSON.readTree(te.topology.io.Utf8Bom.strip(r.body()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // Jackson's own message names its classes and features; the operator needs what and where.
            String what = te.topology.io.JsonSyntax.why(e);
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            throw ApiException.badRequest("request body is not JSON (%s%s), %s".formatted(what,
                    at == null ? "" : " at line %d, column %d".formatted(at.getLineNr(), at.getColumnNr()), expected));
        } catch (java.io.IOException e) {
            throw ApiException.badRequest("request body is not JSON (%s), %s".formatted(e.getMessage().lines().findFirst().orElse(""),
                    expected));
        }
    }

    /**
     * @param allowed the fields the body may have
     * @throws ApiException 400 naming every other field the body has
     */
    static void requireOnlyFields(com.fasterxml.jackson.databind.JsonNode body, java.util.Set<String> allowed, String expected) {
        java.util.Set<String> extra = new java.util.TreeSet<>();
        body.fieldNames().forEachRemaining(extra::add);
        extra.removeAll(allowed);
        if (!extra.isEmpty()) {
            throw ApiException.badRequest("unknown field%s %s: %s".formatted(extra.size() == 1 ? "" : "s",
                    String.join(", ", extra.stream().map(f -> "'" + abbreviate(f) + "'").toList()), expected));
        }
    }

    static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
