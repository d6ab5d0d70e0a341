package te.lp;

import java.util.Arrays;

/**
 * Total flow with the smallest commodities left out of the LP until its duals say one of them
 * would add flow. A left-out commodity carries nothing; that is optimal for the whole problem when
 * every one of its paths costs at least 1 at the LP's capacity-row prices y (then u = 0 is its
 * dual, and the LP's duals certify the optimum). Commodities with a cheaper path join the LP and
 * it is solved again. Heavy-tailed traffic is where it pays: on Kdl poisson-high-intra 51 % of the
 * commodities carry 3·10⁻⁶ of the demand, and the optimum routes almost none of it, yet each is a
 * row and a few columns of the interior-point solve.
 *
 * <p>Correctness does not rest on the duals: the result is accepted only when the dual bound
 * {@link #upperBound} built from them is within the requested relative gap of the flow. The
 * commodities left out at first carry that share of the demand, so the first LP usually certifies.
 */
final class CommodityGeneration {
    /** Smallest share of the commodities worth leaving out (below it the LP barely shrinks). */
    static final double MIN_LEFT_OUT_COUNT_SHARE = 0.05;
    /** A left-out commodity joins the LP when some path of it costs below 1 minus this. */
    static final double PRICE_TOLERANCE = 1e-9;
    /** LPs solved with commodities left out before giving up and solving with all of them. */
    static final int MAX_ROUNDS = 4;

    private CommodityGeneration() {
    }

    /**
     * @param gap the relative optimality gap allowed
     * @return per commodity whether the first LP leaves it out (the lightest ones, together at most
     *         {@code gap} of the demand), or null when that would be fewer than
     *         {@value #MIN_LEFT_OUT_COUNT_SHARE} of the commodities or the LP is small
     */
    static boolean[] startingLeftOut(TeProblem problem, double gap) {
        Commodities c = problem.commodities();
        if (problem.pathVariables() < CapacityRowGeneration.LAZY_MIN_PATH_VARIABLES) {
            return null;
        }
        int[] order = c.byDescendingDemand();
        double budget = gap * c.totalDemandMbps();
        boolean[] out = new boolean[c.size()];
        int count = 0;
        double sum = 0;
        for (int i = order.length - 1; i >= 0 && sum + c.demandMbps(order[i]) <= budget; i--) {
            sum += c.demandMbps(order[i]);
            out[order[i]] = true;
            count++;
        }
        return count < MIN_LEFT_OUT_COUNT_SHARE * c.size() ? null : out;
    }

    /** @return the commodities not left out, ascending (the sub-problem's commodity order) */
    static int[] kept(boolean[] leftOut) {
        int[] kept = new int[leftOut.length];
        int n = 0;
        for (int k = 0; k < leftOut.length; k++) {
            if (!leftOut[k]) {
                kept[n++] = k;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    /** @return the problem with only the {@code kept} commodities (same network and capacities) */
    static TeProblem restrict(TeProblem problem, int[] kept) {
        return new TeProblem(problem.topology(), problem.paths(), problem.commodities().subset(kept), problem.capacityMbps());
    }

    /**
     * @param part an allocation of {@link #restrict}'s problem
     * @return flow per path variable of {@code problem}: the part's on kept commodities, 0 elsewhere
     */
    static double[] expand(TeProblem problem, int[] kept, Allocation part) {
        int[] first = problem.firstColumns();
        double[] flow = new double[first[first.length - 1]];
        double[] partFlow = part.pathFlowsMbps();
        for (int i = 0; i < kept.length; i++) {
            System.arraycopy(partFlow, part.firstColumn(i), flow, first[kept[i]], first[kept[i] + 1] - first[kept[i]]);
        }
        return flow;
    }

    /**
     * Marks left-out commodities with a path cheaper than 1 at these prices as kept.
     *
     * @param arcPrice per arc the dual price of its capacity, per Mbps
     * @return how many joined
     */
    static int admitUnderpriced(TeProblem problem, boolean[] leftOut, double[] arcPrice) {
        int joined = 0;
        for (int k = 0; k < leftOut.length; k++) {
            if (leftOut[k] && cheapestPath(problem, k, arcPrice) < 1 - PRICE_TOLERANCE) {
                leftOut[k] = false;
                joined++;
            }
        }
        return joined;
    }

    /**
     * Weak duality for total flow: for any prices y ≥ 0, Σ_a c_a·y_a + Σ_k d_k·max(0, 1 − min_p Σ_{a∈p} y_a)
     * bounds the flow of every feasible allocation from above.
     *
     * @param arcPrice per arc a price ≥ 0, per Mbps
     * @return that bound, in Mbps
     */
    static double upperBound(TeProblem problem, double[] arcPrice) {
        double[] capacity = problem.capacityMbps();
        double bound = 0;
        for (int a = 0; a < capacity.length; a++) {
            bound += capacity[a] * arcPrice[a];
        }
        Commodities c = problem.commodities();
        for (int k = 0; k < c.size(); k++) {
            bound += c.demandMbps(k) * Math.max(0, 1 - cheapestPath(problem, k, arcPrice));
        }
        return bound;
    }

    /** @return whether {@code bound} is within relative {@code gap} of {@code flowMbps} */
    static boolean certifies(double bound, double flowMbps, double gap) {
        return bound - flowMbps <= gap * Math.max(1.0, Math.abs(flowMbps));
    }

    private static double cheapestPath(TeProblem problem, int k, double[] arcPrice) {
        var paths = problem.paths();
        int pair = problem.commodities().pairIndex(k);
        double best = Double.POSITIVE_INFINITY;
        for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
            double price = 0;
            for (int j = 0; j < paths.pathLength(p) && price < best; j++) {
                price += arcPrice[paths.arc(p, j)];
            }
            best = Math.min(best, price);
        }
        return best;
    }
}
