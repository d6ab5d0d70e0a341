package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.FlapDamping;
import te.controller.southbound.OpenFlowPublisher;
import te.controller.southbound.OvsBridges;
import te.southbound.RoleClaim;
import te.southbound.SouthboundConfig;
import te.southbound.openflow.ControllerRole;
import te.southbound.ovs.OvsSandbox;
import te.topology.Topology;

/**
 * A primary and a standby daemon on Abilene's eleven OVS bridges: only the primary's pushes reach
 * the switches; {@code POST /v1/openflow/role} on the standby takes them over, after which its
 * allocation is confirmed on the switches and the old primary shows itself replaced.
 */
class FailoverIT {
    private static final String DEMANDS = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":500},{\"src\":\"1\",\"dst\":\"5\",\"demand\":300}]";

    @Test
    void theStandbyTakesOverWhenAskedAndTheOldPrimaryStandsAside(@TempDir Path dir) throws Exception {
        OvsSandbox.assumeAvailable();
        Topology t = DaemonFixture.ABILENE;
        ConventionalWiring wiring = new ConventionalWiring(t);
        SouthboundConfig base = SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0)).withKeepalive(500, 2_000);
        try (OvsSandbox ovs = OvsSandbox.start();
             OpenFlowPublisher primarySwitches = OpenFlowPublisher.start(t, wiring,
                     base.withRole(new RoleClaim(ControllerRole.MASTER, 41)), 500, FlapDamping.DEFAULT);
             OpenFlowPublisher standbySwitches = OpenFlowPublisher.start(t, wiring,
                     base.withRole(new RoleClaim(ControllerRole.SLAVE, 41)), 500, FlapDamping.DEFAULT);
             DaemonFixture primary = DaemonFixture.start(dir.resolve("primary"), Duration.ofHours(1), Optional.empty(), 1 << 20,
                     primarySwitches::publish);
             DaemonFixture standby = DaemonFixture.following(dir.resolve("standby"), primary.url(""), standbySwitches::publish)) {
            primary.daemon.showSwitches(primarySwitches);
            standby.daemon.showSwitches(standbySwitches);
            standby.daemon.startFollowing();
            ovs.vsctl(OvsBridges.of(t, wiring).toArray(String[]::new));
            ovs.vsctl(OvsBridges.controllers(t, primarySwitches.localAddress().getPort(), standbySwitches.localAddress().getPort())
                    .toArray(String[]::new));
            await("both daemons see every bridge", () -> primarySwitches.switches().size() == t.nodeCount()
                    && standbySwitches.switches().size() == t.nodeCount());

            // Demands and a drain go to the primary alone: the standby mirrors both (--follow).
            String drained = "/v1/links/0/1";
            assertThat(primary.send("POST", drained + "/drain", null, null).statusCode()).isEqualTo(200);
            primary.putJson(DEMANDS);
            await("the primary's push confirmed", () -> state(primary).equals("done"));
            await("the standby mirrors the demands", () -> DaemonFixture.json(standby.get("/v1/demands")).toString()
                    .equals(DaemonFixture.json(primary.get("/v1/demands")).toString()));
            await("the standby's push left to the master", () -> state(standby).equals("left to the master")
                    && DaemonFixture.json(standby.get("/v1/status")).path("allocation").path("current").asBoolean());
            assertThat(plannedMbps(standby, "0", "1")).as("the mirrored drain is in the standby's allocation").isZero();
            standby.checkedAllocation(standby.get("/v1/allocation").body(), standby.daemon.links().capacitiesMbps(t.capacitiesMbps()));
            assertThat(standby.putJson(DEMANDS).statusCode()).as("a standby refuses demands of its own").isEqualTo(409);
            JsonNode standbyView = DaemonFixture.json(standby.get("/v1/switches"));
            assertThat(standbyView.get("role").get("role").asText()).isEqualTo("slave");
            assertThat(standbyView.get("switches").findValuesAsText("role")).hasSize(t.nodeCount()).containsOnly("slave");
            assertThat(standbyView.get("lastPush").get("mods").asInt()).isZero();
            assertThat(standbyView.get("lastPush").get("notMaster")).as("the switches its allocation uses").isNotEmpty();
            assertThat(standby.get("/metrics").body()).contains("te_switches_allocation_version 0.0").contains("te_switches_programmed 0.0");
            assertThat(primary.get("/metrics").body()).contains("te_switches_programmed " + (double) t.nodeCount());
            String primaryTables = dumpGroups(ovs, t);

            // A stale claim is refused by every switch: 409, nothing changes.
            HttpResponse<String> stale = standby.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"master\",\"generation\":40}");
            assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
            assertThat(DaemonFixture.json(stale).get("switches").findValuesAsText("problem"))
                    .allSatisfy(p -> assertThat(p).contains("as stale"));
            assertThat(dumpGroups(ovs, t)).isEqualTo(primaryTables);

            HttpResponse<String> takeover = standby.send("POST", "/v1/openflow/role", "application/json", "{\"role\":\"master\",\"generation\":42}");
            assertThat(takeover.statusCode()).as(takeover.body()).isEqualTo(200);
            JsonNode answer = DaemonFixture.json(takeover);
            assertThat(answer.get("granted").asBoolean()).isTrue();
            assertThat(answer.get("switches").findValuesAsText("role")).hasSize(t.nodeCount()).containsOnly("master");
            await("the standby's allocation confirmed on the switches", () -> state(standby).equals("done"));
            // A master follows no one: it keeps the mirrored drain and takes changes of its own.
            assertThat(DaemonFixture.json(standby.get("/v1/status")).path("follow").path("following").asBoolean()).isFalse();
            assertThat(plannedMbps(standby, "0", "1")).isZero();
            assertThat(standby.send("POST", drained + "/undrain", null, null).statusCode()).isEqualTo(200);
            // One read: the undrain's push may be in progress, and a report has no notMaster until it is done.
            await("the new master's push left to no other master", () -> {
                JsonNode push = DaemonFixture.json(standby.get("/v1/switches")).path("lastPush");
                return push.has("notMaster") && push.get("notMaster").isEmpty();
            });
            await("the old primary sees it was replaced", () -> DaemonFixture.json(primary.get("/v1/switches")).get("switches")
                    .findValuesAsText("roleProblem").stream().filter(p -> p.contains("another controller became master")).count() == t.nodeCount());
            assertThat(DaemonFixture.json(primary.get("/v1/switches")).get("switches").findValues("programmed"))
                    .allSatisfy(p -> assertThat(p.asBoolean()).isFalse());
            assertThat(primary.get("/metrics").body()).contains("te_switches_programmed 0.0");
            assertThat(standby.get("/metrics").body()).contains("te_switches_programmed " + (double) t.nodeCount());
        }
    }

    /** @return the load the served allocation of {@code d} plans on link src→dst, Mbps */
    private static double plannedMbps(DaemonFixture d, String src, String dst) {
        for (JsonNode l : DaemonFixture.json(d.get("/v1/links/load")).path("links")) {
            if (l.path("src").asText().equals(src) && l.path("dst").asText().equals(dst)) {
                return l.path("plannedMbps").asDouble();
            }
        }
        throw new AssertionError("no link " + src + "->" + dst);
    }

    private static String state(DaemonFixture d) {
        return DaemonFixture.json(d.get("/v1/switches")).path("lastPush").path("state").asText();
    }

    private static String dumpGroups(OvsSandbox ovs, Topology t) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int v = 0; v < t.nodeCount(); v++) {
            sb.append(ovs.ofctl("dump-groups", OvsBridges.bridge(v)));
        }
        return sb.toString();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
