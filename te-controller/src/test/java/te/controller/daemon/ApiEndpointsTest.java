package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.lp.Allocation;

/** Every endpoint's success and error paths, over real HTTP on loopback. */
class ApiEndpointsTest {
    static final String THREE = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":10},{\"src\":\"1\",\"dst\":\"2\",\"demand\":20.5},"
            + "{\"src\":\"Seattle\",\"dst\":\"Atlanta\",\"demand\":5}]";

    @TempDir
    Path dir;
    DaemonFixture d;

    @BeforeEach
    void start() {
        d = DaemonFixture.start(dir);
    }

    @AfterEach
    void stop() {
        d.close();
    }

    @Test
    void linkLoadsShowThePlanAndWhatTheSwitchesMeasured() {
        d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":500}]");
        d.awaitAllocationFor(1, 0);
        int arc = d.topology.arcIndex(d.topology.resolveNode("0"), d.topology.resolveNode("1"));
        double planned = d.checkedAllocation(d.get("/v1/allocation").body(), java.util.List.of()).arcLoadMbps()[arc];
        assertThat(planned).isPositive();

        JsonNode before = DaemonFixture.json(d.get("/v1/links/load"));
        assertThat(before.get("measuredAt").isNull()).isTrue();
        assertThat(before.get("maxMeasuredUtilisation").isNull()).isTrue();
        assertThat(before.get("links")).hasSize(d.topology.arcCount());
        JsonNode link = link(before, "0", "1");
        assertThat(link.get("plannedMbps").asDouble()).isEqualTo(planned);
        assertThat(link.get("measuredMbps").isNull()).isTrue();

        double[] mbps = new double[d.topology.arcCount()];
        java.util.Arrays.fill(mbps, Double.NaN);
        mbps[arc] = 450;
        d.daemon.reportLinkLoads(new LinkLoads(java.time.Instant.parse("2026-11-25T12:00:00Z"), mbps));
        JsonNode after = DaemonFixture.json(d.get("/v1/links/load"));
        assertThat(after.get("measuredAt").asText()).isEqualTo("2026-11-25T12:00:00Z");
        assertThat(link(after, "0", "1").get("measuredMbps").asDouble()).isEqualTo(450);
        assertThat(link(after, "1", "0").get("measuredMbps").isNull()).isTrue();
        assertThat(after.get("maxMeasuredUtilisation").asDouble()).isEqualTo(450 / d.topology.capacitiesMbps()[arc]);
        assertThat(d.get("/metrics").body()).contains("te_links_measured 1.0")
                .contains("te_links_measured_max_utilisation " + (450 / d.topology.capacitiesMbps()[arc]));
    }

    private static JsonNode link(JsonNode loads, String src, String dst) {
        for (JsonNode l : loads.get("links")) {
            if (l.get("src").asText().equals(src) && l.get("dst").asText().equals(dst)) {
                return l;
            }
        }
        throw new AssertionError("no link " + src + "->" + dst);
    }

    @Test
    void demandsAreReplacedPatchedAndReadBack() {
        HttpResponse<String> put = d.putJson(THREE);
        assertThat(put.statusCode()).isEqualTo(200);
        assertThat(DaemonFixture.json(put).get("demandVersion").asLong()).isEqualTo(1);
        assertThat(DaemonFixture.json(put).get("entries").asInt()).isEqualTo(3);

        HttpResponse<String> patch = d.send("PATCH", "/v1/demands", "text/csv; charset=utf-8", "src,dst,demand\n0,1,0\n2,3,7\n");
        assertThat(patch.statusCode()).isEqualTo(200);
        assertThat(DaemonFixture.json(patch).get("demandVersion").asLong()).isEqualTo(2);
        assertThat(DaemonFixture.json(patch).get("entries").asInt()).isEqualTo(4);
        assertThat(DaemonFixture.json(patch).get("totalDemandMbps").asDouble()).isEqualTo(32.5);

        HttpResponse<String> get = d.get("/v1/demands");
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(get.headers().firstValue("X-TE-Demand-Version")).contains("2");
        JsonNode demands = DaemonFixture.json(get).get("demands");
        assertThat(demands).hasSize(4);
        assertThat(demands.get(0).get("src").asText()).isEqualTo("0");
        assertThat(demands.get(0).get("demand").asDouble()).isZero();

        HttpResponse<String> csv = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands")))
                .header("Accept", "text/csv").GET());
        assertThat(csv.body()).startsWith("src,dst,demand\n").contains("2,3,7.0");
    }

    @Test
    void invalidUploadListsEveryViolationAndAppliesNothing() {
        d.putJson(THREE);
        String bad = "[{\"src\":\"0\",\"dst\":\"0\",\"demand\":1},{\"src\":\"Atlantis\",\"dst\":\"1\",\"demand\":1},"
                + "{\"src\":\"1\",\"dst\":\"2\",\"demand\":-3},{\"src\":\"1\",\"dst\":\"3\",\"demand\":1e12},"
                + "{\"src\":\"2\",\"dst\":\"4\",\"demand\":1},{\"src\":\"2\",\"dst\":\"4\",\"demand\":2},{\"src\":\"5\",\"dst\":\"6\",\"demand\":\"x\"},"
                + "{\"src\":\"Ghost\",\"dst\":\"1\",\"demand\":true}]";
        for (String method : List.of("PUT", "PATCH")) {
            HttpResponse<String> r = d.send(method, "/v1/demands", "application/json", bad);
            assertThat(r.statusCode()).isEqualTo(400);
            JsonNode body = DaemonFixture.json(r);
            assertThat(body.get("error").asText()).contains("nothing was applied").contains("8 violations");
            assertThat(body.get("violations")).hasSize(8);
            assertThat(body.get("violations").toString()).contains("entry 0: src and dst are the same node '0'")
                    .contains("entry 1: src 'Atlantis' is not a node of Abilene").contains("entry 2: demand -3.0 Mbps is invalid")
                    .contains("entry 3: demand 1.0E12 Mbps").contains("entry 5: pair 2->4 repeats entry 4")
                    .contains("entry 6: demand must be a number").contains("entry 7: demand must be a number")
                    .contains("entry 7: src 'Ghost' is not a node of Abilene");
        }
        // The repeat of a pair whose first row is invalid was said only once that row was fixed (review).
        HttpResponse<String> repeatCsv = d.send("PUT", "/v1/demands", "text/csv", "src,dst,demand\n0,1,-5\n0,1,4\n");
        assertThat(repeatCsv.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(repeatCsv).get("violations")).extracting(JsonNode::asText).containsExactly(
                "line 2: demand -5.0 Mbps is invalid; expected a finite number in [0, 1e+09]", "line 3: pair 0->1 repeats line 2");
        HttpResponse<String> repeatJson = d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":-5},{\"src\":\"0\",\"dst\":\"1\",\"demand\":4}]");
        assertThat(DaemonFixture.json(repeatJson).get("violations")).extracting(JsonNode::asText).containsExactly(
                "entry 0: demand -5.0 Mbps is invalid; expected a finite number in [0, 1e+09]", "entry 1: pair 0->1 repeats entry 0");
        HttpResponse<String> csv = d.send("PUT", "/v1/demands", "text/csv", "0,1,NaN\n0,2\n0,3,abc\n");
        assertThat(csv.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(csv).get("violations")).hasSize(3);
        assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
    }

    @Test
    void contentTypesOtherThanJsonAndCsvGet415() {
        assertThat(d.send("PUT", "/v1/demands", "application/xml", "<x/>").statusCode()).isEqualTo(415);
        assertThat(d.send("PUT", "/v1/demands", null, "[]").statusCode()).isEqualTo(415);
        assertThat(d.send("PATCH", "/v1/demands", "application/json; charset=latin1", "[]").statusCode()).isEqualTo(415);
        assertThat(DaemonFixture.json(d.send("PUT", "/v1/demands", "text/plain", "0,1,1")).get("error").asText())
                .contains("'text/plain' is not supported, expected application/json or text/csv");
    }

    @Test
    void switchesAreShownWithTheirMetricsOnceAViewIsGiven() {
        assertThat(d.get("/v1/switches").statusCode()).isEqualTo(404);
        assertThat(DaemonFixture.json(d.send("POST", "/v1/links/4/5/clear-damping", null, "")).get("error").asText())
                .isEqualTo("no switches: the daemon was started without --openflow-listen");
        java.util.List<Integer> cleared = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.List<te.southbound.RoleClaim> claims = new java.util.concurrent.CopyOnWriteArrayList<>();
        assertThat(DaemonFixture.json(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"equal\"}")).get("error").asText())
                .isEqualTo("no switches: the daemon was started without --openflow-listen");
        d.daemon.showSwitches(new SwitchesView() {
            @Override
            public te.southbound.RoleClaim role() {
                return claims.isEmpty() ? te.southbound.RoleClaim.EQUAL : claims.get(claims.size() - 1);
            }

            @Override
            public RoleOutcome requestRole(te.southbound.RoleClaim claim) {
                claims.add(claim);
                // A stale claim is what switches refuse: 409 with their answers.
                return new RoleOutcome(claim.generationId() != 5, java.util.Map.of("role", claim.toString()));
            }

            @Override
            public Object render() {
                return java.util.Map.of("switches", java.util.List.of(java.util.Map.of("dpid", "0000000000000001")));
            }

            @Override
            public int connected() {
                return 3;
            }

            @Override
            public int programmed() {
                return 2;
            }

            @Override
            public long confirmedVersion() {
                return 7;
            }

            @Override
            public int dampedLinks() {
                return 2;
            }

            @Override
            public java.util.List<String> clearDamping(int arc) {
                cleared.add(arc);
                return java.util.List.of("4->5", "5->4");
            }
        });
        HttpResponse<String> shown = d.get("/v1/switches");
        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(DaemonFixture.json(shown).get("switches").get(0).get("dpid").asText()).isEqualTo("0000000000000001");
        assertThat(d.get("/metrics").body()).contains("te_switches_connected 3.0").contains("te_switches_programmed 2.0").contains("te_switches_allocation_version 7.0")
                .contains("te_links_damped 2.0");
        HttpResponse<String> clear = d.send("POST", "/v1/links/4/5/clear-damping", null, "");
        assertThat(clear.statusCode()).isEqualTo(200);
        assertThat(DaemonFixture.json(clear).get("cleared").toString()).isEqualTo("[\"4->5\",\"5->4\"]");
        assertThat(cleared).containsExactly(DaemonFixture.ABILENE.arcIndex(DaemonFixture.ABILENE.resolveNode("4"),
                DaemonFixture.ABILENE.resolveNode("5")));
        assertThat(DaemonFixture.json(d.send("POST", "/v1/links/5/99/clear-damping", null, "")).get("error").asText())
                .contains("unknown node '99'");
        assertThat(d.send("POST", "/v1/links/0/5/clear-damping", null, "").statusCode()).isEqualTo(404);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> d.daemon.showSwitches(null)).isInstanceOf(IllegalStateException.class);

        HttpResponse<String> master = d.send("POST", "/v1/openflow/role", "application/json", "{\"role\": \"MASTER\", \"generation\": 18446744073709551615}");
        assertThat(master.statusCode()).as(master.body()).isEqualTo(200);
        assertThat(DaemonFixture.json(master).get("role").asText()).isEqualTo("MASTER (generation 18446744073709551615)");
        assertThat(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\": \"slave\", \"generation\": 5}").statusCode()).isEqualTo(409);
        assertThat(d.send("POST", "/v1/openflow/role", "application/json", "{\"role\": \"equal\"}").statusCode()).isEqualTo(200);
        assertThat(claims).extracting(Object::toString)
                .containsExactly("MASTER (generation 18446744073709551615)", "SLAVE (generation 5)", "EQUAL");
        java.util.Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put("{\"role\": \"boss\", \"generation\": 1}", "role 'boss' is not one of equal, master, slave");
        bad.put("{\"role\": \"master\"}", "role master needs the generation id of the election");
        bad.put("{\"role\": \"master\", \"generation\": -1}", "generation id '-1' is not a whole number from 0 to 18446744073709551615");
        bad.put("{\"role\": \"master\", \"generation\": 18446744073709551616}", "generation id '18446744073709551616' is not a whole number");
        bad.put("{\"role\": \"master\", \"generation\": 1.5}", "generation id '1.5' is not a whole number");
        bad.put("{\"role\": \"master\", \"generation\": \"7\"}", "generation id '\"7\"' is not a whole number");
        bad.put("{\"role\": \"equal\", \"generation\": 3}", "role equal takes no generation id (got '3')");
        bad.put("{\"role\": \"master\", \"generation\": 3, \"force\": true}", "unknown field 'force'");
        bad.put("{\"role\": 2}", "expected a JSON object {\"role\": \"master\"|\"slave\", \"generation\": N}");
        bad.put("[]", "expected a JSON object");
        bad.put("{\"role\": \"master\", \"role\": \"slave\"}", "request body is not JSON (field 'role' given twice");
        bad.forEach((body, message) -> {
            HttpResponse<String> refused = d.send("POST", "/v1/openflow/role", "application/json", body);
            assertThat(refused.statusCode()).as(body).isEqualTo(400);
            assertThat(DaemonFixture.json(refused).get("error").asText()).as(body).contains(message);
        });
        assertThat(d.send("POST", "/v1/openflow/role", "text/csv", "master,1").statusCode()).isEqualTo(415);
        assertThat(claims).hasSize(3); // nothing was asked of the switches for a refused body
    }

    @Test
    void unknownPathsAndMethodsGet404And405() {
        HttpResponse<String> notFound = d.get("/v1/nothing");
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(DaemonFixture.json(notFound).get("error").asText()).contains("/v1/nothing");
        HttpResponse<String> wrongMethod = d.send("DELETE", "/v1/demands", null, null);
        assertThat(wrongMethod.statusCode()).isEqualTo(405);
        assertThat(wrongMethod.headers().firstValue("Allow")).contains("GET, HEAD, PATCH, PUT");
        assertThat(d.send("GET", "/v1/solve", null, null).statusCode()).isEqualTo(405);
        assertThat(d.send("POST", "/v1/links/0/1/sideways", null, null).statusCode()).isEqualTo(404);
        HttpResponse<String> noSwitches = d.get("/v1/switches");
        assertThat(noSwitches.statusCode()).isEqualTo(404);
        assertThat(DaemonFixture.json(noSwitches).get("error").asText()).contains("without --openflow-listen");
    }

    @Test
    void headIsGetWithoutTheBodyAndUnknownQueryParametersAreRefused() {
        for (String path : new String[] {"/v1/status", "/healthz", "/v1/topology"}) {
            HttpResponse<String> get = d.get(path);
            HttpResponse<String> head = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url(path)))
                    .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()));
            assertThat(head.statusCode()).as(path).isEqualTo(200);
            assertThat(head.body()).as(path).isEmpty();
            // HEAD says how long GET's body is (the handler ran; only its body was left out).
            assertThat(head.headers().firstValueAsLong("Content-Length")).as(path)
                    .hasValue(get.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
            assertThat(head.headers().firstValue("Content-Type")).isEqualTo(get.headers().firstValue("Content-Type"));
        }
        HttpResponse<String> misspelt = d.get("/v1/allocation?source=0&destination=1");
        assertThat(misspelt.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(misspelt).get("error").asText())
                .isEqualTo("unknown query parameter 'destination' on GET /v1/allocation, expected [dst, run, since, src]");
        HttpResponse<String> none = d.send("POST", "/v1/solve?objective=bogus", null, null);
        assertThat(none.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(none).get("error").asText()).contains("unknown query parameter 'objective'").endsWith("expected none");
        // A bad pair is refused as such even before the first allocation exists (it was 503 then).
        HttpResponse<String> self = d.get("/v1/allocation?src=0&dst=0");
        assertThat(self.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(self).get("error").asText()).contains("self-pairs carry no traffic");
        assertThat(d.get("/v1/allocation?src=zz&dst=1").statusCode()).isEqualTo(400);
    }

    @Test
    void allocationIsServedWholeAndPerPair() {
        long demandVersion = DaemonFixture.json(d.putJson(THREE)).get("demandVersion").asLong();
        d.awaitAllocationFor(demandVersion, 0);
        HttpResponse<String> r = d.get("/v1/allocation");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode a = DaemonFixture.json(r);
        assertThat(a.get("demandVersion").asLong()).isEqualTo(demandVersion);
        assertThat(a.get("topologyVersion").asLong()).isZero();
        assertThat(a.get("method").asText()).isEqualTo("lp");
        assertThat(a.get("objective").asText()).isEqualTo("total-flow");
        assertThat(a.get("solveSeconds").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(r.headers().firstValue("X-TE-Allocation-Version")).contains(a.get("version").asText());
        Allocation checked = d.checkedAllocation(r.body(), List.of());
        assertThat(checked.totalFlowMbps()).isEqualTo(35.5, org.assertj.core.data.Offset.offset(1e-6));
        for (JsonNode c : a.get("commodities")) {
            double weights = 0;
            for (JsonNode p : c.get("paths")) {
                weights += p.get("weight").asDouble();
            }
            assertThat(weights).isEqualTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        }

        HttpResponse<byte[]> gz;
        try {
            gz = d.http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/allocation")))
                    .header("Accept-Encoding", "br, gzip;q=0.8").build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        assertThat(gz.headers().firstValue("Content-Encoding")).contains("gzip");
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gz.body()))) {
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(r.body());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }

        HttpResponse<String> one = d.get("/v1/allocation?src=Seattle&dst=Atlanta");
        assertThat(one.statusCode()).isEqualTo(200);
        JsonNode commodities = DaemonFixture.json(one).get("commodities");
        assertThat(commodities).hasSize(1);
        assertThat(commodities.get(0).get("demandMbps").asDouble()).isEqualTo(5.0);
        d.checkedAllocation(one.body(), List.of());

        assertThat(d.get("/v1/allocation?src=0").statusCode()).isEqualTo(400);
        assertThat(d.get("/v1/allocation?src=0&dst=1&dst=2").statusCode()).isEqualTo(400);
        HttpResponse<String> unknown = d.get("/v1/allocation?src=Atlantis&dst=1");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(unknown).get("error").asText()).contains("unknown node 'Atlantis'");
        assertThat(d.get("/v1/allocation?src=3&dst=4").statusCode()).isEqualTo(404);
    }

    @Test
    void aClientHoldingTheVersionGets304WithoutTheBody(@TempDir Path other) {
        d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":5}]");
        d.awaitAllocationFor(1, 0);
        HttpResponse<String> full = d.get("/v1/allocation");
        String etag = full.headers().firstValue("ETag").orElseThrow();
        assertThat(etag).matches("\"a" + full.headers().firstValue("X-TE-Allocation-Version").orElseThrow() + "\\.[0-9a-z]+\"");
        HttpResponse<String> held = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/allocation")))
                .header("If-None-Match", "\"x\", W/" + etag));
        assertThat(held.statusCode()).isEqualTo(304);
        assertThat(held.body()).isEmpty();
        assertThat(held.headers().firstValue("ETag")).contains(etag);
        // Another encoding is another representation: the identity tag does not hold it.
        HttpResponse<String> gz = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/allocation")))
                .header("If-None-Match", etag).header("Accept-Encoding", "gzip"));
        assertThat(gz.statusCode()).isEqualTo(200);
        assertThat(gz.headers().firstValue("ETag")).contains(etag.substring(0, etag.length() - 1) + "-gzip\"");

        HttpResponse<String> demands = d.get("/v1/demands");
        String demandTag = demands.headers().firstValue("ETag").orElseThrow();
        assertThat(d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands"))).header("If-None-Match", demandTag))
                .statusCode()).isEqualTo(304);
        assertThat(d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands"))).header("If-None-Match", demandTag)
                .header("Accept", "text/csv")).statusCode()).as("the CSV is another representation").isEqualTo(200);
        // A new version is a new tag: the old one no longer holds.
        d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":6}]");
        assertThat(d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands"))).header("If-None-Match", demandTag))
                .statusCode()).isEqualTo(200);
        // Another daemon (a wiped state directory) also has allocation version 1, with other flows: the old tag is not it.
        try (DaemonFixture fresh = DaemonFixture.start(other)) {
            fresh.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":7}]");
            fresh.awaitAllocationFor(1, 0);
            HttpResponse<String> elsewhere = fresh.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(fresh.url("/v1/allocation")))
                    .header("If-None-Match", etag));
            assertThat(elsewhere.headers().firstValue("X-TE-Allocation-Version")).contains("1");
            assertThat(elsewhere.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void oddHeadersAreReadNotCrashedOn() throws Exception {
        d.putJson(THREE);
        d.awaitAllocationFor(1, 0);
        for (String acceptEncoding : new String[] {";", "gzip;q=0.0", "gzip;q=abc"}) {
            HttpResponse<String> r = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/allocation")))
                    .header("Accept-Encoding", acceptEncoding).GET());
            assertThat(r.statusCode()).as(acceptEncoding).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Encoding")).as(acceptEncoding).isEmpty();
        }
        for (String contentType : new String[] {";", ";;", " ; charset=utf-8"}) {
            HttpResponse<String> r = d.send("PUT", "/v1/demands", contentType, THREE);
            assertThat(r.statusCode()).as(contentType).isEqualTo(415);
            assertThat(DaemonFixture.json(r).get("error").asText()).contains("names no media type");
        }
        for (String encoding : new String[] {"gzip", "br", "x-bogus"}) {
            HttpResponse<String> r = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands")))
                    .header("Content-Type", "application/json").header("Content-Encoding", encoding)
                    .PUT(java.net.http.HttpRequest.BodyPublishers.ofString(THREE)));
            assertThat(r.statusCode()).as(encoding).isEqualTo(415);
            assertThat(DaemonFixture.json(r).get("error").asText()).contains("Content-Encoding '" + encoding + "' is not supported");
        }
        assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
        HttpResponse<String> csv = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands")))
                .header("Accept", "text/csv;q=0, application/json").GET());
        assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
    }

    @Test
    void emptyCsvAndEmptyPatchesAreRefusedAndAByteOrderMarkIsSkipped() {
        d.putJson(THREE);
        for (String empty : new String[] {"", "src,dst,demand\n", "# later\n", "\uFEFF"}) {
            HttpResponse<String> r = d.send("PUT", "/v1/demands", "text/csv", empty);
            assertThat(r.statusCode()).as("'%s'", empty).isEqualTo(400);
            assertThat(DaemonFixture.json(r).get("error").asText()).contains("holds no CSV demand entries").contains("PUT the JSON array []");
        }
        HttpResponse<String> patch = d.send("PATCH", "/v1/demands", "application/json", "[]");
        assertThat(patch.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(patch).get("error").asText()).contains("PATCH body holds no demand entries");
        assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");

        HttpResponse<String> bom = d.send("PUT", "/v1/demands", "text/csv", "\uFEFFsrc,dst,demand\n0,1,4\n");
        assertThat(bom.statusCode()).as(bom.body()).isEqualTo(200);
        // An explicit JSON [] still clears every demand.
        assertThat(d.putJson("[]").statusCode()).isEqualTo(200);
    }

    @Test
    void bodiesMustBeUtf8AndErrorsSpeakHttpNotLibrary() {
        byte[] utf16 = THREE.getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        byte[] overlong = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1}]".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        overlong = java.util.Arrays.copyOf(overlong, overlong.length + 2);
        overlong[overlong.length - 2] = (byte) 0xc0; // an overlong '/' after the array
        overlong[overlong.length - 1] = (byte) 0xaf;
        for (byte[] body : new byte[][] {utf16, overlong}) {
            HttpResponse<String> r = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands")))
                    .header("Content-Type", "application/json").PUT(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)));
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(DaemonFixture.json(r).get("error").asText()).contains("not").contains("UTF-8");
        }
        HttpResponse<String> twice = d.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(d.url("/v1/demands")))
                .header("Content-Type", "text/csv").header("Content-Type", "application/json")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString(THREE)));
        assertThat(twice.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(twice).get("error").asText()).contains("Content-Type is given more than once");
        HttpResponse<String> nan = d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":NaN}]");
        assertThat(nan.statusCode()).isEqualTo(400);
        assertThat(nan.body()).contains("not valid JSON").doesNotContain("JsonReadFeature").doesNotContain("enable");
        // Jackson's hints to enable its parser features reached the client from every other JSON body (review).
        HttpResponse<String> nanCapacity = d.send("PUT", "/v1/links/0/1/capacity", "application/json", "{\"capacityMbps\": NaN}");
        assertThat(nanCapacity.statusCode()).isEqualTo(400);
        assertThat(DaemonFixture.json(nanCapacity).get("error").asText())
                .startsWith("request body is not JSON ('NaN' is not a JSON number at line 1, column 21), expected a JSON object "
                        + "{\"capacityMbps\": N} with N 0 (closed) or from");
        String[][] bodies = {{"PUT", "/v1/links/0/1/capacity", "{\"capacityMbps\": +5}"}, {"PUT", "/v1/links/0/1/capacity", "{\"capacityMbps\": 5} // c"},
                {"PUT", "/v1/demands", "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":1}] // c"}, {"POST", "/v1/whatif", "{\"demandScale\": Infinity}"},
                {"POST", "/v1/openflow/role", "{\"role\": \"master\", \"generationId\": -Infinity}"}};
        for (String[] b : bodies) {
            HttpResponse<String> r = d.send(b[0], b[1], "application/json", b[2]);
            assertThat(r.statusCode()).as(b[2]).isEqualTo(400);
            assertThat(r.body()).as(b[2]).doesNotContainIgnoringCase("feature").doesNotContain("enable").doesNotContain("Jackson");
        }
        assertThat(d.send("POST", "/v1/whatif", "application/json", "{\"demandScale\": Infinity}").body())
                .contains("'Infinity' is not a JSON number");
        assertThat(d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":-0.0}]").statusCode()).isEqualTo(200);
        assertThat(d.get("/v1/demands").body()).doesNotContain("-0.0");
        HttpResponse<String> longLine = d.get("/v1/status?" + "x".repeat(10_000));
        assertThat(longLine.statusCode()).isEqualTo(414);
        assertThat(longLine.body()).doesNotContain("Exception");
    }

    @Test
    void theViolationCountCountsEveryViolationNotOnlyTheListedOnes() {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            body.append("ghost").append(i).append(",1,-1\n"); // unknown node and negative demand: 2 violations each
        }
        HttpResponse<String> r = d.send("PUT", "/v1/demands", "text/csv", body.toString());
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode error = DaemonFixture.json(r);
        assertThat(error.get("error").asText()).contains(": 6000 violations");
        assertThat(error.get("violations")).hasSize(1001);
        assertThat(error.get("violations").get(1000).asText()).isEqualTo("… 5000 further violations not listed");
    }

    @Test
    void topologyAndLinkStatesAreServedAndChanged() {
        JsonNode t = DaemonFixture.json(d.get("/v1/topology"));
        assertThat(t.get("name").asText()).isEqualTo("Abilene");
        assertThat(t.get("nodes")).hasSize(11);
        assertThat(t.get("links")).hasSize(28);
        assertThat(t.get("topologyVersion").asLong()).isZero();

        HttpResponse<String> missing = d.send("POST", "/v1/links/0/5/down", null, null);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(DaemonFixture.json(missing).get("error").asText()).contains("has no link 0->5");
        assertThat(d.send("POST", "/v1/links/Atlantis/1/down", null, null).statusCode()).isEqualTo(404);

        JsonNode down = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null));
        assertThat(down.get("changed").asBoolean()).isTrue();
        assertThat(down.get("topologyVersion").asLong()).isEqualTo(1);
        JsonNode again = DaemonFixture.json(d.send("POST", "/v1/links/0/1/down", null, null));
        assertThat(again.get("changed").asBoolean()).isFalse();
        assertThat(again.get("topologyVersion").asLong()).isEqualTo(1);
        JsonNode afterDown = DaemonFixture.json(d.get("/v1/topology"));
        assertThat(afterDown.get("downLinks")).hasSize(1);
        JsonNode up = DaemonFixture.json(d.send("POST", "/v1/links/0/1/up", null, null));
        assertThat(up.get("topologyVersion").asLong()).isEqualTo(2);
        assertThat(up.get("downLinks")).isEmpty();
    }

    @Test
    void endpointsThatTakeNoBodyRefuseOneAndApplyNothing() {
        String before = d.get("/v1/topology").body();
        long solves = d.awaitStatus(s -> s.get("solvesCompleted").asLong() >= 1 && !s.get("solving").asBoolean()
                && !s.get("pending").asBoolean()).get("solvesCompleted").asLong();
        for (String[] call : new String[][] {{"POST", "/v1/links/0/1/down"}, {"POST", "/v1/links/0/1/up"},
                {"POST", "/v1/links/0/1/drain"}, {"POST", "/v1/links/0/1/undrain"}, {"DELETE", "/v1/links/0/1/capacity"},
                {"POST", "/v1/links/0/1/clear-damping"}, {"POST", "/v1/solve"}}) {
            // A client that believes the endpoint takes a flag (a dry run, a value) must not have it ignored.
            HttpResponse<String> r = d.send(call[0], call[1], "application/json", "{\"dryRun\":true}");
            assertThat(r.statusCode()).as(call[1]).isEqualTo(400);
            assertThat(DaemonFixture.json(r).get("error").asText()).as(call[1])
                    .isEqualTo("%s %s takes no request body, got 15 bytes of application/json; nothing was applied".formatted(call[0], call[1]));
        }
        assertThat(d.get("/v1/topology").body()).isEqualTo(before);
        // A solve the refused POST /v1/solve had asked for (no demands: it ends at once) would show by now.
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        JsonNode after = DaemonFixture.json(d.get("/v1/status"));
        assertThat(after.get("solvesCompleted").asLong()).isEqualTo(solves);
        assertThat(after.get("pending").asBoolean() || after.get("solving").asBoolean()).isFalse();
        assertThat(d.send("POST", "/v1/links/0/1/drain", null, null).statusCode()).isEqualTo(200);
    }

    @Test
    void solveStatusHealthAndMetrics() {
        JsonNode idle = d.awaitStatus(s -> s.get("solvesCompleted").asLong() >= 1);
        assertThat(idle.get("lastSolve").get("outcome").asText()).isEqualTo("NO_DEMANDS");
        assertThat(idle.get("lastSolve").get("solverStatus").isNull()).as("no solver ran").isTrue();
        assertThat(idle.get("lastSolve").get("objectiveValue").isNull()).isTrue();
        assertThat(idle.get("allocation").isNull()).isTrue();
        HttpResponse<String> none = d.get("/v1/allocation");
        assertThat(none.statusCode()).isEqualTo(503);
        assertThat(DaemonFixture.json(none).get("error").asText()).contains("no allocation yet");
        d.putJson(THREE);
        JsonNode before = d.awaitAllocationFor(1, 0);
        HttpResponse<String> solve = d.send("POST", "/v1/solve", null, null);
        assertThat(solve.statusCode()).isEqualTo(202);
        JsonNode after = d.awaitStatus(s -> s.get("solvesCompleted").asLong() > before.get("solvesCompleted").asLong());
        assertThat(after.get("lastSolve").get("reasons").toString()).contains("api");
        // Nothing changed since: the same allocation, kept as its version.
        assertThat(after.get("lastSolve").get("outcome").asText()).isEqualTo("UNCHANGED");
        assertThat(after.get("topology").asText()).isEqualTo("Abilene");
        assertThat(after.has("pending")).isTrue();

        HttpResponse<String> health = d.get("/healthz");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("ok");

        d.putJson("not json");
        HttpResponse<String> metrics = d.get("/metrics");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain");
        // Every pass is counted, the start-up one without demands too, as /v1/status counts them.
        double passes = metrics.body().lines().filter(l -> l.startsWith("te_solve_duration_seconds_count{"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertThat(passes).isEqualTo(DaemonFixture.json(d.get("/v1/status")).get("solvesCompleted").asDouble());
        assertThat(metrics.body()).contains("te_solve_duration_seconds_count{outcome=\"published\"}")
                .contains("te_demand_uploads_total{result=\"rejected\"} 1.0").contains("te_objective_value")
                .contains("te_allocation_optimal 1.0")
                .contains("te_http_request_duration_seconds_count{method=\"GET\",route=\"/v1/status\",status=\"200\"}");
        // The served allocation's flow-weighted path length: Abilene's paths run 1 to 10 hops.
        double hops = metrics.body().lines().filter(l -> l.startsWith("te_allocation_mean_path_hops ")).findFirst()
                .map(l -> Double.parseDouble(l.substring(l.indexOf(' ') + 1))).orElseThrow();
        assertThat(hops).isBetween(1.0, 10.0);
    }

    @Test
    void bodiesOverTheLimitGet413AndChangeNothing(@TempDir Path other) {
        try (DaemonFixture small = DaemonFixture.start(other, Duration.ofHours(1), Optional.empty(), 2048, a -> { })) {
            StringBuilder big = new StringBuilder("[");
            for (int i = 0; i < 200; i++) {
                big.append("{\"src\":\"0\",\"dst\":\"1\",\"demand\":1},");
            }
            big.append("{\"src\":\"0\",\"dst\":\"1\",\"demand\":1}]");
            HttpResponse<String> r = small.putJson(big.toString());
            assertThat(r.statusCode()).isEqualTo(413);
            assertThat(DaemonFixture.json(r).get("error").asText()).isEqualTo(
                    "request body over the 2048 byte limit (--max-body), nothing was applied");
            assertThat(small.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("0");
            assertThat(small.get("/healthz").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void timerSolvesWithoutEvents(@TempDir Path other) {
        try (DaemonFixture ticking = DaemonFixture.start(other, Duration.ofMillis(50), Optional.empty(), 1 << 20, a -> { })) {
            ticking.putJson(THREE);
            JsonNode s = ticking.awaitStatus(st -> st.path("lastSolve").path("reasons").toString().equals("[\"timer\"]")
                    && st.path("lastSolve").path("demandVersion").asLong() == 1);
            // Nothing changed since the upload's solve: the timer's pass keeps its allocation version.
            assertThat(s.get("lastSolve").get("outcome").asText()).isEqualTo("UNCHANGED");
            assertThat(s.get("allocation").get("version").asLong()).isEqualTo(1);
        }
    }
}
