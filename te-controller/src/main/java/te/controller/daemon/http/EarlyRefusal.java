package te.controller.daemon.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;

/**
 * Drops the body of a request that needs the token and lacks it, as it arrives, instead of
 * letting the aggregator buffer up to {@code --max-body} bytes that would be thrown away: a client
 * without the token must not be able to fill the daemon's memory. The request goes on without
 * its body and with {@code Connection: close}, so the API answers its 401 after the answers to
 * the requests before it on the connection (HTTP/1.1 answers in order), and the connection
 * closes; what follows it on the connection is dropped too. Sits between the HTTP decoder and
 * the aggregator, on the I/O thread.
 */
final class EarlyRefusal extends ChannelInboundHandlerAdapter {
    private final Router router;
    /** After a refused request's head: its body and anything after it are dropped (the connection closes after the 401). */
    private boolean dropping;

    EarlyRefusal(Router router) {
        this.router = router;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (dropping) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest req && req.decoderResult().isSuccess() && refused(req)) {
            dropping = true;
            DefaultFullHttpRequest head = new DefaultFullHttpRequest(req.protocolVersion(), req.method(), req.uri(),
                    Unpooled.EMPTY_BUFFER, req.headers().copy(), EmptyHttpHeaders.INSTANCE);
            head.headers().remove(HttpHeaderNames.TRANSFER_ENCODING).remove(HttpHeaderNames.EXPECT)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, 0).set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ReferenceCountUtil.release(msg);
            ctx.fireChannelRead(head);
            return;
        }
        ctx.fireChannelRead(msg);
    }

    private boolean refused(HttpRequest req) {
        String path;
        try {
            path = new QueryStringDecoder(req.uri()).rawPath();
        } catch (IllegalArgumentException e) {
            return false; // the API answers a broken URI
        }
        String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        return router.refusedBeforeBody(req.method().name(), path, authorization == null ? "" : authorization);
    }
}
