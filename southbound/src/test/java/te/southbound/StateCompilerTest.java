package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.Action;
import te.southbound.openflow.Instruction;
import te.southbound.openflow.OxmField;

class StateCompilerTest {
    private static final Dpid S1 = new Dpid(1), S2 = new Dpid(2), S3 = new Dpid(3);
    private final StateCompiler compiler = new StateCompiler(Ownership.DEFAULT, 100);

    private static WeightedPath path(double f, int... hopsAndPorts) {
        List<Hop> hops = new java.util.ArrayList<>();
        for (int i = 0; i < hopsAndPorts.length; i += 2) {
            hops.add(new Hop(new Dpid(hopsAndPorts[i]), hopsAndPorts[i + 1]));
        }
        return new WeightedPath(hops, f);
    }

    private static CommodityRoute commodity(String id, String prefix, WeightedPath... paths) {
        return new CommodityRoute(id, paths[0].hops().get(0).dpid(), IpPrefix.parse(prefix), List.of(paths));
    }

    @Test
    void ipv4AndIpv6OverTheSameHopsTakeTunnelsOfTheirOwnThatPopTheirOwnPayload() {
        DesiredState s = new DesiredState(List.of(
                commodity("a", "10.0.0.0/8", path(1, 1, 2, 2, 3, 3, 9)),
                commodity("a6", "2001:db8:a::/48", path(1, 1, 2, 2, 3, 3, 9)),
                commodity("b6", "2001:db8:b::/48", path(1, 1, 2, 2, 3, 3, 9)),
                commodity("h6", "2001:db8:b::1/128", path(1, 1, 9))));
        CompiledState c = compiler.compile(s, Set.of(S1, S2, S3), IdBook.EMPTY);

        Tunnel hops = s.commodities().get(0).paths().get(0).tunnel(IpVersion.V4);
        Tunnel v6 = s.commodities().get(1).paths().get(0).tunnel(IpVersion.V6);
        assertThat(c.labels()).containsOnlyKeys(hops, v6); // a6 and b6 share the IPv6 tunnel
        assertThat(c.tables().get(S2).flows()).hasSize(2);
        assertThat(c.tables().get(S3).flows().values()).extracting(f -> f.instructions().get(0)).containsExactlyInAnyOrder(
                new Instruction.ApplyActions(List.of(new Action.PopMpls(0x0800), new Action.Output(9))),
                new Instruction.ApplyActions(List.of(new Action.PopMpls(0x86dd), new Action.Output(9))));
        assertThat(c.tables().get(S1).flows().values()).extracting(f -> f.key().priority(), f -> f.match().fields())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(1008, List.of(new OxmField.EthType(0x0800), new OxmField.Ipv4Dst(0x0a000000, 0xff000000))),
                        org.assertj.core.groups.Tuple.tuple(1048, List.of(new OxmField.EthType(0x86dd),
                                new OxmField.Ipv6Dst(0x20010db8000a0000L, 0, -1L << 16, 0))),
                        org.assertj.core.groups.Tuple.tuple(1048, List.of(new OxmField.EthType(0x86dd),
                                new OxmField.Ipv6Dst(0x20010db8000b0000L, 0, -1L << 16, 0))),
                        org.assertj.core.groups.Tuple.tuple(1128, List.of(new OxmField.EthType(0x86dd),
                                new OxmField.Ipv6Dst(0x20010db8000b0000L, 1, -1, -1))));

        // The same prefix may not be sent twice from one ingress, in either version.
        assertThatThrownBy(() -> new DesiredState(List.of(commodity("x", "2001:db8:a::/48", path(1, 1, 9)),
                commodity("y", "2001:db8:a:0::/48", path(1, 1, 8))))).hasMessageContaining("already sends 2001:db8:a::/48");
    }

    @Test
    void commoditiesSharingAPathShareItsLabelAndEntries() {
        DesiredState s = new DesiredState(List.of(
                commodity("a", "10.0.0.0/8", path(1, 1, 2, 2, 3, 3, 9)),
                commodity("b", "11.0.0.0/8", path(1, 1, 2, 2, 3, 3, 9))));
        CompiledState c = compiler.compile(s, Set.of(S1, S2, S3), IdBook.EMPTY);

        assertThat(c.labels()).hasSize(1).containsValue(16);
        assertThat(c.tables().get(S1).groups()).hasSize(2);
        assertThat(c.tables().get(S2).flows()).hasSize(1);
        assertThat(c.tables().get(S3).flows().values()).singleElement().satisfies(f -> assertThat(f.instructions())
                .containsExactly(new Instruction.ApplyActions(List.of(new Action.PopMpls(0x0800), new Action.Output(9)))));
    }

    @Test
    void pathsThroughUnavailableSwitchesAreLeftOutAndWeightsRenormalised() {
        DesiredState s = new DesiredState(List.of(commodity("a", "10.0.0.0/8",
                path(0.6, 1, 2, 2, 9), path(0.3, 1, 3, 3, 9), path(0.1, 1, 9))));
        CompiledState c = compiler.compile(s, Set.of(S1, S2), IdBook.EMPTY);

        CommodityReport r = c.reports().get(0);
        assertThat(r.weights()).containsExactly(86, 14); // 0.6 : 0.1 of 0.7
        assertThat(r.note()).contains("0000000000000003");
        assertThat(c.tables()).containsOnlyKeys(S1, S2);
    }

    @Test
    void commodityWithoutIngressOrPositiveFractionInstallsNothing() {
        DesiredState s = new DesiredState(List.of(commodity("a", "10.0.0.0/8", path(0, 1, 9)),
                commodity("b", "11.0.0.0/8", path(1, 2, 9))));
        CompiledState c = compiler.compile(s, Set.of(S1), IdBook.EMPTY);
        assertThat(c.reports()).extracting(CommodityReport::note)
                .containsExactly("no usable path with a positive fraction; nothing installed",
                        "ingress 0000000000000002 not connected (or not master there); nothing installed");
        assertThat(c.tables().get(S1)).isEqualTo(SwitchTables.EMPTY);
    }

    @Test
    void idsOfThePreviousUpdateAndIdsSeenOnSwitchesAreNotGivenToNewcomers() {
        Tunnel old = new Tunnel(List.of(new Hop(S1, 2), new Hop(S2, 9)));
        IdBook ids = new IdBook(Map.of(old, 16), Map.of("gone", 65536), Set.of(17), Set.of(65537), Map.of(), Map.of());
        DesiredState s = new DesiredState(List.of(commodity("a", "10.0.0.0/8", path(1, 1, 3, 3, 9), path(1, 1, 2, 2, 9))));
        CompiledState c = compiler.compile(s, Set.of(S1, S2, S3), ids);
        assertThat(c.labels()).containsEntry(old, 16).containsValue(18);
        assertThat(c.groupIds()).containsExactly(Map.entry("a", 65538));
    }

    @Test
    void prefixLengthSetsPriorityAndHostRoutesAreExactMatches() {
        DesiredState s = new DesiredState(List.of(commodity("h", "10.1.2.3/32", path(1, 1, 9)),
                commodity("d", "0.0.0.0/0", path(1, 1, 8))));
        CompiledState c = compiler.compile(s, Set.of(S1), IdBook.EMPTY);
        assertThat(c.tables().get(S1).flows().keySet()).extracting(FlowEntry.Key::priority).containsExactlyInAnyOrder(1032, 1000);
        assertThat(c.tables().get(S1).flows().values()).flatExtracting(f -> f.match().fields())
                .contains(new OxmField.Ipv4Dst(0x0a010203, -1)).doesNotHaveAnyElementsOfTypes(OxmField.MplsLabel.class);
        assertThat(c.labels()).isEmpty(); // single-hop paths need no label
    }

    @Test
    void invalidStatesAreRejectedWithEveryProblemNamed() {
        assertThatThrownBy(() -> new DesiredState(List.of(commodity("a", "10.0.0.0/8", path(1, 1, 9)),
                commodity("a", "10.0.0.0/8", path(1, 1, 8)))))
                .hasMessageContaining("'a' appears twice").hasMessageContaining("already sends 10.0.0.0/8");
        assertThatThrownBy(() -> path(1, 1, 2, 2, 3, 1, 9)).hasMessageContaining("twice");
        assertThatThrownBy(() -> new CommodityRoute("x", S2, Ipv4Prefix.parse("10.0.0.0/8"), List.of(path(1, 1, 9))))
                .hasMessageContaining("does not start at its ingress");
        assertThatThrownBy(() -> Ipv4Prefix.parse("10.0.0.1/8")).hasMessageContaining("maybe 10.0.0.0/8");
        assertThatThrownBy(() -> new Hop(S1, 0)).hasMessageContaining("outPort");
        // OFPP_MAX itself is reserved: Open vSwitch refuses an output to it as BAD_OUT_PORT.
        assertThatThrownBy(() -> new Hop(S1, 0xffffff00)).hasMessageContaining("1..0xfffffeff")
                .hasMessageContaining("got 4294967040");
        assertThat(new Hop(S1, 0xfffffeff).outPort()).isEqualTo(0xfffffeff);
    }

    @Test
    void aCommodityDroppedWhileItsIngressIsAwayKeepsItsTunnels() {
        // S1 cannot be reached, so its group still sends into the tunnel via S2: the state
        // dropping the commodity must not take the tunnel's entries away from S2 and S3.
        DesiredState s = new DesiredState(List.of(commodity("a", "10.0.0.0/8", path(1, 1, 2, 2, 3, 3, 9))));
        CompiledState installed = compiler.compile(s, Set.of(S1, S2, S3), IdBook.EMPTY);
        IdBook ids = new IdBook(installed.labels(), installed.groupIds(), Set.of(), Set.of(), installed.tables(), installed.buckets());

        CompiledState dropped = new StateCompiler(Ownership.DEFAULT, 100).compile(DesiredState.EMPTY, Set.of(S2, S3), ids);
        assertThat(dropped.buckets()).isEqualTo(installed.buckets());
        assertThat(dropped.labels()).isEqualTo(installed.labels());
        assertThat(dropped.tables().get(S2)).isEqualTo(installed.tables().get(S2));
        assertThat(dropped.tables().get(S3)).isEqualTo(installed.tables().get(S3));
    }
}
