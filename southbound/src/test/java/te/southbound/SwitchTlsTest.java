package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS on switch connections: the certificate files and their refusals, and handshakes of
 * in-memory switches with trusted, foreign, missing and no certificates (make-certs.sh made the
 * fixtures).
 */
class SwitchTlsTest {
    private static final Path DIR = Path.of("src/test/resources/tls");
    private static final Instant NOW = Instant.now();

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<WeightPusher> pushers = new ArrayList<>();

    @AfterEach
    void stop() {
        pushers.forEach(WeightPusher::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private static SwitchTls controllerTls() {
        return SwitchTls.fromPem(DIR.resolve("controller.pem"), DIR.resolve("controller.key"), DIR.resolve("ca.pem"), NOW);
    }

    /** A switch's side: its certificate (or none) and the CA it checks the controller against. */
    private static SslContext switchTls(String name) throws Exception {
        // As Open vSwitch: the controller's certificate must chain to the CA, its name is not checked
        // (Netty 4.2 clients check it by default).
        SslContextBuilder b = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).trustManager(DIR.resolve("ca.pem").toFile())
                .endpointIdentificationAlgorithm(null);
        if (name != null) {
            b.keyManager(DIR.resolve(name + ".pem").toFile(), DIR.resolve(name + ".key").toFile());
        }
        return b.build();
    }

    private WeightPusher start(SouthboundConfig config) throws Exception {
        WeightPusher p = WeightPusher.start(config.withListen(new InetSocketAddress("127.0.0.1", 0))
                .withKnownSwitches(Set.of(new Dpid(1), new Dpid(2), new Dpid(3))).withAuditIntervalMs(0).withRequestTimeoutMs(2_000));
        pushers.add(p);
        return p;
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition within 10 s").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    @Test
    void readsTheFixturesAndSaysWhoItIs() {
        SwitchTls tls = controllerTls();
        assertThat(tls.certificate().getSubjectX500Principal().getName()).isEqualTo("CN=te-controller,O=te tests");
        assertThat(tls.trustedSubjects()).containsExactly("CN=te test CA,O=te tests");
        assertThat(tls.describe()).contains("CN=te-controller", "CN=te test CA");
    }

    @Test
    void refusesEachBadFileNamingIt(@TempDir Path tmp) throws Exception {
        Path cert = DIR.resolve("controller.pem");
        Path key = DIR.resolve("controller.key");
        Path ca = DIR.resolve("ca.pem");
        Path missing = tmp.resolve("nope.pem");
        // The reason in words: it said "java.nio.file.NoSuchFileException: PATH" after the path.
        assertThatThrownBy(() -> SwitchTls.fromPem(missing, key, ca, NOW))
                .hasMessage("cannot read certificate chain file " + missing + ": no such file or directory");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, key, key, NOW))
                .hasMessageContaining("trusted certificates file " + key).hasMessageContaining("BEGIN CERTIFICATE");
        Path pkcs1 = DIR.resolve("controller-pkcs1.key");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, pkcs1, ca, NOW))
                .hasMessageContaining("private key file " + pkcs1).hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, cert, ca, NOW))
                .hasMessageContaining("private key file " + cert).hasMessageContaining("BEGIN PRIVATE KEY");
        Path garbled = tmp.resolve("garbled.key");
        Files.writeString(garbled, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, garbled, ca, NOW))
                .hasMessageContaining("private key file " + garbled).hasMessageContaining("not an RSA, EC or Ed25519");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, DIR.resolve("rogue.key"), ca, NOW))
                .hasMessageContaining("rogue.key").hasMessageContaining("is not the key of certificate " + cert);
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, key, ca, Instant.parse("2200-01-01T00:00:00Z")))
                .hasMessageContaining("certificate " + cert).hasMessageContaining("expired on");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, key, ca, Instant.parse("2001-01-01T00:00:00Z")))
                .hasMessageContaining("is valid only from");
        // The JDK would take an expired trust anchor's switches; OpenSSL would not, and neither do we.
        Path shortLived = DIR.resolve("short-lived-ca.pem");
        Instant afterIt;
        try (var in = Files.newInputStream(shortLived)) {
            afterIt = ((java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509")
                    .generateCertificate(in)).getNotAfter().toInstant().plusSeconds(60);
        }
        assertThat(SwitchTls.fromPem(cert, key, shortLived, afterIt.minus(java.time.Duration.ofHours(2))).trustedSubjects())
                .containsExactly("CN=short-lived CA,O=te tests");
        assertThatThrownBy(() -> SwitchTls.fromPem(cert, key, shortLived, afterIt))
                .hasMessageContaining("certificate " + shortLived + " (CN=short-lived CA,O=te tests) expired on");
        // CA first, own certificate second: said so, instead of "not the key".
        Path caFirst = tmp.resolve("ca-first.pem");
        Files.writeString(caFirst, Files.readString(ca) + Files.readString(cert));
        assertThatThrownBy(() -> SwitchTls.fromPem(caFirst, key, ca, NOW))
                .hasMessageContaining("is the key of certificate 2 (CN=te-controller,O=te tests)").hasMessageContaining("put the controller's own certificate first");
        Path truncated = tmp.resolve("truncated.pem");
        Files.writeString(truncated, Files.readString(cert).replace("-----END CERTIFICATE-----", ""));
        assertThatThrownBy(() -> SwitchTls.fromPem(truncated, key, ca, NOW))
                .hasMessageContaining("certificate chain file " + truncated + ": certificate 1 is not a PEM X.509 certificate");
    }

    @Test
    void takesTheCertificatesOutOfAFileThatAlsoHoldsTheKeyAndText(@TempDir Path tmp) throws Exception {
        // As ovs-pki writes certificates (a text dump first) and as some tools bundle key and chain.
        Path bundle = tmp.resolve("bundle.pem");
        Files.writeString(bundle, "Certificate:\n    Data: (text dump)\n" + Files.readString(DIR.resolve("controller.key"))
                + Files.readString(DIR.resolve("controller.pem")) + Files.readString(DIR.resolve("ca.pem")));
        SwitchTls tls = SwitchTls.fromPem(bundle, DIR.resolve("controller.key"), DIR.resolve("ca.pem"), NOW);
        assertThat(tls.certificate().getSubjectX500Principal().getName()).isEqualTo("CN=te-controller,O=te tests");
    }

    @Test
    void aSwitchWithATrustedCertificateIsProgrammedOverTls() throws Exception {
        WeightPusher p = start(SouthboundConfig.defaults().withTls(controllerTls()));
        List<FakeSwitch> switches = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            switches.add(new FakeSwitch(i).connect(group, p.localAddress(), switchTls("switch")));
        }
        await(() -> p.status().size() == 3);
        assertThat(p.status()).allSatisfy(s -> assertThat(s.peerCertificate()).isEqualTo("CN=switch-1,O=te tests"));

        List<WeightedPath> paths = List.of(
                new WeightedPath(List.of(new Hop(new Dpid(1), 2), new Hop(new Dpid(2), 3), new Hop(new Dpid(3), 9)), 1),
                new WeightedPath(List.of(new Hop(new Dpid(1), 3), new Hop(new Dpid(3), 9)), 3));
        PushReport r = p.push(new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"), paths))))
                .get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as(r.toString()).isTrue();
        assertThat(switches.get(0).groups.values()).singleElement()
                .satisfies(g -> assertThat(g.buckets()).extracting(b -> b.weight()).containsExactlyInAnyOrder(25, 75));
    }

    @Test
    void switchesWithoutATrustedCertificateAreNeverRegistered() throws Exception {
        WeightPusher p = start(SouthboundConfig.defaults().withTls(controllerTls()));
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            FakeSwitch rogue = new FakeSwitch(1).connect(group, p.localAddress(), switchTls("rogue"));
            FakeSwitch anonymous = new FakeSwitch(2).connect(group, p.localAddress(), switchTls(null));
            FakeSwitch plain = new FakeSwitch(3).connect(group, p.localAddress());
            await(() -> !rogue.connected() && !anonymous.connected() && !plain.connected());
            await(() -> log.lines().stream().filter(l -> l.contains("TLS handshake failed")).count() == 3);
            assertThat(log.lines()).filteredOn(l -> l.contains("TLS handshake failed"))
                    .anyMatch(l -> l.contains("does its certificate chain to one of the trusted ones"))
                    .anyMatch(l -> l.contains("is it set to connect with tcp: instead of ssl:?"));
        }
        assertThat(p.status()).isEmpty();
    }

    @Test
    void aPeerThatNeverStartsTlsIsClosedAfterTheTimeoutAndLoggedOnce() throws Exception {
        WeightPusher p = WeightPusher.start(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withTls(controllerTls()).withRequestTimeoutMs(300).withAuditIntervalMs(0));
        pushers.add(p);
        try (LogCapture log = new LogCapture(SwitchConnection.class);
             java.net.Socket silent = new java.net.Socket("127.0.0.1", p.localAddress().getPort())) {
            silent.setSoTimeout(5_000);
            // The controller's HELLO is held behind TLS: what comes is the close, with no OpenFlow byte before it.
            assertThat(silent.getInputStream().read()).isEqualTo(-1);
            await(() -> log.lines().stream().anyMatch(l -> l.contains("TLS handshake failed")));
            Thread.sleep(400); // the OpenFlow handshake's timer has fired too by now
            String port = ":" + silent.getLocalPort();
            assertThat(log.lines()).filteredOn(l -> l.contains(port) && l.startsWith("WARN")).singleElement().asString()
                    .contains("sent no TLS handshake in time");
        }
    }

    @Test
    void refusedHandshakesAreLoggedWithinABudget() throws Exception {
        WeightPusher p = start(SouthboundConfig.defaults().withTls(controllerTls()));
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            for (int i = 0; i < 25; i++) {
                FakeSwitch plain = new FakeSwitch(1).connect(group, p.localAddress());
                await(() -> !plain.connected());
            }
            await(() -> log.lines().stream().filter(l -> l.contains("TLS handshake failed")).count() >= 20);
            Thread.sleep(200);
            assertThat(log.lines()).filteredOn(l -> l.contains("TLS handshake failed")).hasSize(20);
            assertThat(log.lines()).noneMatch(l -> l.startsWith("INFO"));
        }
    }

    @Test
    void aDatapathIdIsTakenOnlyFromACertificateWithItsName() throws Exception {
        WeightPusher p = start(SouthboundConfig.defaults().withTls(controllerTls())
                .withCertificateNames(java.util.Map.of(new Dpid(1), "switch-1", new Dpid(2), "switch-2")));
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            // All three show switch-1's certificate, which the CA signed: only dpid 1 may use it.
            new FakeSwitch(1).connect(group, p.localAddress(), switchTls("switch"));
            FakeSwitch impostor = new FakeSwitch(2).connect(group, p.localAddress(), switchTls("switch"));
            FakeSwitch unnamed = new FakeSwitch(3).connect(group, p.localAddress(), switchTls("switch"));
            await(() -> !impostor.connected() && !unnamed.connected());
            await(() -> p.status().size() == 1);
            assertThat(p.status()).singleElement().satisfies(s -> assertThat(s.dpid()).isEqualTo(new Dpid(1)));
            assertThat(log.lines()).anyMatch(l -> l.contains("claims datapath id 0000000000000002, but its certificate's name is "
                    + "'switch-1', not 'switch-2' as configured for it; closing"));
            assertThat(log.lines()).anyMatch(l -> l.contains("claims datapath id 0000000000000003, which has no certificate name "
                    + "configured (its certificate's is 'switch-1')"));
        }
    }

    @Test
    void certificateNamesNeedTlsAndNameTheMostSpecificCommonName() {
        assertThatThrownBy(() -> SouthboundConfig.defaults().withCertificateNames(java.util.Map.of(new Dpid(1), "s1")))
                .hasMessageContaining("they need TLS");
        assertThat(SwitchConnection.commonName("CN=switch-1,O=te tests")).isEqualTo("switch-1");
        assertThat(SwitchConnection.commonName("CN=leaf\\,7,OU=CN=x,CN=root")).isEqualTo("leaf,7");
        assertThat(SwitchConnection.commonName("O=te tests")).isEmpty();
        assertThat(SwitchConnection.commonName(null)).isEmpty();
    }

    @Test
    void aTlsSwitchAtAPlainListenerIsToldWhatHappened() throws Exception {
        WeightPusher p = start(SouthboundConfig.defaults());
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            FakeSwitch s = new FakeSwitch(1).connect(group, p.localAddress(), switchTls("switch"));
            await(() -> !s.connected());
            await(() -> log.lines().stream().anyMatch(l -> l.contains("the peer opened a TLS handshake, and this listener speaks plain TCP")));
        }
        assertThat(p.status()).isEmpty();
    }
}
