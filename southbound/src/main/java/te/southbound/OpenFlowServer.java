package te.southbound;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import te.southbound.openflow.OfEncoder;
import te.southbound.openflow.OfFrameDecoder;

/** The TCP (or TLS) listener switches connect to (NIO transport, one small event-loop group). */
final class OpenFlowServer implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel serverChannel;

    /**
     * Binds the listener.
     *
     * @throws InterruptedException if interrupted while binding
     * @throws IllegalStateException if the address cannot be bound (e.g. the port is in use)
     */
    OpenFlowServer(SouthboundConfig config, SwitchRegistry registry) throws InterruptedException {
        // Two threads: switches are few and the work per message is small; the machine is shared.
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new Initializer(config, registry));
        var future = b.bind(config.listen()).await();
        if (!future.isSuccess()) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            // As --openflow-listen takes it: InetSocketAddress.toString() is "/127.0.0.1:6653" and a
            // BindException's toString() starts with its class name.
            InetSocketAddress at = config.listen();
            String host = at.getHostString();
            Throwable cause = future.cause();
            throw new IllegalStateException(("cannot listen for switches on %s:%d (--openflow-listen): %s; maybe another "
                    + "controller uses the port").formatted(host.contains(":") ? "[" + host + "]" : host, at.getPort(),
                    cause.getMessage() == null ? cause.toString() : cause.getMessage()), cause);
        }
        serverChannel = future.channel();
    }

    InetSocketAddress localAddress() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** Per-connection pipeline; order matters, see the comments. */
    private static final class Initializer extends ChannelInitializer<SocketChannel> {
        private final SouthboundConfig config;
        private final SwitchRegistry registry;

        Initializer(SouthboundConfig config, SwitchRegistry registry) {
            this.config = config;
            this.registry = registry;
        }

        @Override
        protected void initChannel(SocketChannel ch) {
            ch.pipeline()
                    // First, on raw bytes: any byte from the switch counts as a sign of life, even
                    // in the middle of a large multipart reply.
                    .addLast("idle", new IdleStateHandler(config.echoIntervalMs(), 0, 0, TimeUnit.MILLISECONDS));
            // TLS between the raw bytes and the frames; it holds back the HELLO the connection
            // writes at once until the handshake has verified the switch's certificate.
            config.tls().ifPresent(tls -> {
                io.netty.handler.ssl.SslHandler handler = tls.context().newHandler(ch.alloc());
                // The same bound as the OpenFlow handshake, which it replaces until TLS is through.
                handler.setHandshakeTimeoutMillis(config.requestTimeoutMs());
                ch.pipeline().addLast("tls", handler);
            });
            ch.pipeline()
                    // Bytes → frames → messages; stateful, so one per channel.
                    .addLast("decoder", new OfFrameDecoder())
                    // Outbound messages → bytes; stateless and shared.
                    .addLast("encoder", OfEncoder.INSTANCE)
                    // Last: sees whole messages, and every exception of the handlers before it.
                    .addLast("switch", new SwitchConnection(config, registry));
        }
    }
}
