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
 * A server's own TLS certificate chain and private key from PEM files, checked when read: each
 * wrong file is refused naming it and what is wrong, at start-up, instead of failing every
 * handshake later at the peer's end. Used for the switches' listener ({@link SwitchTls}) and the
 * daemon's HTTPS.
 *
 * @param key   the private key (RSA, EC or Ed25519)
 * @param chain the certificate chain, the key's own certificate first
 */
public record PemCredentials(PrivateKey key, List<X509Certificate> chain) {
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    public PemCredentials {
        Objects.requireNonNull(key, "key");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("a certificate chain needs at least the key's own certificate");
        }
    }

    /** @return the key's own certificate */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /**
     * Reads a certificate chain (the key's own certificate first, then the CAs that signed it) and
     * its private key (unencrypted PKCS#8, {@code BEGIN PRIVATE KEY}).
     *
     * @param now the time the certificate must be valid at
     * @throws IllegalArgumentException naming the file and what is wrong with it: unreadable, no
     *         certificate or key in it, a key in another form, a key that is not the certificate's,
     *         a certificate that has expired or is not valid yet
     */
    public static PemCredentials read(Path certificateChain, Path privateKey, Instant now) {
        List<X509Certificate> chain = certificates(certificateChain, "certificate chain");
        PrivateKey key = privateKey(privateKey);
        requireValid(chain.get(0), certificateChain, now);
        requireKeyOf(key, privateKey, chain, certificateChain);
        return new PemCredentials(key, chain);
    }

    /**
     * @return the certificates of a PEM file that peers' certificates must chain to, each checked
     *         to be valid at {@code now}: the JDK does not check a trust anchor's dates (OpenSSL
     *         does), so an expired CA would otherwise still let its peers in
     * @throws IllegalArgumentException naming the file and the certificate
     */
    public static List<X509Certificate> trusted(Path file, Instant now) {
        List<X509Certificate> anchors = certificates(file, "trusted certificates");
        for (X509Certificate anchor : anchors) {
            requireValid(anchor, file, now);
        }
        return anchors;
    }

    /**
     * @param clientTrust certificates a client's certificate must chain to; empty: clients show none
     * @return a server context (TLS 1.3 and 1.2, the JDK's provider) showing this chain, requiring a
     *         client certificate that chains to {@code clientTrust} when that is not empty
     * @throws IllegalArgumentException naming the certificate if the JDK cannot set TLS up with it
     */
    public SslContext serverContext(List<X509Certificate> clientTrust) {
        SslContextBuilder b = SslContextBuilder.forServer(key, chain.toArray(X509Certificate[]::new))
                .sslProvider(SslProvider.JDK)
                .protocols(PROTOCOLS);
        if (!clientTrust.isEmpty()) {
            b.trustManager(clientTrust.toArray(X509Certificate[]::new)).clientAuth(ClientAuth.REQUIRE);
        }
        try {
            return b.build();
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot set up TLS with certificate %s and its key: %s"
                    .formatted(certificate().getSubjectX500Principal().getName(), e.getMessage()), e);
        }
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
            throw new IllegalArgumentException("cannot read %s file %s: %s".formatted(what, file, why(e)), e);
        }
    }

    /** The file system's reason in words: an exception's own text is its class name and the path again. */
    private static String why(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : String.valueOf(e.getMessage());
    }
}
