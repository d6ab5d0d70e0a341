package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.FlowCommand;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;

class TableDiffTest {
    private static final Dpid S1 = new Dpid(1);
    private final StateCompiler compiler = new StateCompiler(Ownership.DEFAULT, 100);

    private SwitchTables tables(double f1, double f2, String prefix) {
        DesiredState s = new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse(prefix), List.of(
                new WeightedPath(List.of(new Hop(S1, 2), new Hop(new Dpid(2), 9)), f1),
                new WeightedPath(List.of(new Hop(S1, 3), new Hop(new Dpid(3), 9)), f2)))));
        return compiler.compile(s, Set.of(S1, new Dpid(2), new Dpid(3)), IdBook.EMPTY).tables().get(S1);
    }

    @Test
    void equalTablesNeedNothing() {
        assertThat(TableDiff.plan(tables(1, 1, "10.0.0.0/8"), tables(1, 1, "10.0.0.0/8"), true).values()).allMatch(List::isEmpty);
    }

    @Test
    void fromEmptyGroupsComeBeforeTheFlowsUsingThem() {
        Map<Phase, List<OfMessage>> p = TableDiff.plan(SwitchTables.EMPTY, tables(1, 1, "10.0.0.0/8"), true);
        assertThat(p.get(Phase.GROUPS)).singleElement().satisfies(m -> assertThat(((GroupMod) m).command()).isEqualTo(GroupCommand.ADD));
        assertThat(p.get(Phase.INGRESS)).singleElement().satisfies(m -> assertThat(((FlowMod) m).command()).isEqualTo(FlowCommand.ADD));
        assertThat(p.get(Phase.REMOVALS)).isEmpty();
    }

    @Test
    void newWeightsOverTheSameTunnelsModifyTheGroupInPlaceFirst() {
        Map<Phase, List<OfMessage>> p = TableDiff.plan(tables(1, 1, "10.0.0.0/8"), tables(3, 1, "10.0.0.0/8"), true);
        assertThat(p.get(Phase.REWEIGHT)).singleElement().satisfies(m -> {
            assertThat(((GroupMod) m).command()).isEqualTo(GroupCommand.MODIFY);
            assertThat(((GroupMod) m).buckets()).extracting(b -> b.weight()).containsExactly(75, 25);
        });
        assertThat(p.get(Phase.GROUPS)).isEmpty();
        assertThat(p.get(Phase.INGRESS)).isEmpty();
        assertThat(p.get(Phase.REMOVALS)).isEmpty();
        // Dropping a bucket (its path failed) needs nothing new either.
        assertThat(TableDiff.plan(tables(1, 1, "10.0.0.0/8"), tables(1, 0, "10.0.0.0/8"), true).get(Phase.REWEIGHT)).hasSize(1);
    }

    @Test
    void theSameOutputPortWithAnotherLabelIsAnotherTunnel() {
        java.util.function.IntFunction<te.southbound.openflow.Bucket> viaLabel = label -> te.southbound.openflow.Bucket.weighted(50,
                List.of(new te.southbound.openflow.Action.PushMpls(0x8847),
                        new te.southbound.openflow.Action.SetField(new te.southbound.openflow.OxmField.MplsLabel(label)),
                        new te.southbound.openflow.Action.Output(2)));
        GroupEntry have = new GroupEntry(65536, te.southbound.openflow.GroupType.SELECT, List.of(viaLabel.apply(16)));
        assertThat(TableDiff.sendsOnlyWhereItSent(have, new GroupEntry(65536, te.southbound.openflow.GroupType.SELECT,
                List.of(viaLabel.apply(16))))).isTrue();
        assertThat(TableDiff.sendsOnlyWhereItSent(have, new GroupEntry(65536, te.southbound.openflow.GroupType.SELECT,
                List.of(viaLabel.apply(17))))).isFalse();
    }

    @Test
    void aGroupThatSendsIntoATunnelItDidNotUseWaitsForTheTunnels() {
        // Only path 1 used before, both after: path 2's tunnel must be built first.
        Map<Phase, List<OfMessage>> p = TableDiff.plan(tables(1, 0, "10.0.0.0/8"), tables(1, 1, "10.0.0.0/8"), true);
        assertThat(p.get(Phase.REWEIGHT)).isEmpty();
        assertThat(p.get(Phase.GROUPS)).singleElement().satisfies(m -> assertThat(((GroupMod) m).command()).isEqualTo(GroupCommand.MODIFY));
    }

    @Test
    void staleEntriesGoLastFlowBeforeGroupAndDeletesNameTheExactCookie() {
        Map<Phase, List<OfMessage>> p = TableDiff.plan(tables(1, 1, "10.0.0.0/8"), SwitchTables.EMPTY, true);
        List<OfMessage> r = p.get(Phase.REMOVALS);
        assertThat(r).hasSize(2);
        FlowMod flowDelete = (FlowMod) r.get(0);
        assertThat(flowDelete.command()).isEqualTo(FlowCommand.DELETE_STRICT);
        assertThat(flowDelete.cookieMask()).isEqualTo(-1L);
        assertThat(flowDelete.cookie()).isEqualTo(Ownership.DEFAULT.ingressCookie(((GroupMod) r.get(1)).groupId()));
        assertThat(((GroupMod) r.get(1)).command()).isEqualTo(GroupCommand.DELETE);
    }

    @Test
    void aChangedPrefixAddsTheNewFlowBeforeRemovingTheOld() {
        Map<Phase, List<OfMessage>> p = TableDiff.plan(tables(1, 1, "10.0.0.0/8"), tables(1, 1, "10.0.0.0/16"), true);
        assertThat(p.get(Phase.INGRESS)).singleElement().satisfies(m -> assertThat(((FlowMod) m).priority()).isEqualTo(1016));
        assertThat(p.get(Phase.REMOVALS)).singleElement().satisfies(m -> assertThat(((FlowMod) m).priority()).isEqualTo(1008));
    }
}
