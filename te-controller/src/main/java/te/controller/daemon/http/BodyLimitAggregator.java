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

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) throws Exception {
        if (oversized instanceof HttpRequest req) {
            LOG.warn("rejected {} {} from {}: 413 body over the {} byte limit (--max-body)", req.method(), Router.abbreviate(req.uri()),
                    ctx.channel().remoteAddress(), maxBodyBytes);
            if (req.uri().startsWith("/v1/demands")) {
                metrics.upload(false);
            }
            metrics.request(req.method().name(), "too-large", 413, 0);
        }
        super.handleOversizedMessage(ctx, oversized);
    }
}
