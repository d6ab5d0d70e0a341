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

        // Where S2 was last seen holding the tunnel's entry, the last split is kept.
        SwitchTables holding = new SwitchTables(Map.of(TablesBuilder.tunnelKey(16),
                TablesBuilder.tunnelEntry(Ownership.DEFAULT, 16, 3, false, IpVersion.V4)), Map.of());
        IdBook held = new IdBook(ids.labels(), ids.groups(), Set.of(), Set.of(), Map.of(S2, holding), ids.installed());
        assertThat(new StateCompiler(Ownership.DEFAULT, 100).compile(s, Set.of(S1, S3), held).buckets().get("a"))
                .containsExactly(new Bucketed(old, 100));
    }
}
