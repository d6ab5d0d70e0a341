package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.StateCompiler.Bucketed;

/** Which paths get a bucket, through the compiler that asks. */
class PathChooserTest {
    private static final Dpid S1 = new Dpid(1), S2 = new Dpid(2), S3 = new Dpid(3);
    private static final Set<Dpid> ALL = Set.of(S1, S2, S3);
    private static final WeightedPath VIA_S2 = new WeightedPath(List.of(new Hop(S1, 2), new Hop(S2, 3), new Hop(S3, 9)), 1);
    private static final Tunnel VIA_S2_TUNNEL = VIA_S2.tunnel(IpVersion.V4);
    private static final Tunnel DIRECT = new WeightedPath(List.of(new Hop(S1, 3), new Hop(S3, 9)), 1).tunnel(IpVersion.V4);
    private static final Map<Tunnel, Integer> LABELS = Map.of(DIRECT, 16, VIA_S2_TUNNEL, 17);

    @Test
    void aPathWhoseWeightRoundsToZeroGetsNoBucketAndNoLabel() {
        WeightedPath tiny = new WeightedPath(List.of(new Hop(S1, 4), new Hop(S3, 9), new Hop(S2, 9)), 0.001);
        DesiredState s = new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"), List.of(VIA_S2, tiny))));
        CompiledState c = new StateCompiler(Ownership.DEFAULT, 100).compile(s, ALL, IdBook.EMPTY);
        assertThat(c.buckets().get("a")).containsExactly(new Bucketed(VIA_S2.tunnel(IpVersion.V4), 100));
        assertThat(c.labels()).containsOnlyKeys(VIA_S2.tunnel(IpVersion.V4));
    }

    @Test
    void theLastSplitIsNotKeptWhenAnAwaySwitchNoLongerHoldsItsTunnel() {
        // "a" was installed over S1-S2-S3 (label 16); S2 is away now and was last seen empty
        // (restarted), so that tunnel is broken there; the state's only path needs S2 changed too.
        Tunnel old = VIA_S2.tunnel(IpVersion.V4);
        WeightedPath changedAtS2 = new WeightedPath(List.of(new Hop(S1, 2), new Hop(S2, 4), new Hop(S3, 9)), 1);
        IdBook ids = new IdBook(Map.of(old, 16), Map.of("a", 65536), Set.of(), Set.of(),
                Map.of(S2, SwitchTables.EMPTY), Map.of("a", List.of(new Bucketed(old, 100))));
        DesiredState s = new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"), List.of(changedAtS2))));
        CompiledState c = new StateCompiler(Ownership.DEFAULT, 100).compile(s, Set.of(S1, S3), ids);
        assertThat(c.buckets()).as("no bucket into a tunnel S2 does not carry").doesNotContainKey("a");
        assertThat(c.reports()).singleElement().satisfies(r -> assertThat(r.note()).contains("nothing installed"));

        // Where S2 was last seen holding the tunnel's entry, the split the ingress holds is kept.
        IdBook held = new IdBook(ids.labels(), ids.groups(), Set.of(), Set.of(),
                Map.of(S1, ingressHolding(ids.labels(), new Bucketed(old, 100)), S2, transitHolding(16)), ids.installed());
        assertThat(new StateCompiler(Ownership.DEFAULT, 100).compile(s, Set.of(S1, S3), held).buckets().get("a"))
                .containsExactly(new Bucketed(old, 100));
    }

    /**
     * A run that reweighted "a" from the direct path to a new tunnel through S2 failed before the
     * ingress group changed, and S2 then went away without that tunnel's entry; the state still
     * puts all flow there. The run memory's installed split is the failed run's union of old and
     * new buckets, one of them into the broken tunnel: taking it whole or not at all deleted the
     * ingress entries, dropping traffic the ingress was sending over the intact direct path.
     */
    @Test
    void aFailedRunsUnionOfSplitsDoesNotReplaceTheSplitTheIngressHolds() {
        List<Bucketed> union = List.of(new Bucketed(DIRECT, 100), new Bucketed(VIA_S2_TUNNEL, 100));
        DesiredState s = new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"),
                List.of(new WeightedPath(DIRECT.hops(), 0), VIA_S2))));

        CompiledState c = compileWithS2Away(s, ingressHolding(LABELS, new Bucketed(DIRECT, 100)), SwitchTables.EMPTY, union);

        assertThat(c.buckets().get("a")).as("the split the ingress holds, into whole tunnels").containsExactly(new Bucketed(DIRECT, 100));
        assertThat(c.reports()).singleElement().satisfies(r -> assertThat(r.note()).contains("last installed split is kept"));
        // An ingress holding a bucket into the tunnel broken at S2 too keeps only the whole one.
        SwitchTables both = ingressHolding(LABELS, new Bucketed(DIRECT, 50), new Bucketed(VIA_S2_TUNNEL, 50));
        assertThat(compileWithS2Away(s, both, SwitchTables.EMPTY, union).buckets().get("a")).containsExactly(new Bucketed(DIRECT, 50));
    }

    /**
     * After a failed reweight of two whole tunnels, the run memory holds both splits together: four
     * buckets, weights adding up to twice the total, a split the ingress never had. Where every
     * path with flow then needs an away switch, the ingress keeps the split it holds.
     */
    @Test
    void whereEveryPathWithFlowNeedsAnAwaySwitchTheIngressKeepsTheSplitItHolds() {
        List<Bucketed> union = List.of(new Bucketed(DIRECT, 60), new Bucketed(VIA_S2_TUNNEL, 40),
                new Bucketed(DIRECT, 40), new Bucketed(VIA_S2_TUNNEL, 60));
        WeightedPath changedAtS2 = new WeightedPath(List.of(new Hop(S1, 2), new Hop(S2, 4), new Hop(S3, 9)), 1);
        DesiredState s = new DesiredState(List.of(new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"),
                List.of(new WeightedPath(DIRECT.hops(), 0), new WeightedPath(VIA_S2.hops(), 0), changedAtS2))));

        CompiledState c = compileWithS2Away(s, ingressHolding(LABELS, new Bucketed(DIRECT, 60), new Bucketed(VIA_S2_TUNNEL, 40)),
                transitHolding(17), union);

        assertThat(c.buckets().get("a")).containsExactly(new Bucketed(DIRECT, 60), new Bucketed(VIA_S2_TUNNEL, 40));
    }

    /** @return {@code s} compiled with S2 away; S1 and S2 last seen holding these tables, {@code installed} the run memory's split of "a" */
    private static CompiledState compileWithS2Away(DesiredState s, SwitchTables s1, SwitchTables s2, List<Bucketed> installed) {
        IdBook ids = new IdBook(LABELS, Map.of("a", 65536), Set.of(), Set.of(), Map.of(S1, s1, S2, s2), Map.of("a", installed));
        return new StateCompiler(Ownership.DEFAULT, 100).compile(s, Set.of(S1, S3), ids);
    }

    /** @return S2's tables with the entry of the tunnel S1-S2-S3 (out of port 3) under {@code label} */
    private static SwitchTables transitHolding(int label) {
        return new SwitchTables(Map.of(TablesBuilder.tunnelKey(label),
                TablesBuilder.tunnelEntry(Ownership.DEFAULT, label, 3, false, IpVersion.V4)), Map.of());
    }

    /** @return S1's tables with "a"'s ingress flow and group 65536 holding {@code split} */
    private static SwitchTables ingressHolding(Map<Tunnel, Integer> labels, Bucketed... split) {
        IpPrefix dst = Ipv4Prefix.parse("10.0.0.0/8");
        return new SwitchTables(Map.of(TablesBuilder.ingressKey(dst), TablesBuilder.ingressFlow(Ownership.DEFAULT, dst, 65536)),
                Map.of(65536, TablesBuilder.ingressGroup(65536, List.of(split), labels, true)));
    }
}
