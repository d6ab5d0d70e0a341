package te.controller.daemon.http;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.DaemonMetrics;

/**
 * Answers a request that needs the token and lacks it with its 401 as soon as its head arrives,
 * and closes the connection, instead of first reading a body of up to {@code --max-body} bytes
 * that will be thrown away: a client without the token must not be able to fill the daemon's
 * memory. Sits between the HTTP decoder and the aggregator, on the I/O thread.
 */
final class EarlyRefusal extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger("te.controller.daemon.requests");
    private final Router router;
    private final DaemonMetrics metrics;
    /** The rest of a refused request (its body) is dropped; the connection closes after the answer. */
    private boolean dropping;

    EarlyRefusal(Router router, DaemonMetrics metrics) {
        this.router = router;
        this.metrics = metrics;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (dropping) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest req && req.decoderResult().isSuccess()) {
            long start = System.nanoTime();
            String path;
            try {
                path = new QueryStringDecoder(req.uri()).rawPath();
            } catch (IllegalArgumentException e) {
                ctx.fireChannelRead(msg); // the API answers a broken URI
                return;
            }
            String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
            var refused = router.refusedBeforeBody(req.method().name(), path, authorization == null ? "" : authorization);
            if (refused.isPresent()) {
                dropping = !(msg instanceof io.netty.handler.codec.http.LastHttpContent);
                ReferenceCountUtil.release(msg);
                ApiResponse r = refused.get().response();
                FullHttpResponse response = ApiHandler.toHttp(r, false);
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
                if (ApiHandler.isDemandWrite(req)) {
                    metrics.upload(false);
                }
                metrics.request(req.method().name(), refused.get().route(), r.status(), System.nanoTime() - start);
                LOG.warn("rejected {} {} from {}: {} before its body (no valid token)", req.method(), Router.abbreviate(req.uri()),
                        ctx.channel().remoteAddress(), r.status());
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }
}
