package te.lp;

import static java.util.Objects.requireNonNull;

/**
 * Flow per (commodity, path) in Mbps, aligned with {@link TeProblem}'s path-variable order:
 * commodity 0's paths by rank, then commodity 1's, and so on. Derived figures (total flow, α, arc
 * loads, utilisation) are computed from the flows, never taken from a solver's objective.
 */
public final class Allocation {
    private final TeProblem problem;
    private final double[] pathFlowMbps;
    private final int[] firstColumn;

    /**
     * @param pathFlowMbps flow per path variable, length {@link TeProblem#pathVariables()}
     * @throws IllegalArgumentException if the length is wrong
     */
    public Allocation(TeProblem problem, double[] pathFlowMbps) {
        this.problem = requireNonNull(problem, "problem");
        this.pathFlowMbps = pathFlowMbps;
        firstColumn = problem.firstColumns();
        int variables = firstColumn[firstColumn.length - 1];
        if (pathFlowMbps.length != variables) {
            throw new IllegalArgumentException("flow array has %d entries, problem has %d path variables"
                    .formatted(pathFlowMbps.length, variables));
        }
    }

    /**
     * Turns an LP solution, mapped to path variables by {@link PathLp#pathFlowsMbps}, into an
     * allocation: tiny negative values (solver round-off) set to 0, a commodity routed above its
     * demand scaled down to it, and every path through an arc loaded above its capacity scaled by
     * that arc's capacity/load (the smallest such factor on the path). First-order and
     * interior-point solvers end within ~1e-6 relative of feasibility; the repair makes the
     * allocation exactly feasible at a cost of that order, so sums of POP sub-allocations stay
     * within capacity too.
     */
    public static Allocation extract(TeProblem problem, double[] pathFlowsMbps) {
        return extract(problem, pathFlowsMbps, 0);
    }

    /**
     * As {@link #extract(TeProblem, double[])}, but first every commodity with a path is raised to
     * at least {@code minShare} of its demand: its flow scaled up, or, when the solver left it
     * none, put on its first path over no failed or drained arc. Solvers meet a row such as
     * concurrent flow's Σf ≥ α·d to ~1e-7 Mbps absolute, so a commodity of 1e-9 Mbps came back
     * unrouted and the allocation's α was 0 where the LP's was 0.667–1 (review: every backend, POP
     * and the CLI). What this adds is of that negligible order, and the capacity repair after it
     * keeps the result exactly feasible (its share may then end a hair below {@code minShare}: the
     * allocation's own α is what is reported).
     *
     * @param minShare the share of its demand every commodity must get, in [0, 1] (the LP's α, or
     *                 fair's floor)
     */
    public static Allocation extract(TeProblem problem, double[] pathFlowsMbps, double minShare) {
        int n = problem.commodities().size();
        double[] minShares = new double[n];
        java.util.Arrays.fill(minShares, minShare);
        double[] maxShares = new double[n];
        java.util.Arrays.fill(maxShares, 1);
        return extract(problem, pathFlowsMbps, minShares, maxShares);
    }

    /**
     * As {@link #extract(TeProblem, double[], double)} with a least and a most share per commodity
     * (max-min fairness: a frozen commodity keeps its level's share, which a solver can miss by its
     * absolute tolerance, and gets no more, which a later level could hand it for nothing).
     *
     * @param minShares per commodity the share of its demand it is raised to
     * @param maxShares per commodity the share of its demand it is scaled down to when above, at most 1
     */
    static Allocation extract(TeProblem problem, double[] pathFlowsMbps, double[] minShares, double[] maxShares) {
        Allocation a = new Allocation(problem, pathFlowsMbps.clone());
        for (int k = 0; k < problem.commodities().size(); k++) {
            double minShare = minShares[k];
            double sum = a.clampNegatives(k);
            double demand = problem.commodities().demandMbps(k);
            double most = Math.min(1, maxShares[k]) * demand;
            if (sum > most) {
                a.scale(k, most / sum);
                sum = most;
            }
            double wanted = Math.min(1, minShare) * demand;
            if (sum < wanted) {
                if (sum > 0) {
                    a.scale(k, wanted / sum);
                } else {
                    // A commodity with no open path stays without flow: the LP's α may count a
                    // sub-tolerance flow over a failed arc, which the repair would take back anyway.
                    int rank = problem.openPathRank(k);
                    if (rank >= 0) {
                        a.pathFlowMbps[a.firstColumn[k] + rank] = wanted;
                    }
                }
            }
        }
        a.repairCapacities();
        return a;
    }

    /**
     * Min-MLU's extraction: every commodity scaled to exactly its demand, and one the solver left
     * without flow put on its first path that avoids failed and drained arcs; capacities are not repaired (min-MLU exceeds them by
     * design when z > 1). Solvers meet rows to ~1e-7 absolute, so demands far below that
     * (poisson-high-intra draws some of 5e-9 Mbps) can come back unrouted; the load this adds is
     * of the same negligible order.
     *
     * @return an allocation routing every commodity's whole demand
     */
    public static Allocation extractFullDemand(TeProblem problem, double[] pathFlowsMbps) {
        Allocation a = new Allocation(problem, pathFlowsMbps.clone());
        for (int k = 0; k < problem.commodities().size(); k++) {
            double sum = a.clampNegatives(k);
            double demand = problem.commodities().demandMbps(k);
            if (sum > 0) {
                a.scale(k, demand / sum);
            } else if (a.firstColumn[k + 1] > a.firstColumn[k]) {
                a.pathFlowMbps[a.firstColumn[k] + firstUsableRank(problem, k)] = demand;
            }
        }
        return a;
    }

    /**
     * @return the rank of commodity {@code k}'s first path over no failed or drained arc (the LP
     *         has no column for the others: flow put there would make the peak utilisation
     *         infinite), or 0 when every path crosses one
     */
    private static int firstUsableRank(TeProblem problem, int k) {
        return Math.max(0, problem.openPathRank(k));
    }

    /** Sets commodity {@code k}'s negative path flows to 0; @return its flow afterwards */
    private double clampNegatives(int k) {
        double sum = 0;
        for (int j = firstColumn[k]; j < firstColumn[k + 1]; j++) {
            pathFlowMbps[j] = Math.max(0, pathFlowMbps[j]);
            sum += pathFlowMbps[j];
        }
        return sum;
    }

    private void scale(int k, double factor) {
        for (int j = firstColumn[k]; j < firstColumn[k + 1]; j++) {
            pathFlowMbps[j] *= factor;
        }
    }

    private void repairCapacities() {
        double[] load = arcLoadMbps();
        double[] cap = problem.capacityMbps();
        double[] factor = new double[load.length];
        boolean overloaded = false;
        for (int arc = 0; arc < load.length; arc++) {
            factor[arc] = load[arc] > cap[arc] ? cap[arc] / load[arc] : 1.0;
            overloaded |= factor[arc] < 1.0;
        }
        if (!overloaded) {
            return;
        }
        var paths = problem.paths();
        for (int k = 0; k < problem.commodities().size(); k++) {
            int pair = problem.commodities().pairIndex(k);
            for (int p = paths.firstPath(pair), j = firstColumn[k]; j < firstColumn[k + 1]; p++, j++) {
                double f = 1.0;
                for (int i = 0; i < paths.pathLength(p); i++) {
                    f = Math.min(f, factor[paths.arc(p, i)]);
                }
                pathFlowMbps[j] *= f;
            }
        }
    }

    /** @return the problem this allocation routes */
    public TeProblem problem() {
        return problem;
    }

    /** @return flow of path variable {@code j} in Mbps */
    public double pathFlowMbps(int j) {
        return pathFlowMbps[j];
    }

    /** @return a copy of all path flows in Mbps */
    public double[] pathFlowsMbps() {
        return pathFlowMbps.clone();
    }

    /** @return index of commodity {@code k}'s first path variable; its last is {@code firstColumn(k+1)-1} */
    public int firstColumn(int k) {
        return firstColumn[k];
    }

    /** @return flow of commodity {@code k} over all its paths, in Mbps */
    public double commodityFlowMbps(int k) {
        double sum = 0;
        for (int j = firstColumn[k]; j < firstColumn[k + 1]; j++) {
            sum += pathFlowMbps[j];
        }
        return sum;
    }

    /** @return Σ of all flows in Mbps */
    public double totalFlowMbps() {
        double sum = 0;
        for (double f : pathFlowMbps) {
            sum += f;
        }
        return sum;
    }

    /** @return min over commodities of flow/demand (the concurrent-flow α); 1 when there are none */
    public double minDemandShare() {
        double min = 1.0;
        for (int k = 0; k < problem.commodities().size(); k++) {
            min = Math.min(min, commodityFlowMbps(k) / problem.commodities().demandMbps(k));
        }
        return min;
    }

    /** @return load per arc in Mbps */
    public double[] arcLoadMbps() {
        double[] load = new double[problem.topology().arcCount()];
        var paths = problem.paths();
        for (int k = 0; k < problem.commodities().size(); k++) {
            int pair = problem.commodities().pairIndex(k);
            for (int p = paths.firstPath(pair), j = firstColumn[k]; j < firstColumn[k + 1]; p++, j++) {
                double f = pathFlowMbps[j];
                if (f != 0) {
                    for (int i = 0; i < paths.pathLength(p); i++) {
                        load[paths.arc(p, i)] += f;
                    }
                }
            }
        }
        return load;
    }

    /**
     * @return hops (arcs) a Mbps of this allocation crosses on average: path lengths weighted by
     *         their flow; 0 without flow
     */
    public double meanPathHops() {
        te.topology.paths.PathSet paths = problem.paths();
        double sum = 0;
        double weighted = 0;
        for (int k = 0; k + 1 < firstColumn.length; k++) {
            int path = paths.firstPath(problem.commodities().pairIndex(k));
            for (int j = firstColumn[k]; j < firstColumn[k + 1]; j++, path++) {
                if (pathFlowMbps[j] > 0) {
                    sum += pathFlowMbps[j];
                    weighted += pathFlowMbps[j] * paths.pathLength(path);
                }
            }
        }
        return sum > 0 ? weighted / sum : 0;
    }

    /** @return the largest load/capacity over arcs with load (0 when nothing flows) */
    public double maxUtilisation() {
        return maxUtilisation(arcLoadMbps(), problem.capacityMbps());
    }

    /**
     * @param loadMbps     load per arc
     * @param capacityMbps capacity per arc
     * @return the largest load/capacity over arcs with load (0 when nothing flows; infinite when an
     *         arc without capacity carries flow)
     */
    public static double maxUtilisation(double[] loadMbps, double[] capacityMbps) {
        double max = 0;
        for (int a = 0; a < loadMbps.length; a++) {
            if (loadMbps[a] > 0) {
                max = Math.max(max, capacityMbps[a] > 0 ? loadMbps[a] / capacityMbps[a] : Double.POSITIVE_INFINITY);
            }
        }
        return max;
    }

    /** @return the objective's value recomputed from the flows */
    public double objectiveValue(Objective objective) {
        return switch (objective) {
            case TOTAL_FLOW, FAIR, MAX_MIN_FAIR -> totalFlowMbps();
            case CONCURRENT_FLOW -> minDemandShare();
            case MIN_MLU -> maxUtilisation();
        };
    }
}
