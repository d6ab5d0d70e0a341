package te.southbound;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.southbound.openflow.ControllerRole;
import te.southbound.openflow.ErrorNames;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.RoleReply;
import te.southbound.openflow.OfMessage.RoleRequest;

/**
 * The role this controller holds at one switch (OpenFlow 1.3 §6.3.7): claims and their answers,
 * the periodic check a master makes because OpenFlow 1.3 never tells it that it was replaced, and
 * the fencing of a replaced master. Claims are sent and answers settled on the connection's event
 * loop; the state is read from any thread.
 */
final class RoleSession {
    private static final Logger log = LoggerFactory.getLogger(SwitchConnection.class);
    /** Requests of one claim whose answers still count (a retry keeps the earlier ones: a slow switch answers them late). */
    private static final int KEPT_XIDS = 8;

    private final SwitchConnection connection;
    private final SouthboundConfig config;
    private final SwitchRegistry registry;
    /**
     * The role the switch gives this connection: EQUAL until a claim is sent, null while a claim
     * is unanswered or after the switch refused it. Only EQUAL and MASTER are programmed.
     */
    private volatile ControllerRole granted = ControllerRole.EQUAL;
    /** Why this switch is not programmed as claimed, or null. */
    private volatile String problem;
    /** The claim awaiting the switch's answer, or null. */
    private volatile Attempt pending;
    /** The last claim that got no answer in time (its late answer still counts), or null. */
    private volatile Attempt unanswered;
    /** Xid of the last role check (a NOCHANGE request: "which role do I have?"), 0 for none. */
    private volatile int checkXid;
    /** The claim under which the switch last answered: a replacement fences the switch under that claim only. */
    private volatile RoleClaim grantedUnder = RoleClaim.EQUAL;

    /** A claim sent, with the xids of the requests that asked for it. */
    private record Attempt(Set<Integer> xids, RoleClaim claim, CompletableFuture<SwitchRole> done) {
    }

    RoleSession(SwitchConnection connection, SouthboundConfig config, SwitchRegistry registry) {
        this.connection = connection;
        this.config = config;
        this.registry = registry;
    }

    /** @return whether this controller may modify the switch: it holds the EQUAL or MASTER role there */
    boolean mayProgram() {
        return role().programs();
    }

    /** @return the switch's answer to the claims so far */
    SwitchRole role() {
        return new SwitchRole(connection.dpid(), granted, problem);
    }

    /**
     * Asks the switch for {@code claim}'s role (any thread). Until it answers, nothing is programmed there.
     *
     * @return completes with the switch's answer, a refusal, or no answer within requestTimeoutMs
     */
    CompletableFuture<SwitchRole> claim(RoleClaim claim) {
        if (!connection.isOpen()) {
            return CompletableFuture.completedFuture(new SwitchRole(connection.dpid(), null, "not connected"));
        }
        CompletableFuture<SwitchRole> done = new CompletableFuture<>();
        // On the event loop, where answers are settled, so that an answer to an earlier claim cannot interleave.
        connection.eventLoop().execute(() -> start(claim, done, Set.of()));
        return done;
    }

    /** Sends {@code claim} now (event loop), as a switch registers. */
    void claimNow(RoleClaim claim) {
        start(claim, new CompletableFuture<>(), Set.of());
    }

    /** Sends a claim (event loop); an earlier one still unanswered is settled as superseded. */
    private void start(RoleClaim claim, CompletableFuture<SwitchRole> done, Set<Integer> earlierXids) {
        unanswered = null;
        Attempt previous = pending;
        if (previous != null) {
            pending = null;
            previous.done().complete(new SwitchRole(connection.dpid(), null, "superseded by the claim " + claim));
        }
        if (!connection.isOpen()) {
            done.complete(new SwitchRole(connection.dpid(), null, "not connected"));
            return;
        }
        int xid = connection.nextXid();
        Set<Integer> xids = new HashSet<>(earlierXids.size() < KEPT_XIDS ? earlierXids : Set.of());
        xids.add(xid);
        Attempt attempt = new Attempt(Set.copyOf(xids), claim, done);
        granted = null;
        problem = "waiting for the answer to its role request " + claim;
        pending = attempt;
        connection.send(new RoleRequest(xid, claim.role(), claim.generationId()));
        connection.eventLoop().schedule(() -> {
            if (pending == attempt) {
                unanswered = attempt; // a busy switch may still answer; the check asks again meanwhile
                settle(attempt, null, "no answer to the role request %s within %d ms".formatted(claim, config.requestTimeoutMs()));
            }
        }, config.requestTimeoutMs(), TimeUnit.MILLISECONDS);
    }

    /** Settles a claim once (event loop): the answer, a refusal or the timeout, whichever comes first. */
    private void settle(Attempt attempt, ControllerRole role, String why) {
        if (pending != attempt) {
            return; // settled already, or a newer claim replaced it
        }
        boolean programmedBefore = mayProgram();
        pending = null;
        granted = role;
        grantedUnder = attempt.claim();
        problem = why;
        if (why == null) {
            log.info("switch {}: role {} granted", connection.dpid(), attempt.claim());
        } else {
            long held = connection.logSlot(); // an unanswered claim is asked again every echo interval
            if (held >= 0) {
                log.warn("switch {}: {}; nothing is programmed there{}", connection.dpid(), why, SwitchConnection.heldBack(held));
            }
        }
        attempt.done().complete(role());
        if (mayProgram() != programmedBefore) {
            registry.roleChanged(connection);
        }
    }

    /**
     * Every echo interval (event loop): a master asks the switch which role it has (NOCHANGE), and
     * an unanswered claim is asked again.
     */
    void startChecks() {
        connection.eventLoop().schedule(() -> {
            if (!connection.isOpen()) {
                return;
            }
            Attempt late = unanswered;
            if (granted == ControllerRole.MASTER && problem == null && pending == null) {
                int xid = connection.nextXid();
                checkXid = xid;
                connection.send(new RoleRequest(xid, ControllerRole.NOCHANGE, 0));
            } else if (late != null && pending == null) {
                start(late.claim(), new CompletableFuture<>(), late.xids());
            }
            startChecks();
        }, config.echoIntervalMs(), TimeUnit.MILLISECONDS);
    }

    /** Takes a ROLE_REPLY (event loop). */
    void onReply(RoleReply r) {
        Attempt a = pending;
        Attempt late = unanswered;
        if (a != null && a.xids().contains(r.xid())) {
            settle(a, r.role(), answered(a.claim(), r.role()));
        } else if (a == null && late != null && late.xids().contains(r.xid())) {
            // The switch took the claim after all (a master claim has demoted the others by now).
            unanswered = null;
            pending = late;
            log.info("switch {}: late answer to the role request {}", connection.dpid(), late.claim());
            settle(late, r.role(), answered(late.claim(), r.role()));
        } else if (r.xid() == checkXid) {
            checkXid = 0;
            if (r.role() == ControllerRole.SLAVE && granted == ControllerRole.MASTER && problem == null && pending == null) {
                replaced("the switch reports this controller as slave");
            }
        } else {
            log.debug("switch {}: ignoring a role reply to no pending claim: {}", connection.dpid(), r);
        }
    }

    /**
     * Takes an error that may answer a claim (event loop).
     *
     * @return whether it was a claim's refusal (nothing else to do with it)
     */
    boolean onClaimError(OfMessage.Error e) {
        Attempt a = pending;
        Attempt late = unanswered;
        if (a != null && a.xids().contains(e.xid())) {
            settle(a, null, refusal(a.claim(), e));
            return true;
        }
        if (a == null && late != null && late.xids().contains(e.xid())) {
            // A late refusal: the switch's answer stands (the status says so), nothing more to ask.
            unanswered = null;
            problem = refusal(late.claim(), e);
            log.warn("switch {}: {} (late answer)", connection.dpid(), problem);
            return true;
        }
        return false;
    }

    /** Takes any other error (event loop): IS_SLAVE to a write means another controller became master. */
    void onError(OfMessage.Error e) {
        // Before the handshake nothing was written that the switch could refuse as a slave's write.
        if (e.type() == OfConstants.ERR_BAD_REQUEST && e.code() == OfConstants.BAD_REQUEST_IS_SLAVE && mayProgram()
                && connection.dpid() != null) {
            replaced("the switch refused a write with BAD_REQUEST/IS_SLAVE");
        }
    }

    /** Settles a pending claim as the connection closes (event loop). */
    void onDisconnect() {
        Attempt attempt = pending;
        if (attempt != null) {
            settle(attempt, null, "disconnected before answering the role request " + attempt.claim());
        }
    }

    /** Another controller replaced this one: stop programming the switch, and fence it under the claim it granted. */
    private void replaced(String how) {
        registry.fence(connection.dpid(), grantedUnder);
        granted = ControllerRole.SLAVE;
        problem = "another controller became master (" + how + ")";
        log.warn("switch {}: {}; nothing more is programmed there until this controller claims it again", connection.dpid(), problem);
        registry.roleChanged(connection);
    }

    private static String answered(RoleClaim claim, ControllerRole role) {
        return role == claim.role() ? null : "asked for %s, the switch answered %s".formatted(claim, role);
    }

    private static String refusal(RoleClaim claim, OfMessage.Error e) {
        return e.type() == OfConstants.ERR_ROLE_REQUEST_FAILED && e.code() == OfConstants.ROLE_STALE
                ? "refused the claim %s as stale: another controller claimed it with a newer generation id".formatted(claim)
                : "refused the claim %s: %s".formatted(claim, ErrorNames.describe(e.type(), e.code()));
    }
}
