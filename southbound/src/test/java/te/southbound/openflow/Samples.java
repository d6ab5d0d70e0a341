package te.southbound.openflow;

import java.util.List;
import te.southbound.openflow.OfMessage.*;

/** One instance of every message type, with every interpreted field and element set. */
final class Samples {
    private Samples() {
    }

    /** @return the low bytes of the values */
    static Octets octets(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) values[i];
        }
        return Octets.of(b);
    }

    static final Match MATCH = Match.of(new OxmField.Ipv4Dst(0x0a040000, 0xffff0000), new OxmField.EthType(0x0800),
            new OxmField.InPort(3));

    static final List<Action> MPLS_BUCKET = List.of(new Action.PushMpls(0x8847),
            new Action.SetField(new OxmField.MplsLabel(0xfffff)), new Action.Output(4));

    static final List<Action> VLAN_BUCKET = List.of(new Action.PushVlan(0x8100),
            new Action.SetField(new OxmField.VlanVid(4094)), new Action.Output(0xffffff00));

    static List<OfMessage> all() {
        FlowStats stats = new FlowStats(0, 12, 500_000_000L, 2000, 0, 0, 0, 0x7e5b000100000002L, 10, 1500,
                Match.of(new OxmField.EthType(0x8847), new OxmField.MplsLabel(17)),
                List.of(new Instruction.ApplyActions(List.of(new Action.PopMpls(0x0800), new Action.Output(100)))));
        FlowStats v6 = new FlowStats(0, 1, 0, 1048, 0, 0, 0, 0x7e5b000100000011L, 0, 0,
                Match.of(new OxmField.EthType(0x86dd), new OxmField.Ipv6Dst(0x20010db800070000L, 0, -1L << 16, 0)),
                List.of(new Instruction.ApplyActions(List.of(new Action.Group(65537)))));
        FlowStats v6Host = new FlowStats(0, 1, 0, 1128, 0, 0, 0, 0x7e5b000100000021L, 0, 0,
                Match.of(new OxmField.EthType(0x86dd), new OxmField.Ipv6Dst(0x20010db800070000L, 1, -1, -1)),
                List.of(new Instruction.ApplyActions(List.of(new Action.Group(65538)))));
        return List.of(
                Hello.ofp13(1),
                new Hello(2, 6, (1L << 1) | (1L << 4) | (1L << 6) | (1L << 40)),
                new OfMessage.Error(3, 6, 8, Samples.octets(1, 2, 3)),
                new EchoRequest(4, Samples.octets(9, 8, 7, 6)),
                new EchoReply(5, Octets.EMPTY),
                new FeaturesRequest(6),
                new FeaturesReply(7, 0x8000_0000_0000_0001L, 256, 254, 0, 0x4f),
                new BarrierRequest(8),
                new BarrierReply(9),
                new GroupMod(10, GroupCommand.ADD, GroupType.SELECT, 65536,
                        List.of(Bucket.weighted(60, MPLS_BUCKET), Bucket.weighted(40, VLAN_BUCKET))),
                new GroupMod(11, GroupCommand.DELETE, GroupType.SELECT, 65536, List.of()),
                new FlowMod(12, 0x7e5b000100000001L, -1L, 0, FlowCommand.MODIFY_STRICT, 10, 20, 1016,
                        OfConstants.OFP_NO_BUFFER, OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, 1, MATCH,
                        List.of(new Instruction.ApplyActions(List.of(new Action.Group(65536))),
                                new Instruction.GotoTable(1))),
                new FlowMod(13, 0, 0, 0, FlowCommand.ADD, 0, 0, 5, OfConstants.OFP_NO_BUFFER, 0, 0, 0,
                        Match.of(new OxmField.VlanVid(7)), List.of(new Instruction.ApplyActions(
                                List.of(new Action.PopVlan(), new Action.Output(2))))),
                new FlowMod(14, 0, 0, 0, FlowCommand.DELETE, 0, 0, 0, 0, 0, 0, 0, Match.ALL, List.of()),
                new GroupDescRequest(15),
                new GroupDescReply(16, true, List.of(new GroupDesc(GroupType.SELECT, 65537,
                        List.of(Bucket.weighted(100, MPLS_BUCKET))), new GroupDesc(GroupType.ALL, 1, List.of()))),
                new GroupDescReply(17, false, List.of()),
                new FlowStatsRequest(18, 0xff, OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, 0x7e5b000100000000L,
                        0xffffffff00000000L, Match.ALL),
                new FlowStatsReply(19, false, List.of(stats, stats, v6, v6Host)),
                new OfMessage.RoleRequest(40, ControllerRole.MASTER, -2),
                new OfMessage.RoleReply(41, ControllerRole.SLAVE, 0x0102030405060708L),
                new GroupStatsRequest(20, OfConstants.OFPG_ALL),
                new GroupStatsReply(21, true, List.of(new GroupStats(65536, 1, 3000, 132000, 7, 5, List.of(
                        new GroupStats.BucketCounter(1500, 66000), new GroupStats.BucketCounter(1500, 66000))),
                        new GroupStats(1, 0, 0, 0, 0, 0, List.of()))),
                new PortStatus(22, PortReason.MODIFY, new PortDesc(3, 0x0200_0000_0a01L, "eth3", 1, 1, 10_000_000, 0)),
                new PortDescRequest(23),
                new PortDescReply(24, false, List.of(new PortDesc(1, 0xaabb_ccdd_eeffL, "s1-eth1", 0, 4, 1_000_000, 10_000_000),
                        new PortDesc(0xfffffffe, 0x0002_0000_0001L, "br0", 0, 0, 0, 0))),
                new PortStatsRequest(25, OfConstants.OFPP_ANY),
                new GroupFeaturesRequest(31),
                // Open vSwitch 3.1's answer: all four types; select weight, select liveness, chaining.
                new GroupFeaturesReply(32, false, 0xf, 0x7),
                // A multipart reply of a kind the controller does not read (OFPMP_METER_CONFIG, 10): its body is not kept.
                new UnreadMultipartReply(34, true, 10),
                new PortStatsReply(26, true, List.of(new PortStats(2, 10, 20, 1500, 3000, 1, 0, 0, 2, 3600, 500_000_000),
                        new PortStats(0xfffffffe, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0))),
                new BundleControl(27, 7, OfConstants.BUNDLE_OPEN_REQUEST, OfConstants.BUNDLE_ATOMIC | OfConstants.BUNDLE_ORDERED),
                new GroupMod(33, GroupCommand.ADD, GroupType.SELECT, 65538, List.of(new Bucket(40, 2, OfConstants.OFPG_ANY, MPLS_BUCKET))),
                new BundleControl(28, 0xfffffffe, OfConstants.BUNDLE_COMMIT_REPLY, 0),
                new BundleAdd(29, 7, OfConstants.BUNDLE_ATOMIC, new GroupMod(29, GroupCommand.MODIFY, GroupType.SELECT, 65536,
                        List.of(Bucket.weighted(60, MPLS_BUCKET)))),
                new BundleAdd(30, 7, 3, new FlowMod(30, 0, 0, 0, FlowCommand.DELETE_STRICT, 0, 0, 2000, OfConstants.OFP_NO_BUFFER,
                        OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, 0, Match.of(new OxmField.EthType(0x8847), new OxmField.MplsLabel(17)),
                        List.of())));
    }
}
