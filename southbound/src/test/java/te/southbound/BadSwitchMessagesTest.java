package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static te.southbound.SwitchHarness.connection;
import static te.southbound.SwitchHarness.handshake;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import te.southbound.openflow.OfMessage;

/**
 * Well-framed switch messages the controller has no use for, or that report a failure: each is
 * logged naming what came and what was expected, and the connection goes on (malformed frames,
 * which close it, are {@link MalformedFrameTest}'s).
 */
class BadSwitchMessagesTest {
    private final SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
    private final EmbeddedChannel ch = h.connect();

    BadSwitchMessagesTest() {
        handshake(ch, 1);
    }

    private void receiveHex(String hex) {
        ch.writeInbound(Unpooled.wrappedBuffer(HexFormat.of().parseHex(hex)));
        ch.runPendingTasks();
    }

    /** @return an OFPT_ERROR frame (xid 99, which no request of ours has) of {@code type}/{@code code} with 8 bytes of data */
    private static String error(int type, int code) {
        return "0401001400000063%04x%04x0102030405060708".formatted(type, code);
    }

    /** Every ofp_error_type of OpenFlow 1.3.5 with a code of it, the experimenter type, and values no version defines. */
    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({
        "0, 1, HELLO_FAILED/EPERM (0/1)",
        "1, 6, BAD_REQUEST/BAD_LEN (1/6)",
        "2, 4, BAD_ACTION/BAD_OUT_PORT (2/4)",
        "2, 15, BAD_ACTION/BAD_SET_ARGUMENT (2/15)",
        "3, 1, BAD_INSTRUCTION/UNSUP_INST (3/1)",
        "4, 9, BAD_MATCH/BAD_PREREQ (4/9)",
        "5, 1, FLOW_MOD_FAILED/TABLE_FULL (5/1)",
        "6, 12, GROUP_MOD_FAILED/BAD_BUCKET (6/12)",
        "7, 0, PORT_MOD_FAILED/BAD_PORT (7/0)",
        "8, 2, TABLE_MOD_FAILED/EPERM (8/2)",
        "9, 1, QUEUE_OP_FAILED/BAD_QUEUE (9/1)",
        "10, 1, SWITCH_CONFIG_FAILED/BAD_LEN (10/1)",
        "11, 2, ROLE_REQUEST_FAILED/BAD_ROLE (11/2)",
        "12, 10, METER_MOD_FAILED/OUT_OF_METERS (12/10)",
        "13, 5, TABLE_FEATURES_FAILED/EPERM (13/5)",
        "65535, 2302, EXPERIMENTER/EXP_TYPE_2302 (65535/2302)",
        "14, 0, TYPE_14/CODE_0 (14/0)",
        "2, 99, BAD_ACTION/CODE_99 (2/99)"})
    void anErrorOfEachTypeIsLoggedByNameAndTheConnectionGoesOn(int type, int code, String named) {
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receiveHex(error(type, code));

            assertThat(log.lines()).singleElement().satisfies(l -> assertThat(l)
                    .isEqualTo("WARN switch 0000000000000001 rejected unknown request (xid 99): " + named));
        }
        assertThat(ch.isOpen()).isTrue();
        assertThat(h.registry.ready()).containsOnlyKeys(new Dpid(1));
    }

    @Test
    void aMessageTypeOpenFlowDoesNotDefineIsLoggedAndSkipped() {
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            // Type 64, at the largest length a header can give: the frame is skipped whole.
            receiveHex("0440ffff00000007" + "00".repeat(0xffff - 8));
            receiveHex(error(6, 8)); // what follows is read as usual

            assertThat(log.lines()).containsExactly(
                    "WARN switch 0000000000000001 sent a message of type 64 (65535 bytes, xid 7), which OpenFlow 1.3 does not "
                            + "define (0..29); ignored",
                    "WARN switch 0000000000000001 rejected unknown request (xid 99): GROUP_MOD_FAILED/UNKNOWN_GROUP (6/8)");
        }
        assertThat(ch.isOpen()).isTrue();
    }

    /** Before its FEATURES_REPLY the switch has no datapath id to be named by ("switch null" before). */
    @Test
    void anUndefinedTypeBeforeTheFeaturesReplyNamesThePeersAddress() {
        EmbeddedChannel early = new SwitchHarness(Set.of(new Dpid(1)), 60_000).connect();
        SwitchHarness.receive(early, OfMessage.Hello.ofp13(1));
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            early.writeInbound(Unpooled.wrappedBuffer(HexFormat.of().parseHex("0440000800000007")));
            early.runPendingTasks();

            assertThat(log.lines()).containsExactly("WARN peer at embedded (before its FEATURES_REPLY) sent a message of type 64 (8 bytes, "
                    + "xid 7), which OpenFlow 1.3 does not define (0..29); ignored");
        }
        assertThat(early.isOpen()).isTrue();
    }

    @Test
    void aMultipartReplyOfATypeTheControllerDoesNotReadFailsTheRequestItAnswersAtOnce() throws Exception {
        CompletableFuture<List<OfMessage>> groups = connection(ch).multipart(new OfMessage.GroupDescRequest(0));
        int xid = SwitchHarness.sent(ch).get(0).xid();

        // A multipart reply of type 99 (no such OFPMP_ type) under the request's xid.
        receiveHex("04130010%08x00630000".formatted(xid) + "00000000");

        assertThat(groups).isCompletedExceptionally();
        assertThat(org.assertj.core.api.Assertions.catchThrowable(groups::get)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(java.net.ProtocolException.class).hasMessage("switch answered a request for GroupDescReply with a multipart reply of type 99, "
                        + "which this controller does not read");
        assertThat(ch.isOpen()).isTrue();
    }
}
