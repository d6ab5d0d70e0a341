package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.http.TokenAuth;

/** Bearer token on mutating requests; no unauthenticated listening beyond loopback. */
class SecurityTest {
    static final String TOKEN = "0123456789abcdef0123456789abcdef";

    @Test
    void mutatingRequestsNeedTheToken(@TempDir Path dir) throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, TOKEN + "\n");
        try (DaemonFixture d = DaemonFixture.start(dir.resolve("state"), Duration.ofHours(1), Optional.of(tokenFile), 1 << 20, a -> { })) {
            HttpResponse<String> anonymous = d.putJson(ApiEndpointsTest.THREE);
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"te\"");
            assertThat(d.send("POST", "/v1/links/0/1/down", null, null).statusCode()).isEqualTo(401);
            assertThat(d.send("POST", "/v1/solve", null, null).statusCode()).isEqualTo(401);
            assertThat(d.send("PATCH", "/v1/demands", "text/csv", "0,1,1\n").statusCode()).isEqualTo(401);
            d.withToken(TOKEN.substring(1) + "x");
            assertThat(d.putJson(ApiEndpointsTest.THREE).statusCode()).isEqualTo(401);
            assertThat(d.get("/v1/demands").headers().firstValue("X-TE-Demand-Version")).contains("0");

            d.withToken(TOKEN);
            assertThat(d.putJson(ApiEndpointsTest.THREE).statusCode()).isEqualTo(200);
            assertThat(d.send("POST", "/v1/links/0/1/down", null, null).statusCode()).isEqualTo(200);
            // Reads stay open: they change nothing.
            d.withToken("");
            assertThat(d.get("/v1/status").statusCode()).isEqualTo(200);
            assertThat(d.get("/v1/demands").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void tokenComparisonAndTokenFiles(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t");
        Files.writeString(file, "  " + TOKEN + "  \n");
        TokenAuth auth = TokenAuth.fromFile(file);
        assertThat(auth.allows("Bearer " + TOKEN)).isTrue();
        assertThat(auth.allows("bearer " + TOKEN)).isTrue();
        assertThat(auth.allows(TOKEN)).isFalse();
        assertThat(auth.allows("Bearer " + TOKEN + "0")).isFalse();
        assertThat(auth.allows("")).isFalse();
        Files.writeString(file, "short");
        assertThatThrownBy(() -> TokenAuth.fromFile(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5 characters, expected at least 16");
        assertThat(TokenAuth.none().allows("")).isTrue();
        // Tokens no client could send: non-ASCII never matched, a control character was refused by the HTTP codec.
        Files.writeString(file, "0123456789abcd\u00e9\u20ac\n");
        assertThatThrownBy(() -> TokenAuth.fromFile(file)).hasMessageContaining("holds character U+00E9 at position 15, expected printable ASCII");
        Files.writeString(file, "0123456789ab cdef\n");
        assertThatThrownBy(() -> TokenAuth.fromFile(file)).hasMessageContaining("holds character U+0020 at position 13");
        Files.writeString(file, "0123456789abcde\u0001\n");
        assertThatThrownBy(() -> TokenAuth.fromFile(file)).hasMessageContaining("holds character U+0001 at position 16");
        Files.write(file, new byte[4097]);
        assertThatThrownBy(() -> TokenAuth.fromFile(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is over 4096 bytes, expected one line holding the token");
        if (Files.isReadable(Path.of("/dev/zero"))) {
            assertThatThrownBy(() -> TokenAuth.fromFile(Path.of("/dev/zero"))).hasMessageContaining("is over 4096 bytes");
        }
            // As te serve prints it: the reason once, in words; it said the exception's class and the path twice.
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> TokenAuth.fromFile(missing))
                .satisfies(e -> assertThat(te.controller.cli.TeCli.describe(e))
                        .isEqualTo("cannot read token file " + missing + ": no such file or directory"));
    }

    @Test
    void nonLoopbackWithoutTokenIsRefusedAtStartUp(@TempDir Path dir) {
        DaemonSettings open = new DaemonSettings(ListenAddress.parse("0.0.0.0:0"), dir, Optional.empty(), Duration.ofMinutes(5), 4096);
        assertThatThrownBy(() -> Daemon.requireSafeListen(open)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to listen on 0.0.0.0 without a token").hasMessageContaining("--token-file");
        Daemon.requireSafeListen(new DaemonSettings(ListenAddress.parse("127.0.0.1:0"), dir, Optional.empty(), Duration.ofMinutes(5), 4096));
        Daemon.requireSafeListen(new DaemonSettings(ListenAddress.parse("[::1]:0"), dir, Optional.empty(), Duration.ofMinutes(5), 4096));
        Daemon.requireSafeListen(new DaemonSettings(ListenAddress.parse("0.0.0.0:0"), dir, Optional.of(dir.resolve("t")), Duration.ofMinutes(5), 4096));
    }

    @Test
    void listenAddressesAreParsedOrRefusedWithTheValueNamed() {
        assertThat(ListenAddress.parse("127.0.0.1:8080")).isEqualTo(new ListenAddress("127.0.0.1", 8080));
        assertThat(ListenAddress.parse("[::1]:9")).isEqualTo(new ListenAddress("::1", 9));
        assertThatThrownBy(() -> ListenAddress.parse("8080")).hasMessageContaining("'8080' is not HOST:PORT");
        assertThatThrownBy(() -> ListenAddress.parse("h:x")).hasMessageContaining("port 'x' is not a number");
        assertThatThrownBy(() -> ListenAddress.parse("h:70000")).hasMessageContaining("70000 is out of range");
    }

    /** te serve printed "listening on http://::1:40521", which no client takes as a URL (review). */
    @Test
    void theListeningUrlBracketsAnIpv6Literal() {
        assertThat(ListenAddress.parse("[::1]:0").url("http", 40521)).isEqualTo("http://[::1]:40521");
        assertThat(ListenAddress.parse("127.0.0.1:0").url("http", 8080)).isEqualTo("http://127.0.0.1:8080");
        assertThat(ListenAddress.parse("localhost:0").url("https", 8443)).isEqualTo("https://localhost:8443");
    }
}
