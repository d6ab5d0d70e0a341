package te.southbound;

import java.util.List;
import java.util.Map;
import te.southbound.openflow.OfMessage;

/**
 * The OpenFlow messages a first push of a desired state sends to switches that hold none of our
 * entries, phase by phase, computed offline (no connection): the same compiler and table diff the
 * {@link WeightPusher} uses. For sizing and benchmarking a push; barriers between phases are not
 * included. Later pushes: {@link PushPlanner}.
 */
public final class FirstPush {
    private FirstPush() {
    }

    /**
     * @param desired     the state to install
     * @param ownership   cookie and group-id space the controller owns
     * @param weightTotal sum of the bucket weights of each commodity, 1..65535
     * @return per switch of the state, its messages in make-before-break phase order
     */
    public static Map<Dpid, List<OfMessage>> messages(DesiredState desired, Ownership ownership, int weightTotal) {
        return new PushPlanner(ownership, weightTotal).push(desired);
    }
}
