package te.southbound;

import java.util.List;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.GroupType;

/**
 * A group as the pusher compares it: type and buckets (weight and actions; watch port and group
 * are normalised to ANY, which is all a SELECT group uses).
 *
 * @param groupId the group id
 * @param type    group type
 * @param buckets buckets in order
 */
public record GroupEntry(int groupId, GroupType type, List<Bucket> buckets) {
    public GroupEntry {
        buckets = buckets.stream().map(b -> Bucket.weighted(b.weight(), b.actions())).toList();
    }
}
