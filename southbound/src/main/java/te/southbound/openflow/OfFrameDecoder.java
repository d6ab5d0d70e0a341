package te.southbound.openflow;

import static te.southbound.openflow.OfConstants.*;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

/**
 * Splits the byte stream into OpenFlow frames on the header's 16-bit length (bytes 2–3, which
 * counts the whole message) and parses each into an {@link OfMessage}. One instance per channel:
 * frame decoders keep partial frames.
 *
 * <p>Every violation throws {@link OpenFlowException}; the connection handler behind it logs the
 * reason and closes the channel, since after a bad length the stream cannot be re-synchronised.
 */
public final class OfFrameDecoder extends LengthFieldBasedFrameDecoder {
    /** First two bytes of a TLS ClientHello: record type handshake (22), protocol major version 3. */
    private static final int TLS_HANDSHAKE_RECORD = 0x16;
    private static final int TLS_MAJOR_VERSION = 0x03;

    /**
     * Wire bytes one multipart request's replies may take, summed over its REPLY_MORE parts: their
     * decoded form is several times larger (a lone instruction becomes objects), so counting parts
     * alone let one request pin more than a gigabyte. A Kdl switch's whole flow table is ~8 MB.
     */
    public static final long MAX_MULTIPART_BYTES = 32L << 20;
    /** Multipart replies left open (REPLY_MORE) at once; this controller has a few requests in flight per switch. */
    static final int MAX_OPEN_MULTIPARTS = 64;
    /** Per xid, wire bytes of the multipart reply parts so far, while more are announced. */
    private final java.util.Map<Integer, Long> openMultiparts = new java.util.HashMap<>();

    /** Creates a decoder for one channel. */
    public OfFrameDecoder() {
        // length at offset 2, 2 bytes, counts the header too (-4 for the 4 bytes up to its end);
        // failFast so an oversized claim fails before buffering it.
        super(MAX_FRAME_LENGTH, 2, 2, -4, 0, true);
    }

    @Override
    protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        // Check the version before the whole frame arrives: a non-OpenFlow peer (say, an HTTP
        // client) fails at once instead of after buffering whatever its "length" claims.
        if (in.readableBytes() >= 2) {
            int version = in.getUnsignedByte(in.readerIndex());
            int type = in.getUnsignedByte(in.readerIndex() + 1);
            if (version == TLS_HANDSHAKE_RECORD && type == TLS_MAJOR_VERSION) {
                throw new OpenFlowException("the peer opened a TLS handshake, and this listener speaks plain TCP: "
                        + "the switch connects with ssl:, so either set it to tcp: or give the controller its TLS certificate");
            }
            if (version != VERSION && type != HELLO) {
                throw new OpenFlowException(("unsupported OpenFlow version 0x%02x in a message of type %d;"
                        + " this controller speaks only OpenFlow 1.3 (0x04)").formatted(version, type));
            }
        }
        if (in.readableBytes() >= 4) {
            int length = in.getUnsignedShort(in.readerIndex() + 2);
            if (length < HEADER_LENGTH) {
                throw new OpenFlowException("frame length %d is shorter than the 8-byte ofp_header"
                        .formatted(length));
            }
        }
        ByteBuf frame = (ByteBuf) super.decode(ctx, in);
        if (frame == null) {
            return null;
        }
        try {
            int frameLength = frame.readableBytes();
            OfMessage msg = MessageReader.read(frame);
            if (frame.isReadable()) {
                throw new OpenFlowException("%d unparsed bytes at the end of %s"
                        .formatted(frame.readableBytes(), msg.getClass().getSimpleName()));
            }
            if (msg instanceof OfMessage.MultipartReply reply) {
                countMultipart(reply, frameLength);
            }
            return msg;
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            // Backstop: a structure shorter than its fixed part, or a value a record rejects.
            throw new OpenFlowException("malformed frame: " + e.getMessage());
        } finally {
            frame.release();
        }
    }

    /** @throws OpenFlowException when one reply's parts exceed {@link #MAX_MULTIPART_BYTES}, or too many are open at once */
    private void countMultipart(OfMessage.MultipartReply reply, int frameLength) {
        long sum = openMultiparts.getOrDefault(reply.xid(), 0L) + frameLength;
        if (sum > MAX_MULTIPART_BYTES) {
            throw new OpenFlowException("multipart reply xid %d is over %d MiB (%s parts so far): more than any table this controller reads"
                    .formatted(reply.xid(), MAX_MULTIPART_BYTES >> 20, reply.getClass().getSimpleName()));
        }
        if (!reply.more()) {
            openMultiparts.remove(reply.xid());
        } else if (openMultiparts.put(reply.xid(), sum) == null && openMultiparts.size() > MAX_OPEN_MULTIPARTS) {
            throw new OpenFlowException("%d multipart replies left open at once (REPLY_MORE without an end): at most %d"
                    .formatted(openMultiparts.size(), MAX_OPEN_MULTIPARTS));
        }
    }
}
