package te.southbound;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.southbound.openflow.ErrorNames;
import te.southbound.openflow.ControllerRole;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.*;
import te.southbound.openflow.Octets;

/**
 * One switch's connection: handshake (HELLO version negotiation, FEATURES for the dpid),
 * keepalive (ECHO both ways, dead after configured silence), and request/reply correlation.
 * Any protocol violation or decode error closes this channel only, with the reason logged.
 */
final class SwitchConnection extends SimpleChannelInboundHandler<OfMessage> {
    private static final Logger log = LoggerFactory.getLogger(SwitchConnection.class);
    /**
     * Time a switch may take per flow/group mod before a batch counts as stuck: 0.2 ms, i.e. a
     * floor of 5,000 mods/s (OVS did 16,000/s over 100 bridges here). A switch working through
     * a large batch answers nothing, echoes included, so silence then is not death.
     */
    static final long NANOS_PER_MOD = 200_000;
    /** Times the port list is asked for before the connection relies on PORT_STATUS alone. */
    static final int PORT_LIST_ATTEMPTS = 3;

    private final SouthboundConfig config;
    private final SwitchRegistry registry;
    private final PendingRequests pending = new PendingRequests();
    /** The probe's bundle id; batches use 1 and up. */
    private static final int PROBE_BUNDLE = 0;
    private static final int BUNDLE_FLAGS = OfConstants.BUNDLE_ATOMIC | OfConstants.BUNDLE_ORDERED;
    private final java.util.concurrent.atomic.AtomicInteger bundleIds = new java.util.concurrent.atomic.AtomicInteger(1);
    /** Whether the switch's group features include OFPGFC_SELECT_LIVENESS; null until it answered. */
    private volatile Boolean selectLiveness;
    /** Whether the switch answered the bundle probe (and bundles are configured). */
    private volatile boolean bundles;
    /** Xids of the probe's open and discard while it is out (their errors only mean "no bundles"). */
    private volatile Set<Integer> probeXids = Set.of();
    private volatile Channel channel;
    private volatile Dpid dpid;
    /** Subject of the switch's TLS certificate once the handshake verified it; null over plain TCP. */
    private volatile String peerCertificate;
    /** Set once TLS is through; over plain TCP it stays false. */
    private volatile boolean tlsDone;
    private volatile long lastReadNanos = System.nanoTime();
    private volatile long busyUntilNanos = System.nanoTime();
    /** 50 lines per 10 s about this switch (its errors, stray replies, port changes); event loop only. */
    private final LogBudget logBudget = new LogBudget(50, 10_000);
    private final java.util.concurrent.atomic.AtomicInteger missedBarriers = new java.util.concurrent.atomic.AtomicInteger();
    private final long connectedAtMillis = System.currentTimeMillis();
    private boolean closedForError; // event loop only
    private boolean helloSeen; // event loop only
    /** The role this controller holds at the switch. */
    private final RoleSession roles;

    SwitchConnection(SouthboundConfig config, SwitchRegistry registry) {
        this.config = config;
        this.registry = registry;
        this.roles = new RoleSession(this, config, registry);
    }

    /** @return the datapath id, or null before FEATURES_REPLY */
    Dpid dpid() {
        return dpid;
    }

    /** @return whether this controller may modify the switch: it holds the EQUAL or MASTER role there */
    boolean mayProgram() {
        return roles.mayProgram();
    }

    /** @return the switch's answer to the role claims so far */
    SwitchRole role() {
        return roles.role();
    }

    /**
     * Asks the switch for {@code claim}'s role (any thread). Until it answers, nothing is programmed here.
     *
     * @return completes with the switch's answer, a refusal, or no answer within requestTimeoutMs
     */
    CompletableFuture<SwitchRole> claimRole(RoleClaim claim) {
        return roles.claim(claim);
    }

    /** @return the next transaction id of this connection */
    int nextXid() {
        return pending.nextXid();
    }

    /** Sends one message now. */
    void send(OfMessage m) {
        write(m, true);
    }

    /** @return the event loop this connection's messages are handled on */
    io.netty.channel.EventLoop eventLoop() {
        return channel.eventLoop();
    }

    /** @return the subject of the switch's verified TLS certificate, or null over plain TCP */
    String peerCertificate() {
        return peerCertificate;
    }

    long connectedAtMillis() {
        return connectedAtMillis;
    }

    String remote() {
        Channel c = channel;
        return c == null ? "?" : String.valueOf(c.remoteAddress());
    }

    void closeQuietly() {
        Channel c = channel;
        if (c != null) {
            c.close();
        }
    }

    boolean isOpen() {
        Channel c = channel;
        return c != null && c.isActive();
    }

    /**
     * Sends the messages in order, then a barrier; to a switch that takes bundles (and with
     * bundles configured), as one bundle that is committed only if the switch accepted every mod.
     *
     * @return completes with the errors the switch reported for these messages once the barrier
     *         reply arrives; fails if the connection closes first or a message cannot be written
     *         (e.g. over the 65,535-byte frame limit)
     */
    CompletableFuture<List<SwitchError>> sendBatch(List<OfMessage> messages) {
        if (!isOpen()) {
            return CompletableFuture.failedFuture(new IOException("switch %s is not connected".formatted(dpid)));
        }
        if (bundles && messages.size() > 1 && messages.stream().allMatch(m -> m instanceof FlowMod || m instanceof GroupMod)) {
            return sendBundle(messages);
        }
        int first = pending.nextXid();
        OfMessage[] stamped = new OfMessage[messages.size()];
        int x = stamp(messages, stamped, first);
        CompletableFuture<List<SwitchError>> done = pending.awaitBarrier(first, x);
        writeMods(stamped, m -> m, done);
        write(new BarrierRequest(x), true);
        return failIfClosed(done);
    }

    /**
     * Gives the messages consecutive xids from {@code xid} on, into {@code stamped}, and tracks them.
     *
     * @return the next free xid (the barrier's)
     */
    private int stamp(List<OfMessage> messages, OfMessage[] stamped, int xid) {
        int x = xid;
        for (int i = 0; i < stamped.length; i++) {
            stamped[i] = messages.get(i).withXid(x);
            pending.track(stamped[i]);
            x = pending.nextXid();
        }
        return x;
    }

    /** Writes the mods as {@code wrap} makes them, flushing in slices so big pushes stream; counts them as work in hand. */
    private void writeMods(OfMessage[] stamped, java.util.function.UnaryOperator<OfMessage> wrap, CompletableFuture<?> batch) {
        busyUntilNanos = Math.max(busyUntilNanos, System.nanoTime()) + stamped.length * NANOS_PER_MOD;
        for (int i = 0; i < stamped.length; i++) {
            writeOrFail(wrap.apply(stamped[i]), i % 512 == 511, batch);
        }
    }

    /**
     * Opens a bundle, adds the mods (each with its own xid, so the switch's error for one names
     * it) and asks for a barrier; commits only if the switch reported no error and every add was
     * written, and discards it otherwise. Open vSwitch rejects some mods when they are added (a
     * read-only table) and drops them from the bundle, others at the commit (a missing group),
     * which then applies nothing: checking before committing makes the phase all-or-nothing in
     * both cases, for one more round trip.
     */
    private CompletableFuture<List<SwitchError>> sendBundle(List<OfMessage> messages) {
        int bundleId = nextBundleId();
        int first = pending.nextXid();
        BundleControl open = new BundleControl(first, bundleId, OfConstants.BUNDLE_OPEN_REQUEST, BUNDLE_FLAGS);
        pending.track(open);
        OfMessage[] stamped = new OfMessage[messages.size()];
        int x = stamp(messages, stamped, pending.nextXid());
        CompletableFuture<List<SwitchError>> added = pending.awaitBarrier(first, x);
        write(open, false);
        writeMods(stamped, m -> new BundleAdd(m.xid(), bundleId, BUNDLE_FLAGS, m), added);
        write(new BarrierRequest(x), true);
        CompletableFuture<List<SwitchError>> done = failIfClosed(added).thenCompose(errors -> {
            int type = errors.isEmpty() ? OfConstants.BUNDLE_COMMIT_REQUEST : OfConstants.BUNDLE_DISCARD_REQUEST;
            int end = pending.nextXid();
            BundleControl close = new BundleControl(end, bundleId, type, BUNDLE_FLAGS);
            pending.track(close);
            int barrier = pending.nextXid();
            // A mod refused at the commit is reported with its own xid: the range reaches back to the
            // open, and the mods are known again for the error's description.
            for (OfMessage m : stamped) {
                pending.track(m);
            }
            CompletableFuture<List<SwitchError>> closed = pending.awaitBarrier(first, barrier);
            write(close, false);
            write(new BarrierRequest(barrier), true);
            return failIfClosed(closed).thenApply(more -> {
                List<SwitchError> all = new java.util.ArrayList<>(errors);
                all.addAll(more);
                return all;
            });
        });
        return done;
    }

    /** Writes a mod; if it cannot be written, {@code batch} fails rather than missing it silently. */
    private void writeOrFail(OfMessage m, boolean flush, CompletableFuture<?> batch) {
        io.netty.channel.ChannelFuture f = write(m, flush);
        f.addListener(w -> {
            if (!w.isSuccess()) {
                batch.completeExceptionally(new IOException("could not send %s to switch %s: %s"
                        .formatted(Summaries.of(m instanceof BundleAdd b ? b.message() : m), dpid, w.cause()), w.cause()));
            }
        });
    }

    /** @return a bundle id not in use on this connection (0 is the probe's) */
    private int nextBundleId() {
        int id = bundleIds.getAndIncrement();
        return id == PROBE_BUNDLE ? bundleIds.getAndIncrement() : id;
    }

    /**
     * Asks the switch once, right after the handshake, whether it takes bundles: an open that it
     * answers (then discarded) switches them on for the batches that follow; an error (which
     * OpenFlow requires for an experimenter message a switch does not know) leaves mods going one
     * by one.
     *
     * @return completes when the barrier after the probe is answered
     */
    private CompletableFuture<List<SwitchError>> probeBundles() {
        int openXid = pending.nextXid();
        int discardXid = pending.nextXid();
        probeXids = Set.of(openXid, discardXid);
        int barrierXid = pending.nextXid();
        CompletableFuture<List<SwitchError>> done = pending.awaitBarrier(openXid, barrierXid);
        write(new BundleControl(openXid, PROBE_BUNDLE, OfConstants.BUNDLE_OPEN_REQUEST, BUNDLE_FLAGS), false);
        write(new BundleControl(discardXid, PROBE_BUNDLE, OfConstants.BUNDLE_DISCARD_REQUEST, BUNDLE_FLAGS), false);
        write(new BarrierRequest(barrierXid), true);
        return failIfClosed(done);
    }

    /** The handshake is over: the switch can be programmed; its ports are asked for. */
    private void ready() {
        if (!isOpen()) {
            return;
        }
        if (registry.isKnown(dpid)) {
            roles.startChecks();
        }
        registry.handshakeDone(this, claim -> {
            if (claim.role() != ControllerRole.EQUAL) {
                roles.claimNow(claim); // programmed once granted
            }
        });
        if (registry.isKnown(dpid)) {
            requestPorts(PORT_LIST_ATTEMPTS);
            requestGroupFeatures();
        }
    }

    /**
     * Asks once whether the switch honours watch ports in SELECT groups. Programming does not wait
     * for it: the answer is for the operator ({@code GET /v1/switches}, and a warning when the
     * buckets the controller writes watch ports the switch says it ignores or may refuse).
     */
    private void requestGroupFeatures() {
        multipart(new OfMessage.GroupFeaturesRequest(0))
                .orTimeout(config.requestTimeoutMs(), java.util.concurrent.TimeUnit.MILLISECONDS)
                .whenComplete((parts, error) -> {
                    if (error != null) {
                        if (isOpen()) {
                            log.info("switch {}: no group features ({}); whether it skips SELECT buckets whose port is "
                                    + "down is unknown", dpid, error.toString());
                        }
                        return;
                    }
                    int capabilities = ((OfMessage.GroupFeaturesReply) parts.get(0)).capabilities();
                    selectLiveness = (capabilities & OfConstants.OFPGFC_SELECT_LIVENESS) != 0;
                    if (!selectLiveness && config.bucketLiveness()) {
                        log.warn("switch {} does not report liveness for SELECT groups (group capabilities 0x{}): it may "
                                + "keep sending into a path whose first link is down until the next push, or refuse the "
                                + "groups (WATCH_UNSUPPORTED); --no-openflow-bucket-liveness writes buckets without watch ports",
                                dpid, Integer.toHexString(capabilities));
                    }
                });
    }

    /** @return whether the switch says it skips SELECT buckets whose watch port is down; null until it answered */
    Boolean selectLiveness() {
        return selectLiveness;
    }

    /** @return whether batches to this switch go as bundles */
    boolean bundles() {
        return bundles;
    }

    /** Sends a multipart request; completes with all reply parts. */
    CompletableFuture<List<OfMessage>> multipart(OfMessage.MultipartRequest request) {
        if (!isOpen()) {
            return CompletableFuture.failedFuture(new IOException("switch %s is not connected".formatted(dpid)));
        }
        OfMessage stamped = request.withXid(pending.nextXid());
        CompletableFuture<List<OfMessage>> done = pending.awaitMultipart(stamped.xid(), replyType(request));
        write(stamped, true);
        return failIfClosed(done);
    }

    /** @return the reply type a multipart request asks for */
    private static Class<? extends OfMessage.MultipartReply> replyType(OfMessage.MultipartRequest request) {
        if (request instanceof OfMessage.GroupDescRequest) {
            return OfMessage.GroupDescReply.class;
        }
        if (request instanceof OfMessage.FlowStatsRequest) {
            return OfMessage.FlowStatsReply.class;
        }
        if (request instanceof OfMessage.GroupStatsRequest) {
            return OfMessage.GroupStatsReply.class;
        }
        if (request instanceof PortDescRequest) {
            return PortDescReply.class;
        }
        if (request instanceof OfMessage.GroupFeaturesRequest) {
            return OfMessage.GroupFeaturesReply.class;
        }
        if (request instanceof OfMessage.PortStatsRequest) {
            return OfMessage.PortStatsReply.class;
        }
        throw new IllegalArgumentException("no reply type known for " + request);
    }

    /**
     * A close racing with a request may fail the pending requests just before this one was
     * registered; the channel is inactive by then, so checking after registering catches it.
     */
    private <T> CompletableFuture<T> failIfClosed(CompletableFuture<T> f) {
        if (!isOpen()) {
            f.completeExceptionally(new IOException("connection to switch %s closed".formatted(dpid)));
        }
        return f;
    }

    private io.netty.channel.ChannelFuture write(OfMessage m, boolean flush) {
        config.messageLog().sent(dpid, m instanceof BundleAdd b ? b.message() : m);
        return flush ? channel.writeAndFlush(m) : channel.write(m);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        boolean tls = config.tls().isPresent();
        if (tls) {
            // Peers that fail TLS (scanners included) are logged as refused, not as switches.
            log.debug("connection from {}, TLS handshake starts", remote());
        } else {
            log.info("switch connected from {}", remote());
        }
        write(Hello.ofp13(pending.nextXid()), true);
        // A peer that never says which switch it is holds a connection and is invisible in the status.
        // Over TLS the TLS handler's own timeout (as long) closes a peer that never gets through TLS, and says so.
        channel.eventLoop().schedule(() -> {
            if (dpid == null && isOpen() && (!tls || tlsDone)) {
                log.warn("peer at {} did not complete the OpenFlow handshake within {} ms; closing", remote(), config.requestTimeoutMs());
                channel.close();
            }
        }, config.requestTimeoutMs(), java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (dpid == null) {
            // A refused or silent peer: its refusal or timeout is already logged.
            log.debug("peer at {} disconnected before its handshake", remote());
        } else {
            log.info("switch {} at {} disconnected", dpid, remote());
        }
        pending.failAll(new IOException("connection to switch %s at %s closed".formatted(dpid, remote())));
        roles.onDisconnect();
        registry.disconnected(this);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, OfMessage msg) {
        lastReadNanos = System.nanoTime();
        if (msg instanceof Hello h && helloSeen) {
            // Each HELLO is answered with a FEATURES_REQUEST: a peer repeating it without reading
            // would have those queued without bound.
            log.warn("{} at {} sent a second HELLO (a switch says hello once per connection); closing", dpid == null ? "peer" : "switch " + dpid,
                    remote());
            closedForError = true;
            channel.close();
        } else if (msg instanceof Hello h) {
            helloSeen = true;
            onHello(h);
        } else if (!helloSeen) {
            log.warn("peer at {} sent {} before HELLO; closing", remote(), msg.getClass().getSimpleName());
            closedForError = true;
            channel.close();
        } else if (msg instanceof FeaturesReply f && dpid != null) {
            // The handshake is over: a second reply would re-register this connection under another id.
            if (f.datapathId() != dpid.value()) {
                log.warn("switch {} at {} reported datapath id {} mid-connection; closing", dpid, remote(), new Dpid(f.datapathId()));
                channel.close();
            }
        } else if (msg instanceof FeaturesReply f && f.auxiliaryId() != 0) {
            // Taken as the main connection, it would displace the switch's real one (same dpid).
            log.warn("switch {} at {} opened auxiliary connection {}: not used by this controller; closing it (the main connection "
                    + "stays)", new Dpid(f.datapathId()), remote(), f.auxiliaryId());
            closedForError = true;
            channel.close();
        } else if (msg instanceof FeaturesReply f) {
            Dpid claimed = new Dpid(f.datapathId());
            String refusal = certificateRefusal(claimed);
            if (refusal != null) {
                long held = registry.refusalLogSlot();
                if (held >= 0) {
                    log.warn("switch at {} claims datapath id {}, {}; closing{}", remote(), claimed, refusal,
                            refusalsHeldBack(held));
                }
                // Not taken as that switch's: its close is not logged as the real switch disconnecting.
                closedForError = true;
                channel.close();
                return;
            }
            dpid = claimed;
            if (config.bundles() && registry.isKnown(dpid)) {
                // Ready once the probe is answered, so that the first push (the largest) is bundled too.
                probeBundles().orTimeout(config.requestTimeoutMs(), java.util.concurrent.TimeUnit.MILLISECONDS)
                        .whenComplete((errors, failure) -> channel.eventLoop().execute(() -> {
                            probeXids = Set.of();
                            if (failure == null) {
                                ready();
                            } else if (isOpen()) {
                                // A switch that answers no barrier after its handshake is not one to program; it may
                                // have reconnected meanwhile, and this connection must not displace that one.
                                log.warn("switch {} at {}: no answer to the barrier after the bundle probe within {} ms ({}); closing",
                                        dpid, remote(), config.requestTimeoutMs(), failure.toString());
                                channel.close();
                            }
                        }));
            } else {
                ready();
            }
        } else if (msg instanceof PortStatus p) {
            registry.portChanged(this, p); // ignored before the handshake ends: the port list follows it
        } else if (msg instanceof EchoRequest e) {
            // A peer that does not read its replies would otherwise queue them without bound; one that
            // reads is busy with our mods, which keep its connection alive as well as a reply would.
            if (channel.isWritable()) {
                write(new EchoReply(e.xid(), e.data()), true);
            }
        } else if (msg instanceof BundleControl b) {
            if (b.bundleId() == PROBE_BUNDLE && b.type() == OfConstants.BUNDLE_OPEN_REPLY && !bundles && !probeXids.isEmpty()) {
                bundles = true;
                log.info("switch {} takes bundles: each phase of a push goes to it as one atomic bundle", dpid);
            }
            // Replies to a batch's open and commit need nothing: the barrier after them reports any error.
        } else if (msg instanceof RoleReply r) {
            roles.onReply(r);
        } else if (msg instanceof OfMessage.Error e && roles.onClaimError(e)) {
            // a role claim refused: settled
        } else if (msg instanceof OfMessage.Error e && probeXids.contains(e.xid())) {
            log.info("switch {} does not take bundles (error type {}, code {}); mods go to it one by one", dpid, e.type(), e.code());
        } else if (msg instanceof OfMessage.Error e && dpid == null) {
            long held = logSlot();
            if (held >= 0) {
                log.warn("peer at {} sent an error before its handshake: {}; ignored{}", remote(), ErrorNames.describe(e.type(), e.code()),
                        heldBack(held));
            }
        } else if (msg instanceof OfMessage.Error e) {
            roles.onError(e); // IS_SLAVE: another controller became master, so no more writes go there
            SwitchError error = new SwitchError(dpid, e.xid(), e.type(), e.code(), pending.describe(e.xid()),
                    System.currentTimeMillis());
            long held = logSlot();
            if (held >= 0) {
                log.warn("{}{}", error, heldBack(held));
            }
            registry.recordError(this, error);
            pending.onError(error);
        } else if (msg instanceof BarrierReply b) {
            // A reply to a barrier of ours, even late, shows the switch is alive; an unsolicited one
            // (an xid never sent) would let a stuck switch dodge the disconnect after missed barriers.
            if (pending.onBarrierReply(b.xid())) {
                missedBarriers.set(0);
            }
        } else if (msg instanceof MultipartReply r) {
            unexpectedIfFalse(pending.onMultipartPart(r), r);
        } else if (msg instanceof OfMessage.Unhandled u && u.type() > OfConstants.LAST_TYPE) {
            // Not something a switch may send and the controller may skip (a PACKET_IN, say): a
            // peer speaking something else, or a bug in it, which the operator should see.
            long held = logSlot();
            if (held >= 0) {
                log.warn("{} sent a message of type {} ({} bytes, xid {}), which OpenFlow 1.3 does not define (0..{}); ignored{}",
                        dpid == null ? "peer at " + remote() + " (before its FEATURES_REPLY)" : "switch " + dpid, u.type(), u.length(), u.xid(), OfConstants.LAST_TYPE, heldBack(held));
            }
        } else if (!(msg instanceof EchoReply)) {
            log.debug("switch {}: ignoring {}", dpid, msg);
        }
    }

    /**
     * Asks for every port once the switch is ready, so links that failed while it was away (or
     * before the controller started) are seen. The reply arrives on this event loop, in order
     * with any PORT_STATUS the switch sends around it.
     */
    private void requestPorts(int attemptsLeft) {
        multipart(new PortDescRequest(0))
                .orTimeout(config.requestTimeoutMs(), java.util.concurrent.TimeUnit.MILLISECONDS)
                .whenComplete((parts, error) -> {
                    if (error != null) {
                        if (!isOpen()) {
                            return; // a closed connection is logged already
                        }
                        if (attemptsLeft > 1) {
                            log.warn("switch {}: no port list ({}); asking again", dpid, error.toString());
                            channel.eventLoop().execute(() -> requestPorts(attemptsLeft - 1));
                        } else {
                            log.warn("switch {}: no port list after {} attempts ({}); its port states are known from its "
                                    + "next changes only", dpid, PORT_LIST_ATTEMPTS, error.toString());
                        }
                        return;
                    }
                    List<te.southbound.openflow.PortDesc> ports = new java.util.ArrayList<>();
                    parts.forEach(part -> ports.addAll(((PortDescReply) part).ports()));
                    registry.portsReported(this, ports);
                });
    }

    private void unexpectedIfFalse(boolean expected, OfMessage msg) {
        long held = expected ? -1 : logSlot();
        if (held >= 0) {
            log.warn("switch {}: multipart reply xid {} answers no request of ours; ignored{}", dpid, msg.xid(), heldBack(held));
        }
    }

    /**
     * @return -1 to hold a line about this switch back now ({@link LogBudget}), else how many were
     *         held back before it; event loop only
     */
    long logSlot() {
        return logBudget.take(System.nanoTime());
    }

    /** @return the note saying how many earlier refused peers were not logged ({@link SwitchRegistry#refusalLogSlot}), empty for none */
    static String refusalsHeldBack(long held) {
        return held > 0 ? " (%d earlier refusals not logged)".formatted(held) : "";
    }

    /** @return the note saying how many earlier lines were held back, empty for none */
    static String heldBack(long held) {
        return held > 0 ? " (%d earlier lines about this switch held back)".formatted(held) : "";
    }

    /** @return barriers missed in a row, this one counted; a barrier reply resets it */
    int missedBarrier() {
        return missedBarriers.incrementAndGet();
    }

    private void onHello(Hello h) {
        boolean ok = h.versionBitmap() != 0
                ? (h.versionBitmap() & (1L << OfConstants.VERSION)) != 0
                : h.headerVersion() >= OfConstants.VERSION;
        if (!ok) {
            String reason = "switch at %s offers OpenFlow versions %s; this controller needs 1.3 (0x04)"
                    .formatted(remote(), h.versionBitmap() != 0 ? "bitmap 0x" + Long.toHexString(h.versionBitmap())
                            : "up to 0x%02x".formatted(h.headerVersion()));
            log.warn("closing: {}", reason);
            write(new OfMessage.Error(h.xid(), OfConstants.ERR_HELLO_FAILED, OfConstants.ERR_HELLO_INCOMPATIBLE,
                    Octets.of(reason.getBytes(java.nio.charset.StandardCharsets.US_ASCII))), true);
            channel.close();
            return;
        }
        write(new FeaturesRequest(pending.nextXid()), true);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof SslHandshakeCompletionEvent tls) {
            tlsHandshakeDone(ctx, tls);
            return;
        }
        if (!(evt instanceof IdleStateEvent)) {
            super.userEventTriggered(ctx, evt);
            return;
        }
        long silentMs = (System.nanoTime() - lastReadNanos) / 1_000_000;
        if (silentMs >= config.deadAfterMs() && System.nanoTime() - busyUntilNanos > 0) {
            log.warn("switch {} at {}: nothing received for {} ms (limit {} ms); declaring it dead",
                    dpid, remote(), silentMs, config.deadAfterMs());
            ctx.close();
        } else {
            byte[] stamp = ByteBuffer.allocate(8).putLong(System.nanoTime()).array();
            write(new EchoRequest(pending.nextXid(), Octets.of(stamp)), true);
        }
    }

    /**
     * @return why a switch with this dpid may not use this connection's certificate, or null: with
     *         certificate names configured, a dpid is taken only from a certificate with its name
     */
    private String certificateRefusal(Dpid claimed) {
        java.util.Map<Dpid, String> names = config.certificateNames();
        if (names.isEmpty()) {
            return null;
        }
        String expected = names.get(claimed);
        String actual = commonName(peerCertificate);
        if (expected == null) {
            return "which has no certificate name configured (its certificate's is '%s')".formatted(actual);
        }
        return expected.equals(actual) ? null
                : "but its certificate's name is '%s', not '%s' as configured for it".formatted(actual, expected);
    }

    /** @return the most specific CN of an X.500 subject (RFC 2253), or "" when it has none */
    static String commonName(String subject) {
        if (subject == null) {
            return "";
        }
        try {
            List<javax.naming.ldap.Rdn> rdns = new javax.naming.ldap.LdapName(subject).getRdns();
            for (int i = rdns.size() - 1; i >= 0; i--) {
                if (rdns.get(i).getType().equalsIgnoreCase("CN")) {
                    return String.valueOf(rdns.get(i).getValue());
                }
            }
        } catch (javax.naming.InvalidNameException e) {
            // The JDK rendered it, so it parses; a subject it cannot parse has no name to match
        }
        return "";
    }

    private void tlsHandshakeDone(ChannelHandlerContext ctx, SslHandshakeCompletionEvent e) {
        if (e.isSuccess()) {
            try {
                var certificate = (java.security.cert.X509Certificate) ctx.pipeline().get(SslHandler.class).engine().getSession()
                        .getPeerCertificates()[0];
                peerCertificate = certificate.getSubjectX500Principal().getName();
            } catch (javax.net.ssl.SSLPeerUnverifiedException | ClassCastException ex) {
                // Cannot happen with client authentication required; refuse rather than run unverified.
                log.warn("peer at {}: TLS handshake done without a verified certificate ({}); closing", remote(), ex.toString());
                ctx.close();
                return;
            }
            tlsDone = true;
            log.info("switch connected from {} over TLS, certificate {}", remote(), peerCertificate);
            return;
        }
        // The handler closes the channel; the same failure then comes to exceptionCaught, once is enough.
        closedForError = true;
        long held = registry.refusalLogSlot();
        if (held < 0) {
            return;
        }
        Throwable cause = e.cause();
        // The innermost message says it plainly ("unable to find valid certification path…"); a
        // plain peer's bytes come back hex-dumped in it, and the first few say what it spoke.
        Throwable root = cause;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        String why = root.getMessage() != null ? root.getMessage() : root.toString();
        String hint;
        if (cause instanceof NotSslRecordException) {
            hint = "it did not speak TLS: is it set to connect with tcp: instead of ssl:?";
        } else if (cause instanceof io.netty.handler.ssl.SslHandshakeTimeoutException
                || root instanceof java.nio.channels.ClosedChannelException) {
            hint = "it sent no TLS handshake in time or hung up: a port scan, or a switch that refused the controller's "
                    + "certificate (see its log)?";
        } else {
            hint = "does its certificate chain to one of the trusted ones, and does it trust the controller's?";
        }
        log.warn("peer at {}: TLS handshake failed: {}; {}{}", remote(), why.length() > 120 ? why.substring(0, 120) + "…" : why, hint,
                refusalsHeldBack(held));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (closedForError) {
            // The decoder sees the same bad bytes again as the channel closes; one line is enough.
            log.debug("switch {} after close: {}", dpid, reason(cause));
            return;
        }
        closedForError = true;
        log.warn("closing connection to switch {} at {}: {}", dpid == null ? "(before its handshake)" : dpid, remote(), reason(cause));
        ctx.close();
    }

    private static String reason(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getMessage() != null && root.getCause().getMessage() != null
                && root.getMessage().equals(root.getCause().toString())) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.toString();
    }
}
