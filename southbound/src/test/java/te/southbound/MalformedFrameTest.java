package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static te.southbound.SwitchHarness.handshake;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.GroupType;
import te.southbound.openflow.OfEncoder;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.Action;

/** Malformed or wrong-version frames close that switch's channel with the reason logged; others keep going. */
class MalformedFrameTest {

    private static byte[] hex(String h) {
        return HexFormat.of().parseHex(h);
    }

    private static byte[] groupMod() {
        ByteBuf b = Unpooled.buffer();
        OfEncoder.encodeTo(new OfMessage.GroupMod(9, GroupCommand.ADD, GroupType.SELECT, 1,
                List.of(Bucket.weighted(1, List.of(new Action.Output(2))))), b);
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        return bytes;
    }

    /** @return {@code mod} wrapped in an ONF bundle add (xid 9, bundle 1) */
    private static byte[] bundled(byte[] mod) {
        byte[] out = new byte[24 + mod.length];
        System.arraycopy(hex("040400000000000" + "9" + "4f4e4600000008fd" + "0000000100000003"), 0, out, 0, 24);
        System.arraycopy(mod, 0, out, 24, mod.length);
        out[2] = (byte) (out.length >> 8);
        out[3] = (byte) out.length;
        return out;
    }

    private static byte[] patched(byte[] bytes, int offset, int... values) {
        byte[] copy = bytes.clone();
        for (int i = 0; i < values.length; i++) {
            copy[offset + i] = (byte) values[i];
        }
        return copy;
    }

    static Stream<Arguments> frames() {
        byte[] gm = groupMod(); // header 8, group_mod 8, bucket at 16 (len at 16..17), action at 32
        return Stream.of(
                Arguments.of("length below header", hex("0400000400000001"), "shorter than the 8-byte ofp_header"),
                Arguments.of("OpenFlow 1.0 message", hex("0105000800000001"), "unsupported OpenFlow version 0x01"),
                Arguments.of("not OpenFlow at all", "GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                        "unsupported OpenFlow version 0x47"),
                Arguments.of("bucket shorter than its fixed part", patched(gm, 16, 0, 8), "ofp_bucket length 8 is below its minimum 16"),
                Arguments.of("bucket longer than the frame", patched(gm, 16, 0, 64), "truncated ofp_bucket"),
                Arguments.of("action length not covering its body", patched(gm, 34, 0, 2), "action type 0 length 2 is below its minimum 8"),
                Arguments.of("unknown group type", patched(gm, 10, 9), "unknown group type 9"),
                Arguments.of("trailing bytes", hex("0415000c00000001deadbeef"), "4 unparsed bytes at the end of BarrierReply"),
                Arguments.of("port status cut short", hex("040c0030000000000200000000000000" + "0".repeat(64)),
                        "truncated ofp_port_status"),
                Arguments.of("unknown port status reason", hex("040c005000000000" + "0700000000000000" + "0".repeat(128)),
                        "unknown port status reason 7"),
                Arguments.of("port list with a partial port", hex("0413001800000009000d0000000000000000000100000000"),
                        "OFPMP_PORT_DESC reply: 8 bytes of ports, not a multiple of 64"),
                Arguments.of("port counters with a partial port", hex("04130018000000090004000000000000" + "0000000300000000"), "OFPMP_PORT_STATS reply: 8 bytes of port counters, not a multiple of 112"),
                Arguments.of("truncated features reply", hex("0406000c00000001deadbeef"), "truncated ofp_switch_features"),
                // Multipart replies cut short: the part, an entry's fixed part, an entry running past the frame.
                Arguments.of("multipart reply header cut short", hex("0413000c000000090007" + "0000"),
                        "truncated ofp_multipart_reply: needs 8 bytes, 4 left in the frame"),
                Arguments.of("flow entry shorter than its fixed part", hex("04130018000000090001000000000000" + "0010000000000000"),
                        "ofp_flow_stats length 16 is below its minimum 48"),
                Arguments.of("group description longer than the reply", hex("04130018000000090007000000000000" + "0028010000000001"),
                        "truncated ofp_group_desc: needs 38 bytes, 6 left in the frame"),
                Arguments.of("error without its type and code", hex("0401000a000000090006"),
                        "truncated ofp_error_msg: needs 4 bytes, 2 left in the frame"),
                // A bundle add (ONF EXT-230) wrapping another bundle add: refused before it is parsed, so no recursion.
                Arguments.of("bundle add inside a bundle add", hex("04040030" + "00000001" + "4f4e4600000008fd" + "0000000100000003"
                        + "04040018" + "00000001" + "4f4e4600000008fd" + "0000000100000003"),
                        "bundled message has version 4, type 4; expected an OpenFlow 1.3 flow or group mod"),
                Arguments.of("bundled group mod cut short", patched(bundled(gm), 26, 0, gm.length - 8), "truncated ofp_bucket"),
                Arguments.of("match of type STANDARD", hex("040e0040" + "00000001" + "00".repeat(40) + "0000" + "0004" + "00000000" + "00".repeat(8)),
                        "match type 0 is not OFPMT_OXM"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("frames")
    void closesOnlyThatChannelAndLogsWhy(String name, byte[] frame, String reason) {
        SwitchHarness h = new SwitchHarness(Set.of(), 60_000);
        EmbeddedChannel bad = h.connect();
        EmbeddedChannel good = h.connect();
        handshake(bad, 1);
        handshake(good, 2);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            bad.writeInbound(Unpooled.wrappedBuffer(frame));
            bad.runPendingTasks();

            assertThat(bad.isOpen()).isFalse();
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).startsWith("WARN closing connection to switch")
                    .contains(reason));
        }
        assertThat(good.isOpen()).isTrue();
        assertThat(h.registry.ready()).containsOnlyKeys(new Dpid(2));
    }
}
