package te.southbound;

import io.netty.handler.ssl.SslContext;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Mutual TLS on the switch connections, as Open vSwitch's {@code ssl:} controller targets speak
 * it: the controller shows its certificate, and a switch is taken only if its certificate chains
 * to one of the trusted ones. OpenFlow itself has no authentication, and a switch connection
 * decides what the network forwards, so on anything but a lab link it should not be plain TCP.
 *
 * <p>Everything is read and checked when this is built (at start-up), so a wrong file stops the
 * controller with its name instead of failing every handshake later.
 *
 * @param context           the server-side TLS context (TLS 1.2 and 1.3, client certificate required)
 * @param certificate       the controller's own certificate (first of its chain)
 * @param trustedSubjects   subjects of the certificates switch certificates must chain to
 */
public record SwitchTls(SslContext context, X509Certificate certificate, List<String> trustedSubjects) {
    public SwitchTls {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(certificate, "certificate");
        trustedSubjects = List.copyOf(trustedSubjects);
    }

    /**
     * Reads PEM files: the controller's certificate chain, its private key (unencrypted PKCS#8,
     * {@code BEGIN PRIVATE KEY}; RSA, EC or Ed25519), and the certificates (usually one CA) that
     * switch certificates must chain to.
     *
     * @param now the time certificates must be valid at
     * @throws IllegalArgumentException naming the file and what is wrong with it: unreadable, no
     *         certificate or key in it, a key in another form, a key that is not the certificate's,
     *         a certificate that has expired or is not valid yet
     */
    public static SwitchTls fromPem(Path certificateChain, Path privateKey, Path trusted, Instant now) {
        PemCredentials own = PemCredentials.read(certificateChain, privateKey, now);
        List<X509Certificate> anchors = PemCredentials.trusted(trusted, now);
        return new SwitchTls(own.serverContext(anchors), own.certificate(),
                anchors.stream().map(c -> c.getSubjectX500Principal().getName()).toList());
    }

    /** @return one line for the log: own subject, expiry, and whom switches must chain to */
    public String describe() {
        return "TLS as %s (valid until %s), switch certificates must chain to %s".formatted(
                certificate.getSubjectX500Principal().getName(), certificate.getNotAfter().toInstant(), trustedSubjects);
    }
}
