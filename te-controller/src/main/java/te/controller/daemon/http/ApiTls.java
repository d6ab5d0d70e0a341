package te.controller.daemon.http;

import io.netty.handler.ssl.SslContext;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import te.southbound.PemCredentials;

/**
 * HTTPS for the REST API: the bearer token and the traffic matrix cross the network, so beyond
 * loopback they should not go in clear text. Optionally clients must show a certificate too.
 *
 * @param context     the server-side TLS context
 * @param certificate the daemon's own certificate
 * @param clientTrust subjects a client certificate must chain to; empty when clients show none
 */
public record ApiTls(SslContext context, X509Certificate certificate, List<String> clientTrust) {
    public ApiTls {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(certificate, "certificate");
        clientTrust = List.copyOf(clientTrust);
    }

    /**
     * Reads and checks the PEM files ({@link PemCredentials}).
     *
     * @param clientCa certificates a client's certificate must chain to, or empty for no client certificates
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static ApiTls fromPem(Path certificateChain, Path privateKey, Optional<Path> clientCa, Instant now) {
        PemCredentials own = PemCredentials.read(certificateChain, privateKey, now);
        List<X509Certificate> trust = clientCa.map(f -> PemCredentials.trusted(f, now)).orElse(List.of());
        return new ApiTls(own.serverContext(trust), own.certificate(), trust.stream().map(c -> c.getSubjectX500Principal().getName()).toList());
    }

    /** @return one line for the log */
    public String describe() {
        return "HTTPS as %s (valid until %s)%s".formatted(certificate.getSubjectX500Principal().getName(),
                certificate.getNotAfter().toInstant(), clientTrust.isEmpty() ? ""
                        : ", client certificates must chain to " + clientTrust);
    }
}
