package te.topology;

/**
 * A directed arc of a normalised topology. A self-loop ({@code src == dst}) is allowed because the
 * reference keeps the few the Topology Zoo has (Interoute) and counts their capacity in gravity
 * traffic; no simple path ever uses one.
 *
 * @param index        dense arc index {@code 0..m-1}; arcs are ordered by (src, dst)
 * @param src          index of the tail node
 * @param dst          index of the head node
 * @param capacityMbps capacity in megabits per second, finite and {@code > 0}
 */
public record Link(int index, int src, int dst, double capacityMbps) {
    /**
     * Largest capacity a file, {@code --default-capacity} or an operator may give one link, Mbps: a
     * petabit per second, as for demands; more is a unit mistake, and would swamp the LP's scaling.
     */
    public static final double MAX_CAPACITY_MBPS = 1e9;
    /**
     * Smallest capacity a file, {@code --default-capacity} or an operator may give one link, Mbps:
     * one bit per second. Less is a unit mistake (a file once gave 4.9·10⁻³²⁴ Mbps, which every
     * report then showed as 0.000).
     */
    public static final double MIN_CAPACITY_MBPS = 1e-6;

    /** @return whether {@code mbps} is a capacity a file or an operator may give a link: from {@link #MIN_CAPACITY_MBPS} to {@link #MAX_CAPACITY_MBPS} */
    public static boolean plausibleCapacity(double mbps) {
        return mbps >= MIN_CAPACITY_MBPS && mbps <= MAX_CAPACITY_MBPS;
    }

    public Link {
        if (index < 0 || src < 0 || dst < 0) {
            throw new IllegalArgumentException(
                    "link %d: indices must be >= 0, got src=%d dst=%d".formatted(index, src, dst));
        }
        if (!(capacityMbps > 0) || Double.isInfinite(capacityMbps)) {
            throw new IllegalArgumentException(
                    "link %d: capacityMbps must be finite and > 0, got %s".formatted(index, capacityMbps));
        }
    }
}
