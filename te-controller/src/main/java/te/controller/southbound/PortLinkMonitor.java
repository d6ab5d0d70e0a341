package te.controller.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.LinkState;
import te.southbound.Dpid;
import te.southbound.PortListener;
import te.southbound.PortState;
import te.controller.southbound.ArcPorts.SwitchPort;
import te.topology.Topology;

/**
 * Turns what switches say about their ports into arc failures. Arc u→v leaves u through
 * {@code outPort(u→v)} and, when v→u exists, arrives at v through v's {@code outPort(v→u)}, the
 * other end of the same cable ({@link ArcPorts}); it is reported down when either port is down, up
 * when both are known up, and left as it is while a port it needs has not been reported (its
 * switch is away). Ports the wiring does not use for arcs (hosts, bridges' local ports) are ignored.
 *
 * <p>Failures apply at once; a restore waits until the arc's ports have been up for the hold-down
 * time without a break, so a flapping port keeps its link down instead of making an allocation
 * version, a re-solve and a push per flap (a port toggling every 100 ms made about 300 in 20 s).
 * The hold-down alone does not stop flaps slower than itself, so flaps are also damped
 * ({@link FlapDamping}): each time an arc's ports go from up to down the arc earns a penalty, fast
 * toggling within the hold-down included, and an arc whose penalty rose above the suppress
 * threshold is kept down, its ports up or not, until the penalty has decayed below the reuse
 * threshold. Penalties live in memory: a restarted daemon starts every arc at 0.
 *
 * <p>Port events arrive on the network thread; they are worked off in order on one thread of
 * this monitor, because recording a change means recomputing paths and writing state.
 */
public final class PortLinkMonitor implements PortListener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PortLinkMonitor.class);
    /** Wait before trying again to record reports whose write failed (e.g. a full disk). */
    static final long RETRY_SECONDS = 5;
    /** Default time an arc's ports must stay up before it is restored, ms. */
    public static final long DEFAULT_UP_HOLD_MILLIS = 3_000;

    private final long retryMillis;
    private final long upHoldNanos;
    private final Topology topology;
    /** Null: no damping. */
    private final FlapDamping damping;
    /** Per arc: its penalty as of {@link #penaltyAt} ({@link System#nanoTime()}), and whether it is suppressed. Worker thread only. */
    private final double[] penalty;
    private final long[] penaltyAt;
    private final boolean[] suppressed;
    /** The suppressed arcs as of the worker's last change, for other threads. */
    private volatile List<Damped> dampedView = List.of();
    /** The arcs whose tail or head each port is. */
    private final Map<SwitchPort, int[]> arcsOfPort = new HashMap<>();
    /** Since when each switch-failed arc's ports have been up without a break ({@link System#nanoTime()}). Worker thread only. */
    private final Map<Integer, Long> upSince = new HashMap<>();
    private final ArcPorts ports;
    /** The arc ports per switch; filled at construction, read by any thread after. */
    private final Map<Dpid, List<SwitchPort>> portsBySwitch = new HashMap<>();
    /** Last reported state per arc port; absent while its switch has not said. Worker thread only. */
    private final Map<SwitchPort, Boolean> portUp = new HashMap<>();
    /** Whether a comparison is queued behind the events. Worker thread only. */
    private boolean applyQueued;
    /** Failed attempts to record reports since the last success. Worker thread only. */
    private int failuresInARow;

    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "te-port-monitor");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch attached = new CountDownLatch(1);
    private volatile Supplier<LinkState> links;
    private volatile Consumer<Map<Integer, Boolean>> report;
    /** Stores the penalties after they change, at most once a second; worker thread only. */
    private Consumer<List<te.controller.daemon.FlapPenalty>> keep = p -> { };
    private boolean keepQueued; // worker thread only

    /**
     * A suppressed arc: its penalty as of a time.
     *
     * @param arc     the arc index
     * @param penalty its penalty then
     * @param atNanos when ({@link System#nanoTime()})
     */
    record Damped(int arc, double penalty, long atNanos) {
    }

    /**
     * @param wiring       how the topology's arcs appear as switch ports
     * @param upHoldMillis how long an arc's ports must stay up before it is restored, ms ({@code >= 0}; 0 restores at once)
     * @param damping      how flapping arcs are damped, or null for not at all
     */
    public PortLinkMonitor(Topology topology, Wiring wiring, long upHoldMillis, FlapDamping damping) {
        this(topology, wiring, TimeUnit.SECONDS.toMillis(RETRY_SECONDS), upHoldMillis, damping);
    }

    /** @param retryMillis wait before recording again after a failed write, ms */
    PortLinkMonitor(Topology topology, Wiring wiring, long retryMillis, long upHoldMillis, FlapDamping damping) {
        if (upHoldMillis < 0) {
            throw new IllegalArgumentException("link up hold-down must be >= 0 ms, got " + upHoldMillis);
        }
        this.retryMillis = retryMillis;
        this.upHoldNanos = TimeUnit.MILLISECONDS.toNanos(upHoldMillis);
        this.topology = topology;
        this.damping = damping;
        this.ports = new ArcPorts(topology, wiring);
        int arcs = ports.arcCount();
        this.penalty = new double[arcs];
        this.penaltyAt = new long[arcs];
        this.suppressed = new boolean[arcs];
        Map<SwitchPort, List<Integer>> arcLists = new HashMap<>();
        for (int a = 0; a < arcs; a++) {
            portsBySwitch.computeIfAbsent(ports.tail(a).dpid(), d -> new ArrayList<>()).add(ports.tail(a));
            arcLists.computeIfAbsent(ports.tail(a), p -> new ArrayList<>()).add(a);
            if (ports.head(a) != null) {
                arcLists.computeIfAbsent(ports.head(a), p -> new ArrayList<>()).add(a);
            }
        }
        arcLists.forEach((port, list) -> arcsOfPort.put(port, list.stream().mapToInt(Integer::intValue).toArray()));
    }

    /**
     * Starts applying reports (those received before wait until then, in order).
     *
     * @param links  the current link states
     * @param report records arc → reported down, durably, and re-solves
     */
    public void attach(Supplier<LinkState> links, Consumer<Map<Integer, Boolean>> report) {
        this.links = links;
        this.report = report;
        attached.countDown();
    }

    @Override
    public void portsReported(Dpid dpid, List<PortState> ports) {
        Map<Integer, Boolean> listed = new HashMap<>();
        ports.forEach(p -> listed.put(p.portNo(), p.up()));
        onWorker(() -> {
            for (SwitchPort key : portsBySwitch.getOrDefault(dpid, List.of())) {
                // A port the wiring expects but the switch does not have carries nothing.
                setPort(key, listed.getOrDefault(key.port(), false));
            }
            applySoon();
        });
    }

    @Override
    public void portChanged(Dpid dpid, PortState port) {
        SwitchPort key = new SwitchPort(dpid, port.portNo());
        // Checked here (the map is fixed at construction): a port no arc uses queues nothing.
        if (!portsBySwitch.getOrDefault(dpid, List.of()).contains(key)) {
            return;
        }
        onWorker(() -> {
            setPort(key, port.up());
            applySoon();
        });
    }

    /**
     * Records a port's state. A port going down restarts the hold-down of every arc it carries, and
     * penalises those it takes from up to down. Here, not in apply(): a down and an up queued behind
     * a busy worker are one apply() that sees only the up, and the break must still count. Worker
     * thread only.
     */
    private void setPort(SwitchPort key, boolean up) {
        if (!up) {
            long now = System.nanoTime();
            for (int a : arcsOfPort.getOrDefault(key, new int[0])) {
                upSince.remove(a);
                if (damping != null && portsUp(a)) {
                    flapped(a, now);
                }
            }
        }
        portUp.put(key, up);
    }

    /** @return whether arc {@code a}'s ports are both known up (its tail's alone for a one-way arc). Worker thread only. */
    private boolean portsUp(int a) {
        return Boolean.TRUE.equals(portUp.get(ports.tail(a))) && (ports.head(a) == null || Boolean.TRUE.equals(portUp.get(ports.head(a))));
    }

    /**
     * Keeps the penalties across restarts: takes {@code stored} (each as of {@code storedAgoMillis}
     * ago, so decayed by the time the daemon was away), and hands every change of the penalties to
     * {@code sink}, at most once a second. Call after {@link #attach}; without damping it does nothing.
     *
     * @param stored          the penalties the last run stored, empty for none
     * @param storedAgoMillis how long ago they were taken, ms
     * @param sink            stores the penalties, each as of the moment it is called (e.g. {@code Daemon::storeFlapPenalties})
     */
    public void keepPenalties(List<te.controller.daemon.FlapPenalty> stored, long storedAgoMillis,
                              Consumer<List<te.controller.daemon.FlapPenalty>> sink) {
        if (damping == null) {
            return;
        }
        onWorker(() -> {
            long now = System.nanoTime();
            long ago = TimeUnit.MILLISECONDS.toNanos(Math.max(0, storedAgoMillis));
            for (te.controller.daemon.FlapPenalty p : stored) {
                if (p.arc() >= penalty.length) {
                    continue;
                }
                penalty[p.arc()] = Math.min(damping.ceiling(), p.penalty());
                penaltyAt[p.arc()] = now - ago;
                suppressed[p.arc()] = p.suppressed();
                if (suppressedFor(p.arc(), now) > 0) {
                    LOG.info("link {} kept down for flapping after the restart: its penalty is {} ({} s ago {}), above {} until it decays",
                            topology.arcName(p.arc()), Math.round(damping.decayed(penalty[p.arc()], ago)),
                            "%.1f".formatted(ago / 1e9), Math.round(p.penalty()), Math.round(damping.reuse()));
                }
            }
            keep = sink;
            publishDamped();
            applySoon();
        });
    }

    /** Stores the penalties within a second, once however many change meanwhile. Worker thread only. */
    private void penaltiesChanged() {
        if (damping == null || keepQueued) {
            return; // without damping (an operator's clear still comes here) there is nothing to keep
        }
        keepQueued = true;
        worker.schedule(() -> {
            keepQueued = false;
            long now = System.nanoTime();
            List<te.controller.daemon.FlapPenalty> taken = new ArrayList<>();
            for (int a = 0; a < penalty.length; a++) {
                double p = damping.decayed(penalty[a], now - penaltyAt[a]);
                if (p >= 1 || suppressed[a]) { // below 1 of the 1000 a flap earns, it is gone
                    taken.add(new te.controller.daemon.FlapPenalty(a, p, suppressed[a]));
                }
            }
            try {
                keep.accept(taken);
            } catch (RuntimeException e) {
                LOG.warn("could not store the links' flap penalties ({}); a restart now would forget them", e.toString());
            }
        }, 1, TimeUnit.SECONDS);
    }

    /** Adds a flap's penalty to arc {@code a}, suppressing it above the threshold. Worker thread only. */
    private void flapped(int a, long now) {
        suppressedFor(a, now); // a suppression that has decayed ends before this flap counts
        double p = Math.min(damping.ceiling(), damping.decayed(penalty[a], now - penaltyAt[a]) + FlapDamping.PENALTY_PER_FLAP);
        penalty[a] = p;
        penaltyAt[a] = now;
        if (p > damping.suppress() && !suppressed[a]) {
            suppressed[a] = true;
            LOG.warn("link {} is flapping (penalty {} above {}): kept down until its penalty decays below {}, {} s after its last flap at most",
                    topology.arcName(a), Math.round(p), Math.round(damping.suppress()), Math.round(damping.reuse()),
                    "%.1f".formatted(damping.maxSuppress().toMillis() / 1e3));
        }
        if (suppressed[a]) {
            publishDamped();
        }
        penaltiesChanged();
    }

    /**
     * @return how long arc {@code a} must still be kept down for its penalty, ns (0: not suppressed);
     *         lifts its suppression once the penalty has decayed below reuse. Worker thread only.
     */
    private long suppressedFor(int a, long now) {
        if (damping == null || !suppressed[a]) {
            return 0;
        }
        double p = damping.decayed(penalty[a], now - penaltyAt[a]);
        long wait = damping.nanosUntilReuse(p);
        if (wait > 1_000) { // below a microsecond is rounding in the decay
            return wait;
        }
        suppressed[a] = false;
        LOG.info("link {} is no longer suppressed for flapping (its penalty has decayed to the reuse threshold {})", topology.arcName(a),
                Math.round(damping.reuse()));
        publishDamped();
        penaltiesChanged();
        return 0;
    }

    private void publishDamped() {
        List<Damped> list = new ArrayList<>();
        for (int a = 0; a < suppressed.length; a++) {
            if (suppressed[a]) {
                list.add(new Damped(a, penalty[a], penaltyAt[a]));
            }
        }
        dampedView = List.copyOf(list);
    }

    /**
     * Lifts the flap damping of arc {@code arc} and of its reverse (the same cable), as an operator
     * does once the cause of the flapping is fixed; they are restored once their ports have been up
     * for the hold-down. Waits for the worker thread (at most 10 s).
     *
     * @return the links ({@code src->dst}) that were suppressed, in arc order
     * @throws IllegalStateException when the worker did not get to it within 10 s
     */
    public List<String> clearDamping(int arc) {
        java.util.concurrent.CompletableFuture<List<String>> done = new java.util.concurrent.CompletableFuture<>();
        onWorker(() -> {
            List<String> cleared = new ArrayList<>();
            int reverse = topology.arcIndex(topology.arcDst(arc), topology.arcSrc(arc));
            for (int a : reverse < 0 ? new int[] {arc} : new int[] {Math.min(arc, reverse), Math.max(arc, reverse)}) {
                if (suppressed[a]) {
                    cleared.add(topology.arcName(a));
                    LOG.info("link {}: flap damping cleared by the operator (penalty was {})", topology.arcName(a),
                            Math.round(damping.decayed(penalty[a], System.nanoTime() - penaltyAt[a])));
                }
                suppressed[a] = false;
                penalty[a] = 0;
            }
            publishDamped();
            penaltiesChanged();
            applySoon();
            done.complete(cleared);
        });
        try {
            return done.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the port monitor did not get to it within 10 s (busy recording port reports); try again");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * @return the arcs kept down for flapping now, each with its link ({@code src->dst}), penalty
     *         now, and seconds until it may be restored (once its ports are also up for the hold-down)
     */
    public List<Map<String, Object>> damped() {
        List<Map<String, Object>> out = new ArrayList<>();
        long now = System.nanoTime();
        for (Damped d : dampedView) {
            double p = damping.decayed(d.penalty(), now - d.atNanos());
            long wait = damping.nanosUntilReuse(p);
            if (wait > 0) {
                Map<String, Object> m = new java.util.LinkedHashMap<>();
                m.put("link", topology.arcName(d.arc()));
                m.put("penalty", Math.round(p));
                m.put("reuseInSeconds", Math.ceil(wait / 1e8) / 10);
                out.add(m);
            }
        }
        return out;
    }

    /** Runs {@code event} on the worker once attached; events that come earlier wait there, in order. */
    private void onWorker(Runnable event) {
        try {
            worker.execute(() -> {
                try {
                    attached.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                event.run();
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closing: switch events after it have no daemon to report to
        }
    }

    /**
     * Queues one comparison behind the events already queued, so a burst (a line card failing, a
     * switch's port list) becomes one link-state change and one path recomputation, not one per port.
     */
    private void applySoon() {
        if (!applyQueued) {
            applyQueued = true;
            worker.execute(() -> {
                applyQueued = false;
                apply();
            });
        }
    }

    /** Compares every arc with what its ports say; cheap (arcs, not commodities). */
    private void apply() {
        try {
            LinkState current = links.get();
            Map<Integer, Boolean> changes = new TreeMap<>();
            long now = System.nanoTime();
            long nextCheck = Long.MAX_VALUE;
            for (int a = 0; a < ports.arcCount(); a++) {
                Boolean tail = portUp.get(ports.tail(a));
                Boolean head = ports.head(a) == null ? Boolean.TRUE : portUp.get(ports.head(a));
                boolean portsDown = Boolean.FALSE.equals(tail) || Boolean.FALSE.equals(head);
                boolean known = portsDown || (tail != null && head != null);
                long damped = suppressedFor(a, now);
                if (!known || !current.isSwitchDown(a) || portsDown) {
                    upSince.remove(a); // a break (or nothing to restore) restarts the hold-down
                }
                if (known && (portsDown || damped > 0) && !current.isSwitchDown(a)) {
                    // Suppressed with its ports up: its flaps came faster than this worker (a down
                    // and an up in one pass), yet a suppressed arc is kept down all the same.
                    changes.put(a, true);
                    if (!portsDown) {
                        nextCheck = Math.min(nextCheck, damped);
                    }
                } else if (known && !portsDown && current.isSwitchDown(a)) {
                    long since = upSince.computeIfAbsent(a, x -> now);
                    long wait = Math.max(since + upHoldNanos - now, damped);
                    if (wait <= 0) {
                        changes.put(a, false); // its hold-down ends once recorded (below); a failed write keeps it
                    } else {
                        nextCheck = Math.min(nextCheck, wait);
                    }
                }
            }
            if (!changes.isEmpty()) {
                report.accept(changes);
                changes.forEach((a, down) -> upSince.remove(a));
            }
            if (nextCheck != Long.MAX_VALUE) {
                worker.schedule(this::applySoon, nextCheck, TimeUnit.NANOSECONDS);
            }
            failuresInARow = 0;
        } catch (RuntimeException e) {
            // The trace once; while the cause lasts (a full disk), one line per attempt.
            if (failuresInARow++ == 0) {
                LOG.error("could not record switch port reports; trying again every {} ms: {}", retryMillis, e.toString(), e);
            } else {
                LOG.error("could not record switch port reports (attempt {}): {}", failuresInARow, e.toString());
            }
            worker.schedule(this::applySoon, retryMillis, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            // A report under way finishes before the caller goes on (to close the daemon it reports to).
            worker.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
