package te.southbound;

import java.util.List;
import te.southbound.openflow.GroupStats.BucketCounter;

/**
 * Traffic counters of one commodity's ingress group, per bucket in path order of its
 * {@link CommodityReport#weights()}: the split the switch actually made.
 *
 * @param id      the commodity
 * @param ingress its ingress switch
 * @param groupId its SELECT group there
 * @param buckets packets and bytes per bucket since the group was installed or last modified
 */
public record CommodityCounters(String id, Dpid ingress, int groupId, List<BucketCounter> buckets) {
    public CommodityCounters {
        buckets = List.copyOf(buckets);
    }

    /** @return each bucket's share of the group's packets (empty if no packet yet) */
    public List<Double> packetShares() {
        long total = buckets.stream().mapToLong(BucketCounter::packetCount).sum();
        return total == 0 ? List.of() : buckets.stream().map(b -> b.packetCount() / (double) total).toList();
    }

    /**
     * Where a commodity's group is installed.
     *
     * @param ingress switch holding the group
     * @param groupId the group id
     */
    public record GroupRef(Dpid ingress, int groupId) {
    }
}
