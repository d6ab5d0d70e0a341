package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * If-Match on demand writes (RFC 9110 §13.1.1): a client that read the demands, edited them and
 * writes them back names the version it read, and is refused with 412 if another write came in
 * between, instead of silently undoing it.
 */
class ConditionalUploadTest {
    private static HttpResponse<String> write(DaemonFixture d, String method, String ifMatch, String csv) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(d.url("/v1/demands")))
                .method(method, HttpRequest.BodyPublishers.ofString(csv)).header("Content-Type", "text/csv");
        if (ifMatch != null) {
            b.header("If-Match", ifMatch);
        }
        return d.send(b);
    }

    private static String tag(DaemonFixture d, String accept) {
        return d.send(HttpRequest.newBuilder(URI.create(d.url("/v1/demands"))).header("Accept", accept))
                .headers().firstValue("ETag").orElseThrow();
    }

    @Test
    void aWriteNamingAnOlderVersionIsRefusedAndChangesNothing(@TempDir Path dir) {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.putJson(ApiEndpointsTest.THREE).statusCode()).isEqualTo(200);
            String read = tag(d, "application/json");

            // Someone else's PATCH lands first.
            HttpResponse<String> other = write(d, "PATCH", null, "0,1,7\n");
            assertThat(other.statusCode()).isEqualTo(200);
            assertThat(other.headers().firstValue("X-TE-Demand-Version")).contains("2");

            HttpResponse<String> stale = write(d, "PUT", read, "0,1,99\n");
            assertThat(stale.statusCode()).isEqualTo(412);
            assertThat(stale.body()).contains("they are at version 2").contains("nothing was applied");
            assertThat(stale.headers().firstValue("ETag")).contains(tag(d, "application/json"));
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("2");
            assertThat(d.get("/v1/demands").body()).doesNotContain("99");

            // The current version's tag, JSON's or CSV's, or any (*), lets the write through; a weak tag never does.
            String weak = "W/" + tag(d, "application/json");
            assertThat(write(d, "PATCH", weak, "0,1,8\n").statusCode()).isEqualTo(412);
            assertThat(write(d, "PATCH", "\"x\", " + tag(d, "text/csv"), "0,1,8\n").statusCode()).isEqualTo(200);
            assertThat(write(d, "PUT", tag(d, "application/json"), "0,1,9\n").statusCode()).isEqualTo(200);
            assertThat(write(d, "PATCH", "*", "1,2,3\n").statusCode()).isEqualTo(200);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("5");
        }
    }
}
