package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;

/** IT 3: entries removed behind the controller's back, or a restarted switch, come back within 5 s. */
class ResyncIT extends OvsTestBase {
    @Override
    long auditIntervalMs() {
        return 1_000;
    }

    @Test
    void groupDeletedByHandIsRestoredAndForeignEntriesAreKept() throws Exception {
        assertThat(pusher.push(initialState()).get().clean()).isTrue();
        // A foreign flow (cookie 0) must survive; a stale flow with our cookie must go.
        ovs.ofctl("add-flow", "s4", "priority=7,ip,nw_dst=192.0.2.0/24,actions=output:3");
        ovs.ofctl("add-flow", "s4", "cookie=0x7e5b000100000002,priority=2000,mpls,mpls_label=999,actions=output:5");
        ovs.ofctl("del-groups", "s1", "group_id=65536"); // OVS also drops the flow pointing at it

        long start = System.currentTimeMillis();
        String foreign = "priority=7,ip,nw_dst=192.0.2.0/24 actions=output:3";
        String s4Last = "mpls_label=20 actions=output:5\n"; // ovs-ofctl lines sort "cookie=" before "priority="
        String expected = PushToOvsIT.EXPECTED.replace(s4Last + "s5", s4Last + foreign + "\ns5");
        assertThat(expected).isNotEqualTo(PushToOvsIT.EXPECTED);
        awaitEqual(this::dumpQuietly, expected, 5_000, "resync after manual delete");
        long restoredMs = System.currentTimeMillis() - start;
        System.out.printf("state restored %d ms after the manual changes%n", restoredMs);

        // Reading back what we wrote compares equal: audits of a correct switch send nothing.
        sent.clear();
        Thread.sleep(2_500);
        assertThat(sent).noneMatch(s -> s.msg() instanceof FlowMod || s.msg() instanceof GroupMod);
    }

    @Test
    void restartedVswitchdIsResynced() throws Exception {
        assertThat(pusher.push(initialState()).get().clean()).isTrue();
        ovs.stopVswitchd();
        awaitTrue(() -> pusher.status().isEmpty(), 5_000, "all switches seen gone");

        ovs.startVswitchd();
        long start = System.currentTimeMillis();
        awaitEqual(this::dumpQuietly, PushToOvsIT.EXPECTED, 5_000, "resync after vswitchd restart");
        System.out.printf("state restored %d ms after ovs-vswitchd came back%n", System.currentTimeMillis() - start);
    }

    @Test
    void restartedControllerAdoptsTheInstalledStateWithoutChangingIt() throws Exception {
        assertThat(pusher.push(initialState()).get().clean()).isTrue();
        pusher.close();
        startController(); // a new process would know as little: no labels, no group ids

        sent.clear();
        te.southbound.PushReport report = pusher.push(initialState()).get();

        assertThat(report.clean()).as(report.summary()).isTrue();
        assertThat(report.messagesSent()).isZero();
        assertThat(sent).noneMatch(s -> s.msg() instanceof FlowMod || s.msg() instanceof GroupMod);
        assertThat(dumpAll()).isEqualTo(PushToOvsIT.EXPECTED);
    }

    @Test
    void hungSwitchIsDeclaredDeadWithinTheKeepaliveBoundAndResyncedWhenItWakes() throws Exception {
        assertThat(pusher.push(initialState()).get().clean()).isTrue();
        ovs.freezeVswitchd(true);
        long start = System.currentTimeMillis();
        try {
            // echo after 500 ms of silence, dead after 2,000 ms: bound 2.5 s, plus scheduling slack
            awaitTrue(() -> pusher.status().isEmpty(), 4_000, "hung switches declared dead");
            System.out.printf("hung switches declared dead after %d ms%n", System.currentTimeMillis() - start);
        } finally {
            ovs.freezeVswitchd(false);
        }
        // OVS sees its connections closed, reconnects (it backs off up to 8 s) and is re-read;
        // it kept its tables, so the dump is unchanged.
        awaitTrue(() -> pusher.status().size() == SWITCHES, 15_000, "switches back");
        awaitEqual(this::dumpQuietly, PushToOvsIT.EXPECTED, 5_000, "state after the switch woke up");
    }
}
