package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static te.southbound.ovs.OvsNetwork.hops;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import te.southbound.CommodityRoute;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.IpPrefix;
import te.southbound.MessageLog;
import te.southbound.SouthboundConfig;
import te.southbound.SwitchTls;
import te.southbound.WeightPusher;
import te.southbound.WeightedPath;
import te.southbound.openflow.OfMessage;

/**
 * Six bridges in one private OVS, joined as a ring 1-2-3-4-5-6-1 with chords 1-4 and 2-5, and a
 * controller listening on an ephemeral loopback port.
 */
abstract class OvsTestBase {
    static final int SWITCHES = 6;
    /**
     * Start of a labelled bucket in ovs-ofctl dumps. Flows carry cookies of their own: tag
     * 0x7e5b0001, then a tunnel's label (an ingress flow's group less 65536), then kind 2 (1).
     */
    static final String PUSH = "actions=push_mpls:0x8847,set_field:";
    static final int[][] LINKS = {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 1}, {1, 4}, {2, 5}};

    /** A sent message with its global send order. */
    record Sent(Dpid dpid, OfMessage msg) {
    }

    final List<Sent> sent = new CopyOnWriteArrayList<>();
    OvsSandbox ovs;
    OvsNetwork net;
    WeightPusher pusher;

    /** Audit period for the test, ms (0 = off, so message logs hold only what a push caused). */
    long auditIntervalMs() {
        return 0;
    }

    /** Whether the switches connect over mutual TLS (off by default, as in production). */
    boolean tls() {
        return false;
    }

    /** The TLS fixtures (southbound/src/test/resources/tls/make-certs.sh): absolute, ovs-vswitchd reads them. */
    static Path tlsFile(String name) {
        return Path.of("src/test/resources/tls", name).toAbsolutePath();
    }

    /** Whether the controller sends each phase as one bundle (off by default, as in production). */
    boolean bundles() {
        return false;
    }

    /** Whether each SELECT bucket watches its first port (on by default, as in production). */
    boolean bucketLiveness() {
        return true;
    }

    /** What each commodity's bucket weights add up to (100 by default, as in production). */
    int weightTotal() {
        return SouthboundConfig.defaults().weightTotal();
    }

    @BeforeEach
    void startNetwork() throws Exception {
        OvsSandbox.assumeAvailable();
        ovs = OvsSandbox.start();
        net = OvsNetwork.create(ovs, SWITCHES, LINKS);
        startController();
    }

    /** Starts a controller on a fresh port and points every bridge at it. */
    void startController() throws Exception {
        MessageLog log = (dpid, msg) -> sent.add(new Sent(dpid, msg));
        SouthboundConfig config = SouthboundConfig.defaults()
                .withListen(new InetSocketAddress("127.0.0.1", 0))
                .withKnownSwitches(IntStream.rangeClosed(1, SWITCHES).mapToObj(Dpid::new).collect(Collectors.toSet()))
                .withKeepalive(500, 2_000)
                .withAuditIntervalMs(auditIntervalMs())
                .withBundles(bundles())
                .withBucketLiveness(bucketLiveness())
                .withWeightTotal(weightTotal())
                .withMessageLog(log);
        if (tls()) {
            config = config.withTls(SwitchTls.fromPem(tlsFile("controller.pem"), tlsFile("controller.key"), tlsFile("ca.pem"), Instant.now()));
            ovs.vsctl("set-ssl", tlsFile("switch.key").toString(), tlsFile("switch.pem").toString(), tlsFile("ca.pem").toString());
        }
        pusher = WeightPusher.start(config);
        net.connect(tls() ? "ssl" : "tcp", pusher.localAddress().getPort());
        awaitTrue(() -> pusher.status().size() == SWITCHES, 15_000, "all switches connected");
    }

    @AfterEach
    void stopNetwork() throws Exception {
        if (pusher != null) {
            pusher.close();
        }
        if (ovs != null) {
            ovs.close();
        }
    }

    static DesiredState initialState() {
        return new DesiredState(List.of(
                commodity("c1", 1, "10.4.0.0/16", path(0.5, 1, 4), path(0.3, 1, 2, 3, 4), path(0.2, 1, 6, 5, 4)),
                commodity("c2", 2, "10.5.0.0/16", path(2 / 3.0, 2, 5), path(1 / 3.0, 2, 3, 4, 5)),
                commodity("c3", 3, "10.33.0.0/16", path(1.0, 3)),
                commodity("c4", 6, "10.1.0.0/24", path(1.0, 6, 1))));
    }

    static CommodityRoute commodity(String id, int ingress, String prefix, WeightedPath... paths) {
        return new CommodityRoute(id, new Dpid(ingress), IpPrefix.parse(prefix), List.of(paths));
    }

    static WeightedPath path(double fraction, int... nodes) {
        return new WeightedPath(hops(nodes), fraction);
    }

    static void awaitTrue(Supplier<Boolean> condition, long timeoutMs, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (!condition.get()) {
            assertThat(System.currentTimeMillis()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** Polls until {@code actual} equals {@code expected}; on timeout fails showing the difference. */
    static void awaitEqual(Supplier<String> actual, String expected, long timeoutMs, String what)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        String last = actual.get();
        while (!last.equals(expected) && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
            last = actual.get();
        }
        assertThat(last).as(what + " within " + timeoutMs + " ms").isEqualTo(expected);
    }

    String dumpQuietly() {
        try {
            return dumpAll();
        } catch (Exception e) {
            return "unreadable: " + e;
        }
    }

    /** @return every bridge's groups and flows, as ovs-ofctl prints them */
    String dumpAll() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int s = 1; s <= SWITCHES; s++) {
            sb.append("s").append(s).append(" groups:\n").append(net.groups(s)).append("\n");
            sb.append("s").append(s).append(" flows:\n").append(net.flows(s)).append("\n");
        }
        return sb.toString();
    }

    static Set<Dpid> dpids(int... ids) {
        return IntStream.of(ids).mapToObj(Dpid::new).collect(Collectors.toSet());
    }
}
