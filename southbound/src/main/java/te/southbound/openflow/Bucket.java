package te.southbound.openflow;

import java.util.List;

/**
 * A group bucket ({@code ofp_bucket}, §7.3.4.2).
 *
 * @param weight     relative weight for SELECT groups, 0..65535 (0 for other group types)
 * @param watchPort  port watched for liveness (fast-failover only), {@code OFPP_ANY} otherwise
 * @param watchGroup group watched for liveness (fast-failover only), {@code OFPG_ANY} otherwise
 * @param actions    actions applied to the packet copy sent to this bucket, in order
 */
public record Bucket(int weight, int watchPort, int watchGroup, List<Action> actions) {
    public Bucket {
        if (weight < 0 || weight > 0xffff) {
            throw new IllegalArgumentException("bucket weight must be in [0, 65535], got " + weight);
        }
        actions = List.copyOf(actions);
    }

    /** A SELECT-group bucket: a weight, no watch port or group. */
    public static Bucket weighted(int weight, List<Action> actions) {
        return new Bucket(weight, OfConstants.OFPP_ANY, OfConstants.OFPG_ANY, actions);
    }
}
