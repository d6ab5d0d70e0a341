package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 10,000 seeded bad uploads: all refused with 4xx, server healthy, accepted state unchanged. */
class FuzzTest {
    static final int BODIES = 10_000;
    static final int MAX_BODY = 16 * 1024;

    @Test
    void everyBadBodyIsRefusedAndNothingChanges(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), MAX_BODY, a -> { })) {
            HttpResponse<String> good = d.putJson(ApiEndpointsTest.THREE);
            assertThat(good.statusCode()).isEqualTo(200);
            d.awaitAllocationFor(1, 0);
            String demandsBefore = d.get("/v1/demands").body();
            String allocationBefore = d.get("/v1/allocation").body();
            d.checkedAllocation(allocationBefore, java.util.List.of());

            BadBodies gen = new BadBodies(d.topology, 20261122L, MAX_BODY);
            List<BadBodies.Body> bodies = new ArrayList<>();
            for (int i = 0; i < BODIES; i++) {
                bodies.add(gen.next());
            }
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<String>> failures = new ArrayList<>();
            Map<String, Integer> perKind = new TreeMap<>();
            for (int i = 0; i < bodies.size(); i++) {
                BadBodies.Body b = bodies.get(i);
                String method = i % 2 == 0 ? "PUT" : "PATCH";
                perKind.merge(b.kind(), 1, Integer::sum);
                failures.add(pool.submit(() -> {
                    HttpResponse<String> r = d.send(method, "/v1/demands", b.contentType(), b.text());
                    boolean expected = b.kind().equals("oversized") ? r.statusCode() == 413
                            : b.kind().equals("content-type") ? r.statusCode() == 415 : r.statusCode() == 400;
                    return expected ? null : "%s %s [%s] -> %d %s".formatted(method, b.kind(), abbreviate(b.text()), r.statusCode(),
                            abbreviate(r.body()));
                }));
            }
            List<String> unexpected = new ArrayList<>();
            for (Future<String> f : failures) {
                if (f.get() != null) {
                    unexpected.add(f.get());
                }
            }
            pool.shutdown();
            assertThat(unexpected).as("requests not refused as expected").isEmpty();
            assertThat(perKind).hasSize(16);

            assertThat(d.get("/healthz").statusCode()).isEqualTo(200);
            assertThat(d.get("/v1/demands").body()).isEqualTo(demandsBefore);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("1");
            assertThat(d.get("/v1/allocation").body()).isEqualTo(allocationBefore);
            assertThat(d.get("/metrics").body()).contains("te_demand_uploads_total{result=\"rejected\"} " + BODIES + ".0");
            // Still accepting good uploads afterwards.
            assertThat(d.send("PATCH", "/v1/demands", "text/csv", "2,3,4\n").statusCode()).isEqualTo(200);
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
