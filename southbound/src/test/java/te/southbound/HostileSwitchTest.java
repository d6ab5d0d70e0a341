package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static te.southbound.SwitchHarness.connection;
import static te.southbound.SwitchHarness.handshake;
import static te.southbound.SwitchHarness.receive;
import static te.southbound.SwitchHarness.sent;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfFrameDecoder;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.EchoRequest;
import te.southbound.openflow.OfMessage.FeaturesReply;
import te.southbound.openflow.OfMessage.FeaturesRequest;
import te.southbound.openflow.OfMessage.Hello;
import te.southbound.openflow.OfMessage.PortDescReply;
import te.southbound.openflow.OfMessage.PortStatus;
import te.southbound.openflow.Octets;
import te.southbound.openflow.PortDesc;
import te.southbound.openflow.PortReason;

/**
 * What a peer on the OpenFlow port can do by sending well-formed messages out of order or without
 * end (a review's findings, 2026-11-27): each is contained to its own connection.
 */
class HostileSwitchTest {
    @Test
    void aSecondHelloClosesTheConnectionInsteadOfQueueingAnotherFeaturesRequest() {
        SwitchHarness h = new SwitchHarness(Set.of(), 60_000);
        EmbeddedChannel ch = h.connect();
        handshake(ch, 0x99); // an unconfigured dpid: its connection is kept, with no time limit
        // A peer that does not read: replies would queue. Echoes were already held back; HELLOs were not.
        ch.unsafe().outboundBuffer().setUserDefinedWritability(1, false);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            for (int i = 0; i < 1000 && ch.isOpen(); i++) {
                receive(ch, new EchoRequest(i, Octets.EMPTY), Hello.ofp13(i));
            }
            assertThat(ch.isOpen()).isFalse();
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("sent a second HELLO (a switch says hello once per connection)"));
        }
        assertThat(sent(ch)).noneMatch(m -> m instanceof FeaturesRequest || m instanceof OfMessage.EchoReply);
    }

    @Test
    void aFeaturesReplyBeforeHelloIsNotAHandshake() {
        SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
        EmbeddedChannel ch = h.connect();
        sent(ch);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receive(ch, new FeaturesReply(2, 1, 0, 254, 0, 0));
            assertThat(ch.isOpen()).isFalse();
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("sent FeaturesReply before HELLO; closing"));
        }
        assertThat(h.registry.ready()).isEmpty();
    }

    @Test
    void anAuxiliaryConnectionIsClosedAndTheMainOneStays() {
        SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
        EmbeddedChannel main = h.connect();
        handshake(main, 1);
        EmbeddedChannel aux = h.connect();
        sent(aux);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receive(aux, Hello.ofp13(1), new FeaturesReply(2, 1, 0, 254, 1, 0));
            main.runPendingTasks();
            assertThat(aux.isOpen()).isFalse();
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("opened auxiliary connection 1: not used by this controller"));
        }
        assertThat(main.isOpen()).isTrue();
        assertThat(h.registry.ready().get(new Dpid(1))).isSameAs(connection(main));
    }

    @Test
    void anIsSlaveErrorBeforeTheHandshakeIsLoggedAndIgnored() {
        SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
        EmbeddedChannel ch = h.connect();
        sent(ch);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receive(ch, Hello.ofp13(1), new OfMessage.Error(5, OfConstants.ERR_BAD_REQUEST, OfConstants.BAD_REQUEST_IS_SLAVE, Octets.EMPTY));
            ch.runPendingTasks();
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("sent an error before its handshake").contains("ignored"))
                    .noneSatisfy(l -> assertThat(l).contains("NullPointerException"));
        }
        assertThat(ch.isOpen()).isTrue();
        // The handshake still completes.
        receive(ch, new FeaturesReply(2, 1, 0, 254, 0, 0));
        assertThat(h.registry.ready()).containsKey(new Dpid(1));
    }

    @Test
    void controlCharactersInAPortNameNeverReachTheLog() {
        SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        try (LogCapture log = new LogCapture(SwitchRegistry.class)) {
            receive(ch, new PortStatus(0, PortReason.MODIFY, new PortDesc(1, 0, "x\nWARN fake", 0, 0, 0, 0)));
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("x?WARN fake")).noneSatisfy(l -> assertThat(l).contains("\n"));
        }
        assertThat(h.portEvents).anySatisfy(e -> assertThat(e).contains("x?WARN fake"));
    }

    @Test
    void oneMultipartReplyIsCappedByItsBytesOnTheWireAndSoIsTheNumberLeftOpen() {
        // 1,023 ports (64 bytes each) fill a 64 KiB frame; one port has no room for 2,048 parts' worth of anything.
        List<PortDesc> ports = new ArrayList<>();
        for (int p = 1; p <= 1023; p++) {
            ports.add(new PortDesc(p, p, "p" + p, 0, 0, 0, 0));
        }
        SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
        EmbeddedChannel big = h.connect();
        handshake(big, 1);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            int parts = 0;
            while (big.isOpen() && parts < 1000) {
                receive(big, new PortDescReply(77, true, ports));
                parts++;
            }
            assertThat(big.isOpen()).isFalse();
            long frame = 16 + 64L * ports.size();
            assertThat(parts).isEqualTo((int) (OfFrameDecoder.MAX_MULTIPART_BYTES / frame) + 1);
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("multipart reply xid 77 is over 32 MiB"));
        }

        EmbeddedChannel open = h.connect();
        handshake(open, 2);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            int xid = 1000;
            while (open.isOpen() && xid < 2000) {
                receive(open, new PortDescReply(xid++, true, List.of(ports.get(0))));
            }
            assertThat(open.isOpen()).isFalse();
            assertThat(xid - 1000).isEqualTo(65);
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("65 multipart replies left open at once"));
        }
        // A reply that ends frees its budget: the same xid again and again is fine.
        EmbeddedChannel fine = h.connect();
        handshake(fine, 3);
        for (int i = 0; i < 600; i++) {
            receive(fine, new PortDescReply(5, false, ports));
        }
        assertThat(fine.isOpen()).isTrue();
    }

    @Test
    void unconfiguredSwitchesAreKeptOnePerIdAndAtMostAFewHundred() {
        SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);
        EmbeddedChannel first = h.connect();
        handshake(first, 0x500);
        EmbeddedChannel again = h.connect();
        handshake(again, 0x500);
        assertThat(first.isOpen()).as("replaced by the same id").isFalse();
        assertThat(again.isOpen()).isTrue();
        List<EmbeddedChannel> others = new ArrayList<>();
        for (int i = 1; i < SwitchRegistry.MAX_UNKNOWN; i++) {
            EmbeddedChannel c = h.connect();
            handshake(c, 0x1000 + i);
            others.add(c);
        }
        assertThat(others).allMatch(EmbeddedChannel::isOpen);
        EmbeddedChannel tooMany = h.connect();
        try (LogCapture log = new LogCapture(SwitchRegistry.class)) {
            handshake(tooMany, 0x9999);
            assertThat(tooMany.isOpen()).isFalse();
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("256 such switches are connected already; closing"));
        }
        // A configured switch is never turned away for them.
        EmbeddedChannel real = h.connect();
        handshake(real, 1);
        assertThat(h.registry.ready()).containsKey(new Dpid(1));
    }
}
