package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.http.ApiTls;
import te.controller.daemon.solve.SolveSettings;
import te.lp.Objective;
import te.lp.Solvers;

/**
 * The REST API over HTTPS: a client that trusts the CA (and checks the name, as Java's client
 * does) is served; a plain-HTTP client is not; with a client CA only clients with a certificate
 * from it are. The certificates are southbound's test fixtures (make-certs.sh).
 */
class HttpsTest {
    static final Path TLS = Path.of("../southbound/src/test/resources/tls");

    private static Daemon start(Path dir, Optional<Path> clientCa) {
        ApiTls tls = ApiTls.fromPem(TLS.resolve("controller.pem"), TLS.resolve("controller.key"), clientCa, Instant.now());
        DaemonSettings settings = new DaemonSettings(new ListenAddress("127.0.0.1", 0), dir, Optional.empty(), Duration.ofHours(1), 1 << 20,
                Optional.of(tls));
        return Daemon.start(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS, settings,
                new SolveSettings(Objective.TOTAL_FLOW, Solvers.byName("scripted"), 1, 0, 60, 1), a -> { });
    }

    /** @return a client trusting the test CA, showing {@code name}'s certificate when not null */
    private static HttpClient client(String name) throws Exception {
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(TLS.resolve("ca.pem"))) {
            trust.setCertificateEntry("ca", x509.generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = null;
        if (name != null) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            String pem = Files.readString(TLS.resolve(name + ".key")).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            var key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
            Certificate cert;
            try (InputStream in = Files.newInputStream(TLS.resolve(name + ".pem"))) {
                cert = x509.generateCertificate(in);
            }
            keys.setKeyEntry(name, key, new char[0], new Certificate[] {cert});
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, new char[0]);
        }
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(ssl).connectTimeout(Duration.ofSeconds(10)).build();
    }

    private static HttpResponse<String> get(HttpClient client, String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theApiIsServedOverHttpsAndNotOverPlainHttp(@TempDir Path dir) throws Exception {
        try (Daemon d = start(dir, Optional.empty())) {
            HttpResponse<String> ok = get(client(null), "https://127.0.0.1:%d/v1/status".formatted(d.port()));
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.body()).contains("\"topology\":\"Abilene\"");
            assertThat(get(client(null), "https://localhost:%d/healthz".formatted(d.port())).statusCode()).isEqualTo(200);
            HttpResponse<String> plain = get(HttpClient.newHttpClient(), "http://127.0.0.1:%d/v1/status".formatted(d.port()));
            assertThat(plain.statusCode()).isEqualTo(400);
            assertThat(plain.body()).contains("this port speaks HTTPS");
            // The JDK's default trust store does not know the test CA: the certificate is really checked.
            assertThatThrownBy(() -> get(HttpClient.newHttpClient(), "https://127.0.0.1:%d/v1/status".formatted(d.port())))
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void withAClientCaOnlyClientsWithACertificateFromItAreServed(@TempDir Path dir) throws Exception {
        try (Daemon d = start(dir, Optional.of(TLS.resolve("ca.pem")))) {
            String url = "https://127.0.0.1:%d/v1/status".formatted(d.port());
            assertThat(get(client("switch"), url).statusCode()).isEqualTo(200);
            assertThatThrownBy(() -> get(client(null), url)).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> get(client("rogue"), url)).isInstanceOf(IOException.class);
        }
    }

    @Test
    void badFilesAreRefusedNamingThem() {
        Path key = TLS.resolve("controller-pkcs1.key");
        assertThatThrownBy(() -> ApiTls.fromPem(TLS.resolve("controller.pem"), key, Optional.empty(), Instant.now()))
                .hasMessageContaining("private key file " + key).hasMessageContaining("openssl pkcs8 -topk8");
        Path shortLived = TLS.resolve("short-lived-ca.pem");
        assertThatThrownBy(() -> ApiTls.fromPem(TLS.resolve("controller.pem"), TLS.resolve("controller.key"), Optional.of(shortLived),
                Instant.now().plus(Duration.ofDays(3)))).hasMessageContaining("certificate " + shortLived).hasMessageContaining("expired on");
    }
}
