package te.southbound.openflow;

import java.util.List;
import java.util.Objects;

/** One group of an OFPMP_GROUP_DESC reply ({@code ofp_group_desc}). */
public record GroupDesc(GroupType type, int groupId, List<Bucket> buckets) {
    public GroupDesc {
        Objects.requireNonNull(type, "type");
        buckets = List.copyOf(buckets);
    }
}
