package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.southbound.CommodityReport;
import te.southbound.Dpid;
import te.southbound.PushReport;
import te.southbound.SwitchStatus;

/** IT 1: a desired state pushed to six OVS bridges shows up exactly in their tables. */
class PushToOvsIT extends OvsTestBase {

    /**
     * Written by hand from the state: labels 16.. in order of first use (c1's three paths, c2's
     * two, c4's one; c3 is single-hop and needs none), groups 65536.. in commodity order,
     * weights 50/30/20, 67/33 (largest remainder), 100, 100.
     */
    static final String EXPECTED = """
            s1 groups:
            group_id=65536,type=select,bucket=weight:50,watch_port:4,%s16->mpls_label,output:4,bucket=weight:30,watch_port:2,%s17->mpls_label,output:2,bucket=weight:20,watch_port:6,%s18->mpls_label,output:6
            s1 flows:
            cookie=0x7e5b000100000001, priority=1016,ip,nw_dst=10.4.0.0/16 actions=group:65536
            cookie=0x7e5b000100000152, priority=2000,mpls,mpls_label=21 actions=pop_mpls:0x0800,output:100
            s2 groups:
            group_id=65537,type=select,bucket=weight:67,watch_port:5,%s19->mpls_label,output:5,bucket=weight:33,watch_port:3,%s20->mpls_label,output:3
            s2 flows:
            cookie=0x7e5b000100000011, priority=1016,ip,nw_dst=10.5.0.0/16 actions=group:65537
            cookie=0x7e5b000100000112, priority=2000,mpls,mpls_label=17 actions=output:3
            s3 groups:
            group_id=65538,type=select,bucket=weight:100,watch_port:100,actions=output:100
            s3 flows:
            cookie=0x7e5b000100000021, priority=1016,ip,nw_dst=10.33.0.0/16 actions=group:65538
            cookie=0x7e5b000100000112, priority=2000,mpls,mpls_label=17 actions=output:4
            cookie=0x7e5b000100000142, priority=2000,mpls,mpls_label=20 actions=output:4
            s4 groups:

            s4 flows:
            cookie=0x7e5b000100000102, priority=2000,mpls,mpls_label=16 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000112, priority=2000,mpls,mpls_label=17 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000122, priority=2000,mpls,mpls_label=18 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000142, priority=2000,mpls,mpls_label=20 actions=output:5
            s5 groups:

            s5 flows:
            cookie=0x7e5b000100000122, priority=2000,mpls,mpls_label=18 actions=output:4
            cookie=0x7e5b000100000132, priority=2000,mpls,mpls_label=19 actions=pop_mpls:0x0800,output:100
            cookie=0x7e5b000100000142, priority=2000,mpls,mpls_label=20 actions=pop_mpls:0x0800,output:100
            s6 groups:
            group_id=65539,type=select,bucket=weight:100,watch_port:1,%s21->mpls_label,output:1
            s6 flows:
            cookie=0x7e5b000100000031, priority=1024,ip,nw_dst=10.1.0.0/24 actions=group:65539
            cookie=0x7e5b000100000122, priority=2000,mpls,mpls_label=18 actions=output:5
            """.formatted(PUSH, PUSH, PUSH, PUSH, PUSH, PUSH);

    @Test
    void pushedStateIsExactlyWhatOvsHolds() throws Exception {
        // With bundles on, Open vSwitch takes them: every phase below goes to each bridge as one atomic bundle.
        assertThat(pusher.status()).hasSize(SWITCHES).allSatisfy(s -> assertThat(s.bundles()).isEqualTo(bundles()));
        PushReport report = pusher.push(initialState()).get();

        assertThat(report.clean()).as(report.summary()).isTrue();
        assertThat(report.errors()).isEmpty();
        assertThat(report.missingSwitches()).isEmpty();
        assertThat(report.commodities()).extracting(CommodityReport::weights)
                .containsExactly(List.of(50, 30, 20), List.of(67, 33), List.of(100), List.of(100));
        // 2/3 → 67 is off by 1/300 of c2's traffic, the largest error here; bound is 1/100.
        assertThat(report.maxRoundingError()).isCloseTo(1 / 300.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(dumpAll()).isEqualTo(EXPECTED);

        // Pushing the same state again changes nothing: the diff is empty.
        PushReport again = pusher.push(initialState()).get();
        assertThat(again.messagesSent()).isZero();
        assertThat(again.clean()).isTrue();
    }

    @Test
    void unknownDatapathIsLoggedAndLeftAlone() throws Exception {
        ovs.vsctl("add-br", "x9", "--", "set", "bridge", "x9", "datapath_type=netdev", "protocols=OpenFlow13",
                "fail-mode=secure", "other-config:datapath-id=0000000000000099",
                "--", "set-controller", "x9", (tls() ? "ssl" : "tcp") + ":127.0.0.1:" + pusher.localAddress().getPort());
        awaitTrue(() -> pusher.status().size() == SWITCHES + 1, 10_000, "unknown switch connected");
        SwitchStatus stranger = pusher.status().stream().filter(s -> s.dpid().equals(new Dpid(0x99)))
                .findFirst().orElseThrow();
        assertThat(stranger.known()).isFalse();
        assertThat(stranger.bundles()).isFalse(); // never probed: left alone

        assertThat(pusher.push(initialState()).get().clean()).isTrue();

        assertThat(OvsNetwork.lines(ovs.ofctl("dump-flows", "x9", "--no-stats"))).isEmpty();
        assertThat(OvsNetwork.lines(ovs.ofctl("dump-groups", "x9"))).isEmpty();
        assertThat(sent).noneMatch(s -> new Dpid(0x99).equals(s.dpid())
                && !(s.msg() instanceof te.southbound.openflow.OfMessage.EchoRequest
                     || s.msg() instanceof te.southbound.openflow.OfMessage.EchoReply));
    }
}
