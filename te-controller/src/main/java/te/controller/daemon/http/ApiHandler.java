package te.controller.daemon.http;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.DaemonMetrics;

/**
 * The last pipeline stage: turns a whole request into an {@link ApiRequest}, dispatches it, writes
 * the response, and logs every refused request and records latency. It runs on a separate executor
 * group, not the I/O thread, because uploads parse, validate and fsync for up to seconds.
 */
final class ApiHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger("te.controller.daemon.requests");
    private final Router router;
    private final DaemonMetrics metrics;

    ApiHandler(Router router, DaemonMetrics metrics) {
        this.router = router;
        this.metrics = metrics;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        long start = System.nanoTime();
        Router.Result result;
        if (!req.decoderResult().isSuccess()) {
            result = new Router.Result(malformed(req.decoderResult().cause()),
                    "malformed");
        } else if (req.headers().contains(EarlyRefusal.OVERSIZED)) {
            result = new Router.Result(ApiResponse.error(413, ("request body over the %d bytes a %s %s may carry (it takes no body, "
                    + "or there is no such endpoint); it was not read").formatted(EarlyRefusal.SMALL_BODY_BYTES, req.method(),
                    Router.abbreviate(req.uri())), List.of(), Map.of()), "too-large");
        } else {
            result = dispatch(req);
        }
        ApiResponse r = result.response();
        boolean keepAlive = req.decoderResult().isSuccess() && HttpUtil.isKeepAlive(req);
        write(ctx, r, keepAlive, req.method().equals(io.netty.handler.codec.http.HttpMethod.HEAD));
        metrics.request(req.method().name(), result.route(), r.status(), System.nanoTime() - start);
        if (isDemandWrite(req)) {
            // Counted here, whatever refused it: the parser, a precondition, or the checks before any handler.
            metrics.upload(r.status() == 200);
        }
        if (r.status() >= 400) {
            LOG.warn("rejected {} {} from {}: {} {}", req.method(), Router.abbreviate(req.uri()), ctx.channel().remoteAddress(),
                    r.status(), Router.abbreviate(new String(r.body(), 0, Math.min(r.body().length, 400), StandardCharsets.UTF_8)));
        }
    }

    private static final List<String> DEMANDS = List.of("v1", "demands");

    /**
     * @return whether the request is a PUT or PATCH of the demands, however its path is spelt that
     *         the router serves there (refused requests before the aggregator count themselves)
     */
    static boolean isDemandWrite(io.netty.handler.codec.http.HttpRequest req) {
        String method = req.method().name();
        if (!method.equals("PUT") && !method.equals("PATCH")) {
            return false;
        }
        try {
            return Router.segments(new QueryStringDecoder(req.uri()).path()).equals(DEMANDS);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private Router.Result dispatch(FullHttpRequest req) {
        try {
            if (req.headers().getAll(HttpHeaderNames.CONTENT_TYPE).size() > 1) {
                return new Router.Result(ApiResponse.error(400, "Content-Type is given more than once: %s; send one"
                        .formatted(req.headers().getAll(HttpHeaderNames.CONTENT_TYPE)), List.of(), Map.of()), "invalid");
            }
            String encoding = header(req, HttpHeaderNames.CONTENT_ENCODING).strip();
            if (!encoding.isEmpty() && !encoding.equalsIgnoreCase("identity")) {
                // Nothing here decompresses: a gzip body would be parsed as text, a plain one under a false label trusted.
                return new Router.Result(ApiResponse.error(415, "Content-Encoding '%s' is not supported, send the body uncompressed"
                        .formatted(Router.abbreviate(encoding)), List.of(), Map.of("Accept-Encoding", "identity")), "invalid");
            }
            QueryStringDecoder qs = new QueryStringDecoder(req.uri());
            ApiRequest request = new ApiRequest(req.method().name(), qs.rawPath(), qs.parameters(),
                    header(req, HttpHeaderNames.CONTENT_TYPE), header(req, HttpHeaderNames.ACCEPT),
                    header(req, HttpHeaderNames.AUTHORIZATION), header(req, HttpHeaderNames.ACCEPT_ENCODING),
                    String.join(",", req.headers().getAll(HttpHeaderNames.IF_NONE_MATCH)),
                    String.join(",", req.headers().getAll(HttpHeaderNames.IF_MATCH)), ByteBufUtil.getBytes(req.content()));
            return router.dispatch(request);
        } catch (IllegalArgumentException e) {
            // QueryStringDecoder refuses broken percent-encoding in the query.
            return new Router.Result(ApiResponse.error(400, "bad request URI: " + e.getMessage(), List.of(), Map.of()), "invalid");
        } catch (te.controller.daemon.state.StateStore.NotPersisted e) {
            // A full or failing disk: the client can tell "not applied, retry" from an unknown state.
            LOG.error("{} {}: {}", req.method(), req.uri(), e.getMessage());
            return new Router.Result(ApiResponse.error(503, e.getMessage() + "; nothing was applied: retry once the disk is fixed",
                    List.of(), Map.of("Retry-After", "5")), "unavailable");
        } catch (RuntimeException e) {
            LOG.error("internal error on {} {}", req.method(), req.uri(), e);
            return new Router.Result(ApiResponse.error(500, "internal error: " + e, List.of(), Map.of()), "error");
        }
    }

    /** @return 414 or 431 for an over-long request line or headers, else 400, in words rather than Netty's class names */
    private static ApiResponse malformed(Throwable cause) {
        if (cause instanceof io.netty.handler.codec.http.TooLongHttpLineException) {
            return ApiResponse.error(414, "request line too long (a query that long is not one this API takes)", List.of(), Map.of());
        }
        if (cause instanceof io.netty.handler.codec.http.TooLongHttpHeaderException) {
            return ApiResponse.error(431, "request headers too large", List.of(), Map.of());
        }
        String why = cause == null || cause.getMessage() == null ? "unparsable" : cause.getMessage();
        return ApiResponse.error(400, "malformed HTTP request: " + why, List.of(), Map.of());
    }

    /** @return {@code r} as Netty's response: its status, headers and Content-Length, the body left out for HEAD */
    static FullHttpResponse toHttp(ApiResponse r, boolean head) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(r.status()),
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(r.body()));
        if (r.status() != 304) { // a 304 has no body, and its headers describe the representation the client holds
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, r.contentType());
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, r.body().length);
        }
        r.headers().forEach((k, v) -> response.headers().set(k, v));
        return response;
    }

    private static String header(FullHttpRequest req, CharSequence name) {
        String v = req.headers().get(name);
        return v == null ? "" : v;
    }

    /** @param head a HEAD request: the GET response's headers, Content-Length included, without its body */
    private static void write(ChannelHandlerContext ctx, ApiResponse r, boolean keepAlive, boolean head) {
        FullHttpResponse response = toHttp(r, head);
        if (keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(response);
        } else {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("connection {} closed after error: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
