package te.southbound.openflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.OfMessage.*;

/** Encoder and decoder together, and against byte layouts written out from the specification. */
class OfCodecTest {

    static Stream<OfMessage> samples() {
        return Samples.all().stream();
    }

    private static EmbeddedChannel codec() {
        return new EmbeddedChannel(new OfFrameDecoder(), OfEncoder.INSTANCE);
    }

    static byte[] encode(OfMessage m) {
        EmbeddedChannel ch = codec();
        ch.writeOutbound(m);
        ByteBuf buf = ch.readOutbound();
        byte[] bytes = ByteBufUtil.getBytes(buf);
        buf.release();
        return bytes;
    }

    @ParameterizedTest
    @MethodSource("samples")
    void roundTrip(OfMessage msg) {
        byte[] bytes = encode(msg);
        assertThat(bytes.length).isEqualTo(((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff));
        if (!(msg instanceof OfMessage.Error || msg instanceof EchoRequest || msg instanceof EchoReply)) {
            assertThat(bytes.length % 8).as("structures are padded to 8 bytes").isZero();
        }
        EmbeddedChannel ch = codec();
        ch.writeInbound(Unpooled.wrappedBuffer(bytes));
        assertThat((OfMessage) ch.readInbound()).isEqualTo(msg);
        Object next = ch.readInbound();
        assertThat(next).isNull();
    }

    @Test
    void framesSplitAnywhereAndBatchedTogetherDecodeTheSame() {
        List<OfMessage> all = Samples.all();
        ByteBuf stream = Unpooled.buffer();
        all.forEach(m -> stream.writeBytes(encode(m)));
        EmbeddedChannel ch = codec();
        // Odd-sized chunks cut through headers, lengths and bodies.
        while (stream.isReadable()) {
            ch.writeInbound(stream.readRetainedSlice(Math.min(7, stream.readableBytes())));
        }
        for (OfMessage expected : all) {
            assertThat((OfMessage) ch.readInbound()).isEqualTo(expected);
        }
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void groupModMatchesTheSpecLayout() {
        OfMessage m = new GroupMod(1, GroupCommand.ADD, GroupType.SELECT, 65536,
                List.of(Bucket.weighted(50, List.of(new Action.Output(4)))));
        // ofp_header | command ADD, type SELECT, pad, group_id | ofp_bucket (len 32, weight 50,
        // watch_port ANY, watch_group ANY, pad) | ofp_action_output (port 4, max_len NO_BUFFER, pad)
        assertThat(HexFormat.of().formatHex(encode(m))).isEqualTo(
                "040f003000000001" + "0000010000010000"
                + "00200032ffffffffffffffff00000000" + "0000001000000004ffff000000000000");
    }

    @Test
    void bundleMessagesMatchTheOnfExtensionLayoutOpenVswitchSpeaks() {
        // ofp_header (type EXPERIMENTER) | ONF id, ONFT_BUNDLE_CONTROL 2300 | bundle_id, type OPEN_REQUEST, flags atomic+ordered
        assertThat(HexFormat.of().formatHex(encode(new BundleControl(7, 1, OfConstants.BUNDLE_OPEN_REQUEST, 3))))
                .isEqualTo("0404001800000007" + "4f4e4600000008fc" + "0000000100000003");
        // ... ONFT_BUNDLE_ADD_MESSAGE 2301 | bundle_id, pad, flags | the whole inner message, same xid, no padding after
        GroupMod inner = new GroupMod(9, GroupCommand.DELETE, GroupType.SELECT, 65536, List.of());
        assertThat(HexFormat.of().formatHex(encode(new BundleAdd(9, 1, 3, inner))))
                .isEqualTo("0404002800000009" + "4f4e4600000008fd" + "0000000100000003" + HexFormat.of().formatHex(encode(inner)));
        assertThatThrownBy(() -> new BundleAdd(8, 1, 3, inner)).hasMessageContaining("xid 9 differs");
        assertThatThrownBy(() -> new BundleAdd(9, 1, 3, new BarrierRequest(9))).hasMessageContaining("only flow and group mods");
    }

    @Test
    void flowModMatchIsOxmWithPaddingAndSortedFields() {
        OfMessage m = new FlowMod(2, 0, 0, 0, FlowCommand.ADD, 0, 0, 1016, -1, -1, -1, 0,
                Match.of(new OxmField.Ipv4Dst(0x0a040000, 0xffff0000), new OxmField.EthType(0x0800)),
                List.of(new Instruction.ApplyActions(List.of(new Action.Group(65536)))));
        String hex = HexFormat.of().formatHex(encode(m));
        // ofp_match at byte 48: type OXM, length 22 (4 + eth_type 6 + masked ipv4_dst 12), 2 pad bytes
        assertThat(hex.substring(96, 96 + 48)).isEqualTo(
                "00010016" + "80000a020800" + "800019080a040000ffff0000" + "0000");
        // then OFPIT_APPLY_ACTIONS (len 16, pad 4) with OFPAT_GROUP (len 8) 65536
        assertThat(hex.substring(144)).isEqualTo("0004001000000000" + "0016000800010000");
        assertThat(hex.substring(0, 8)).isEqualTo("040e0058"); // 48 fixed + 24 match + 16 instruction
    }

    @Test
    void roleRequestMatchesTheSpecLayoutAndItsErrorsAreNamed() {
        // ofp_header (type 24, length 24) | role MASTER (2) | pad 4 | generation_id
        assertThat(HexFormat.of().formatHex(encode(new OfMessage.RoleRequest(40, ControllerRole.MASTER, 6))))
                .isEqualTo("0418001800000028" + "00000002" + "00000000" + "0000000000000006");
        assertThat(ErrorNames.describe(1, 10)).isEqualTo("BAD_REQUEST/IS_SLAVE (1/10)");
        assertThat(ErrorNames.describe(11, 0)).isEqualTo("ROLE_REQUEST_FAILED/STALE (11/0)");
    }

    @Test
    void ipv6DestinationIsOxmField27WithAMaskUnlessExact() {
        OxmField.Ipv6Dst net = new OxmField.Ipv6Dst(0x20010db800070000L, 0, -1L << 16, 0); // 2001:db8:7::/48
        OxmField.Ipv6Dst host = new OxmField.Ipv6Dst(0x20010db800070000L, 1, -1, -1); // 2001:db8:7::1
        FlowMod m = new FlowMod(2, 0, 0, 0, FlowCommand.ADD, 0, 0, 1048, -1, -1, -1, 0,
                Match.of(net, new OxmField.EthType(0x86dd)), List.of());
        String hex = HexFormat.of().formatHex(encode(m));
        // ofp_match: type OXM, length 4 + eth_type 6 + masked ipv6_dst (4 + 16 + 16) = 46, 2 pad bytes
        assertThat(hex.substring(96, 96 + 96)).isEqualTo("0001002e" + "80000a0286dd"
                + "80003720" + "20010db8000700000000000000000000" + "ffffffffffff00000000000000000000" + "0000");
        FlowMod exact = new FlowMod(2, 0, 0, 0, FlowCommand.ADD, 0, 0, 1128, -1, -1, -1, 0,
                Match.of(new OxmField.EthType(0x86dd), host), List.of());
        assertThat(HexFormat.of().formatHex(encode(exact))).contains("80000a0286dd" + "80003610" + "20010db8000700000000000000000001");
        // Host bits under the mask are dropped, as a switch reports them.
        assertThat(new OxmField.Ipv6Dst(0x20010db800070000L, 5, -1L << 16, 0)).isEqualTo(net);
    }

    @Test
    void portStatusDecodesFromTheSpecLayout() {
        // ofp_header (type 12, length 80) | reason MODIFY, pad 7 | ofp_port: port_no 2, pad 4,
        // hw_addr 02:00:00:00:00:07, pad 2, name "veth-b" NUL-padded to 16, config PORT_DOWN,
        // state LINK_DOWN|LIVE, curr/advertised/supported/peer, curr_speed 10 Gb/s, max_speed 0
        String hex = "040c005000000000" + "0200000000000000"
                + "00000002" + "00000000" + "020000000007" + "0000"
                + "766574682d620000" + "0000000000000000"
                + "00000001" + "00000005" + "00000000000000000000000000000000" + "00989680" + "00000000";
        EmbeddedChannel ch = codec();
        ch.writeInbound(Unpooled.wrappedBuffer(HexFormat.of().parseHex(hex)));
        PortStatus status = (PortStatus) ch.readInbound();
        assertThat(status.reason()).isEqualTo(PortReason.MODIFY);
        assertThat(status.port()).isEqualTo(new PortDesc(2, 0x0200_0000_0007L, "veth-b", 1, 5, 10_000_000, 0));
        assertThat(status.port().up()).isFalse();
        assertThat(HexFormat.of().formatHex(encode(status))).isEqualTo(hex);
    }

    @Test
    void portStatsReplyDecodesFromTheSpecLayout() {
        // ofp_multipart_reply (type 19, length 128): OFPMP_PORT_STATS (4), flags 0, pad | ofp_port_stats:
        // port_no 3, pad 4, rx/tx packets 7/9, rx/tx bytes 700/900, rx/tx dropped 1/0, rx/tx errors 0/2,
        // frame/over/crc/collisions, duration 12 s + 250,000,000 ns
        String hex = "0413008000000011" + "0004000000000000"
                + "00000003" + "00000000"
                + "0000000000000007" + "0000000000000009" + "00000000000002bc" + "0000000000000384"
                + "0000000000000001" + "0000000000000000" + "0000000000000000" + "0000000000000002"
                + "0".repeat(64) + "0000000c" + "0ee6b280";
        EmbeddedChannel ch = codec();
        ch.writeInbound(Unpooled.wrappedBuffer(HexFormat.of().parseHex(hex)));
        PortStatsReply reply = (PortStatsReply) ch.readInbound();
        assertThat(reply.xid()).isEqualTo(17);
        assertThat(reply.ports()).containsExactly(new PortStats(3, 7, 9, 700, 900, 1, 0, 0, 2, 12, 250_000_000));
        assertThat(HexFormat.of().formatHex(encode(reply))).isEqualTo(hex);
    }

    @Test
    void aPortIsUpOnlyWhenNeitherAdministrativelyDownNorWithoutLink() {
        assertThat(new PortDesc(1, 0, "a", 0, 4, 0, 0).up()).isTrue();       // LIVE
        assertThat(new PortDesc(1, 0, "a", 0, 2, 0, 0).up()).isTrue();       // BLOCKED (e.g. by STP) still has link
        assertThat(new PortDesc(1, 0, "a", 1, 0, 0, 0).up()).isFalse();      // PORT_DOWN
        assertThat(new PortDesc(1, 0, "a", 0, 1, 0, 0).up()).isFalse();      // LINK_DOWN
    }

    @Test
    void helloCarriesAVersionBitmapElement() {
        assertThat(HexFormat.of().formatHex(encode(Hello.ofp13(5)))).isEqualTo("0400001000000005" + "0001000800000010");
    }

    @Test
    void unknownMessageTypesAndElementsAreKeptNotRejected() {
        // OFPT_PACKET_IN (10): a switch may send it unasked; not an error.
        byte[] packetIn = new byte[40];
        packetIn[0] = 4;
        packetIn[1] = 10;
        packetIn[3] = 40;
        EmbeddedChannel ch = codec();
        ch.writeInbound(Unpooled.wrappedBuffer(packetIn));
        assertThat((OfMessage) ch.readInbound()).isEqualTo(new Unhandled(0, 10, 40));

        OfMessage foreign = new FlowMod(3, 0, 0, 0, FlowCommand.ADD, 0, 0, 1, -1, -1, -1, 0,
                Match.of(new OxmField.Other(0x80000606, Samples.octets(1, 2, 3, 4, 5, 6))), // eth_dst
                List.of(new Instruction.Other(6, Samples.octets(0, 0, 0, 1)),               // meter 1
                        new Instruction.ApplyActions(List.of(new Action.Other(23, Samples.octets(64, 0, 0, 0))))));
        ch.writeInbound(Unpooled.wrappedBuffer(encode(foreign)));
        assertThat((OfMessage) ch.readInbound()).isEqualTo(foreign);
    }

    @Test
    void fieldNumbersRepeatAcrossOxmClassesButNotWithinOne() {
        // in_port (OPENFLOW_BASIC field 0) and Nicira's reg0 (class 1, field 0) in one match, as OVS may report.
        OxmField reg0 = new OxmField.Other(0x0001_0004, Samples.octets(0, 0, 0, 7));
        Match m = Match.of(new OxmField.InPort(3), reg0);
        assertThat(m.fields()).hasSize(2);
        EmbeddedChannel ch = codec();
        FlowMod mod = new FlowMod(7, 1, 0, 0, FlowCommand.ADD, 0, 0, 100, OfConstants.OFP_NO_BUFFER, OfConstants.OFPP_ANY,
                OfConstants.OFPG_ANY, 0, m, List.of());
        ch.writeInbound(Unpooled.wrappedBuffer(encode(mod)));
        assertThat((OfMessage) ch.readInbound()).isEqualTo(mod);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Match.of(new OxmField.InPort(3), new OxmField.InPort(4)))
                .hasMessageContaining("match has OXM class 0x8000 field 0 twice");
    }
}
