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
     * @throws ApiException 400 with every violation for invalid content
     */
    static TrafficMatrix parse(Topology topology, DemandBook.Format format, byte[] body) {
        try {
            return switch (format) {
                case JSON -> TrafficMatrixIo.readJson(topology, "request body", new ByteArrayInputStream(body));
                case CSV -> TrafficMatrixIo.readCsv(topology, "request body",
                        new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
            };
        } catch (TrafficMatrixFormatException e) {
            List<String> v = e.violations();
            throw new ApiException(400, "request body rejected, nothing was applied: %d violation%s"
                    .formatted(v.size(), v.size() == 1 ? "" : "s"), v, Map.of());
        } catch (UncheckedIOException e) {
            throw ApiException.badRequest("request body unreadable, nothing was applied: " + e.getCause().getMessage());
        }
    }

    /**
     * @return the upload format the Content-Type names
     * @throws ApiException 415 for a missing or unknown content type or charset
     */
    static DemandBook.Format format(String contentType) {
        String[] parts = contentType.split(";");
        String media = parts[0].strip().toLowerCase(Locale.ROOT);
        for (int i = 1; i < parts.length; i++) {
            String param = parts[i].strip().toLowerCase(Locale.ROOT);
            if (param.startsWith("charset=") && !param.equals("charset=utf-8") && !param.equals("charset=\"utf-8\"")) {
                throw unsupported("charset '%s' is not supported, expected utf-8".formatted(param.substring(8)));
            }
        }
        return switch (media) {
            case "application/json" -> DemandBook.Format.JSON;
            case "text/csv" -> DemandBook.Format.CSV;
            case "" -> throw unsupported("Content-Type is missing, expected application/json or text/csv");
            default -> throw unsupported("Content-Type '%s' is not supported, expected application/json or text/csv"
                    .formatted(abbreviate(contentType)));
        };
    }

    private static ApiException unsupported(String message) {
        return new ApiException(415, message, List.of(), Map.of("Accept-Post", "application/json, text/csv"));
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
