package te.southbound;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Settings of the OpenFlow side. Use {@link #defaults} and the {@code with…} methods.
 *
 * @param listen            where switches connect; 127.0.0.1:6653 by default, 0.0.0.0 only when asked
 * @param knownSwitches     datapath ids that may be programmed; a switch with another dpid is
 *                          logged and left alone; empty means "any" (tests, lab use)
 * @param echoIntervalMs    silence from a switch after which an ECHO_REQUEST is sent, ms
 * @param deadAfterMs       silence after which the switch is declared dead and its connection
 *                          closed, ms; detection takes at most {@code deadAfterMs + echoIntervalMs}
 * @param requestTimeoutMs  longest wait for a barrier or multipart reply, ms, plus 0.2 ms per
 *                          flow/group mod of the phase (a large push takes a switch a while)
 * @param auditIntervalMs   period of re-reading every switch's tables to repair drift (entries
 *                          deleted by hand), ms; 0 turns the audit off
 * @param weightTotal       sum of the bucket weights of each commodity, 1..65535 (default 100)
 * @param ownership         cookie tag and group-id range that mark entries as ours
 * @param messageLog        sees every message sent to a switch (tests, debugging)
 * @param bundles           send each phase's mods to a switch as one atomic, ordered bundle
 *                          (ONF extension EXT-230 of OpenFlow 1.3) where the switch accepts one,
 *                          so that a failed phase leaves it as it was instead of half changed.
 *                          Off by default: the phases are already ordered so that a half-applied
 *                          one is safe, and on Open vSwitch 3.1 (197 bridges in one process)
 *                          bundles were no faster and made stale-entry removal 1.5 times slower
 * @param tls               mutual TLS on every switch connection, or plain TCP (the default)
 * @param certificateNames  with TLS: per datapath id, the common name (CN) its switch's certificate
 *                          must have; a switch claiming a dpid whose certificate has another name,
 *                          or a dpid without a name here, is refused. Empty: any trusted
 *                          certificate may claim any dpid (the default)
 * @param startupWaitMs     after the controller starts, how long its first run waits for the switches
 *                          of the desired state to connect, ms (0: not at all; default 15,000, above
 *                          Open vSwitch's 8 s reconnect backoff): a run without them would remove
 *                          the entries of commodities it can route only through them
 * @param role              the role every switch is asked for as it connects ({@link RoleClaim}):
 *                          EQUAL by default (nothing asked), MASTER or SLAVE with a generation id
 *                          when several controllers share the switches
 * @param bucketLiveness    whether each bucket of a commodity's SELECT group watches the port it
 *                          sends out of (OpenFlow 1.3 bucket liveness, optional for SELECT groups;
 *                          a switch says so with OFPGFC_SELECT_LIVENESS): the switch then stops
 *                          sending into a path whose first link is down at once, hashing that
 *                          share onto the commodity's other paths, before the controller hears
 *                          of the failure. On by default; off for a switch that refuses a
 *                          watch port in a SELECT group (error GROUP_MOD_FAILED/WATCH_UNSUPPORTED)
 */
public record SouthboundConfig(InetSocketAddress listen, Set<Dpid> knownSwitches, long echoIntervalMs,
                               long deadAfterMs, long requestTimeoutMs, long auditIntervalMs,
                               int weightTotal, Ownership ownership, MessageLog messageLog, boolean bundles,
                               Optional<SwitchTls> tls, Map<Dpid, String> certificateNames, RoleClaim role,
                               long startupWaitMs, boolean bucketLiveness) {
    public SouthboundConfig {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(listen, "listen");
        Objects.requireNonNull(tls, "tls");
        certificateNames = Map.copyOf(certificateNames);
        if (!certificateNames.isEmpty() && tls.isEmpty()) {
            throw new IllegalArgumentException("certificate names bind datapath ids to TLS certificates; they need TLS");
        }
        knownSwitches = Set.copyOf(knownSwitches);
        Objects.requireNonNull(ownership, "ownership");
        Objects.requireNonNull(messageLog, "messageLog");
        if (echoIntervalMs <= 0 || deadAfterMs <= 0 || requestTimeoutMs <= 0 || auditIntervalMs < 0) {
            throw new IllegalArgumentException(("echoIntervalMs, deadAfterMs, requestTimeoutMs must be > 0 "
                    + "and auditIntervalMs >= 0, got %d, %d, %d, %d").formatted(
                    echoIntervalMs, deadAfterMs, requestTimeoutMs, auditIntervalMs));
        }
        if (deadAfterMs <= echoIntervalMs) {
            throw new IllegalArgumentException(("deadAfterMs (%d) must exceed echoIntervalMs (%d): a switch must "
                    + "get an echo request before it can be declared dead").formatted(deadAfterMs, echoIntervalMs));
        }
        requireWeightTotal(weightTotal);
        if (startupWaitMs < 0) {
            throw new IllegalArgumentException("startupWaitMs must be >= 0, got " + startupWaitMs);
        }
    }

    /** @throws IllegalArgumentException unless {@code weightTotal} fits an OpenFlow bucket weight (1..65535) */
    static void requireWeightTotal(int weightTotal) {
        if (weightTotal < 1 || weightTotal > 0xffff) {
            throw new IllegalArgumentException("weightTotal must be in [1, 65535], got " + weightTotal);
        }
    }

    /** @return this configuration with another start-up wait for switches, ms ({@code >= 0}) */
    public SouthboundConfig withStartupWaitMs(long ms) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, ms, bucketLiveness);
    }

    /**
     * 127.0.0.1:6653, plain TCP, any dpid, echo after 5 s, dead after 15 s, audit every 60 s, weights to
     * 100, no bundles, the first run waiting up to 15 s for the switches after a start, SELECT
     * buckets watching their first ports.
     */
    public static SouthboundConfig defaults() {
        return new SouthboundConfig(new InetSocketAddress("127.0.0.1", 6653), Set.of(), 5_000, 15_000,
                10_000, 60_000, 100, Ownership.DEFAULT, MessageLog.NONE, false, Optional.empty(), Map.of(), RoleClaim.EQUAL, 15_000, true);
    }

    /** @return this config listening on {@code a} (port 0: any free port, see {@link WeightPusher#localAddress}) */
    public SouthboundConfig withListen(InetSocketAddress a) {
        return new SouthboundConfig(a, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config programming only the switches {@code s} (e.g. {@link DatapathMap#dpids}) */
    public SouthboundConfig withKnownSwitches(Set<Dpid> s) {
        return new SouthboundConfig(listen, s, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config with an echo after {@code echoMs} and death after {@code deadMs} of silence, ms */
    public SouthboundConfig withKeepalive(long echoMs, long deadMs) {
        return new SouthboundConfig(listen, knownSwitches, echoMs, deadMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config waiting {@code ms} milliseconds (plus 0.2 ms per mod) for barrier and multipart replies */
    public SouthboundConfig withRequestTimeoutMs(long ms) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, ms,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config re-reading every switch every {@code ms} milliseconds (0: never) */
    public SouthboundConfig withAuditIntervalMs(long ms) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                ms, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config rounding each commodity's bucket weights to sum to {@code total} */
    public SouthboundConfig withWeightTotal(int total) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, total, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config reporting every sent message to {@code log} */
    public SouthboundConfig withMessageLog(MessageLog log) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, log, bundles, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config sending each phase as one bundle where a switch accepts bundles ({@code true}), or never */
    public SouthboundConfig withBundles(boolean on) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, on, tls, certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config taking switches only over mutual TLS with {@code t} */
    public SouthboundConfig withTls(SwitchTls t) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, Optional.of(t), certificateNames, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config taking a switch only if its certificate's CN is the one {@code names} gives its dpid (needs TLS) */
    public SouthboundConfig withCertificateNames(Map<Dpid, String> names) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, names, role, startupWaitMs, bucketLiveness);
    }

    /** @return this config asking every switch for {@code claim}'s role as it connects */
    public SouthboundConfig withRole(RoleClaim claim) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, claim, startupWaitMs, bucketLiveness);
    }

    /** @return this config with SELECT buckets watching their first ports ({@code true}) or nothing */
    public SouthboundConfig withBucketLiveness(boolean on) {
        return new SouthboundConfig(listen, knownSwitches, echoIntervalMs, deadAfterMs, requestTimeoutMs,
                auditIntervalMs, weightTotal, ownership, messageLog, bundles, tls, certificateNames, role, startupWaitMs, on);
    }
}
