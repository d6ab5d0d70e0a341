package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.ControllerRole;
import te.southbound.openflow.OfMessage;

/** Role claims against in-memory switches that keep roles and generation ids as OpenFlow 1.3 says. */
class RoleClaimTest {
    private final FakeSwitches fakes = new FakeSwitches(3);
    private final List<FakeSwitch> switches = fakes.all;
    private final List<Sent> sent = new CopyOnWriteArrayList<>();
    private WeightPusher pusher;

    private record Sent(Dpid dpid, OfMessage msg) {
    }

    @AfterEach
    void stop() {
        if (pusher != null) {
            pusher.close();
        }
        fakes.close();
    }

    private void start(RoleClaim claim, long echoMs) throws Exception {
        pusher = WeightPusher.start(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withKnownSwitches(Set.of(new Dpid(1), new Dpid(2), new Dpid(3))).withAuditIntervalMs(0)
                .withRequestTimeoutMs(500).withKeepalive(echoMs, 4 * echoMs).withRole(claim)
                .withMessageLog((d, m) -> sent.add(new Sent(d, m))));
        fakes.connectTo(pusher);
        if (claim.role() != ControllerRole.EQUAL) {
            await(() -> pusher.status().stream().allMatch(s -> s.role().granted() == claim.role()), "every switch granting " + claim);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 5_000;
        while (!condition.getAsBoolean()) {
            assertThat(System.currentTimeMillis()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /** One commodity per switch, over all three: 1→3 via 2, 2→1 via 3, 3→2 via 1. */
    private static DesiredState state(double first) {
        List<CommodityRoute> routes = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            int next = i % 3 + 1;
            int last = next % 3 + 1;
            List<Hop> via = List.of(new Hop(new Dpid(i), 10 + next), new Hop(new Dpid(next), 10 + last), new Hop(new Dpid(last), 1));
            List<Hop> direct = List.of(new Hop(new Dpid(i), 10 + last), new Hop(new Dpid(last), 1));
            routes.add(new CommodityRoute("c" + i, new Dpid(i), Ipv4Prefix.parse("10.%d.0.0/16".formatted(last)),
                    List.of(new WeightedPath(via, first), new WeightedPath(direct, 1 - first))));
        }
        return new DesiredState(routes);
    }

    private List<Dpid> modded() {
        return sent.stream().filter(s -> s.msg() instanceof OfMessage.FlowMod || s.msg() instanceof OfMessage.GroupMod)
                .map(Sent::dpid).distinct().sorted().toList();
    }

    @Test
    void aStandbyProgramsNothingUntilItClaimsMaster() throws Exception {
        start(new RoleClaim(ControllerRole.SLAVE, 3), 60_000);
        await(() -> pusher.status().stream().allMatch(s -> s.role().granted() == ControllerRole.SLAVE), "slave granted");
        PushReport standby = pusher.push(state(0.5)).get(5, TimeUnit.SECONDS);
        assertThat(standby.messagesSent()).isZero();
        assertThat(standby.notMaster()).containsExactlyInAnyOrder(new Dpid(1), new Dpid(2), new Dpid(3));
        assertThat(modded()).isEmpty();
        assertThat(switches).allSatisfy(s -> assertThat(s.generation).isEqualTo(3));

        List<SwitchRole> answers = pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 4)).get(5, TimeUnit.SECONDS);
        assertThat(answers).extracting(SwitchRole::granted).containsOnly(ControllerRole.MASTER);
        PushReport master = pusher.push(state(0.5)).get(5, TimeUnit.SECONDS);
        assertThat(master.clean()).as(master.summary()).isTrue();
        assertThat(master.notMaster()).isEmpty();
        assertThat(switches).allSatisfy(s -> assertThat(s.groups).hasSize(1));
    }

    @Test
    void aWriteRefusedWithIsSlaveLeavesThatSwitchAlone() throws Exception {
        start(new RoleClaim(ControllerRole.MASTER, 1), 60_000);
        assertThat(pusher.push(state(0.5)).get(5, TimeUnit.SECONDS).clean()).isTrue();
        switches.get(1).role = ControllerRole.SLAVE; // another controller took switch 2

        PushReport refused = pusher.push(state(0.2)).get(5, TimeUnit.SECONDS);
        assertThat(refused.clean()).isFalse();
        assertThat(refused.errors()).isNotEmpty().allSatisfy(e -> assertThat(e.dpid()).isEqualTo(new Dpid(2)))
                .allSatisfy(e -> assertThat(e.toString()).contains("BAD_REQUEST/IS_SLAVE"));
        await(() -> pusher.status().get(1).role().problem() != null, "switch 2 fenced");
        assertThat(pusher.status().get(1).role().problem()).contains("refused a write with BAD_REQUEST/IS_SLAVE");

        sent.clear();
        PushReport next = pusher.push(state(0.9)).get(5, TimeUnit.SECONDS);
        assertThat(next.notMaster()).containsExactly(new Dpid(2));
        assertThat(modded()).doesNotContain(new Dpid(2)).isNotEmpty();
    }

    @Test
    void aMasterNoticesATakeoverBeforeItWrites() throws Exception {
        start(new RoleClaim(ControllerRole.MASTER, 1), 100);
        assertThat(pusher.push(state(0.5)).get(5, TimeUnit.SECONDS).clean()).isTrue();
        switches.get(0).role = ControllerRole.SLAVE;

        await(() -> pusher.status().get(0).role().problem() != null, "the role check to see switch 1 taken over");
        assertThat(pusher.status().get(0).role().problem()).contains("the switch reports this controller as slave");
        assertThat(pusher.status().get(0).role().granted()).isEqualTo(ControllerRole.SLAVE);
        sent.clear();
        PushReport next = pusher.push(state(0.9)).get(5, TimeUnit.SECONDS);
        assertThat(next.clean()).as(next.summary()).isTrue();
        assertThat(next.notMaster()).containsExactly(new Dpid(1));
        assertThat(modded()).containsExactly(new Dpid(2), new Dpid(3));
    }

    @Test
    void aLateAnswerCountsAndAnUnansweredClaimIsAskedAgain() throws Exception {
        start(RoleClaim.EQUAL, 2_000); // no retry before the late answer: it is the first request's
        switches.get(1).roleReplyDelayMs = 800; // past the 500 ms request timeout
        switches.get(2).ignoreRoleRequests = true;

        List<SwitchRole> answers = pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 7)).get(5, TimeUnit.SECONDS);
        assertThat(answers).extracting(SwitchRole::programs).containsExactly(true, false, false);
        assertThat(answers.get(1).problem()).startsWith("no answer to the role request MASTER (generation 7)");

        await(() -> pusher.status().get(1).role().programs(), "the late answer to count");
        assertThat(pusher.status().get(2).role().programs()).isFalse();
        switches.get(2).ignoreRoleRequests = false; // the role check asks it again every echo interval
        await(() -> pusher.status().get(2).role().programs(), "the claim asked again and granted");
        assertThat(switches.get(2).role).isEqualTo(ControllerRole.MASTER);
        assertThat(pusher.push(state(0.5)).get(5, TimeUnit.SECONDS).notMaster()).isEmpty();
    }

    @Test
    void aReplacedMasterDoesNotTakeBackARestartedSwitchUntilItClaimsAgain() throws Exception {
        start(new RoleClaim(ControllerRole.MASTER, 1), 100);
        assertThat(pusher.push(state(0.5)).get(5, TimeUnit.SECONDS).clean()).isTrue();
        FakeSwitch first = switches.get(0);
        first.role = ControllerRole.SLAVE; // another controller took it
        await(() -> pusher.status().get(0).role().problem() != null, "the takeover seen");

        // The switch restarts, forgetting every role and generation id, and connects again.
        first.disconnect();
        await(() -> pusher.status().size() == 2, "switch 1 gone");
        first.role = ControllerRole.EQUAL;
        first.generation = null;
        sent.clear();
        first.connect(fakes.group, pusher.localAddress());
        await(() -> pusher.status().size() == 3 && first.role == ControllerRole.SLAVE, "switch 1 back, claimed as slave");
        assertThat(first.generation).isEqualTo(1);
        PushReport report = pusher.push(state(0.8)).get(5, TimeUnit.SECONDS);
        assertThat(report.notMaster()).containsExactly(new Dpid(1));
        assertThat(modded()).doesNotContain(new Dpid(1));

        // A new claim (a new election) lifts the fence.
        assertThat(pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 2)).get(5, TimeUnit.SECONDS))
                .allSatisfy(r -> assertThat(r.programs()).as(r.toString()).isTrue());
        assertThat(first.role).isEqualTo(ControllerRole.MASTER);
    }

    @Test
    void aClaimPendingWhenItsSwitchDisconnectsIsSettled() throws Exception {
        start(RoleClaim.EQUAL, 60_000);
        switches.get(0).ignoreRoleRequests = true;
        var answers = pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 1));
        Thread.sleep(100);
        switches.get(0).disconnect();
        List<SwitchRole> settled = answers.get(5, TimeUnit.SECONDS);
        // Settled by the disconnect, not by the 500 ms timeout (whose text is "no answer to ...").
        assertThat(settled.get(0).problem()).isEqualTo("disconnected before answering the role request MASTER (generation 1)");
    }

    @Test
    void aStaleClaimAndAnUnansweredOneLeaveTheirSwitchesAlone() throws Exception {
        start(RoleClaim.EQUAL, 60_000);
        switches.get(1).ignoreRoleRequests = true;
        switches.get(2).generation = 10L; // a newer election happened elsewhere

        List<SwitchRole> answers = pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 9)).get(5, TimeUnit.SECONDS);

        assertThat(answers.get(0).programs()).isTrue();
        assertThat(answers.get(1).problem()).isEqualTo("no answer to the role request MASTER (generation 9) within 500 ms");
        assertThat(answers.get(2).problem())
                .isEqualTo("refused the claim MASTER (generation 9) as stale: another controller claimed it with a newer generation id");
        assertThat(answers).extracting(SwitchRole::programs).containsExactly(true, false, false);
        PushReport report = pusher.push(state(0.5)).get(5, TimeUnit.SECONDS);
        assertThat(report.notMaster()).containsExactlyInAnyOrder(new Dpid(2), new Dpid(3));
        // Every path ends at switch 2 or 3, whose entries cannot be made: nothing goes anywhere.
        assertThat(modded()).isEmpty();
        assertThat(report.commodities().get(0).note()).contains("paths needing changes at switches not connected (or not master there)");
        // Generation ids compare by signed 64-bit distance: after the largest unsigned value comes 0.
        switches.get(1).ignoreRoleRequests = false;
        switches.get(0).generation = -1L;
        switches.get(2).generation = -1L;
        assertThat(pusher.requestRole(new RoleClaim(ControllerRole.MASTER, 0)).get(5, TimeUnit.SECONDS))
                .allSatisfy(r -> assertThat(r.programs()).as(r.toString()).isTrue());
    }
}
