package te.controller.daemon.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class InFlightLimitTest {
    /**
     * Answers written from a handler pool, as the API writes them: the limit's count and the
     * channel's read flag are still only touched on the channel's event loop (off it, Netty ran the
     * flag change later as a task that failed once the connection had closed).
     */
    @Test
    void answersWrittenFromAHandlerPoolUpdateTheLimitOnTheEventLoop() throws Exception {
        List<Boolean> onLoop = new CopyOnWriteArrayList<>();
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventExecutorGroup pool = new DefaultEventExecutorGroup(2);
        try {
            Channel server = new ServerBootstrap().group(loops).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 16), new InFlightLimit() {
                                @Override
                                void update(ChannelHandlerContext ctx) {
                                    onLoop.add(ctx.executor().inEventLoop());
                                    super.update(ctx);
                                }
                            });
                            ch.pipeline().addLast(pool, new SimpleChannelInboundHandler<FullHttpRequest>() {
                                @Override
                                protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
                                    var answer = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                                    answer.headers().set(HttpHeaderNames.CONTENT_LENGTH, 0);
                                    ctx.writeAndFlush(answer);
                                }
                            });
                        }
                    }).bind("127.0.0.1", 0).sync().channel();
            int requests = 40;
            try (Socket s = new Socket("127.0.0.1", ((InetSocketAddress) server.localAddress()).getPort())) {
                s.setSoTimeout(10_000);
                s.getOutputStream().write("GET / HTTP/1.1\r\nHost: te\r\n\r\n".repeat(requests).getBytes(StandardCharsets.US_ASCII));
                InputStream in = s.getInputStream();
                StringBuilder got = new StringBuilder();
                byte[] buf = new byte[4096];
                while (got.toString().split("HTTP/1.1 200", -1).length - 1 < requests) {
                    int n = in.read(buf);
                    assertThat(n).as("answers so far: %s", got).isPositive();
                    got.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                }
            }
            server.close().sync();
            // One update per request read and one per answer sent (and per writability change);
            // the last answers' updates may still be queued.
            for (long until = System.nanoTime() + 5_000_000_000L; onLoop.size() < 2 * requests && System.nanoTime() < until; ) {
                Thread.sleep(10);
            }
            assertThat(onLoop).hasSizeGreaterThanOrEqualTo(2 * requests).containsOnly(true);
        } finally {
            pool.shutdownGracefully().sync();
            loops.shutdownGracefully().sync();
        }
    }
}
