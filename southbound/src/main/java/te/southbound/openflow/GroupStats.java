package te.southbound.openflow;

import java.util.List;

/**
 * One group's counters from an OFPMP_GROUP reply ({@code ofp_group_stats}).
 *
 * @param groupId     the group
 * @param refCount    flows and groups that forward to it
 * @param packetCount packets processed by the group
 * @param byteCount   bytes processed by the group
 * @param durationS   time the group has been alive, whole seconds
 * @param durationNs  and nanoseconds beyond that
 * @param buckets     per bucket, in bucket order
 */
public record GroupStats(int groupId, long refCount, long packetCount, long byteCount, long durationS,
                         long durationNs, List<BucketCounter> buckets) {
    public GroupStats {
        buckets = List.copyOf(buckets);
    }

    /**
     * Counters of one bucket ({@code ofp_bucket_counter}).
     *
     * @param packetCount packets sent through the bucket
     * @param byteCount   bytes sent through the bucket
     */
    public record BucketCounter(long packetCount, long byteCount) {
    }
}
