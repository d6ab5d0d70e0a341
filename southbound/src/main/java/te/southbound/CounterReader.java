package te.southbound;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import te.southbound.openflow.GroupStats;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.GroupStatsReply;

/** Reads bucket counters of installed commodities: one OFPMP_GROUP (all groups) per ingress switch. */
final class CounterReader {
    private CounterReader() {
    }

    static CompletableFuture<List<CommodityCounters>> read(Map<String, CommodityCounters.GroupRef> installed,
                                                           Map<Dpid, SwitchConnection> ready, long timeoutMs) {
        Map<Dpid, CompletableFuture<List<OfMessage>>> replies = new HashMap<>();
        for (CommodityCounters.GroupRef ref : installed.values()) {
            SwitchConnection c = ready.get(ref.ingress());
            if (c != null) {
                replies.computeIfAbsent(ref.ingress(), d -> c.multipart(new OfMessage.GroupStatsRequest(0, OfConstants.OFPG_ALL))
                        .orTimeout(timeoutMs, TimeUnit.MILLISECONDS));
            }
        }
        return CompletableFuture.allOf(replies.values().toArray(CompletableFuture[]::new)).thenApply(v -> {
            Map<Dpid, Map<Integer, GroupStats>> stats = new HashMap<>();
            replies.forEach((d, f) -> f.join().forEach(part -> ((GroupStatsReply) part).groups()
                    .forEach(g -> stats.computeIfAbsent(d, k -> new HashMap<>()).put(g.groupId(), g))));
            List<CommodityCounters> result = new ArrayList<>();
            installed.forEach((id, ref) -> {
                GroupStats g = stats.getOrDefault(ref.ingress(), Map.of()).get(ref.groupId());
                if (g != null) {
                    result.add(new CommodityCounters(id, ref.ingress(), ref.groupId(), g.buckets()));
                }
            });
            return result;
        });
    }
}
