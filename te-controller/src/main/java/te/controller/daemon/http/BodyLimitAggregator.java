package te.controller.daemon.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.DaemonMetrics;

/**
 * Netty's aggregator (whole bodies, 100-continue, 413 for bodies over the limit, declared or
 * streamed), plus the log line and metrics every refused request gets.
 */
final class BodyLimitAggregator extends HttpObjectAggregator {
    private static final Logger LOG = LoggerFactory.getLogger("te.controller.daemon.requests");
    private final DaemonMetrics metrics;
    private final int maxBodyBytes;

    BodyLimitAggregator(int maxBodyBytes, DaemonMetrics metrics) {
        super(maxBodyBytes);
        this.maxBodyBytes = maxBodyBytes;
        this.metrics = metrics;
    }

    private void record(HttpRequest req, java.net.SocketAddress client) {
        LOG.warn("rejected {} {} from {}: 413 body over the {} byte limit (--max-body)", req.method(), Router.abbreviate(req.uri()),
                client, maxBodyBytes);
        if (ApiHandler.isDemandWrite(req)) {
            metrics.upload(false);
        }
        metrics.request(req.method().name(), "too-large", 413, 0);
    }

    /** @return Netty's 413, with the API's error object naming the limit instead of an empty body */
    private io.netty.handler.codec.http.FullHttpResponse tooLarge() {
        return ApiHandler.toHttp(ApiResponse.error(413, "request body over the %d byte limit (--max-body), nothing was applied"
                .formatted(maxBodyBytes), java.util.List.of(), java.util.Map.of()), false);
    }

    @Override
    protected Object newContinueResponse(HttpMessage start, int maxContentLength, io.netty.channel.ChannelPipeline pipeline) {
        Object answer = super.newContinueResponse(start, maxContentLength, pipeline);
        // A client that waits for 100-continue (curl does above 1 MiB) is refused here, before its body:
        // it gets the same error object, log line and metrics as one that sent the body.
        if (answer instanceof io.netty.handler.codec.http.HttpResponse r
                && r.status().code() == 413 && start instanceof HttpRequest req) {
            io.netty.util.ReferenceCountUtil.release(answer);
            record(req, pipeline.channel().remoteAddress());
            return tooLarge();
        }
        return answer;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) throws Exception {
        if (oversized instanceof HttpRequest req) {
            record(req, ctx.channel().remoteAddress());
            io.netty.handler.codec.http.FullHttpResponse response = tooLarge();
            // As Netty's own 413: a keep-alive client still sending gets its answer and the rest of its body
            // is discarded, so it is not cut off mid-send; otherwise the connection closes after the answer.
            if (oversized instanceof io.netty.handler.codec.http.FullHttpMessage
                    || !io.netty.handler.codec.http.HttpUtil.is100ContinueExpected(oversized)
                    && !io.netty.handler.codec.http.HttpUtil.isKeepAlive(oversized)) {
                response.headers().set(io.netty.handler.codec.http.HttpHeaderNames.CONNECTION,
                        io.netty.handler.codec.http.HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(io.netty.channel.ChannelFutureListener.CLOSE);
            } else {
                ctx.writeAndFlush(response).addListener(io.netty.channel.ChannelFutureListener.CLOSE_ON_FAILURE);
            }
            return;
        }
        super.handleOversizedMessage(ctx, oversized);
    }
}
