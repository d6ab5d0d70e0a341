package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.OpenFlowPublisher;
import te.controller.southbound.OvsBridges;
import te.lp.Allocation;
import te.southbound.ovs.OvsSandbox;
import te.topology.Topology;

/**
 * Link failures seen by the switches, against a real Open vSwitch: Abilene as eleven bridges, the
 * daemon pushing to them; a port set down on a bridge fails both arcs of its link and the next
 * allocation avoids them; up restores them; a port that went down while its bridge was away from
 * the controller is seen when it reconnects; a link that keeps flapping is kept down, shown as damped,
 * until its penalty decays.
 */
class PortStatusIT {
    @Test
    void portsTheSwitchesReportDownFailTheirLinks(@TempDir Path dir) throws Exception {
        OvsSandbox.assumeAvailable();
        Topology t = DaemonFixture.ABILENE;
        ConventionalWiring wiring = new ConventionalWiring(t);
        int ab = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
        int ba = t.arcIndex(t.resolveNode("1"), t.resolveNode("0"));
        runQuietly("ip", "link", "del", VETH_A); // left over by a killed run
        try (OvsSandbox ovs = OvsSandbox.start();
             // A 0.5 s hold-down; damping that suppresses a third flap within a few seconds for about 3 s.
             OpenFlowPublisher switches = OpenFlowPublisher.start(t, wiring,
                     te.southbound.SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0)), 500,
                     new te.controller.southbound.FlapDamping(Duration.ofSeconds(5), 1500, 2000, Duration.ofSeconds(30)));
             DaemonFixture d = DaemonFixture.start(dir, Duration.ofHours(1), Optional.empty(), 1 << 20, switches::publish)) {
            assertThat(d.get("/v1/switches").statusCode()).as("no view shown yet").isEqualTo(404);
            switches.followPorts(d.daemon::links, d.daemon::reportSwitchPorts);
            switches.keepFlapPenalties(d.daemon);
            d.daemon.showSwitches(switches);
            ovs.vsctl(OvsBridges.of(t, wiring).toArray(String[]::new));
            // Patch ports cannot be set down ("Operation not supported"), so link 0-1 is a veth
            // pair: a port set down at one end loses carrier at the other, as a cut fibre would.
            run("ip", "link", "add", VETH_A, "type", "veth", "peer", "name", VETH_B);
            run("ip", "link", "set", VETH_A, "up");
            run("ip", "link", "set", VETH_B, "up");
            ovs.vsctl("del-port", OvsBridges.bridge(0), OvsBridges.port(t, ab), "--", "del-port", OvsBridges.bridge(1), OvsBridges.port(t, ba),
                    "--", "add-port", OvsBridges.bridge(0), VETH_A, "--", "set", "interface", VETH_A, "ofport_request=" + wiring.outPort(ab),
                    "--", "add-port", OvsBridges.bridge(1), VETH_B, "--", "set", "interface", VETH_B, "ofport_request=" + wiring.outPort(ba));
            ovs.vsctl(OvsBridges.controllers(t, switches.localAddress().getPort()).toArray(String[]::new));
            await("every bridge connected", () -> switches.switches().size() == t.nodeCount());
            // Port counters of every arc's tail port, read twice, give every arc a measured load
            // (idle here: 0 Mbps, or the few bytes of OVS's own traffic).
            switches.followLoads(d.daemon::reportLinkLoads, Duration.ofMillis(200));
            await("every arc measured", () -> DaemonFixture.json(d.get("/v1/links/load")).findValues("measuredMbps").stream()
                    .filter(v -> !v.isNull()).count() == t.arcCount());
            assertThat(DaemonFixture.json(d.get("/v1/links/load")).get("maxMeasuredUtilisation").asDouble()).isBetween(0.0, 0.01);
            d.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":500},{\"src\":\"1\",\"dst\":\"0\",\"demand\":500}]");
            d.awaitAllocationFor(1, 0);
            assertThat(d.daemon.links().downArcs()).as("every port reported up").isEmpty();
            // GET /v1/switches: every bridge, and the first allocation's push confirmed clean.
            await("the push confirmed", () -> DaemonFixture.json(d.get("/v1/switches")).path("lastPush").path("state").asText().equals("done"));
            com.fasterxml.jackson.databind.JsonNode view = DaemonFixture.json(d.get("/v1/switches"));
            assertThat(view.get("switches")).hasSize(t.nodeCount());
            assertThat(view.get("switches").findValuesAsText("dpid")).contains(wiring.dpid(0).toString());
            // Open vSwitch skips a SELECT bucket whose watch port is down, and says so in its group features.
            await("group features read", () -> DaemonFixture.json(d.get("/v1/switches")).get("switches")
                    .findValuesAsText("selectLiveness").stream().filter("true"::equals).count() == t.nodeCount());
            assertThat(view.get("lastPush").get("clean").asBoolean()).isTrue();
            assertThat(view.get("lastPush").get("mods").asInt()).isPositive();
            long confirmed = view.get("lastPush").get("allocationVersion").asLong();
            // The confirmed version is recorded as the push completes, just after its state reads "done".
            await("the metrics", () -> d.get("/metrics").body().contains("te_switches_allocation_version " + (double) confirmed));
            assertThat(d.get("/metrics").body()).contains("te_switches_connected " + (double) t.nodeCount());

            ovs.ofctl("mod-port", OvsBridges.bridge(0), VETH_A, "down");
            await("both arcs of the link failed", () -> d.daemon.links().isSwitchDown(ab) && d.daemon.links().isSwitchDown(ba));
            assertThat(d.daemon.links().downArcs()).containsExactlyInAnyOrder(ab, ba);
            d.awaitAllocationFor(1, d.daemon.links().version());
            Allocation after = d.checkedAllocation(d.get("/v1/allocation").body(), List.of(ab, ba));
            assertThat(after.arcLoadMbps()[ab]).isZero();
            assertThat(after.arcLoadMbps()[ba]).isZero();
            assertThat(after.totalFlowMbps()).isPositive();

            ovs.ofctl("mod-port", OvsBridges.bridge(0), VETH_A, "up");
            await("the link restored", () -> d.daemon.links().downArcs().isEmpty());
            assertThat(DaemonFixture.json(d.get("/v1/switches")).get("dampedLinks")).isEmpty();

            // Two more flaps, each slower than the hold-down: two flaps cannot exceed 2000, the third
            // (within a few seconds of the first) does.
            ovs.ofctl("mod-port", OvsBridges.bridge(0), VETH_A, "down");
            await("the second flap", () -> d.daemon.links().isSwitchDown(ab));
            ovs.ofctl("mod-port", OvsBridges.bridge(0), VETH_A, "up");
            await("restored after the second flap", () -> d.daemon.links().downArcs().isEmpty());
            ovs.ofctl("mod-port", OvsBridges.bridge(0), VETH_A, "down");
            await("the third flap", () -> d.daemon.links().isSwitchDown(ab));
            ovs.ofctl("mod-port", OvsBridges.bridge(0), VETH_A, "up");
            long up = System.nanoTime();
            await("the link shown as damped", () -> DaemonFixture.json(d.get("/v1/switches")).get("dampedLinks").size() == 2);
            com.fasterxml.jackson.databind.JsonNode damped = DaemonFixture.json(d.get("/v1/switches")).get("dampedLinks");
            assertThat(damped.findValuesAsText("link")).containsExactlyInAnyOrder("0->1", "1->0");
            double reuseIn = damped.get(0).get("reuseInSeconds").asDouble();
            assertThat(reuseIn).as("5 s · log2(penalty / 1500), penalty above 2000").isGreaterThan(1.0);
            assertThat(d.get("/metrics").body()).contains("te_links_damped 2.0");
            // The penalties are in the state directory within a second, for a restarted daemon to keep.
            await("the penalties stored", () -> d.daemon.storedFlapPenalties().map(s -> s.penalties().stream()
                    .filter(te.controller.daemon.FlapPenalty::suppressed).count() == 2).orElse(false));
            Thread.sleep((long) (Math.min(1.0, reuseIn - 0.3) * 1000)); // past the 0.5 s hold-down
            assertThat(d.daemon.links().isSwitchDown(ab)).as("kept down though its ports are up").isTrue();
            await("the link restored once its penalty decayed", () -> d.daemon.links().downArcs().isEmpty());
            // reuseInSeconds is rounded up to 0.1 s.
            assertThat((System.nanoTime() - up) / 1e9).isGreaterThanOrEqualTo(reuseIn - 0.1);
            assertThat(DaemonFixture.json(d.get("/v1/switches")).get("dampedLinks")).isEmpty();

            // Node 5's bridge misses a push: the allocation is not confirmed. Back, it is brought up
            // to date, and that run confirms the allocation (before, only the next one could).
            ovs.vsctl("set-controller", OvsBridges.bridge(5), "tcp:127.0.0.1:1");
            await("node 5's bridge gone", () -> switches.switches().size() == t.nodeCount() - 1);
            d.send("PATCH", "/v1/demands", "text/csv", "5,9,300\n9,5,300\n");
            long missed = d.awaitAllocationFor(2, d.daemon.links().version()).path("allocation").path("version").asLong();
            await("the push done without node 5", () -> {
                var last = DaemonFixture.json(d.get("/v1/switches")).path("lastPush");
                return last.path("allocationVersion").asLong() == missed && last.path("state").asText().equals("done with problems");
            });
            assertThat(d.get("/metrics").body()).doesNotContain("te_switches_allocation_version " + (double) missed);
            ovs.vsctl("set-controller", OvsBridges.bridge(5), "tcp:127.0.0.1:" + switches.localAddress().getPort());
            await("the allocation confirmed once node 5 is back", () -> d.get("/metrics").body()
                    .contains("te_switches_allocation_version " + (double) missed));
            assertThat(DaemonFixture.json(d.get("/v1/switches")).path("lastPush").path("clean").asBoolean()).isTrue();

            // Node 2's bridge leaves the controller, one of its ports is removed meanwhile, and it
            // comes back: the port list it is asked for on reconnecting reveals the failure.
            int away = 2;
            int cd = java.util.stream.IntStream.range(0, t.arcCount()).filter(a -> t.arcSrc(a) == away).findFirst().orElseThrow();
            ovs.vsctl("del-controller", OvsBridges.bridge(away));
            await("node 2's bridge gone", () -> switches.switches().size() == t.nodeCount() - 1);
            // (No PORT_STATUS can reach the controller now; only the port list on reconnecting can tell.)
            ovs.vsctl("del-port", OvsBridges.bridge(away), OvsBridges.port(t, cd));
            ovs.vsctl("set-controller", OvsBridges.bridge(away), "tcp:127.0.0.1:" + switches.localAddress().getPort());
            await("the failure seen on reconnect", () -> d.daemon.links().isSwitchDown(cd));
        } finally {
            runQuietly("ip", "link", "del", VETH_A);
        }
    }

    private static final String VETH_A = "te-pst-a";
    private static final String VETH_B = "te-pst-b";

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out.strip());
        }
    }

    private static void runQuietly(String... cmd) {
        try {
            run(cmd);
        } catch (Exception e) {
            // already gone
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
