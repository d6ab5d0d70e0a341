package te.lp;

import java.util.ArrayList;
import java.util.List;

/**
 * The one feasibility check every allocation passes, in tests and before the CLI or daemon uses
 * it: non-negative flows, no commodity above its demand, no arc above its capacity (times an
 * allowed utilisation, which is 1 except for min-MLU allocations of overloaded networks).
 * Tolerances are relative to the value checked, with an absolute floor, because interior-point
 * solutions are feasible to about 1e-7 relative.
 */
public final class AllocationChecker {
    /** Default relative tolerance. */
    public static final double DEFAULT_RELATIVE = 1e-6;
    /** Default absolute tolerance in Mbps. */
    public static final double DEFAULT_ABSOLUTE_MBPS = 1e-6;

    private static final AllocationChecker DEFAULT = new AllocationChecker();

    private final double relative;
    private final double absoluteMbps;

    /** @param relative relative tolerance, @param absoluteMbps absolute tolerance in Mbps */
    public AllocationChecker(double relative, double absoluteMbps) {
        this.relative = relative;
        this.absoluteMbps = absoluteMbps;
    }

    /** A checker with the default tolerances. */
    public AllocationChecker() {
        this(DEFAULT_RELATIVE, DEFAULT_ABSOLUTE_MBPS);
    }

    /**
     * @param allowedUtilisation largest load/capacity accepted (1 for feasibility); one that is not
     *                           a finite number ≥ 0 is itself a violation, and arcs are then held to 1
     * @return every violation found (empty when the allocation is feasible)
     */
    public List<String> violations(Allocation allocation, double allowedUtilisation) {
        List<String> out = new ArrayList<>();
        if (!(allowedUtilisation >= 0) || Double.isInfinite(allowedUtilisation)) {
            // A min-MLU value taken as the allowance: with flow on a closed arc it is +∞, and 0 × ∞
            // (a closed arc's limit) is NaN, which no load exceeds (a review).
            out.add("allowed utilisation %s is not a finite number >= 0: arcs held to their capacity".formatted(allowedUtilisation));
            allowedUtilisation = 1;
        }
        TeProblem problem = allocation.problem();
        Commodities c = problem.commodities();
        for (int k = 0; k < c.size(); k++) {
            for (int j = allocation.firstColumn(k); j < allocation.firstColumn(k + 1); j++) {
                double f = allocation.pathFlowMbps(j);
                if (!(f >= 0) || Double.isInfinite(f)) {
                    out.add("commodity %d (%d->%d) path %d: flow %s Mbps is negative or not finite"
                            .formatted(k, c.src(k), c.dst(k), j - allocation.firstColumn(k), f));
                }
            }
            double flow = allocation.commodityFlowMbps(k);
            double demand = c.demandMbps(k);
            if (exceeds(flow, demand)) {
                out.add("commodity %d (%d->%d): flow %.9g Mbps exceeds demand %.9g Mbps".formatted(k, c.src(k), c.dst(k), flow, demand));
            }
        }
        double[] load = allocation.arcLoadMbps();
        double[] cap = problem.capacityMbps();
        for (int a = 0; a < load.length; a++) {
            double limit = cap[a] * allowedUtilisation;
            if (exceeds(load[a], limit)) {
                out.add("arc %d (%d->%d): load %.9g Mbps exceeds %.9g Mbps (capacity %.9g × %.6g)".formatted(a,
                        problem.topology().arcSrc(a), problem.topology().arcDst(a), load[a], limit, cap[a], allowedUtilisation));
            }
        }
        return out;
    }

    /**
     * @return whether {@code value} (Mbps) exceeds {@code limit} (Mbps) beyond the default
     *         tolerances, as {@link #violations} of a default checker judges a load or a flow
     */
    public static boolean exceedsDefault(double value, double limit) {
        return DEFAULT.exceeds(value, limit);
    }

    /** @return whether {@code value} exceeds {@code limit} beyond this checker's tolerances (relative to the limit) */
    private boolean exceeds(double value, double limit) {
        return value > limit + Math.max(absoluteMbps, relative * Math.abs(limit));
    }
}
