package te.southbound;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLException;

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
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

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
        List<X509Certificate> chain = certificates(certificateChain, "certificate chain");
        List<X509Certificate> anchors = certificates(trusted, "trusted certificates");
        PrivateKey key = privateKey(privateKey);
        X509Certificate own = chain.get(0);
        requireValid(own, certificateChain, now);
        requireKeyOf(key, privateKey, chain, certificateChain);
        // The JDK does not check a trust anchor's dates (OpenSSL does): an expired CA would let its switches in here.
        for (X509Certificate anchor : anchors) {
            requireValid(anchor, trusted, now);
        }
        try {
            SslContext context = SslContextBuilder.forServer(key, chain.toArray(X509Certificate[]::new))
                    .trustManager(anchors.toArray(X509Certificate[]::new))
                    .clientAuth(ClientAuth.REQUIRE)
                    .sslProvider(SslProvider.JDK)
                    .protocols(PROTOCOLS)
                    .build();
            return new SwitchTls(context, own, anchors.stream().map(c -> c.getSubjectX500Principal().getName()).toList());
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot set up TLS with certificate %s and key %s: %s"
                    .formatted(certificateChain, privateKey, e.getMessage()), e);
        }
    }

    /** @return one line for the log: own subject, expiry, and whom switches must chain to */
    public String describe() {
        return "TLS as %s (valid until %s), switch certificates must chain to %s".formatted(
                certificate.getSubjectX500Principal().getName(), certificate.getNotAfter().toInstant(), trustedSubjects);
    }

    private static final String BEGIN_CERTIFICATE = "-----BEGIN CERTIFICATE-----";
    private static final String END_CERTIFICATE = "-----END CERTIFICATE-----";

    /** Reads the CERTIFICATE blocks only: a file may also hold its key, or text before each block (ovs-pki, PKCS#12 exports). */
    private static List<X509Certificate> certificates(Path file, String what) {
        String text = new String(read(file, what), StandardCharsets.US_ASCII);
        List<X509Certificate> list = new java.util.ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (int from = text.indexOf(BEGIN_CERTIFICATE); from >= 0; from = text.indexOf(BEGIN_CERTIFICATE, from + 1)) {
                int to = text.indexOf(END_CERTIFICATE, from);
                if (to < 0) {
                    throw new CertificateException("block %d has no '%s' line".formatted(list.size() + 1, END_CERTIFICATE));
                }
                byte[] block = text.substring(from, to + END_CERTIFICATE.length()).getBytes(StandardCharsets.US_ASCII);
                list.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(block)));
            }
        } catch (CertificateException e) {
            throw new IllegalArgumentException("%s file %s: certificate %d is not a PEM X.509 certificate (%s)"
                    .formatted(what, file, list.size() + 1, e.getMessage()), e);
        }
        if (list.isEmpty()) {
            throw new IllegalArgumentException("%s file %s holds no certificate; expected one or more '%s' blocks"
                    .formatted(what, file, BEGIN_CERTIFICATE));
        }
        return list;
    }

    private static PrivateKey privateKey(Path file) {
        String text = new String(read(file, "private key"), StandardCharsets.US_ASCII);
        String begin = "-----BEGIN PRIVATE KEY-----";
        int from = text.indexOf(begin);
        int to = text.indexOf("-----END PRIVATE KEY-----");
        if (from < 0 || to < from) {
            String hint = text.contains("BEGIN RSA PRIVATE KEY") || text.contains("BEGIN EC PRIVATE KEY")
                    ? "it is in the traditional (PKCS#1/SEC1) form; convert it with "
                            + "'openssl pkcs8 -topk8 -nocrypt -in %s -out KEY.pk8'".formatted(file)
                    : text.contains("BEGIN ENCRYPTED PRIVATE KEY")
                            ? "it is encrypted; the controller starts unattended, so give it the key decrypted "
                                    + "('openssl pkcs8 -in %s -out KEY.pk8') in a file only it can read".formatted(file)
                            : "expected a '" + begin + "' block";
            throw new IllegalArgumentException("private key file %s: no unencrypted PKCS#8 key; %s".formatted(file, hint));
        }
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("private key file %s: the PEM block is not base64 (%s)".formatted(file, e.getMessage()), e);
        }
        for (String algorithm : List.of("RSA", "EC", "Ed25519")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // not this algorithm; the next may read it
            }
        }
        throw new IllegalArgumentException("private key file %s: not an RSA, EC or Ed25519 PKCS#8 key".formatted(file));
    }

    private static void requireValid(X509Certificate c, Path file, Instant now) {
        if (now.isAfter(c.getNotAfter().toInstant())) {
            throw new IllegalArgumentException("certificate %s (%s) expired on %s; renew it or take it out of the file"
                    .formatted(file, c.getSubjectX500Principal().getName(), c.getNotAfter().toInstant()));
        }
        if (now.isBefore(c.getNotBefore().toInstant())) {
            throw new IllegalArgumentException("certificate %s (%s) is valid only from %s; is this machine's clock right?"
                    .formatted(file, c.getSubjectX500Principal().getName(), c.getNotBefore().toInstant()));
        }
    }

    /** A key that is not the certificate's fails only at the first handshake, on the switch's side; say it now. */
    private static void requireKeyOf(PrivateKey key, Path keyFile, List<X509Certificate> chain, Path certFile) {
        X509Certificate c = chain.get(0);
        if (signsFor(key, c)) {
            return;
        }
        for (int i = 1; i < chain.size(); i++) {
            if (signsFor(key, chain.get(i))) {
                throw new IllegalArgumentException(("private key %s is the key of certificate %d (%s) in %s, not of the first (%s): "
                        + "put the controller's own certificate first, then the CAs that signed it").formatted(keyFile, i + 1,
                        chain.get(i).getSubjectX500Principal().getName(), certFile, c.getSubjectX500Principal().getName()));
            }
        }
        throw new IllegalArgumentException("private key %s (%s) is not the key of certificate %s (%s, %s key)".formatted(
                keyFile, key.getAlgorithm(), certFile, c.getSubjectX500Principal().getName(), c.getPublicKey().getAlgorithm()));
    }

    /** @return whether a probe signed with {@code key} verifies with {@code c}'s public key */
    private static boolean signsFor(PrivateKey key, X509Certificate c) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm();
        };
        byte[] probe = "te southbound key check".getBytes(StandardCharsets.US_ASCII);
        try {
            Signature sign = Signature.getInstance(algorithm);
            sign.initSign(key);
            sign.update(probe);
            byte[] signature = sign.sign();
            Signature verify = Signature.getInstance(algorithm);
            verify.initVerify(c.getPublicKey());
            verify.update(probe);
            return verify.verify(signature);
        } catch (GeneralSecurityException e) {
            return false; // e.g. an EC key against an RSA certificate
        }
    }

    private static byte[] read(Path file, String what) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read %s file %s: %s".formatted(what, file, e), e);
        }
    }
}
