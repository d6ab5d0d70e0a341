package te.southbound.openflow;

import static te.southbound.openflow.OfConstants.*;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.MessageToByteEncoder;
import te.southbound.openflow.OfMessage.*;

/**
 * Encodes {@link OfMessage}s to OpenFlow 1.3 frames. Stateless, hence shared by all channels.
 * The header's length is patched after the body is written.
 */
@Sharable
public final class OfEncoder extends MessageToByteEncoder<OfMessage> {
    /** The shared instance. */
    public static final OfEncoder INSTANCE = new OfEncoder();

    private OfEncoder() {
        super(OfMessage.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, OfMessage msg, ByteBuf out) {
        encodeTo(msg, out);
    }

    /**
     * Appends one frame to {@code out} (also used by the benchmark, without a channel).
     *
     * @throws EncoderException if the message would exceed the 65,535-byte frame limit
     */
    public static void encodeTo(OfMessage msg, ByteBuf out) {
        int start = out.writerIndex();
        int version = msg instanceof Hello h ? h.headerVersion() : VERSION;
        out.writeByte(version).writeByte(typeOf(msg)).writeShort(0).writeInt(msg.xid());
        MessageBodyWriter.writeBody(msg, out);
        int length = out.writerIndex() - start;
        if (length > MAX_FRAME_LENGTH) {
            out.writerIndex(start);
            throw new EncoderException("%s is %d bytes, over the OpenFlow limit of %d; split it"
                    .formatted(msg.getClass().getSimpleName(), length, MAX_FRAME_LENGTH));
        }
        out.setShort(start + 2, length);
    }

    static int typeOf(OfMessage msg) {
        if (msg instanceof Hello) return HELLO;
        if (msg instanceof OfMessage.Error) return ERROR;
        if (msg instanceof EchoRequest) return ECHO_REQUEST;
        if (msg instanceof EchoReply) return ECHO_REPLY;
        if (msg instanceof FeaturesRequest) return FEATURES_REQUEST;
        if (msg instanceof FeaturesReply) return FEATURES_REPLY;
        if (msg instanceof BarrierRequest) return BARRIER_REQUEST;
        if (msg instanceof BarrierReply) return BARRIER_REPLY;
        if (msg instanceof GroupMod) return GROUP_MOD;
        if (msg instanceof FlowMod) return FLOW_MOD;
        if (msg instanceof PortStatus) return PORT_STATUS;
        if (msg instanceof RoleRequest) return ROLE_REQUEST;
        if (msg instanceof RoleReply) return ROLE_REPLY;
        if (msg instanceof MultipartRequest) return MULTIPART_REQUEST;
        if (msg instanceof MultipartReply) return MULTIPART_REPLY;
        if (msg instanceof BundleControl || msg instanceof BundleAdd) return EXPERIMENTER;
        throw new EncoderException("cannot encode " + msg + ": it only stands for a received message");
    }
}
