package te.controller.daemon;

/**
 * One arc's flap-damping penalty (docs/daemon.md, "Port flaps"), as kept across restarts.
 *
 * @param arc        the arc index in the daemon's topology
 * @param penalty    the penalty at the time the list it is in was taken (1000 per flap, halving every half-life)
 * @param suppressed whether the arc was kept down for it
 */
public record FlapPenalty(int arc, double penalty, boolean suppressed) {
    public FlapPenalty {
        if (arc < 0 || !(penalty >= 0) || Double.isInfinite(penalty)) {
            throw new IllegalArgumentException("flap penalty: arc %d must be >= 0 and penalty %s finite and >= 0".formatted(arc, penalty));
        }
    }
}
