package te.southbound;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The switches that completed the handshake, by dpid, with their recent errors. Tells the
 * reconciler when the set changes. A dpid outside the configured set is logged and never
 * programmed; a second connection with a dpid replaces the first (a restarted switch often
 * reconnects before the old connection is found dead).
 */
final class SwitchRegistry {
    private static final Logger log = LoggerFactory.getLogger(SwitchRegistry.class);
    private static final int KEPT_ERRORS = 20;

    private final Set<Dpid> known;
    private final Runnable onChange;
    private final PortListener ports;
    private final Map<Dpid, SwitchConnection> ready = new ConcurrentHashMap<>();
    private final Map<SwitchConnection, Deque<SwitchError>> errors = new ConcurrentHashMap<>();
    private final Map<Dpid, SwitchConnection> unknown = new ConcurrentHashMap<>();
    /** Connections of unconfigured datapath ids kept at once; one more is closed. */
    static final int MAX_UNKNOWN = 256;
    /**
     * Refused TLS handshakes, across connections: a scanner, or a CA rotation with 197 bridges
     * retrying every few seconds, must not fill the disk; guarded by itself.
     */
    private final LogBudget refusals = new LogBudget(20, 60_000);
    /** The role every switch is asked for as it connects; set and read with registrations under this lock. */
    private volatile RoleClaim claim;
    /**
     * Switches where another controller replaced this one under the current claim: claiming MASTER
     * again with the same generation id when one reconnects would take it back from a switch that
     * forgot the newer id (restarted), so they are asked for SLAVE until the next claim.
     */
    private final Set<Dpid> fenced = ConcurrentHashMap.newKeySet();

    SwitchRegistry(Set<Dpid> known, Runnable onChange, PortListener ports, RoleClaim claim) {
        this.known = Set.copyOf(known);
        this.onChange = onChange;
        this.ports = ports;
        this.claim = claim;
    }

    RoleClaim claim() {
        return claim;
    }

    /**
     * Sets the role switches are asked for from now on (connecting ones included).
     *
     * @return the switches registered before it: {@link #handshakeDone} takes the lock too, so a
     *         switch is either among them (the caller claims it) or asks for this claim itself
     */
    synchronized Map<Dpid, SwitchConnection> claim(RoleClaim claim) {
        this.claim = claim;
        fenced.clear();
        return Map.copyOf(ready);
    }

    /** @return the role a switch that connects now is asked for: the claim, or SLAVE where it was fenced */
    private RoleClaim claimFor(Dpid dpid) {
        return claim.role() == te.southbound.openflow.ControllerRole.MASTER && fenced.contains(dpid)
                ? new RoleClaim(te.southbound.openflow.ControllerRole.SLAVE, claim.generationId()) : claim;
    }

    /**
     * Another controller replaced this one at switch {@code dpid}, which had granted {@code under}:
     * it is not claimed as master again while that is the claim (a newer claim lifts it; one that
     * came in meanwhile is not fenced by the old one's replacement).
     */
    synchronized void fence(Dpid dpid, RoleClaim under) {
        if (under.equals(claim)) {
            fenced.add(dpid);
        }
    }

    /** A switch granted, refused or took away this controller's role: what can be programmed changed. */
    void roleChanged(SwitchConnection c) {
        if (isCurrent(c)) {
            onChange.run();
        }
    }

    /** @return -1 to hold back a line about a refused handshake now, else how many were held back before it */
    long refusalLogSlot() {
        synchronized (refusals) {
            return refusals.take(System.nanoTime());
        }
    }

    boolean isKnown(Dpid dpid) {
        return known.isEmpty() || known.contains(dpid);
    }

    /**
     * Registers a switch whose handshake is over.
     *
     * @param claimRole sends the role claim for a configured switch; run under the lock with
     *                  {@link #claim(RoleClaim)}, and before the reconciler hears of the switch
     */
    synchronized void handshakeDone(SwitchConnection c, java.util.function.Consumer<RoleClaim> claimRole) {
        errors.put(c, new ArrayDeque<>());
        if (!isKnown(c.dpid())) {
            // Kept (and shown in the status) so that a miswired switch is visible, but bounded: any
            // peer can claim unconfigured ids, each holding a connection and a file descriptor.
            if (unknown.size() >= MAX_UNKNOWN && !unknown.containsKey(c.dpid())) {
                long held = refusalLogSlot();
                if (held >= 0) {
                    log.warn("switch {} at {} has a datapath id that is not configured, and {} such switches are connected already; "
                            + "closing{}", c.dpid(), c.remote(), unknown.size(), SwitchConnection.refusalsHeldBack(held));
                }
                c.closeQuietly();
                return;
            }
            log.warn("switch {} at {} has a datapath id that is not configured; ignoring it (nothing "
                    + "will be installed there)", c.dpid(), c.remote());
            SwitchConnection old = unknown.put(c.dpid(), c);
            if (old != null && old != c) {
                old.closeQuietly();
            }
            return;
        }
        claimRole.accept(claimFor(c.dpid()));
        SwitchConnection old = ready.put(c.dpid(), c);
        log.info("switch {} at {} ready", c.dpid(), c.remote());
        if (old != null && old != c) {
            log.warn("switch {} connected again from {}; closing its previous connection from {}",
                    c.dpid(), c.remote(), old.remote());
            old.closeQuietly();
        }
        onChange.run();
    }

    void disconnected(SwitchConnection c) {
        errors.remove(c);
        if (c.dpid() != null) {
            unknown.remove(c.dpid(), c);
            if (ready.remove(c.dpid(), c)) {
                onChange.run();
            }
        }
    }

    void recordError(SwitchConnection c, SwitchError e) {
        Deque<SwitchError> q = errors.computeIfAbsent(c, k -> new ArrayDeque<>());
        synchronized (q) {
            q.addLast(e);
            if (q.size() > KEPT_ERRORS) {
                q.removeFirst();
            }
        }
    }

    /** Passes a configured switch's full port list on; a failing listener is logged, never fatal. */
    void portsReported(SwitchConnection c, List<te.southbound.openflow.PortDesc> descs) {
        if (isCurrent(c)) {
            List<PortState> states = descs.stream().map(SwitchRegistry::state).toList();
            notifyPorts(c, () -> ports.portsReported(c.dpid(), states));
        }
    }

    /** Passes one port change of a configured switch on. */
    void portChanged(SwitchConnection c, te.southbound.openflow.OfMessage.PortStatus status) {
        if (isCurrent(c)) {
            PortState state = status.reason() == te.southbound.openflow.PortReason.DELETE
                    ? new PortState(status.port().portNo(), status.port().name(), false)
                    : state(status.port());
            long held = c.logSlot();
            if (held >= 0) {
                log.info("switch {}: port {} ({}) {}: {}{}", c.dpid(), Integer.toUnsignedString(state.portNo()), state.name(),
                        status.reason().name().toLowerCase(java.util.Locale.ROOT), state.up() ? "up" : "down", SwitchConnection.heldBack(held));
            }
            notifyPorts(c, () -> ports.portChanged(c.dpid(), state));
        }
    }

    /**
     * Whether {@code c} is the ready connection of a configured switch: port news from a connection
     * still in its handshake, of a switch that is not configured, or one a reconnect has replaced
     * (it may still deliver a late message on the other event loop) would be stale or unowned.
     */
    private boolean isCurrent(SwitchConnection c) {
        return c.dpid() != null && ready.get(c.dpid()) == c;
    }

    private static PortState state(te.southbound.openflow.PortDesc d) {
        return new PortState(d.portNo(), d.name(), d.up());
    }

    private void notifyPorts(SwitchConnection c, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            log.warn("switch {}: the port listener failed: {}", c.dpid(), e.toString(), e);
        }
    }

    /** @return ready, configured switches */
    Map<Dpid, SwitchConnection> ready() {
        return Map.copyOf(ready);
    }

    List<SwitchStatus> status() {
        List<SwitchStatus> result = new ArrayList<>();
        List<SwitchConnection> all = new ArrayList<>(ready.values());
        all.addAll(unknown.values());
        for (SwitchConnection c : all) {
            Deque<SwitchError> q = errors.getOrDefault(c, new ArrayDeque<>());
            List<SwitchError> copy;
            synchronized (q) {
                copy = List.copyOf(q);
            }
            result.add(new SwitchStatus(c.dpid(), c.remote(), isKnown(c.dpid()), c.connectedAtMillis(), copy, c.bundles(),
                    c.peerCertificate(), c.role(), c.selectLiveness()));
        }
        result.sort((a, b) -> a.dpid().compareTo(b.dpid()));
        return result;
    }
}
