package te.controller.daemon.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import te.controller.daemon.DaemonMetrics;

/** The REST server: Netty over NIO, HTTP/1.1 with keep-alive. */
public final class ApiServer implements AutoCloseable {
    /** Threads running handlers; uploads block them for parse, validation and fsync. */
    private static final int HANDLER_THREADS = 4;
    /** Seconds without a byte from a client before its connection is closed. */
    private static final int READ_TIMEOUT_SECONDS = 120;
    private final EventLoopGroup boss;
    private final EventLoopGroup io;
    private final EventExecutorGroup handlers;
    private final Channel channel;
    /** Set once by {@link #serve}, before the first connection is taken. */
    private volatile Router router;
    private volatile DaemonMetrics metrics;

    private ApiServer(EventLoopGroup boss, EventLoopGroup io, EventExecutorGroup handlers, Channel channel) {
        this.boss = boss;
        this.io = io;
        this.handlers = handlers;
        this.channel = channel;
    }

    /**
     * Binds and starts serving.
     *
     * @param maxBodyBytes largest request body accepted; larger ones get 413
     * @throws IllegalStateException naming the address if it cannot be bound
     */
    public static ApiServer start(InetSocketAddress address, Router router, DaemonMetrics metrics, int maxBodyBytes,
                                  java.util.Optional<ApiTls> tls) {
        ApiServer server = bind(address, maxBodyBytes, tls);
        server.serve(router, metrics);
        return server;
    }

    /**
     * Binds the address without taking connections yet: clients that connect wait in the
     * listen backlog until {@link #serve}. So a daemon can learn that its port is taken before it
     * touches its state directory, and no request meets a half-loaded daemon.
     *
     * @param maxBodyBytes largest request body accepted; larger ones get 413
     * @throws IllegalStateException naming the address if it cannot be bound
     */
    public static ApiServer bind(InetSocketAddress address, int maxBodyBytes, java.util.Optional<ApiTls> tls) {
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup io = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        EventExecutorGroup handlers = new DefaultEventExecutorGroup(HANDLER_THREADS);
        ApiServer[] server = new ApiServer[1];
        ServerBootstrap b = new ServerBootstrap().group(boss, io).channel(NioServerSocketChannel.class)
                .option(ChannelOption.AUTO_READ, false) // no accepting before serve()
                // Above 1 MiB of answers waiting to be sent a connection is not read (InFlightLimit).
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        Router router = server[0].router;
                        DaemonMetrics metrics = server[0].metrics;
                        // Order: bytes <-> HTTP messages; a body the request cannot use (no token, or
                        // over 64 KiB where the route takes none) is dropped as it comes; then whole requests (body limit enforced while
                        // reading, before anything is buffered past it); at most 16 of them in flight
                        // per connection; then the API on the handler executors so slow uploads never
                        // stall the I/O threads.
                        ch.pipeline()
                                // A client that stalls mid-request (or idles on keep-alive) is
                                // dropped rather than holding a connection and a buffer forever.
                                .addLast("timeout", new ReadTimeoutHandler(READ_TIMEOUT_SECONDS));
                        // TLS between the bytes and HTTP; a plain-HTTP client is told so in plain HTTP.
                        tls.ifPresent(t -> ch.pipeline().addLast("plain", new PlainHttpRefusal())
                                .addLast("tls", t.context().newHandler(ch.alloc())));
                        ch.pipeline()
                                .addLast("http", new HttpServerCodec())
                                .addLast("refuse", new EarlyRefusal(router))
                                .addLast("aggregate", new BodyLimitAggregator(maxBodyBytes, metrics))
                                .addLast("in-flight", new InFlightLimit())
                                .addLast(handlers, "api", new ApiHandler(router, metrics));
                    }
                });
        try {
            Channel channel = b.bind(address).sync().channel();
            server[0] = new ApiServer(boss, io, handlers, channel);
            return server[0];
        } catch (Exception e) {
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            io.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            handlers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            // InetSocketAddress.toString() is "/127.0.0.1:8080" and a BindException's toString() its
            // class name: the operator gets the address as --listen takes it and the OS's reason.
            String host = address.getHostString();
            throw new IllegalStateException("cannot listen on %s:%d (--listen): %s".formatted(
                    host.contains(":") ? "[" + host + "]" : host, address.getPort(),
                    e.getMessage() == null ? e.toString() : e.getMessage()), e);
        }
    }

    /** Starts taking connections (once), answering them with {@code router}. */
    public void serve(Router router, DaemonMetrics metrics) {
        if (this.router != null) {
            throw new IllegalStateException("already serving");
        }
        this.metrics = metrics;
        this.router = router; // written last: the channel initializer runs only after the read below
        channel.config().setAutoRead(true);
        channel.read();
    }

    /** @return the bound address (with the real port when port 0 was asked for) */
    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        // All groups at once, with a short quiet period, so closing connections can still hand
        // their last events between the I/O and handler executors.
        var futures = java.util.List.of(boss.shutdownGracefully(100, 2000, TimeUnit.MILLISECONDS),
                io.shutdownGracefully(100, 2000, TimeUnit.MILLISECONDS), handlers.shutdownGracefully(100, 2000, TimeUnit.MILLISECONDS));
        futures.forEach(f -> f.syncUninterruptibly());
    }
}
