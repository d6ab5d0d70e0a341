package te.southbound;

import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;

/** One-line descriptions of requests for logs and error reports (records print too much). */
final class Summaries {
    private Summaries() {
    }

    static String of(OfMessage m) {
        if (m instanceof GroupMod g) {
            return "GROUP_MOD %s group %d (%d buckets)".formatted(g.command(), g.groupId(), g.buckets().size());
        }
        if (m instanceof FlowMod f) {
            return "FLOW_MOD %s priority %d match %s".formatted(f.command(), f.priority(), f.match().fields());
        }
        return m.getClass().getSimpleName();
    }
}
