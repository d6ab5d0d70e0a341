package te.southbound;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import te.southbound.openflow.FlowStats;
import te.southbound.openflow.GroupDesc;
import te.southbound.openflow.Match;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.FlowStatsReply;
import te.southbound.openflow.OfMessage.GroupDescReply;

/** Reads a switch's owned groups and table-0 flows (GROUP_DESC and FLOW multipart requests). */
final class TableReader {
    private TableReader() {
    }

    /**
     * Sends both requests to {@code c} and returns at once: reads of many switches overlap, so
     * reading all of them costs about one switch's answer time per window, not one per switch.
     *
     * @throws RuntimeException if a request cannot be sent (nothing is left waiting then)
     */
    static InFlight start(SwitchConnection c, Ownership own) {
        CompletableFuture<List<OfMessage>> groups = c.multipart(new OfMessage.GroupDescRequest(0));
        CompletableFuture<List<OfMessage>> flows;
        try {
            // Filter by our cookie tag on the switch: foreign flows never cross the wire.
            flows = c.multipart(new OfMessage.FlowStatsRequest(0,
                    OfConstants.OFPTT_ALL, OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, own.cookieTag(),
                    Ownership.TAG_MASK, Match.ALL));
        } catch (RuntimeException e) {
            groups.cancel(false); // no one will wait for it
            throw e;
        }
        return new InFlight(own, groups, flows, System.nanoTime());
    }

    /** Both requests of one switch's read, sent at {@code sentNanos} ({@link System#nanoTime}). */
    record InFlight(Ownership own, CompletableFuture<List<OfMessage>> groups, CompletableFuture<List<OfMessage>> flows,
                    long sentNanos) {
        /** @return a future completed (normally or not) once both requests are */
        CompletableFuture<Void> settled() {
            return CompletableFuture.allOf(groups, flows);
        }

        /**
         * Waits for both answers until {@code timeoutMs} after the requests were sent, then drops
         * the requests whatever came of them.
         *
         * @throws Exception if the switch errs, disconnects or does not answer in time
         */
        SwitchTables await(long timeoutMs) throws Exception {
            try {
                List<OfMessage> g = groups.get(remainingNanos(timeoutMs), TimeUnit.NANOSECONDS);
                return tables(own, g, flows.get(remainingNanos(timeoutMs), TimeUnit.NANOSECONDS));
            } finally {
                cancel();
            }
        }

        /**
         * Drops both requests (no-ops once answered): a switch that never ends its reply must not
         * keep collecting parts into a request no one waits for; later parts are logged and ignored.
         */
        void cancel() {
            java.util.concurrent.CancellationException gone = new java.util.concurrent.CancellationException("table read ended");
            groups.completeExceptionally(gone);
            flows.completeExceptionally(gone);
        }

        /** @return time left until {@code timeoutMs} after the requests were sent, ns, at least 0 (no overflow for huge timeouts) */
        long remainingNanos(long timeoutMs) {
            return Math.max(0, TimeUnit.MILLISECONDS.toNanos(timeoutMs) - (System.nanoTime() - sentNanos));
        }
    }

    private static SwitchTables tables(Ownership own, List<OfMessage> groupParts, List<OfMessage> flowParts) {
        Map<Integer, GroupEntry> groupMap = new LinkedHashMap<>();
        for (OfMessage part : groupParts) {
            for (GroupDesc g : ((GroupDescReply) part).groups()) {
                if (own.ownsGroup(g.groupId())) {
                    groupMap.put(g.groupId(), new GroupEntry(g.groupId(), g.type(), g.buckets()));
                }
            }
        }
        Map<FlowEntry.Key, FlowEntry> flowMap = new LinkedHashMap<>();
        for (OfMessage part : flowParts) {
            for (FlowStats f : ((FlowStatsReply) part).flows()) {
                // We only write table 0; an owned entry elsewhere would be someone's copy of our cookie.
                if (f.tableId() == 0 && own.ownsFlow(f.cookie())) {
                    FlowEntry e = new FlowEntry(f.cookie(), f.priority(), f.match(), f.instructions());
                    flowMap.put(e.key(), e);
                }
            }
        }
        return new SwitchTables(flowMap, groupMap);
    }
}
