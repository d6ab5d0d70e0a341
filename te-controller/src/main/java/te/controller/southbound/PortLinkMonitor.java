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
    /** Since when each switch-failed arc's ports have been up without a break ({@link System#nanoTime()}). Worker thread only. */
    private final Map<Integer, Long> upSince = new HashMap<>();
    private final ArcPorts ports;
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

    /**
     * @param wiring       how the topology's arcs appear as switch ports
     * @param upHoldMillis how long an arc's ports must stay up before it is restored, ms ({@code >= 0}; 0 restores at once)
     */
    public PortLinkMonitor(Topology topology, Wiring wiring, long upHoldMillis) {
        this(topology, wiring, TimeUnit.SECONDS.toMillis(RETRY_SECONDS), upHoldMillis);
    }

    /** @param retryMillis wait before recording again after a failed write, ms */
    PortLinkMonitor(Topology topology, Wiring wiring, long retryMillis, long upHoldMillis) {
        if (upHoldMillis < 0) {
            throw new IllegalArgumentException("link up hold-down must be >= 0 ms, got " + upHoldMillis);
        }
        this.retryMillis = retryMillis;
        this.upHoldNanos = TimeUnit.MILLISECONDS.toNanos(upHoldMillis);
        this.ports = new ArcPorts(topology, wiring);
        for (int a = 0; a < ports.arcCount(); a++) {
            portsBySwitch.computeIfAbsent(ports.tail(a).dpid(), d -> new ArrayList<>()).add(ports.tail(a));
        }
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
                boolean up = listed.getOrDefault(key.port(), false);
                portUp.put(key, up);
                if (!up) {
                    breakHold(key);
                }
            }
            applySoon();
        });
    }

    @Override
    public void portChanged(Dpid dpid, PortState port) {
        SwitchPort key = new SwitchPort(dpid, port.portNo());
        onWorker(() -> {
            if (portsBySwitch.getOrDefault(dpid, List.of()).contains(key)) {
                portUp.put(key, port.up());
                if (!port.up()) {
                    // Here, not in apply(): a down and an up queued behind a busy worker are one
                    // apply() that sees only the up, and the break must still restart the hold-down.
                    breakHold(key);
                }
                applySoon();
            }
        });
    }

    /** Restarts the hold-down of every arc that uses {@code port}. Worker thread only. */
    private void breakHold(SwitchPort port) {
        for (int a = 0; a < ports.arcCount(); a++) {
            if (port.equals(ports.tail(a)) || port.equals(ports.head(a))) {
                upSince.remove(a);
            }
        }
    }

    /** Runs {@code event} on the worker once attached; events that come earlier wait there, in order. */
    private void onWorker(Runnable event) {
        worker.execute(() -> {
            try {
                attached.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            event.run();
        });
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
                boolean down = Boolean.FALSE.equals(tail) || Boolean.FALSE.equals(head);
                boolean known = down || (tail != null && head != null);
                if (!known || !current.isSwitchDown(a) || down) {
                    upSince.remove(a); // a break (or nothing to restore) restarts the hold-down
                }
                if (known && down && !current.isSwitchDown(a)) {
                    changes.put(a, true);
                } else if (known && !down && current.isSwitchDown(a)) {
                    long since = upSince.computeIfAbsent(a, x -> now);
                    if (now - since >= upHoldNanos) {
                        changes.put(a, false); // its hold-down ends once recorded (below); a failed write keeps it
                    } else {
                        nextCheck = Math.min(nextCheck, since + upHoldNanos - now);
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
    }
}
