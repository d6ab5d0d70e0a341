package te.southbound;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.PortStats;

/** Reads every port's counters: one OFPMP_PORT_STATS (all ports) per ready switch, asked at once. */
final class PortCounterReader {
    private static final Logger log = LoggerFactory.getLogger(PortCounterReader.class);

    private PortCounterReader() {
    }

    /** @return the counters of every switch that answered in time (one that did not is left out and logged), by dpid and port */
    static CompletableFuture<List<PortCounters>> read(Map<Dpid, SwitchConnection> ready, long timeoutMs) {
        List<CompletableFuture<List<PortCounters>>> replies = new ArrayList<>();
        ready.forEach((dpid, c) -> replies.add(c.multipart(new OfMessage.PortStatsRequest(0, OfConstants.OFPP_ANY))
                .orTimeout(timeoutMs, TimeUnit.MILLISECONDS)
                .thenApply(parts -> counters(dpid, parts, System.nanoTime()))
                .exceptionally(e -> {
                    log.warn("switch {}: no port counters ({})", dpid, e.toString());
                    return List.of();
                })));
        return CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).thenApply(v -> {
            List<PortCounters> all = new ArrayList<>();
            replies.forEach(r -> all.addAll(r.join()));
            all.sort(Comparator.comparing(PortCounters::dpid).thenComparingInt(PortCounters::portNo));
            return all;
        });
    }

    private static List<PortCounters> counters(Dpid dpid, List<OfMessage> parts, long readNanos) {
        List<PortCounters> out = new ArrayList<>();
        for (OfMessage part : parts) {
            for (PortStats p : ((OfMessage.PortStatsReply) part).ports()) {
                out.add(new PortCounters(dpid, p.portNo(), p.rxBytes(), p.txBytes(), p.rxPackets(), p.txPackets(),
                        sum(p.rxDropped(), p.txDropped()), sum(p.rxErrors(), p.txErrors()), durationNanos(p), readNanos));
            }
        }
        return out;
    }

    /** All ones on the wire (-1 here) means "not counted": such a counter adds nothing. */
    private static long sum(long a, long b) {
        return a < 0 && b < 0 ? -1 : Math.max(a, 0) + Math.max(b, 0);
    }

    /**
     * The port's uptime, or 0 when it is no good as a clock for rates: not given (all ones), or
     * given in whole seconds only (a 10 s interval would be off by up to 10 %).
     */
    private static long durationNanos(PortStats p) {
        if (p.durationS() == 0xffffffffL || p.durationNs() == 0 || p.durationNs() == 0xffffffffL) {
            return 0;
        }
        return p.durationS() * 1_000_000_000L + p.durationNs();
    }
}
