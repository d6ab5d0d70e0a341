package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a switch not seen since the start is taken to hold, from what its commodity's ingress shows. */
class UnseenSwitchesTest {
    private static final Ownership OWN = Ownership.DEFAULT;
    private static final Ipv4Prefix DEST = Ipv4Prefix.parse("10.3.0.0/16");
    private static final Dpid ONE = new Dpid(1), TWO = new Dpid(2), THREE = new Dpid(3);

    private static WeightedPath path(double fraction, Hop... hops) {
        return new WeightedPath(List.of(hops), fraction);
    }

    /** Switch 1's tables: the commodity's ingress flow and group, one bucket sending {@code label} out of port 2. */
    private static SwitchTables ingressSending(WeightedPath p, int label) {
        TablesBuilder b = new TablesBuilder(OWN, true);
        Tunnel t = p.tunnel(IpVersion.V4);
        b.addIngress(DEST, OWN.groupIdBase(), List.of(new StateCompiler.Bucketed(t, 100)), Map.of(t, label));
        return b.build();
    }

    private static SwitchTables egressFor(int label) {
        TablesBuilder b = new TablesBuilder(OWN, true);
        b.addTunnelHop(label, 9, true, IpVersion.V4);
        return b.build();
    }

    private static DesiredState state(WeightedPath... paths) {
        return new DesiredState(List.of(new CommodityRoute("c", ONE, DEST, List.of(paths))));
    }

    @Test
    void aTunnelTheIngressAndTheSeenHopsShowIsTakenToCrossTheUnseenSwitch() {
        WeightedPath viaTwo = path(1, new Hop(ONE, 2), new Hop(TWO, 3), new Hop(THREE, 9));
        UnseenSwitches.Assumption a = UnseenSwitches.assumed(state(viaTwo), Set.of(TWO),
                Map.of(ONE, ingressSending(viaTwo, 16), THREE, egressFor(16)), Map.of(), OWN);
        Tunnel t = viaTwo.tunnel(IpVersion.V4);
        assertThat(a.labels()).containsExactly(Map.entry(t, 16));
        assertThat(TablesBuilder.holdsHop(a.tables().get(TWO), t, 1, 16)).isTrue();
        assertThat(a.tables()).containsOnlyKeys(TWO);
    }

    @Test
    void aSeenHopWithoutTheEntryRulesTheTunnelOut() {
        WeightedPath viaTwo = path(1, new Hop(ONE, 2), new Hop(TWO, 3), new Hop(THREE, 9));
        UnseenSwitches.Assumption a = UnseenSwitches.assumed(state(viaTwo), Set.of(TWO),
                Map.of(ONE, ingressSending(viaTwo, 16), THREE, egressFor(17)), Map.of(), OWN);
        assertThat(a.tables()).isEmpty();
        assertThat(a.labels()).isEmpty();
    }

    /** Two tunnels leave switch 1 by the same port and part at the unseen switch: the label could be either's. */
    @Test
    void aLabelThatFitsTwoTunnelsOfTheCommodityIsNeithers() {
        WeightedPath byPortThree = path(0.5, new Hop(ONE, 2), new Hop(TWO, 3), new Hop(THREE, 9));
        WeightedPath byPortSeven = path(0.5, new Hop(ONE, 2), new Hop(TWO, 7), new Hop(THREE, 9));
        UnseenSwitches.Assumption a = UnseenSwitches.assumed(state(byPortThree, byPortSeven), Set.of(TWO, THREE),
                Map.of(ONE, ingressSending(byPortThree, 16)), Map.of(), OWN);
        assertThat(a.tables()).isEmpty();
        assertThat(a.labels()).isEmpty();
    }

    @Test
    void anUnseenIngressShowsNothing() {
        WeightedPath viaTwo = path(1, new Hop(ONE, 2), new Hop(TWO, 3), new Hop(THREE, 9));
        assertThat(UnseenSwitches.assumed(state(viaTwo), Set.of(ONE, TWO), Map.of(THREE, egressFor(16)), Map.of(), OWN).tables())
                .isEmpty();
    }
}
