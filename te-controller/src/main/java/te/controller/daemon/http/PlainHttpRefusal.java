package te.controller.daemon.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * In front of the TLS handler: a client that speaks plain HTTP to the HTTPS port gets a plain 400
 * saying so, instead of a connection closed without a word (curl: "empty reply from server").
 * Once the first bytes are a TLS record it steps out of the pipeline. One per connection.
 */
final class PlainHttpRefusal extends ByteToMessageDecoder {
    /** A TLS record header is 5 bytes; fewer cannot tell. */
    private static final int HEADER = 5;

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < HEADER) {
            return;
        }
        if (SslHandler.isEncrypted(in, false)) {
            // Removing a decoder hands what it holds to the next handler, the TLS one.
            ctx.pipeline().remove(this);
            return;
        }
        in.skipBytes(in.readableBytes());
        byte[] body = "this port speaks HTTPS: use https://\n".getBytes(StandardCharsets.US_ASCII);
        String head = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=us-ascii\r\nConnection: close\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        ctx.writeAndFlush(Unpooled.wrappedBuffer(head.getBytes(StandardCharsets.US_ASCII), body))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
