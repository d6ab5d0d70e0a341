package te.controller.southbound;

import java.time.Duration;

/**
 * Flap damping for links the switches report, in the manner of interface event dampening on
 * routers: every time a link goes down it earns {@link #PENALTY_PER_FLAP}; the penalty halves every
 * {@code halfLife}; once it exceeds {@code suppress} the link is kept down, even with its ports up,
 * until the penalty has decayed below {@code reuse}. The penalty never exceeds the ceiling
 * {@code reuse · 2^(maxSuppress / halfLife)}, so a link is kept down at most {@code maxSuppress} after
 * its last flap. Why: the up hold-down only absorbs flaps faster than itself; a port that fails
 * every few seconds (a dirty optic) would otherwise make a re-solve and a push to every switch per
 * flap, each moving traffic onto the link and off again. Every flap counts, toggling within the
 * hold-down too, so a port that toggles fast keeps its link down up to {@code maxSuppress} after it
 * settles.
 *
 * <p>Penalties are in the dimensionless units routers use (1000 per flap).
 *
 * @param halfLife    time in which a penalty halves (positive, at most {@link #LONGEST})
 * @param reuse       penalty below which a suppressed link may be restored (positive, below {@code suppress})
 * @param suppress    penalty above which a link is suppressed
 * @param maxSuppress longest a link stays suppressed after its last flap (above {@code halfLife · log2(suppress / reuse)},
 *                    or the ceiling would never let a link be suppressed; at most {@link #LONGEST})
 */
public record FlapDamping(Duration halfLife, double reuse, double suppress, Duration maxSuppress) {
    /** Penalty a link earns each time it goes down. */
    public static final double PENALTY_PER_FLAP = 1000;
    /** Longest half-life or max-suppress time: beyond a day a link would be as good as removed. */
    public static final Duration LONGEST = Duration.ofDays(1);
    /**
     * The daemon's default: a link that goes down three times within about 15 s is suppressed
     * (1000, 1000·2^(-t/15) + 1000, … above 2000), and kept down at most 60 s after its last flap.
     */
    public static final FlapDamping DEFAULT = new FlapDamping(Duration.ofSeconds(15), 1000, 2000, Duration.ofSeconds(60));

    /** @throws IllegalArgumentException naming the value that is out of range and what was expected */
    public FlapDamping {
        if (halfLife == null || halfLife.isNegative() || halfLife.isZero() || halfLife.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("flap damping half-life must be positive and at most %s, got %s".formatted(LONGEST, halfLife));
        }
        if (!(reuse > 0) || !Double.isFinite(reuse)) {
            throw new IllegalArgumentException("flap damping reuse threshold must be positive, got " + reuse);
        }
        if (!(suppress > reuse) || !Double.isFinite(suppress)) {
            throw new IllegalArgumentException("flap damping suppress threshold must be above the reuse threshold %s, got %s"
                    .formatted(reuse, suppress));
        }
        if (maxSuppress == null || maxSuppress.isNegative() || maxSuppress.isZero() || maxSuppress.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException("flap damping max-suppress time must be positive and at most %s, got %s"
                    .formatted(LONGEST, maxSuppress));
        }
        double ceiling = reuse * Math.pow(2, seconds(maxSuppress) / seconds(halfLife));
        if (!(ceiling > suppress)) {
            throw new IllegalArgumentException(("flap damping max-suppress time %s caps the penalty at %.0f, not above the suppress "
                    + "threshold %s, so no link would ever be suppressed; expected more than %.3g s")
                    .formatted(maxSuppress, ceiling, suppress, seconds(halfLife) * Math.log(suppress / reuse) / Math.log(2)));
        }
    }

    /** @return the highest penalty a link can hold */
    public double ceiling() {
        return Math.min(reuse * Math.pow(2, seconds(maxSuppress) / seconds(halfLife)), Double.MAX_VALUE);
    }

    /**
     * @param penalty      a penalty
     * @param elapsedNanos time since it was that, ns ({@code >= 0})
     * @return the penalty now
     */
    public double decayed(double penalty, long elapsedNanos) {
        if (penalty == 0) {
            return 0; // also for any elapsed time, however large
        }
        return penalty * Math.pow(2, -elapsedNanos / 1e9 / seconds(halfLife));
    }

    /**
     * @param penalty a penalty above {@code reuse}
     * @return how long it takes to decay to {@code reuse}, ns (0 if it is not above)
     */
    public long nanosUntilReuse(double penalty) {
        return penalty <= reuse ? 0 : (long) Math.ceil(seconds(halfLife) * Math.log(penalty / reuse) / Math.log(2) * 1e9);
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
