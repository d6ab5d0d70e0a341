package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.OfMessage;

class FirstPushTest {
    private static final Dpid S1 = new Dpid(1), S2 = new Dpid(2), S3 = new Dpid(3);

    @Test
    void firstPushAddsTunnelsThenGroupsThenIngressFlows() {
        // One commodity at S1, split 3:1 over S1-S2-S3 and S1-S3.
        DesiredState s = new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"), List.of(
                new WeightedPath(List.of(new Hop(S1, 2), new Hop(S2, 3), new Hop(S3, 9)), 0.75),
                new WeightedPath(List.of(new Hop(S1, 3), new Hop(S3, 9)), 0.25)))));
        Map<Dpid, List<OfMessage>> push = FirstPush.messages(s, Ownership.DEFAULT, 100);

        assertThat(push).containsOnlyKeys(S1, S2, S3);
        List<OfMessage> ingress = push.get(S1);
        assertThat(ingress).hasSize(2);
        assertThat(ingress.get(0)).isInstanceOfSatisfying(OfMessage.GroupMod.class, g -> {
            assertThat(g.command()).isEqualTo(GroupCommand.ADD);
            assertThat(g.buckets()).extracting(b -> b.weight()).containsExactly(75, 25);
        });
        assertThat(ingress.get(1)).isInstanceOf(OfMessage.FlowMod.class);
        // Transit S2 and egress S3 get only tunnel flows.
        assertThat(push.get(S2)).hasSize(1).allMatch(m -> m instanceof OfMessage.FlowMod);
        assertThat(push.get(S3)).hasSize(2).allMatch(m -> m instanceof OfMessage.FlowMod);
    }

    @Test
    void weightTotalOutsideOpenFlowsRangeIsRefused() {
        assertThatThrownBy(() -> FirstPush.messages(DesiredState.EMPTY, Ownership.DEFAULT, 0))
                .hasMessageContaining("weightTotal must be in [1, 65535], got 0");
    }
}
