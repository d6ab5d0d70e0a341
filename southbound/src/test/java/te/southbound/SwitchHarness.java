package te.southbound;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import te.southbound.openflow.OfEncoder;
import te.southbound.openflow.OfFrameDecoder;
import te.southbound.openflow.OfMessage;

/**
 * A controller-side pipeline on an EmbeddedChannel: the test plays the switch, writing frames
 * in and decoding what the controller sent with a second, independent decoder.
 */
final class SwitchHarness {
    final AtomicInteger changes = new AtomicInteger();
    /** What the port listener heard, one line per call: "ports 1 [..]" or "port 1 ..". */
    final List<String> portEvents = new java.util.concurrent.CopyOnWriteArrayList<>();
    final SwitchRegistry registry;
    final SouthboundConfig config;

    SwitchHarness(Set<Dpid> known, long deadAfterMs) {
        this(known, deadAfterMs, SouthboundConfig.defaults().requestTimeoutMs());
    }

    SwitchHarness(Set<Dpid> known, long deadAfterMs, long requestTimeoutMs) {
        // Scripted handshakes end at FEATURES_REPLY: no bundle probe (its own tests turn it on).
        this(known, deadAfterMs, requestTimeoutMs, false);
    }

    SwitchHarness(Set<Dpid> known, long deadAfterMs, long requestTimeoutMs, boolean bundles) {
        config = SouthboundConfig.defaults().withKnownSwitches(known)
                .withKeepalive(Math.min(1_000, deadAfterMs / 2), deadAfterMs).withRequestTimeoutMs(requestTimeoutMs)
                .withBundles(bundles);
        registry = new SwitchRegistry(known, changes::incrementAndGet, new PortListener() {
            @Override
            public void portsReported(Dpid dpid, List<PortState> ports) {
                portEvents.add("ports " + dpid.value() + " " + ports);
            }

            @Override
            public void portChanged(Dpid dpid, PortState port) {
                portEvents.add("port " + dpid.value() + " " + port);
            }
        }, RoleClaim.EQUAL);
    }

    EmbeddedChannel connect() {
        return new EmbeddedChannel(new OfFrameDecoder(), OfEncoder.INSTANCE, new SwitchConnection(config, registry));
    }

    static SwitchConnection connection(EmbeddedChannel ch) {
        return ch.pipeline().get(SwitchConnection.class);
    }

    /** Writes messages as the switch would. */
    static void receive(EmbeddedChannel ch, OfMessage... msgs) {
        for (OfMessage m : msgs) {
            ByteBuf buf = Unpooled.buffer();
            OfEncoder.encodeTo(m, buf);
            ch.writeInbound(buf);
        }
    }

    /** @return everything the controller sent so far, decoded */
    static List<OfMessage> sent(EmbeddedChannel ch) {
        ch.runPendingTasks();
        EmbeddedChannel decoder = new EmbeddedChannel(new OfFrameDecoder());
        for (Object o = ch.readOutbound(); o != null; o = ch.readOutbound()) {
            decoder.writeInbound(o);
        }
        List<OfMessage> result = new ArrayList<>();
        for (Object o = decoder.readInbound(); o != null; o = decoder.readInbound()) {
            result.add((OfMessage) o);
        }
        return result;
    }

    /** Completes the handshake as an OpenFlow 1.3 switch with the given dpid. */
    static void handshake(EmbeddedChannel ch, long dpid) {
        receive(ch, OfMessage.Hello.ofp13(1), new OfMessage.FeaturesReply(2, dpid, 0, 254, 0, 0));
        sent(ch);
    }
}
