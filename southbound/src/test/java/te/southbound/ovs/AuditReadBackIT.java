package te.southbound.ovs;

import static org.assertj.core.api.Assertions.assertThat;
import static te.southbound.ovs.OvsNetwork.hopsTo;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.IpPrefix;
import te.southbound.PushReport;
import te.southbound.WeightedPath;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupDescRequest;
import te.southbound.openflow.OfMessage.GroupMod;

/**
 * Groups read back from Open vSwitch compare equal to what was written, so audits send nothing:
 * buckets watching a patch port, a port the bridge does not have (100) and the highest port OVS
 * takes (65,279), weights from 2 to 58,981 of 65,535, IPv4 and IPv6. A field the switch read back
 * otherwise (a watch port as ANY, say) would have every audit rewrite the group.
 */
class AuditReadBackIT extends OvsTestBase {
    @Override
    long auditIntervalMs() {
        return 300;
    }

    @Override
    int weightTotal() {
        return 65_535;
    }

    @Test
    void auditsOfWhatWasPushedSendNothing() throws Exception {
        DesiredState state = new DesiredState(List.of(
                commodity("c1", 1, "10.4.0.0/16", path(0.5, 1, 4), path(0.3, 1, 2, 3, 4), path(0.00002, 1, 6, 5, 4)),
                commodity("c3", 3, "10.33.0.0/16", new WeightedPath(hopsTo(100, 3), 1), new WeightedPath(hopsTo(2, 3), 1),
                        new WeightedPath(hopsTo(65_279, 3), 1)),
                new te.southbound.CommodityRoute("c5", new Dpid(5), IpPrefix.parse("2001:db8::/32"),
                        List.of(new WeightedPath(hopsTo(7, 5, 4), 0.9), new WeightedPath(hopsTo(7, 5, 6), 0.1)))));
        PushReport report = pusher.push(state).get();
        assertThat(report.clean()).as(report.summary()).isTrue();
        assertThat(net.groups(3)).contains(bucketLiveness() ? "watch_port:65279,actions=output:65279" : "actions=output:65279");

        sent.clear();
        // Three audits read every switch again (each sends a GROUP_DESC request to every bridge).
        awaitTrue(() -> sent.stream().filter(s -> s.msg() instanceof GroupDescRequest).count() >= 3L * SWITCHES, 20_000,
                "three audits");

        assertThat(sent).noneMatch(s -> s.msg() instanceof FlowMod || s.msg() instanceof GroupMod);
    }
}
