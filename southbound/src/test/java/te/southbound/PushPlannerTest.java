package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.FlowCommand;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.OfMessage;

class PushPlannerTest {
    private static final Dpid S1 = new Dpid(1), S2 = new Dpid(2), S3 = new Dpid(3);
    private static final List<Hop> VIA_S2 = List.of(new Hop(S1, 2), new Hop(S2, 3), new Hop(S3, 9));
    private static final List<Hop> DIRECT = List.of(new Hop(S1, 3), new Hop(S3, 9));

    private static DesiredState split(double viaS2, double direct) {
        return new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"),
                List.of(new WeightedPath(VIA_S2, viaS2), new WeightedPath(DIRECT, direct)))));
    }

    @Test
    void laterPushesSendOnlyWhatChanged() {
        PushPlanner planner = new PushPlanner(Ownership.DEFAULT, 100);
        assertThat(planner.push(split(0.75, 0.25)).values().stream().mapToInt(List::size).sum()).isEqualTo(5);

        assertThat(planner.push(split(0.75, 0.25)).values()).allSatisfy(m -> assertThat(m).isEmpty());

        Map<Dpid, List<OfMessage>> reweight = planner.push(split(0.5, 0.5));
        assertThat(reweight.get(S1)).singleElement().isInstanceOfSatisfying(OfMessage.GroupMod.class, g -> {
            assertThat(g.command()).isEqualTo(GroupCommand.MODIFY);
            assertThat(g.buckets()).extracting(b -> b.weight()).containsExactly(50, 50);
        });
        assertThat(reweight.get(S2)).isEmpty();

        // The path via S2 loses its flow (a link failure pruned): its bucket goes, then its entries.
        Map<Dpid, List<OfMessage>> pruned = planner.push(split(0, 1));
        assertThat(pruned.get(S1)).singleElement().isInstanceOf(OfMessage.GroupMod.class);
        assertThat(pruned.get(S2)).singleElement().isInstanceOfSatisfying(OfMessage.FlowMod.class,
                f -> assertThat(f.command()).isEqualTo(FlowCommand.DELETE_STRICT));
        assertThat(pruned.get(S3)).singleElement().isInstanceOfSatisfying(OfMessage.FlowMod.class,
                f -> assertThat(f.command()).isEqualTo(FlowCommand.DELETE_STRICT));

        assertThat(planner.push(DesiredState.EMPTY).get(S1)).hasSize(2); // its ingress flow, then its group
    }

    @Test
    void aPlannerThatForgotItsIdsAdoptsWhatTheSwitchesHold() {
        PushPlanner planner = new PushPlanner(Ownership.DEFAULT, 100);
        planner.push(split(0.75, 0.25));
        planner.forgetIds();

        assertThat(planner.push(split(0.75, 0.25)).values()).allSatisfy(m -> assertThat(m).isEmpty());

        // A fresh planner, knowing nothing of the tables, would lay everything again.
        assertThat(new PushPlanner(Ownership.DEFAULT, 100).push(split(0.75, 0.25)).values().stream()
                .mapToInt(List::size).sum()).isEqualTo(5);
        planner.forgetIds();
        Map<Dpid, List<OfMessage>> reweight = planner.push(split(0.5, 0.5));
        assertThat(reweight.get(S1)).singleElement().isInstanceOfSatisfying(OfMessage.GroupMod.class,
                g -> assertThat(g.command()).isEqualTo(GroupCommand.MODIFY));
        assertThat(reweight.get(S2)).isEmpty();
        assertThat(reweight.get(S3)).isEmpty();
    }

    @Test
    void aPlannerThatForgotItsIdsNeverHandsOutALabelTheSwitchesStillHold() {
        PushPlanner planner = new PushPlanner(Ownership.DEFAULT, 100);
        planner.push(split(1, 0)); // the tunnel via S2 takes label 16
        planner.forgetIds();

        // Another tunnel via S2 (another first port: nothing to adopt) while the old one's entries
        // are still there: reusing 16 would re-point the old tunnel at S2 before the ingress moves.
        List<Hop> viaS2Port4 = List.of(new Hop(S1, 4), new Hop(S2, 4), new Hop(S3, 9));
        Map<Dpid, List<OfMessage>> next = planner.push(new DesiredState(List.of(new CommodityRoute("a", S1,
                Ipv4Prefix.parse("10.0.0.0/8"), List.of(new WeightedPath(viaS2Port4, 1))))));
        assertThat(next.get(S2)).extracting(m -> ((OfMessage.FlowMod) m).command())
                .containsExactly(FlowCommand.ADD, FlowCommand.DELETE_STRICT);
        assertThat(next.get(S2)).extracting(m -> ((OfMessage.FlowMod) m).match().mplsLabel().orElseThrow())
                .containsExactly(17, 16);
    }
}
