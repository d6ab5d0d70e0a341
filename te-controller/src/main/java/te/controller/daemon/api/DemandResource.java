package te.controller.daemon.api;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.DemandBook;
import te.controller.daemon.DemandSnapshot;
import te.controller.daemon.http.ApiException;
import te.controller.daemon.http.ApiRequest;
import te.controller.daemon.http.ApiResponse;
import te.controller.daemon.http.Route;
import te.topology.Topology;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficMatrixIo;

/** {@code GET|PUT|PATCH /v1/demands}. */
public final class DemandResource {
    private static final Logger LOG = LoggerFactory.getLogger(DemandResource.class);
    /** Header carrying the demand version of a GET's body. */
    public static final String VERSION_HEADER = "X-TE-Demand-Version";
    private final String boot;
    private final Topology topology;
    private final DemandBook book;
    private final Consumer<String> requestSolve;
    private final java.util.function.Supplier<java.util.Optional<String>> refusal;

    /**
     * @param requestSolve asks the solve loop for a solve, with the event's name
     * @param boot         this daemon run's mark in entity tags
     * @param refusal      why uploads are refused now (a standby following its primary), if they are
     */
    public DemandResource(Topology topology, DemandBook book, Consumer<String> requestSolve, String boot,
                          java.util.function.Supplier<java.util.Optional<String>> refusal) {
        this.refusal = refusal;
        this.boot = boot;
        this.topology = topology;
        this.book = book;
        this.requestSolve = requestSolve;
    }

    /** @return this resource's routes */
    public List<Route> routes() {
        return List.of(new Route("GET", "/v1/demands", false, (r, v) -> get(r)),
                new Route("PUT", "/v1/demands", true, (r, v) -> upload(r, false)),
                new Route("PATCH", "/v1/demands", true, (r, v) -> upload(r, true)));
    }

    private ApiResponse get(ApiRequest r) {
        DemandSnapshot s = book.current();
        String version = Long.toString(s.version());
        if (te.controller.daemon.http.QualityValues.accepts(r.accept(), "text/csv", "text/*")) {
            return ApiResponse.unlessHeld(r, etags(s.version()).get(1), Map.of(VERSION_HEADER, version, "Vary", "Accept"), headers -> {
                StringWriter w = new StringWriter();
                try {
                    TrafficMatrixIo.writeCsv(topology, s.matrix(), w);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                ApiResponse csv = ApiResponse.text(200, "text/csv; charset=utf-8", w.toString());
                return new ApiResponse(200, csv.contentType(), csv.body(), headers);
            });
        }
        return ApiResponse.unlessHeld(r, etags(s.version()).get(0), Map.of(VERSION_HEADER, version, "Vary", "Accept"),
                headers -> ApiResponse.jsonBytes(200, s.json(), headers));
    }

    private ApiResponse upload(ApiRequest r, boolean patch) {
        refuseIfFollowing(refusal);
        DemandBook.Format format = UploadParser.format(r.contentType());
        UploadParser.Upload upload = UploadParser.parse(topology, format, r.body());
        TrafficMatrix tm = upload.matrix();
        if (patch && tm.size() == 0) {
            throw ApiException.badRequest("PATCH body holds no demand entries, nothing was applied; a PATCH sets the demands it lists");
        }
        long start = System.nanoTime();
        DemandSnapshot s;
        synchronized (book) { // again under the book's lock: the daemon may have become a following standby while parsing
            refuseIfFollowing(refusal);
            long current = book.current().version();
            List<String> currentTags = etags(current);
            if (!r.matches(currentTags)) {
                // A client that read, edited and writes back would otherwise overwrite a change made meanwhile.
                throw new ApiException(412, "If-Match %s names no current version of the demands: they are at version %d (%s); nothing was applied"
                        .formatted(te.controller.daemon.http.Router.abbreviate(r.ifMatch()), current, currentTags.get(0)),
                        List.of(), Map.of("ETag", currentTags.get(0), VERSION_HEADER, Long.toString(current)));
            }
            s = patch ? book.patch(tm) : upload.namedByLabel() ? book.replace(tm) : book.replace(tm, upload.body(), format);
        }
        LOG.info("accepted {} /v1/demands: version {}, {} entries in the request, {} in all ({} Mbps), persisted in {} ms",
                r.method(), s.version(), tm.size(), s.matrix().size(), "%.3f".formatted(s.matrix().totalDemandMbps()),
                (System.nanoTime() - start) / 1_000_000);
        requestSolve.accept("demands");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("demandVersion", s.version());
        body.put("entriesInRequest", tm.size());
        body.put("entries", s.matrix().size());
        body.put("totalDemandMbps", s.matrix().totalDemandMbps());
        ApiResponse ok = ApiResponse.json(200, body);
        // No ETag: the stored demands are not the bytes sent (RFC 9110 §9.3.4); HEAD /v1/demands gives it.
        return new ApiResponse(200, ok.contentType(), ok.body(), Map.of(VERSION_HEADER, Long.toString(s.version())));
    }

    /** @return the entity tags of the demands at {@code version}: JSON's, then CSV's (both the same version) */
    private List<String> etags(long version) {
        return List.of("\"d%d.%s\"".formatted(version, boot), "\"d%d.%s-csv\"".formatted(version, boot));
    }

    /** @throws ApiException 409 with the reason, when {@code refusal} gives one */
    static void refuseIfFollowing(java.util.function.Supplier<java.util.Optional<String>> refusal) {
        refusal.get().ifPresent(why -> {
            throw new ApiException(409, why, List.of(), Map.of());
        });
    }
}
