package te.southbound;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import te.southbound.openflow.FlowCommand;
import te.southbound.openflow.FlowStats;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.GroupDesc;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfEncoder;
import te.southbound.openflow.OfFrameDecoder;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.*;
import te.southbound.openflow.Octets;

/**
 * A minimal OpenFlow 1.3 switch for unit tests: keeps table 0 and groups in memory, answers
 * barriers and multipart reads (one entry per part, to exercise REPLY_MORE; group counters
 * report each bucket's weight as its packet count), and rejects the
 * mods a test chooses with GROUP_MOD_FAILED / FLOW_MOD_FAILED errors.
 */
final class FakeSwitch {
    final Map<FlowEntry.Key, FlowEntry> flows = new ConcurrentHashMap<>();
    final Map<Integer, GroupDesc> groups = new ConcurrentHashMap<>();
    volatile Predicate<OfMessage> reject = m -> false;
    /** When set, barrier requests go unanswered (a switch stuck on a batch). */
    volatile boolean ignoreBarriers;
    /**
     * When set, the switch takes bundles (ONF EXT-230): mods added to an open bundle are applied
     * at its commit; a rejected one is refused when it is added and left out, as Open vSwitch does
     * for the errors it can see at once. Otherwise bundle messages get the error OpenFlow
     * prescribes for an unknown experimenter message.
     */
    volatile boolean bundles;
    private final Map<Integer, List<OfMessage>> open = new ConcurrentHashMap<>();
    /** When set, port counter requests go unanswered. Otherwise port 1 reports rx 1000·dpid and tx 2000·dpid bytes, port 2 nothing. */
    volatile boolean ignorePortStats;
    /** Group capabilities it reports (OFPMP_GROUP_FEATURES); Open vSwitch 3.1 says select weight, select liveness, chaining. */
    volatile int groupCapabilities = 0x7;
    final long dpid;
    private Channel channel;
    /**
     * The role the controller's connection has, as a switch keeps it (OpenFlow 1.3 §6.3.7): a
     * test sets SLAVE to stand for another controller taking the switch over. A slave's mods are
     * refused with BAD_REQUEST/IS_SLAVE.
     */
    volatile te.southbound.openflow.ControllerRole role = te.southbound.openflow.ControllerRole.EQUAL;
    /** The newest generation id a MASTER or SLAVE claim used; claims older than it are refused as stale. */
    volatile Long generation;
    /** When set, role requests go unanswered. */
    volatile boolean ignoreRoleRequests;
    /** Delay before role requests are answered, ms (a switch busy with a large push). */
    volatile long roleReplyDelayMs;
    /** When set, table reads (GROUP_DESC, FLOW multipart) go unanswered. */
    volatile boolean ignoreTableReads;
    /** When set, table reads are refused with BAD_REQUEST/BAD_MULTIPART (a switch that cannot list its tables). */
    volatile boolean refuseTableReads;
    /** Delay before table reads are answered, ms (a switch with large tables). */
    volatile long tableReadDelayMs;
    /** Each delayed GROUP_DESC request answered: {received, answered}, {@link System#nanoTime}. */
    final List<long[]> tableReads = new java.util.concurrent.CopyOnWriteArrayList<>();

    FakeSwitch(long dpid) {
        this.dpid = dpid;
    }

    FakeSwitch connect(EventLoopGroup group, InetSocketAddress controller) throws InterruptedException {
        return connect(group, controller, null);
    }

    /** Connects over TLS with {@code tls} (a client context), or plain TCP when it is null. */
    FakeSwitch connect(EventLoopGroup group, InetSocketAddress controller, io.netty.handler.ssl.SslContext tls) throws InterruptedException {
        channel = new Bootstrap().group(group).channel(NioSocketChannel.class).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                if (tls != null) {
                    ch.pipeline().addLast(tls.newHandler(ch.alloc(), controller.getHostString(), controller.getPort()));
                }
                ch.pipeline().addLast(new OfFrameDecoder(), OfEncoder.INSTANCE, new Handler());
            }
        }).connect(controller).sync().channel();
        return this;
    }

    /** @return whether the connection is still open (the controller may have closed it) */
    boolean connected() {
        return channel != null && channel.isActive();
    }

    void disconnect() {
        channel.close().awaitUninterruptibly();
    }

    private void role(ChannelHandlerContext ctx, RoleRequest r) {
        if (ignoreRoleRequests) {
            return;
        }
        boolean elects = r.role() == te.southbound.openflow.ControllerRole.MASTER || r.role() == te.southbound.openflow.ControllerRole.SLAVE;
        if (elects) {
            Long newest = generation;
            if (newest != null && r.generationId() - newest < 0) {
                ctx.writeAndFlush(new OfMessage.Error(r.xid(), 11, 0, Octets.EMPTY)); // ROLE_REQUEST_FAILED/STALE
                return;
            }
            generation = r.generationId();
        }
        if (r.role() != te.southbound.openflow.ControllerRole.NOCHANGE) {
            role = r.role();
        }
        Long g = generation;
        RoleReply reply = new RoleReply(r.xid(), role, g == null ? 0 : g);
        if (roleReplyDelayMs > 0) {
            ctx.executor().schedule(() -> ctx.writeAndFlush(reply), roleReplyDelayMs, java.util.concurrent.TimeUnit.MILLISECONDS);
        } else {
            ctx.writeAndFlush(reply);
        }
    }

    private final class Handler extends SimpleChannelInboundHandler<OfMessage> {
        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.writeAndFlush(Hello.ofp13(1));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // A refused TLS handshake, or the controller hanging up: the tests look at the controller's side.
            ctx.close();
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, OfMessage m) {
            if (reject.test(m)) {
                ctx.writeAndFlush(new OfMessage.Error(m.xid(), m instanceof GroupMod ? 6 : 5, 0, Octets.EMPTY));
                return;
            }
            if ((m instanceof GroupMod || m instanceof FlowMod || m instanceof BundleControl)
                    && role == te.southbound.openflow.ControllerRole.SLAVE) {
                ctx.writeAndFlush(new OfMessage.Error(m.xid(), 1, 10, Octets.EMPTY));
                return;
            }
            if (m instanceof RoleRequest r) {
                role(ctx, r);
            } else if (m instanceof FeaturesRequest) {
                ctx.writeAndFlush(new FeaturesReply(m.xid(), dpid, 0, 254, 0, 0));
            } else if (m instanceof EchoRequest e) {
                ctx.writeAndFlush(new EchoReply(e.xid(), e.data()));
            } else if (m instanceof BarrierRequest) {
                if (!ignoreBarriers) {
                    ctx.writeAndFlush(new BarrierReply(m.xid()));
                }
            } else if (m instanceof GroupMod || m instanceof FlowMod) {
                apply(m);
            } else if (m instanceof BundleControl b) {
                bundle(ctx, b);
            } else if (m instanceof BundleAdd b) {
                if (!bundles || !open.containsKey(b.bundleId())) {
                    ctx.writeAndFlush(new OfMessage.Error(m.xid(), 1, 3, Octets.EMPTY));
                } else if (reject.test(b.message())) {
                    // As Open vSwitch does for a mod it can check at once: refused, left out of the bundle.
                    ctx.writeAndFlush(new OfMessage.Error(m.xid(), b.message() instanceof GroupMod ? 6 : 5, 0, Octets.EMPTY));
                } else {
                    open.get(b.bundleId()).add(b.message());
                }
            } else if ((m instanceof GroupDescRequest || m instanceof FlowStatsRequest) && refuseTableReads) {
                ctx.writeAndFlush(new OfMessage.Error(m.xid(), 1, 2, Octets.EMPTY));
            } else if ((m instanceof GroupDescRequest || m instanceof FlowStatsRequest) && (ignoreTableReads || tableReadDelayMs > 0)) {
                if (!ignoreTableReads) {
                    long received = System.nanoTime();
                    ctx.executor().schedule(() -> {
                        if (m instanceof GroupDescRequest) {
                            tableReads.add(new long[] {received, System.nanoTime()});
                        }
                        answerTableRead(ctx, m);
                    }, tableReadDelayMs, java.util.concurrent.TimeUnit.MILLISECONDS);
                }
            } else if (m instanceof GroupDescRequest || m instanceof FlowStatsRequest) {
                answerTableRead(ctx, m);
            } else if (m instanceof OfMessage.GroupFeaturesRequest) {
                ctx.writeAndFlush(new OfMessage.GroupFeaturesReply(m.xid(), false, 0xf, groupCapabilities));
            } else if (m instanceof PortStatsRequest) {
                if (!ignorePortStats) {
                    ctx.writeAndFlush(new PortStatsReply(m.xid(), false, List.of(
                            new te.southbound.openflow.PortStats(1, 10, 20, 1_000 * dpid, 2_000 * dpid, 1, 2, 3, 4, 5, 6),
                            // A port that counts nothing and keeps no uptime (all ones on the wire).
                            new te.southbound.openflow.PortStats(2, -1, -1, -1, -1, -1, -1, -1, -1, 0xffffffffL, 0xffffffffL))));
                }
            } else if (m instanceof GroupStatsRequest) {
                // Counters are made up but traceable: each bucket reports its weight in packets.
                List<te.southbound.openflow.GroupStats> stats = groups.values().stream().map(g ->
                        new te.southbound.openflow.GroupStats(g.groupId(), 1, 0, 0, 0, 0, g.buckets().stream()
                                .map(b -> new te.southbound.openflow.GroupStats.BucketCounter(b.weight(), 0)).toList())).toList();
                ctx.writeAndFlush(new GroupStatsReply(m.xid(), false, stats));
            }
        }
    }

    /** Answers a GROUP_DESC or FLOW multipart request, one entry per part. */
    private void answerTableRead(ChannelHandlerContext ctx, OfMessage m) {
        if (m instanceof GroupDescRequest) {
            List<GroupDesc> all = new ArrayList<>(groups.values());
            for (int i = 0; i < all.size(); i++) {
                ctx.write(new GroupDescReply(m.xid(), i < all.size() - 1, List.of(all.get(i))));
            }
            ctx.writeAndFlush(all.isEmpty() ? new GroupDescReply(m.xid(), false, List.of()) : io.netty.buffer.Unpooled.EMPTY_BUFFER);
        } else if (m instanceof FlowStatsRequest r) {
            List<FlowEntry> all = flows.values().stream()
                    .filter(e -> ((e.cookie() ^ r.cookie()) & r.cookieMask()) == 0).toList();
            for (int i = 0; i < all.size(); i++) {
                FlowEntry e = all.get(i);
                ctx.write(new FlowStatsReply(m.xid(), i < all.size() - 1, List.of(new FlowStats(0, 1, 0,
                        e.priority(), 0, 0, 0, e.cookie(), 0, 0, e.match(), e.instructions()))));
            }
            ctx.writeAndFlush(all.isEmpty() ? new FlowStatsReply(m.xid(), false, List.of()) : io.netty.buffer.Unpooled.EMPTY_BUFFER);
        }
    }

    private void apply(OfMessage m) {
        if (m instanceof GroupMod g) {
            if (g.command() == GroupCommand.DELETE) {
                groups.remove(g.groupId());
            } else {
                groups.put(g.groupId(), new GroupDesc(g.type(), g.groupId(), g.buckets()));
            }
        } else if (m instanceof FlowMod f) {
            FlowEntry e = new FlowEntry(f.cookie(), f.priority(), f.match(), f.instructions());
            if (f.command() == FlowCommand.DELETE_STRICT) {
                flows.computeIfPresent(e.key(), (k, old) -> ((old.cookie() ^ f.cookie()) & f.cookieMask()) == 0 ? null : old);
            } else if (f.command() == FlowCommand.MODIFY_STRICT) {
                // As Open vSwitch: a modify changes the instructions and keeps the entry's cookie (OpenFlow 1.3 §6.4).
                flows.computeIfPresent(e.key(), (k, old) -> new FlowEntry(old.cookie(), old.priority(), old.match(), f.instructions()));
            } else {
                flows.put(e.key(), e);
            }
        }
    }

    private void bundle(ChannelHandlerContext ctx, BundleControl b) {
        if (!bundles) {
            ctx.writeAndFlush(new OfMessage.Error(b.xid(), 1, 3, Octets.EMPTY)); // OFPET_BAD_REQUEST, OFPBRC_BAD_EXPERIMENTER
            return;
        }
        switch (b.type()) {
            case OfConstants.BUNDLE_OPEN_REQUEST -> {
                open.put(b.bundleId(), new ArrayList<>());
                ctx.writeAndFlush(new BundleControl(b.xid(), b.bundleId(), OfConstants.BUNDLE_OPEN_REPLY, 0));
            }
            case OfConstants.BUNDLE_DISCARD_REQUEST -> {
                open.remove(b.bundleId());
                ctx.writeAndFlush(new BundleControl(b.xid(), b.bundleId(), OfConstants.BUNDLE_DISCARD_REPLY, 0));
            }
            case OfConstants.BUNDLE_COMMIT_REQUEST -> {
                List<OfMessage> mods = open.remove(b.bundleId());
                if (mods == null) {
                    ctx.writeAndFlush(new OfMessage.Error(b.xid(), 0xffff, 2313, Octets.EMPTY));
                    return;
                }
                mods.forEach(this::apply);
                ctx.writeAndFlush(new BundleControl(b.xid(), b.bundleId(), OfConstants.BUNDLE_COMMIT_REPLY, 0));
            }
            default -> ctx.writeAndFlush(new OfMessage.Error(b.xid(), 0xffff, 5, Octets.EMPTY));
        }
    }
}
