package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What one client can make the API hold: bodies it will not use, answers it does not read, metric series. */
class HttpLimitsTest {
    private static Socket connect(DaemonFixture d) throws IOException {
        URI base = URI.create(d.url("/"));
        Socket s = new Socket(base.getHost(), base.getPort());
        s.setSoTimeout(10_000);
        return s;
    }

    /** @return a daemon whose writes need {@link SecurityTest#TOKEN}, its state and token file under {@code dir} */
    private static DaemonFixture withToken(Path dir) throws IOException {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, SecurityTest.TOKEN + "\n");
        return DaemonFixture.start(dir.resolve("state"), Duration.ofHours(1), Optional.of(tokenFile), 1 << 20, a -> { });
    }

    /** @return everything the server sends until it closes the connection or {@code count} answers have come */
    private static String readAnswers(InputStream in, int count) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
            if (out.toString(StandardCharsets.ISO_8859_1).split("HTTP/1.1 ", -1).length - 1 >= count
                    && out.toString(StandardCharsets.ISO_8859_1).endsWith("}")) {
                break;
            }
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    /**
     * A request that needs the token and lacks it is refused from its head: the body it announces
     * is neither waited for nor buffered, and the connection closes.
     */
    @Test
    void aRequestWithoutTheTokenIsRefusedBeforeItsBody(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = withToken(dir); Socket s = connect(d)) {
            s.getOutputStream().write(("PUT /v1/demands HTTP/1.1\r\nHost: te\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 500000\r\n\r\n{\"demands\": [").getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1); // ends when the server closes
            assertThat(answer).startsWith("HTTP/1.1 401").contains("needs 'Authorization: Bearer <token>'")
                    .containsIgnoringCase("connection: close");
            assertThat(d.get("/metrics").body()).contains("te_demand_uploads_total{result=\"rejected\"} 1.0");
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("0");
        }
    }

    /**
     * Without the token, a large body is not read wherever it goes: a read, an unknown path, a
     * method the path does not take. Each gets its answer (413) with the body unread, the
     * connection closes, and the daemon holds nothing of it.
     */
    @Test
    void aLargeBodyToARouteThatTakesNoneIsNotRead(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = withToken(dir)) {
            for (String line : new String[] {"GET /healthz", "POST /v1/status", "POST /nope", "HEAD /v1/status"}) {
                try (Socket s = connect(d)) {
                    s.getOutputStream().write((line + " HTTP/1.1\r\nHost: te\r\nContent-Length: 100000000\r\n\r\n0123")
                            .getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1); // ends at the close
                    assertThat(answer).as(line).startsWith("HTTP/1.1 413").containsIgnoringCase("connection: close");
                }
            }
            // A small stray body is still read and answered as before (a read ignores it).
            assertThat(d.send("POST", "/v1/solve", "text/plain", "x").statusCode()).isEqualTo(401);
            java.net.http.HttpResponse<String> small = d.send(java.net.http.HttpRequest.newBuilder(URI.create(d.url("/healthz")))
                    .method("GET", java.net.http.HttpRequest.BodyPublishers.ofString("x".repeat(1000))));
            assertThat(small.statusCode()).isEqualTo(200);
        }
    }

    /** The refused request's 401 comes after the answer to the request before it on the connection (HTTP/1.1 answers in order). */
    @Test
    void aRefusedRequestIsAnsweredAfterTheRequestsBeforeIt(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = withToken(dir); Socket s = connect(d)) {
            s.getOutputStream().write(("GET /v1/demands HTTP/1.1\r\nHost: te\r\n\r\n"
                    + "PUT /v1/demands HTTP/1.1\r\nHost: te\r\nContent-Type: text/csv\r\nContent-Length: 6\r\n\r\n0,1,1\n"
                    + "GET /v1/demands HTTP/1.1\r\nHost: te\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String answers = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1); // until the server closes
            assertThat(answers).startsWith("HTTP/1.1 200");
            assertThat(answers.indexOf("HTTP/1.1 401")).isGreaterThan(0);
            // What came after the refused request is not answered: the connection closes after the 401.
            assertThat(answers.split("HTTP/1.1 ", -1)).hasSize(3);
        }
    }

    /** More pipelined requests than are answered at once: reading stops and starts again, and every one is answered in order. */
    @Test
    void pipelinedRequestsBeyondTheInFlightLimitAreAllAnswered(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir); Socket s = connect(d)) {
            int count = 200; // far above the 16 a connection has answered at once (InFlightLimit)
            StringBuilder requests = new StringBuilder();
            for (int i = 0; i < count; i++) {
                requests.append("GET /healthz?n=").append(i).append(" HTTP/1.1\r\nHost: te\r\n\r\n");
            }
            s.getOutputStream().write(requests.toString().getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String answers = readAnswers(s.getInputStream(), count);
            assertThat(answers.split("HTTP/1.1 ", -1).length - 1).isEqualTo(count);
        }
    }

    /** Every refused demand write counts, whatever refused it: before the handler (encoding, repeated type, query) or in it. */
    @Test
    void everyRefusedDemandWriteIsCounted(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            assertThat(d.putJson(ApiEndpointsTest.THREE).statusCode()).isEqualTo(200);
            java.net.http.HttpRequest.Builder gzip = java.net.http.HttpRequest.newBuilder(URI.create(d.url("/v1/demands")))
                    .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("0,1,1\n"))
                    .header("Content-Type", "text/csv").header("Content-Encoding", "gzip");
            assertThat(d.send(gzip).statusCode()).isEqualTo(415);
            assertThat(d.send("PATCH", "/v1/demands?x=1", "text/csv", "0,1,1\n").statusCode()).isEqualTo(400);
            assertThat(d.send("PATCH", "/v1/demands", "text/csv", "0,1,-1\n").statusCode()).isEqualTo(400);
            assertThat(d.send("PATCH", "/v1/demands", "text/csv", "0,1,2\n").statusCode()).isEqualTo(200);
            String metrics = d.get("/metrics").body();
            assertThat(metrics).contains("te_demand_uploads_total{result=\"rejected\"} 3.0")
                    .contains("te_demand_uploads_total{result=\"accepted\"} 2.0");
        }
    }

    /** HTTP takes any token as a method; the metrics keep one series for all the unknown ones. */
    @Test
    void methodsOtherThanHttpsOwnShareOneMetricSeries(@TempDir Path dir) throws Exception {
        try (DaemonFixture d = DaemonFixture.start(dir)) {
            for (int i = 0; i < 20; i++) {
                assertThat(d.send("M" + i, "/v1/status", null, null).statusCode()).isEqualTo(405);
            }
            String metrics = d.get("/metrics").body();
            assertThat(metrics).contains("method=\"other\"").doesNotContain("method=\"M1\"");
        }
    }
}
