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
    /**
     * A left-out commodity joins the LP when some path of it costs below 1 minus this; a pinned one
     * rejoins when its path costs this share more than its cheapest.
     */
    static final double PRICE_TOLERANCE = 1e-9;
    /** LPs solved with commodities left out before giving up and solving with all of them. */
    static final int MAX_ROUNDS = 4;
    /**
     * Share of the demand the commodities concurrent flow routes outside its LP carry, at most
     * (Kdl poisson-high-intra: 200,000 of 286,003 commodities). Unlike total flow's, concurrent
     * flow's tail is not bounded by the gap: its share drops to the dual bound and mispriced
     * commodities rejoin the LP until the gap is certified.
     */
    static final double CONCURRENT_TAIL_SHARE = 1e-4;
    /**
     * Size from which concurrent flow routes its tail outside the LP. Below it the LP with every
     * commodity is fast (Cogentco poisson-high-intra, 34,469 path variables: 0.07 s, against
     * 0.38 s in two rounds with the tail outside).
     */
    static final int CONCURRENT_MIN_PATH_VARIABLES = 200_000;

    private CommodityGeneration() {
    }

    /**
     * @param share largest share of the demand the commodities left out may carry together
     * @return per commodity whether the first LP leaves it out (the lightest ones, together at most
     *         {@code share} of the demand), or null when that would be fewer than
     *         {@value #MIN_LEFT_OUT_COUNT_SHARE} of the commodities or the LP is small
     */
    static boolean[] startingLeftOut(TeProblem problem, double share) {
        Commodities c = problem.commodities();
        if (problem.pathVariables() < CapacityRowGeneration.LAZY_MIN_PATH_VARIABLES) {
            return null;
        }
        int[] order = c.byDescendingDemand();
        double budget = share * c.totalDemandMbps();
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
        double bound = capacityValue(problem, arcPrice);
        Commodities c = problem.commodities();
        for (int k = 0; k < c.size(); k++) {
            bound += c.demandMbps(k) * Math.max(0, 1 - cheapestPath(problem, k, arcPrice));
        }
        return bound;
    }

    /**
     * Weak duality for concurrent flow: for any prices y ≥ 0, every feasible allocation's α (share
     * of demand met for every commodity) is at most Σ_a c_a·y_a / Σ_k d_k·(cheapest path price of
     * k), since Σ_a c_a·y_a ≥ Σ_a y_a·load_a ≥ Σ_k (cheapest price)·(k's flow) ≥ α·Σ_k d_k·(cheapest
     * price); and at most 1.
     *
     * @param arcPrice per arc a price ≥ 0, per Mbps
     * @return that bound on α, in [0, 1]
     */
    static double concurrentUpperBound(TeProblem problem, double[] arcPrice) {
        double budget = capacityValue(problem, arcPrice);
        double need = demandValue(problem, arcPrice);
        return need > 0 ? Math.min(1.0, budget / need) : 1.0;
    }

    /** @return Σ_k d_k·(cheapest path price of k): what routing every demand in full costs at these prices */
    private static double demandValue(TeProblem problem, double[] arcPrice) {
        Commodities c = problem.commodities();
        double need = 0;
        for (int k = 0; k < c.size(); k++) {
            need += c.demandMbps(k) * cheapestPath(problem, k, arcPrice);
        }
        return need;
    }

    /**
     * Weak duality for min-MLU: for any prices y ≥ 0, every allocation that routes every demand in
     * full has a peak utilisation z with z·Σ_a c_a·y_a ≥ Σ_a y_a·load_a ≥ Σ_k d_k·(cheapest path
     * price of k).
     *
     * @param arcPrice per arc a price ≥ 0, per Mbps
     * @return that lower bound on z (0 when the prices value no capacity)
     */
    static double minMluLowerBound(TeProblem problem, double[] arcPrice) {
        double budget = capacityValue(problem, arcPrice);
        return budget > 0 ? demandValue(problem, arcPrice) / budget : 0;
    }

    /**
     * @param chosen   per commodity whether to route it
     * @param share    share of each chosen commodity's demand to route, in [0, 1]
     * @param arcPrice per arc a price, or null
     * @return flow per path variable: that share of each chosen commodity's demand on its cheapest
     *         path at these prices (ties and null prices: the first path)
     */
    static double[] onCheapestPaths(TeProblem problem, boolean[] chosen, double share, double[] arcPrice) {
        int[] first = problem.firstColumns();
        var paths = problem.paths();
        double[] flow = new double[first[first.length - 1]];
        for (int k = 0; k < chosen.length; k++) {
            if (!chosen[k]) {
                continue;
            }
            int best = 0;
            if (arcPrice != null) {
                double bestPrice = Double.POSITIVE_INFINITY;
                int firstPath = paths.firstPath(problem.commodities().pairIndex(k));
                for (int i = 0; i < first[k + 1] - first[k]; i++) {
                    double price = pathPrice(paths, firstPath + i, arcPrice, bestPrice);
                    if (price < bestPrice) {
                        bestPrice = price;
                        best = i;
                    }
                }
            }
            flow[first[k] + best] = share * problem.commodities().demandMbps(k);
        }
        return flow;
    }

    /**
     * Takes back into the LP every pinned commodity whose pinned path is dearer than its cheapest
     * at these prices: there its load is what keeps the dual bound from meeting α.
     *
     * @param pinnedFlow flow per path variable of the pinned commodities
     * @return how many were unpinned
     */
    static int unpinOffCheapest(TeProblem problem, boolean[] pinned, double[] pinnedFlow, double[] arcPrice) {
        var paths = problem.paths();
        // Relative: concurrent flow's prices are α per Mbps, so their scale follows the capacities.
        return unpinWhere(problem, pinned, pinnedFlow, (k, p) -> pathPrice(paths, p, arcPrice, Double.POSITIVE_INFINITY)
                > cheapestPath(problem, k, arcPrice) * (1 + PRICE_TOLERANCE));
    }

    /** @return per arc its capacity less the load of these flows, in Mbps (negative where they overload it) */
    static double[] capacityLeft(TeProblem problem, double[] flowMbps) {
        double[] capacity = problem.capacityMbps();
        double[] load = new Allocation(problem, flowMbps).arcLoadMbps();
        double[] left = new double[capacity.length];
        for (int a = 0; a < capacity.length; a++) {
            left[a] = capacity[a] - load[a];
        }
        return left;
    }

    /**
     * Takes back into the LP every pinned commodity whose pinned flow crosses an arc these flows
     * overload; the others' pinned flows then fit every arc.
     *
     * @param pinnedFlow flow per path variable of the pinned commodities
     * @param leftMbps   {@link #capacityLeft} of that flow
     * @return how many were unpinned
     */
    static int unpinOverloading(TeProblem problem, boolean[] pinned, double[] pinnedFlow, double[] leftMbps) {
        var paths = problem.paths();
        return unpinWhere(problem, pinned, pinnedFlow, (k, p) -> {
            for (int j = 0; j < paths.pathLength(p); j++) {
                if (leftMbps[paths.arc(p, j)] < 0) {
                    return true;
                }
            }
            return false;
        });
    }

    /** Whether pinned commodity k must rejoin the LP because of its pinned path p (a {@code PathSet} index). */
    private interface Rejoin {
        boolean test(int k, int p);
    }

    /**
     * Unpins every pinned commodity with some path that carries pinned flow and that {@code rejoin} flags.
     *
     * @return how many were unpinned
     */
    private static int unpinWhere(TeProblem problem, boolean[] pinned, double[] pinnedFlow, Rejoin rejoin) {
        int[] first = problem.firstColumns();
        var paths = problem.paths();
        int unpinned = 0;
        for (int k = 0; k < pinned.length; k++) {
            if (!pinned[k]) {
                continue;
            }
            int firstPath = paths.firstPath(problem.commodities().pairIndex(k));
            for (int i = 0; i < first[k + 1] - first[k]; i++) {
                if (pinnedFlow[first[k] + i] > 0 && rejoin.test(k, firstPath + i)) {
                    pinned[k] = false;
                    unpinned++;
                    break;
                }
            }
        }
        return unpinned;
    }

    /**
     * @param value the objective of a feasible allocation (Mbps, or α)
     * @return whether {@code bound} is within relative {@code gap} of it
     */
    static boolean certifies(double bound, double value, double gap) {
        return bound - value <= gap * Math.abs(value) + 1e-12;
    }

    /** @return Σ_a c_a·y_a: the capacity priced at these prices */
    private static double capacityValue(TeProblem problem, double[] arcPrice) {
        double[] capacity = problem.capacityMbps();
        double value = 0;
        for (int a = 0; a < capacity.length; a++) {
            value += capacity[a] * arcPrice[a];
        }
        return value;
    }

    private static double cheapestPath(TeProblem problem, int k, double[] arcPrice) {
        var paths = problem.paths();
        int pair = problem.commodities().pairIndex(k);
        double best = Double.POSITIVE_INFINITY;
        for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
            best = Math.min(best, pathPrice(paths, p, arcPrice, best));
        }
        return best;
    }

    /** @return path p's price, or some value ≥ {@code enough} once the sum reaches it */
    private static double pathPrice(te.topology.paths.PathSet paths, int p, double[] arcPrice, double enough) {
        double price = 0;
        for (int j = 0; j < paths.pathLength(p) && price < enough; j++) {
            price += arcPrice[paths.arc(p, j)];
        }
        return price;
    }
}
