package te.controller.daemon.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;

/**
 * Keeps the body of a request that cannot use it out of memory: a client without the token must
 * not be able to make the daemon buffer up to {@code --max-body} bytes per request. From the
 * request's head ({@link Router#bodyFor}):
 * <ul>
 * <li>a write without the token will get a 401 whatever its body;</li>
 * <li>a request to a route that takes no body (a read, a delete), or to none at all, may carry at
 *     most {@value #SMALL_BODY_BYTES} bytes (enough for the API's own 400 on a stray body), and a
 *     body of unknown length (chunked) is taken as over that.</li>
 * </ul>
 * Either way the body is dropped as it arrives, and the request goes on without it and with
 * {@code Connection: close} (marked {@link #OVERSIZED} in the second case, which the API answers
 * 413), so its answer comes after the answers to the requests before it on the connection (HTTP/1.1
 * answers in order); then the connection closes, and what follows it on the connection is dropped
 * too. Sits between the HTTP decoder and the aggregator, on the I/O thread.
 */
final class EarlyRefusal extends ChannelInboundHandlerAdapter {
    /** Largest body read for a request whose route takes none, bytes. */
    static final int SMALL_BODY_BYTES = 64 * 1024;
    /** Marks a request whose body was dropped for being over {@link #SMALL_BODY_BYTES}; removed from what clients send. */
    static final String OVERSIZED = "X-TE-Body-Dropped";
    private final Router router;
    /** After a refused request's head: its body and anything after it are dropped (the connection closes after its answer). */
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
        if (msg instanceof HttpRequest req && req.decoderResult().isSuccess()) {
            req.headers().remove(OVERSIZED);
            Router.BodyAllowance allowance = allowance(req);
            boolean oversized = allowance == Router.BodyAllowance.SMALL
                    && (HttpUtil.isTransferEncodingChunked(req) || HttpUtil.getContentLength(req, 0L) > SMALL_BODY_BYTES);
            if (allowance == Router.BodyAllowance.REFUSED || oversized) {
                dropping = true;
                DefaultFullHttpRequest head = new DefaultFullHttpRequest(req.protocolVersion(), req.method(), req.uri(),
                        Unpooled.EMPTY_BUFFER, req.headers().copy(), EmptyHttpHeaders.INSTANCE);
                head.headers().remove(HttpHeaderNames.TRANSFER_ENCODING).remove(HttpHeaderNames.EXPECT)
                        .setInt(HttpHeaderNames.CONTENT_LENGTH, 0).set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                if (oversized) {
                    head.headers().set(OVERSIZED, "yes");
                }
                ReferenceCountUtil.release(msg);
                ctx.fireChannelRead(head);
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    private Router.BodyAllowance allowance(HttpRequest req) {
        String path;
        try {
            path = new QueryStringDecoder(req.uri()).rawPath();
        } catch (IllegalArgumentException e) {
            return Router.BodyAllowance.SMALL; // the API answers a broken URI
        }
        String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        return router.bodyFor(req.method().name(), path, authorization == null ? "" : authorization);
    }
}
