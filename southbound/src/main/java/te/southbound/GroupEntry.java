package te.southbound;

import java.util.List;
import te.southbound.openflow.Action;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.GroupType;
import te.southbound.openflow.OfConstants;

/**
 * A group as the pusher compares it: type and buckets. A bucket keeps its watch port only when it
 * is the port the bucket sends out of (what the compiler writes, {@link TablesBuilder#ingressGroup});
 * any other watch port or group is read as ANY, so that a switch reporting "none" in its own way
 * is not re-programmed at every audit.
 *
 * @param groupId the group id
 * @param type    group type
 * @param buckets buckets in order
 */
public record GroupEntry(int groupId, GroupType type, List<Bucket> buckets) {
    public GroupEntry {
        buckets = buckets.stream().map(GroupEntry::canonical).toList();
    }

    private static Bucket canonical(Bucket b) {
        int watch = b.watchPort() == outPort(b) ? b.watchPort() : OfConstants.OFPP_ANY;
        return new Bucket(b.weight(), watch, OfConstants.OFPG_ANY, b.actions());
    }

    /** @return the port of the bucket's last output action, or OFPP_ANY when it outputs nowhere */
    private static int outPort(Bucket b) {
        List<Action> actions = b.actions();
        for (int i = actions.size() - 1; i >= 0; i--) {
            if (actions.get(i) instanceof Action.Output o) {
                return o.port();
            }
        }
        return OfConstants.OFPP_ANY;
    }
}
