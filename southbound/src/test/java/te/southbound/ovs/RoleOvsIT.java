package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.PushReport;
import te.southbound.RoleClaim;
import te.southbound.SouthboundConfig;
import te.southbound.SwitchRole;
import te.southbound.SwitchStatus;
import te.southbound.WeightPusher;
import te.southbound.openflow.ControllerRole;

/**
 * Two controllers on the same six bridges, as a primary and a standby: only the master's pushes
 * reach the switches, the standby takes over by claiming MASTER with a newer generation id, and
 * the old master is fenced off by Open vSwitch itself (its writes refused with IS_SLAVE, its
 * stale claim refused) while the tables stay the new master's.
 */
class RoleOvsIT extends OvsTestBase {
    private WeightPusher standby;

    @AfterEach
    void stopStandby() {
        if (standby != null) {
            standby.close();
        }
    }

    /** The initial state with c1's split reversed: what the standby wants. */
    static DesiredState reversed() {
        return new DesiredState(List.of(
                commodity("c1", 1, "10.4.0.0/16", path(0.2, 1, 4), path(0.3, 1, 2, 3, 4), path(0.5, 1, 6, 5, 4)),
                initialState().commodities().get(1), initialState().commodities().get(2), initialState().commodities().get(3)));
    }

    @Test
    void onlyTheMasterProgramsAndAStandbyTakesOverFencingTheOldMaster() throws Exception {
        standby = WeightPusher.start(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withKnownSwitches(IntStream.rangeClosed(1, SWITCHES).mapToObj(Dpid::new).collect(Collectors.toSet()))
                .withAuditIntervalMs(0).withRole(new RoleClaim(ControllerRole.SLAVE, 5)));
        net.connect("tcp", pusher.localAddress().getPort(), standby.localAddress().getPort());
        awaitTrue(() -> standby.status().size() == SWITCHES && pusher.status().size() == SWITCHES, 15_000, "both controllers connected");

        List<SwitchRole> primary = pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 5)).get();
        assertThat(primary).hasSize(SWITCHES).allSatisfy(r -> assertThat(r.granted()).isEqualTo(ControllerRole.MASTER));
        awaitTrue(() -> standby.status().stream().allMatch(s -> s.role().granted() == ControllerRole.SLAVE), 5_000, "standby granted SLAVE");
        // Open vSwitch's own record of the roles (its database status lags by a few seconds).
        awaitEqual(this::roles, "master slave", 15_000, "OVS records the primary as master, the standby as slave");

        PushReport first = pusher.push(initialState()).get();
        assertThat(first.clean()).as(first.summary()).isTrue();
        assertThat(dumpAll()).isEqualTo(PushToOvsIT.EXPECTED);

        // The standby computes and pushes too, but sends nothing: the master's tables stay.
        PushReport held = standby.push(reversed()).get();
        assertThat(held.messagesSent()).isZero();
        assertThat(held.notMaster()).hasSize(SWITCHES);
        assertThat(held.summary()).contains("6 switches left alone (not master there)");
        assertThat(dumpAll()).isEqualTo(PushToOvsIT.EXPECTED);

        // Failover: the standby claims MASTER with the next generation; OVS demotes the primary.
        List<SwitchRole> takeover = standby.requestRole(new RoleClaim(ControllerRole.MASTER, 6)).get();
        assertThat(takeover).allSatisfy(r -> assertThat(r.programs()).as(r.toString()).isTrue());
        awaitEqual(this::roles, "slave master", 15_000, "OVS records the old primary as slave, the standby as master");
        PushReport mine = standby.push(reversed()).get();
        assertThat(mine.clean()).as(mine.summary()).isTrue();
        assertThat(mine.notMaster()).isEmpty();
        // Ids found on the switches were adopted: the same group, now with the standby's weights.
        assertThat(net.groups(1)).contains("group_id=65536,type=select,bucket=weight:20,");
        String afterTakeover = dumpAll();

        // OpenFlow 1.3 tells the old primary nothing; its periodic role check (every echo interval)
        // finds it is slave now, so it stops programming without having to be refused first.
        awaitTrue(() -> pusher.status().stream().allMatch(s -> s.role().problem() != null
                && s.role().problem().contains("the switch reports this controller as slave")), 5_000, "old primary sees the takeover");
        sent.clear();
        PushReport late = pusher.push(new DesiredState(initialState().commodities().subList(0, 3))).get();
        assertThat(late.messagesSent()).isZero();
        assertThat(late.notMaster()).hasSize(SWITCHES);
        assertThat(dumpAll()).isEqualTo(afterTakeover);

        // Claiming the switches back with the old generation is refused as stale.
        List<SwitchRole> stale = pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 5)).get();
        assertThat(stale).hasSize(SWITCHES).allSatisfy(r -> {
            assertThat(r.programs()).isFalse();
            assertThat(r.problem()).contains("refused the claim MASTER (generation 5) as stale");
        });
        sent.clear();
        PushReport fenced = pusher.push(initialState()).get();
        assertThat(fenced.messagesSent()).isZero();
        assertThat(fenced.notMaster()).hasSize(SWITCHES);
        assertThat(sent).noneMatch(s -> s.msg() instanceof te.southbound.openflow.OfMessage.FlowMod
                || s.msg() instanceof te.southbound.openflow.OfMessage.GroupMod);
        assertThat(dumpAll()).isEqualTo(afterTakeover);
        assertThat(pusher.status()).extracting(SwitchStatus::role).allSatisfy(r -> assertThat(r.programs()).isFalse());
    }

    /** @return the roles OVS records for the primary's and the standby's connections to s1 */
    private String roles() {
        try {
            return rolesInDatabase();
        } catch (Exception e) {
            return "unreadable: " + e;
        }
    }

    private String rolesInDatabase() throws Exception {
        String primary = ovs.vsctl("--bare", "--columns=role", "find", "controller",
                "target=\"tcp:127.0.0.1:" + pusher.localAddress().getPort() + "\"").strip();
        String secondary = ovs.vsctl("--bare", "--columns=role", "find", "controller",
                "target=\"tcp:127.0.0.1:" + standby.localAddress().getPort() + "\"").strip();
        return primary.lines().distinct().collect(Collectors.joining()) + " " + secondary.lines().distinct().collect(Collectors.joining());
    }
}
