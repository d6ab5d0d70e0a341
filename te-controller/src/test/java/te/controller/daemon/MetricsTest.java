package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What /metrics tells an operator's alerts, checked against what the daemon did. */
class MetricsTest {
    /** @return the value of the sample named exactly {@code series}, NaN when there is none */
    private static double sample(String metrics, String series) {
        return metrics.lines().filter(l -> l.startsWith(series + " ")).findFirst()
                .map(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).orElse(Double.NaN);
    }

    /**
     * A PATCH the router serves at /v1/demands under another spelling of the path (trailing or
     * doubled slash) is applied and was counted in the request latencies under its route, but not
     * as an upload (a review: the counter compared the raw path).
     */
    @Test
    void everyUploadIsCountedHoweverItsPathIsSpelt(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.send("PUT", "/v1/demands", "text/csv", "0,1,10\n").statusCode()).isEqualTo(200);
            for (String path : new String[] {"/v1/demands/", "/v1//demands", "//v1/demands"}) {
                HttpResponse<String> r = d.send("PATCH", path, "text/csv", "0,2,5\n");
                assertThat(r.statusCode()).as(path).isEqualTo(200);
            }
            assertThat(d.send("PATCH", "/v1/demands/", "text/csv", "nosuchnode,2,5\n").statusCode()).isEqualTo(400);
            String m = d.get("/metrics").body();
            assertThat(DaemonFixture.json(d.get("/v1/status")).get("demandVersion").asLong()).isEqualTo(4);
            assertThat(sample(m, "te_http_request_duration_seconds_count{method=\"PATCH\",route=\"/v1/demands\",status=\"200\"}"))
                    .isEqualTo(3.0);
            assertThat(sample(m, "te_demand_uploads_total{result=\"accepted\"}")).as("accepted uploads").isEqualTo(4.0);
            assertThat(sample(m, "te_demand_uploads_total{result=\"rejected\"}")).as("rejected uploads").isEqualTo(1.0);
        }
    }

    /**
     * Counters are there at 0 before their first event: increase() and rate() need a sample before
     * it, and the first failure after every start used to appear as a new series already at 1.
     * Latencies are a histogram whose +Inf bucket is its count; a served allocation with no flow has
     * no mean path length.
     */
    @Test
    void countersStartAtZeroLatenciesAreBucketedAndNoFlowHasNoMeanPathLength(@TempDir Path dir) throws InterruptedException {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            DaemonFixture.awaitTrue("start-up pass", () -> DaemonFixture.json(d.get("/v1/status")).get("solvesCompleted").asLong() >= 1);
            String m = d.get("/metrics").body();
            assertThat(sample(m, "te_solve_pass_errors_total")).isZero();
            for (String status : new String[] {"INFEASIBLE", "UNBOUNDED", "TIME_LIMIT", "ITERATION_LIMIT", "SIZE_LIMIT", "ERROR"}) {
                assertThat(sample(m, "te_solve_failures_total{status=\"%s\"}".formatted(status))).as(status).isZero();
            }
            assertThat(sample(m, "te_demand_uploads_total{result=\"accepted\"}")).isZero();
            assertThat(sample(m, "te_demand_uploads_total{result=\"rejected\"}")).isZero();
            assertThat(m).contains("# TYPE te_http_request_duration_seconds histogram").doesNotContain("quantile=");

            assertThat(d.send("PUT", "/v1/demands", "application/json", "[]").statusCode()).isEqualTo(200);
            DaemonFixture.awaitTrue("the empty matrix served",
                    () -> DaemonFixture.json(d.get("/v1/status")).path("allocation").path("demandVersion").asLong() == 1);
            m = d.get("/metrics").body();
            assertThat(sample(m, "te_allocation_mean_path_hops")).as("no flow, no mean path length").isNaN();
            String series = "{method=\"GET\",route=\"/v1/status\",status=\"200\"";
            double count = sample(m, "te_http_request_duration_seconds_count" + series + "}");
            assertThat(count).isGreaterThanOrEqualTo(2);
            assertThat(sample(m, "te_http_request_duration_seconds_bucket" + series + ",le=\"+Inf\"}")).isEqualTo(count);
            assertThat(sample(m, "te_http_request_duration_seconds_bucket" + series + ",le=\"10.0\"}")).isEqualTo(count);
        }
    }
}
