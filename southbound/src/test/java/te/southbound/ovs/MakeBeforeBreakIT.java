package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.southbound.DesiredState;
import te.southbound.Phase;
import te.southbound.PushReport;
import te.southbound.openflow.FlowCommand;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.BarrierRequest;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;

/** IT 2: a changed state goes out make-before-break, and OVS ends in exactly the new state. */
class MakeBeforeBreakIT extends OvsTestBase {

    /**
     * c1 moves from {1-4, 1-2-3-4, 1-6-5-4} to {1-2-3-4, 1-2-5-4} (new label 22), c3 is gone,
     * c5 (ingress 5, new label 23, new group 65540: 65538 of the removed c3 is not reused).
     */
    static DesiredState changedState() {
        return new DesiredState(List.of(
                commodity("c1", 1, "10.4.0.0/16", path(0.5, 1, 2, 3, 4), path(0.5, 1, 2, 5, 4)),
                commodity("c2", 2, "10.5.0.0/16", path(2 / 3.0, 2, 5), path(1 / 3.0, 2, 3, 4, 5)),
                commodity("c4", 6, "10.1.0.0/24", path(1.0, 6, 1)),
                commodity("c5", 5, "10.2.0.0/16", path(1.0, 5, 2))));
    }

    static final String EXPECTED = """
            s1 groups:
            group_id=65536,type=select,bucket=weight:50,watch_port:2,%s17->mpls_label,output:2,bucket=weight:50,watch_port:2,%s22->mpls_label,output:2
            s1 flows:
            cookie=0x7e5b000100000001, priority=1016,ip,nw_dst=10.4.0.0/16 actions=group:65536
            cookie=0x7e5b000100000152, priority=2000,mpls,mpls_label=21 actions=pop_mpls:0x0800,output:100
            s2 groups:
            group_id=65537,type=select,bucket=weight:67,watch_port:5,%s19->mpls_label,output:5,bucket=weight:33,watch_port:3,%s20->mpls_label,output:3
            s2 flows:
            cookie=0x7e5b000100000011, priority=1016,ip,nw_dst=10.5.0.0/16 actions=group:65537
            cookie=0x7e5b000100000112, priority=2000,mpls,mpls_label=17 actions=output:3
            cookie=0x7e5b000100000162, priority=2000,mpls,mpls_label=22 actions=output:5
            cookie=0x7e5b000100000172, priority=2000,mpls,mpls_label=23 actions=pop_mpls:0x0800,output:100
            s3 groups:

            s3 flows:
            cookie=0x7e5b000100000112, priority=2000,mpls,mpls_label=17 actions=output:4
            cookie=0x7e5b000100000142, priority=2000,mpls,mpls_label=20 actions=output:4
            s4 groups:

            s4 flows:
            cookie=0x7e5b000100000112, priority=2000,mpls,mpls_label=17 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000142, priority=2000,mpls,mpls_label=20 actions=output:5
            cookie=0x7e5b000100000162, priority=2000,mpls,mpls_label=22 actions=pop_mpls:0x0800,output:100
            s5 groups:
            group_id=65540,type=select,bucket=weight:100,watch_port:2,%s23->mpls_label,output:2
            s5 flows:
            cookie=0x7e5b000100000041, priority=1016,ip,nw_dst=10.2.0.0/16 actions=group:65540
            cookie=0x7e5b000100000132, priority=2000,mpls,mpls_label=19 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000142, priority=2000,mpls,mpls_label=20 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000162, priority=2000,mpls,mpls_label=22 actions=output:4
            s6 groups:
            group_id=65539,type=select,bucket=weight:100,watch_port:1,%s21->mpls_label,output:1
            s6 flows:
            cookie=0x7e5b000100000031, priority=1024,ip,nw_dst=10.1.0.0/24 actions=group:65539
            """.formatted(PUSH, PUSH, PUSH, PUSH, PUSH, PUSH);

    @Test
    void changeIsMakeBeforeBreakAndEndsInTheNewState() throws Exception {
        assertThat(pusher.push(initialState()).get().clean()).isTrue();
        sent.clear();

        PushReport report = pusher.push(changedState()).get();

        assertThat(report.clean()).as(report.summary()).isTrue();
        assertThat(dumpAll()).isEqualTo(EXPECTED);
        List<Sent> log = sent.stream().filter(s -> s.msg() instanceof FlowMod || s.msg() instanceof GroupMod
                || s.msg() instanceof BarrierRequest).toList();
        assertThat(describe(log, Phase.TUNNELS)).containsExactlyInAnyOrder(
                "2 ADD label 22", "5 ADD label 22", "4 ADD label 22", "2 ADD label 23");
        assertThat(describe(log, Phase.GROUPS)).containsExactlyInAnyOrder("1 MODIFY group 65536", "5 ADD group 65540");
        assertThat(describe(log, Phase.INGRESS)).containsExactly("5 ADD ingress");
        assertThat(describe(log, Phase.REMOVALS)).containsExactlyInAnyOrder("3 DELETE_STRICT ingress",
                "3 DELETE group 65538", "4 DELETE_STRICT label 16", "4 DELETE_STRICT label 18",
                "5 DELETE_STRICT label 18", "6 DELETE_STRICT label 18");
        assertPhasesSeparatedByBarriers(log);
        // On one switch, the flow pointing at a group goes before the group.
        assertThat(describe(log, Phase.REMOVALS).stream().filter(d -> d.startsWith("3 ")).toList())
                .containsExactly("3 DELETE_STRICT ingress", "3 DELETE group 65538");
    }

    /**
     * Phases never interleave, and every switch that got messages of a phase was sent a barrier
     * after them and before any message of a later phase (the pusher also waits for the replies).
     */
    private static void assertPhasesSeparatedByBarriers(List<Sent> log) {
        int lastPhase = -1;
        List<Integer> mods = new ArrayList<>();
        for (int i = 0; i < log.size(); i++) {
            if (!(log.get(i).msg() instanceof BarrierRequest)) {
                int p = phaseOf(log.get(i).msg()).ordinal();
                assertThat(p).as("phase order at message %d", i).isGreaterThanOrEqualTo(lastPhase);
                lastPhase = p;
                mods.add(i);
            }
        }
        for (int i : mods) {
            int phase = phaseOf(log.get(i).msg()).ordinal();
            int nextPhaseStart = mods.stream().filter(j -> phaseOf(log.get(j).msg()).ordinal() > phase)
                    .findFirst().orElse(log.size());
            boolean barrier = log.subList(i + 1, nextPhaseStart).stream()
                    .anyMatch(s -> s.msg() instanceof BarrierRequest && s.dpid().equals(log.get(i).dpid()));
            assertThat(barrier).as("barrier on %s after message %d before the next phase", log.get(i).dpid(), i)
                    .isTrue();
        }
    }

    private static List<String> describe(List<Sent> log, Phase phase) {
        return log.stream().filter(s -> !(s.msg() instanceof BarrierRequest) && phaseOf(s.msg()) == phase)
                .map(s -> s.dpid().value() + " " + what(s.msg())).toList();
    }

    /** The phase a message belongs in, judged from the message alone (independent of the pusher). */
    private static Phase phaseOf(OfMessage m) {
        if (m instanceof GroupMod g) {
            return g.command() == GroupCommand.DELETE ? Phase.REMOVALS : Phase.GROUPS;
        }
        FlowMod f = (FlowMod) m;
        if (f.command() == FlowCommand.DELETE_STRICT || f.command() == FlowCommand.DELETE) {
            return Phase.REMOVALS;
        }
        return label(f) != null ? Phase.TUNNELS : Phase.INGRESS;
    }

    private static String what(OfMessage m) {
        if (m instanceof GroupMod g) {
            return g.command() + " group " + g.groupId();
        }
        FlowMod f = (FlowMod) m;
        Integer label = label(f);
        return f.command() + (label != null ? " label " + label : " ingress");
    }

    private static Integer label(FlowMod f) {
        java.util.OptionalInt label = f.match().mplsLabel();
        return label.isPresent() ? label.getAsInt() : null;
    }
}
