package te.controller.southbound;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.LinkLoads;
import te.controller.southbound.ArcPorts.SwitchPort;
import te.southbound.PortCounters;
import te.topology.Topology;

/**
 * Turns the switches' port counters into measured arc loads: the bytes arc u→v's tail port sent
 * between two consecutive readings, over the time between them. The time is the switch's own port
 * uptime when it reports one to the nanosecond (no skew from polling delays), else the controller's
 * clock when that switch's reply arrived.
 */
public final class LinkLoadMonitor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LinkLoadMonitor.class);

    /** A port's byte count at a reading, when it was taken (ns), and which reading it was. */
    private record Reading(long txBytes, long atNanos, boolean switchClock, long round) {
    }

    private final ArcPorts ports;
    private final Map<SwitchPort, Integer> arcOfTail = new HashMap<>();
    private final Map<SwitchPort, Reading> last = new HashMap<>();
    private long round;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "te-link-loads");
        t.setDaemon(true);
        return t;
    });

    /** @param wiring how the topology's arcs appear as switch ports */
    public LinkLoadMonitor(Topology topology, Wiring wiring) {
        ports = new ArcPorts(topology, wiring);
        for (int a = 0; a < ports.arcCount(); a++) {
            arcOfTail.put(ports.tail(a), a);
        }
    }

    /**
     * Reads the counters every {@code interval} (from the end of one reading to the next) and hands
     * the rates to {@code sink}.
     *
     * @param read      the counters of every reachable switch
     * @param timeoutMs longest wait for one reading
     */
    public void start(Supplier<CompletableFuture<List<PortCounters>>> read, Consumer<LinkLoads> sink, Duration interval, long timeoutMs) {
        timer.scheduleWithFixedDelay(() -> {
            try {
                List<PortCounters> counters = read.get().get(timeoutMs, TimeUnit.MILLISECONDS);
                sink.accept(sample(counters, Instant.now()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception | Error e) {
                // A failed reading costs one interval of rates; anything thrown out of here would
                // silently end the schedule.
                LOG.warn("reading port counters failed: {}", e.toString());
            }
        }, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * @param counters one reading of the switches' ports
     * @param at       when it was taken
     * @return each arc's rate since the previous reading: NaN for arcs whose tail port was not in
     *         the previous reading too (first reading, switch away: a rate over a longer gap would
     *         pass for the current one), when a counter went back (port re-created, switch
     *         restarted) or the switch does not count bytes
     */
    synchronized LinkLoads sample(List<PortCounters> counters, Instant at) {
        round++;
        double[] mbps = new double[ports.arcCount()];
        Arrays.fill(mbps, Double.NaN);
        for (PortCounters c : counters) {
            SwitchPort key = new SwitchPort(c.dpid(), c.portNo());
            Integer arc = arcOfTail.get(key);
            if (arc == null) {
                continue;
            }
            boolean switchClock = c.durationNanos() > 0;
            Reading now = new Reading(c.txBytes(), switchClock ? c.durationNanos() : c.readNanos(), switchClock, round);
            Reading before = last.put(key, now);
            if (before == null || before.round() != round - 1 || c.txBytes() < 0 || before.switchClock() != switchClock) {
                continue;
            }
            long bytes = now.txBytes() - before.txBytes();
            long nanos = now.atNanos() - before.atNanos();
            if (bytes >= 0 && nanos > 0) {
                mbps[arc] = bytes * 8.0 / nanos * 1e3; // bits per ns × 1,000 = Mbit/s
            }
        }
        return new LinkLoads(at, mbps);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            // A report under way finishes before the caller goes on (to close the daemon it reports to).
            timer.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
