package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.southbound.DesiredState;
import te.southbound.PushReport;

/**
 * IPv6 destinations next to IPv4 ones: OVS takes the ingress matches and the tunnels that pop each
 * payload with its own Ethernet type, reports them back as the controller wrote them (a second push
 * sends nothing), and forwards an IPv6 packet along its tunnel to the egress host port.
 */
class DualStackToOvsIT extends OvsTestBase {
    static DesiredState dualStack() {
        return new DesiredState(List.of(
                commodity("v4", 1, "10.4.0.0/16", path(0.75, 1, 2, 3, 4), path(0.25, 1, 4)),
                commodity("v6", 1, "2001:db8:4::/48", path(1.0, 1, 2, 3, 4)),
                commodity("host6", 2, "2001:db8:5::7/128", path(1.0, 2, 5))));
    }

    @Test
    void dualStackStateIsWhatOvsHoldsAndForwards() throws Exception {
        PushReport report = pusher.push(dualStack()).get();
        assertThat(report.clean()).as(report.summary()).isTrue();

        // v4 and v6 share the hops 1-2-3-4 but not a tunnel: labels 16 (v4) and 18 (v6).
        assertThat(net.flows(1)).contains("priority=1016,ip,nw_dst=10.4.0.0/16 actions=group:65536",
                "priority=1048,ipv6,ipv6_dst=2001:db8:4::/48 actions=group:65537");
        assertThat(net.flows(2)).contains("priority=1128,ipv6,ipv6_dst=2001:db8:5::7 actions=group:65538",
                "mpls_label=16 actions=output:3", "mpls_label=18 actions=output:3");
        assertThat(net.flows(4)).contains("mpls_label=16 actions=pop_mpls:0x0800,output:100",
                "mpls_label=17 actions=pop_mpls:0x0800,output:100", "mpls_label=18 actions=pop_mpls:0x86dd,output:100");
        assertThat(net.flows(5)).contains("mpls_label=19 actions=pop_mpls:0x86dd,output:100");

        PushReport again = pusher.push(dualStack()).get();
        assertThat(again.messagesSent()).as("what OVS reports back equals what was pushed").isZero();

        assertThat(net.groups(1)).contains("group_id=65537,type=select,bucket=weight:100,watch_port:2," + PUSH + "18->mpls_label,output:2");

        // A select group's bucket is picked after recirculation, where ofproto/trace stops, so the
        // trace starts with what the v6 bucket sends: label 18 entering s2 from s1.
        ovs.vsctl("add-port", "s4", "h4", "--", "set", "interface", "h4", "type=internal", "ofport_request=100");
        String trace = ovs.appctl("ofproto/trace", "s2", "in_port=1,mpls,mpls_label=18,mpls_bos=1,mpls_ttl=64");
        assertThat(trace).as(trace).contains("bridge(\"s3\")", "bridge(\"s4\")", "pop_mpls:0x86dd");
        assertThat(trace.substring(trace.indexOf("bridge(\"s4\")"))).as(trace).contains("output:100");
        assertThat(trace.substring(trace.indexOf("Datapath actions:"))).as(trace).contains("pop_mpls(eth_type=0x86dd)");
    }
}
