package te.lp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the objective's LP(s), solves them with a backend, turns the solution into an
 * {@link Allocation} and checks it. Two-stage {@link Objective#FAIR} solves concurrent flow, then
 * total flow with every commodity held at ≥ α*·demand.
 */
public final class TeOptimizer {
    private static final Logger LOG = LoggerFactory.getLogger(TeOptimizer.class);
    /** Slack on the fair second stage's floor, so solver round-off in α* cannot make it infeasible. */
    static final double FAIR_FLOOR_SLACK = 1e-6;
    /**
     * Share of the total demand carried by the heaviest 1 % of commodities above which total flow
     * skips the warm start: gravity, uniform and bimodal traffic measure 0.03–0.05 on every Zoo
     * network tried, poisson-high-intra 0.23–0.59.
     */
    static final double HEAVY_TAIL_SHARE = 0.15;
    /**
     * Relative optimality gap total and concurrent flow are solved to by default when the lightest
     * commodities are left out of the LP ({@link CommodityGeneration}): below the 10⁻⁶ of every
     * share this product reports, and the order of the backends' own tolerances.
     */
    public static final double DEFAULT_GAP = 1e-7;

    private final TeSolver solver;
    private final SolverOptions options;
    private final CapacityRows rowPolicy;
    private final boolean assumeHeavyTailed;
    private final double gap;
    private final boolean shorterPaths;
    private static final AllocationChecker CHECKER = new AllocationChecker();

    /**
     * Capacity rows {@link CapacityRows#AUTO}: on demand where that pays.
     *
     * @param solver backend, @param options time limit (per objective stage) and threads per solve
     */
    public TeOptimizer(TeSolver solver, SolverOptions options) {
        this(solver, options, CapacityRows.AUTO);
    }

    /** @param rowPolicy which capacity rows each LP starts with (the optimum is the same) */
    public TeOptimizer(TeSolver solver, SolverOptions options, CapacityRows rowPolicy) {
        this(solver, options, rowPolicy, false, DEFAULT_GAP, true);
    }

    private TeOptimizer(TeSolver solver, SolverOptions options, CapacityRows rowPolicy, boolean assumeHeavyTailed, double gap,
                        boolean shorterPaths) {
        this.solver = solver;
        this.options = options;
        this.rowPolicy = rowPolicy;
        this.assumeHeavyTailed = assumeHeavyTailed;
        this.gap = gap;
        this.shorterPaths = shorterPaths;
    }

    /**
     * @return an optimizer that treats every problem's demand as heavy-tailed (see
     *         {@link #heavyTailed(TeProblem)}); for POP, whose sub-problems hold client-split pieces
     *         that no longer look heavy-tailed though the whole demand is (a Kdl poisson-high-intra
     *         POP-16 sub-problem at t = 0.75: 8.5 % of demand in its heaviest 1 %, against 59 %)
     */
    public TeOptimizer asHeavyTailed() {
        return new TeOptimizer(solver, options, rowPolicy, true, gap, shorterPaths);
    }

    /**
     * @param gap relative optimality gap for total and concurrent flow, in [0, 0.01]; 0 keeps every
     *            commodity in the LP, so the backend's optimum is returned as it is
     * @return an optimizer that solves them to that certified gap (see {@link CommodityGeneration})
     * @throws IllegalArgumentException naming the gap when it is out of range
     */
    public TeOptimizer withGap(double gap) {
        return new TeOptimizer(solver, options, rowPolicy, assumeHeavyTailed, requireGap(gap), shorterPaths);
    }

    /**
     * @param shorterPaths whether the solution's flow is moved onto shorter paths where they have
     *                     room ({@link ShorterPaths}; on by default): same objective, shorter paths
     *                     in the metric they were ranked by
     * @return an optimizer that does so, or returns the solver's vertex as it is
     */
    public TeOptimizer withShorterPaths(boolean shorterPaths) {
        return new TeOptimizer(solver, options, rowPolicy, assumeHeavyTailed, gap, shorterPaths);
    }

    /**
     * @return {@code gap}, when it is a relative optimality gap {@link #withGap} takes
     * @throws IllegalArgumentException naming the gap when it is outside [0, 0.01]
     */
    public static double requireGap(double gap) {
        if (!(gap >= 0 && gap <= 0.01)) {
            throw new IllegalArgumentException("optimality gap %s: expected a relative gap in [0, 0.01]".formatted(gap));
        }
        return gap;
    }

    /**
     * For a check at start-up (a daemon's settings), before any solve.
     *
     * @throws IllegalArgumentException saying why, when {@code solver} cannot serve {@code objective}:
     *                                  max-min fairness needs exact row duals
     */
    public static void requireSupported(Objective objective, TeSolver solver) {
        if (objective == Objective.MAX_MIN_FAIR && !solver.reportsDuals()) {
            throw new IllegalArgumentException(MaxMinFairness.refusal(solver));
        }
    }

    /**
     * @return whether the heaviest 1 % of commodities carry more than {@value #HEAVY_TAIL_SHARE}
     *         of the demand, where total flow skips the warm start
     */
    public static boolean heavyTailed(TeProblem problem) {
        return problem.commodities().topDemandShare(0.01) > HEAVY_TAIL_SHARE;
    }

    /** @return the backend in use */
    public TeSolver solver() {
        return solver;
    }

    /** @return the result; solver failures are statuses with a message, never exceptions */
    public TeResult solve(TeProblem problem, Objective objective) {
        if (problem.commodities().size() == 0) {
            Allocation empty = new Allocation(problem, new double[0]);
            return new TeResult(objective, SolveStatus.OPTIMAL, Optional.of(empty), empty.objectiveValue(objective), 0, 0, 0, 0, 0, "");
        }
        TeResult result = switch (objective) {
            case TOTAL_FLOW -> totalFlowStage(problem, objective, 0);
            case CONCURRENT_FLOW -> concurrentFlowStage(problem);
            case MIN_MLU -> unroutable(problem).orElseGet(
                    () -> stage(problem, objective, rows -> Formulations.minMaxUtilisation(problem, rows), rowPolicy));
            case FAIR -> fair(problem);
            case MAX_MIN_FAIR -> new MaxMinFairness(solver, options).solve(problem);
        };
        return shorterPaths ? shortened(result) : result;
    }

    /**
     * Min-MLU routes every demand in full, so a commodity without a path over open arcs makes it
     * infeasible. Said before any solver runs: the LP's empty commodity row came back INFEASIBLE
     * from HiGHS but UNBOUNDED from PDLP, naming nothing (review).
     *
     * @return INFEASIBLE naming the first such commodity and how many there are, or empty if none
     */
    private static Optional<TeResult> unroutable(TeProblem problem) {
        Commodities c = problem.commodities();
        int count = 0;
        int first = -1;
        for (int k = 0; k < c.size(); k++) {
            if (problem.openPathRank(k) < 0) {
                count++;
                first = first < 0 ? k : first;
            }
        }
        if (count == 0) {
            return Optional.empty();
        }
        var nodes = problem.topology().nodes();
        return Optional.of(new TeResult(Objective.MIN_MLU, SolveStatus.INFEASIBLE, Optional.empty(), Double.NaN, 0, 0, 0, 0, 0,
                "min-MLU must route every demand, but %d commodities have no path over open arcs (failed, drained or set to 0), first %s->%s (%.6g Mbps)"
                        .formatted(count, nodes.get(c.src(first)).id(), nodes.get(c.dst(first)).id(), c.demandMbps(first))));
    }

    /**
     * @return {@code result} with its flow moved onto shorter paths ({@link ShorterPaths}), the pass
     *         counted as solve time; {@code result} itself when nothing moved or there is no allocation
     */
    private TeResult shortened(TeResult result) {
        if (!result.ok()) {
            return result;
        }
        Allocation before = result.allocation().orElseThrow();
        ShorterPaths.Outcome o = ShorterPaths.shorten(before, result.objective());
        if (o.movedMbps() == 0) {
            return result.withTimes(result.buildSeconds(), result.solveSeconds() + o.seconds());
        }
        return new TeResult(result.objective(), result.status(), Optional.of(o.allocation()),
                o.allocation().objectiveValue(result.objective()), result.buildSeconds(), result.solveSeconds() + o.seconds(),
                result.columns(), result.rows(), result.nonZeros(), result.message());
    }

    /**
     * Concurrent flow, then total flow with every commodity at ≥ α·demand; each stage has the full
     * time limit. A first stage cut short by it floors the second at the feasible α it found (status
     * TIME_LIMIT); a second stage cut short serves the first stage's allocation (status TIME_LIMIT).
     */
    private TeResult fair(TeProblem problem) {
        TeResult first = concurrentFlowStage(problem);
        if (!first.ok()) {
            return first;
        }
        // Relative only: an absolute slack as well wiped the floor out wherever α* ≤ 1e-6 (demand
        // far beyond capacity), starving commodities fair exists to protect (review).
        double floor = first.value() * (1 - FAIR_FLOOR_SLACK);
        TeResult second = totalFlowStage(problem, Objective.FAIR, floor);
        double build = first.buildSeconds() + second.buildSeconds();
        double solve = first.solveSeconds() + second.solveSeconds();
        if (!second.ok() && second.status() == SolveStatus.TIME_LIMIT) {
            Allocation a = first.allocation().orElseThrow();
            return new TeResult(Objective.FAIR, SolveStatus.TIME_LIMIT, first.allocation(), a.objectiveValue(Objective.FAIR), build, solve,
                    first.columns(), first.rows(), first.nonZeros(),
                    "second stage (total flow above the α floor) hit the time limit (%s); serving the first stage's concurrent-flow allocation"
                            .formatted(second.message()));
        }
        if (second.ok() && !first.optimal()) {
            return new TeResult(Objective.FAIR, first.status(), second.allocation(), second.value(), build, solve,
                    second.columns(), second.rows(), second.nonZeros(),
                    "first stage (concurrent flow) hit the time limit: every commodity floored at the feasible α %.9g it found, not the optimum α"
                            .formatted(first.value()));
        }
        return new TeResult(Objective.FAIR, second.status(), second.allocation(), second.value(), build, solve,
                second.columns(), second.rows(), second.nonZeros(), second.message());
    }

    /**
     * Total flow (or fair's second stage). Under heavy-tailed demand (the heaviest 1 % of
     * commodities carry more than {@value #HEAVY_TAIL_SHARE} of it) dual simplex from the greedy
     * start must cut back heavy commodities one pivot at a time (1.2–1.6 iterations per row against
     * 0.05–0.15 on gravity), so the LP goes to the backend without a starting basis (interior point)
     * and with every row: a Kdl poisson-high-intra POP-16 sub-problem took 131 s warm with lazy rows,
     * 27 s warm with every row (the simplex gives up at its iteration cap, then interior point),
     * 49 s with interior point and lazy rows (each round a cold solve), 12.3–14.1 s with interior
     * point and every row. Total flow proper leaves the lightest commodities out while the duals
     * allow ({@link CommodityGeneration}); fair's floors hold for every commodity, so it cannot.
     */
    private TeResult totalFlowStage(TeProblem problem, Objective objective, double minShare) {
        boolean heavy = assumeHeavyTailed || heavyTailed(problem);
        boolean[] leftOut = minShare == 0 && gap > 0 && solver.reportsDuals()
                ? CommodityGeneration.startingLeftOut(problem, gap) : null;
        if (leftOut == null) {
            return result(problem, objective, totalFlowLp(problem, minShare, heavy, options), minShare);
        }
        RoundBudget budget = new RoundBudget(options);
        Optional<TeResult> generated = generatedTotalFlow(problem, heavy, leftOut, budget);
        if (generated.isPresent()) {
            return generated.get();
        }
        return budget.fallback(objective, "commodity generation",
                opts -> result(problem, objective, totalFlowLp(problem, minShare, heavy, opts), minShare));
    }

    private CapacityRowGeneration.Outcome totalFlowLp(TeProblem problem, double minShare, boolean heavy, SolverOptions opts) {
        if (heavy) {
            return lp(problem, rows -> Formulations.totalFlow(problem, minShare, rows).withoutStartingBasis(), CapacityRows.ALL, false, opts);
        }
        return lp(problem, rows -> Formulations.totalFlow(problem, minShare, rows), rowPolicy, false, opts);
    }

    /**
     * Total flow by {@link CommodityGeneration}.
     *
     * @param leftOut per commodity whether the first LP leaves it out (updated as commodities join)
     * @param budget  the time limit over every round; charged with the rounds' time
     * @return the result with the rounds' time (a solver failure or the time limit included), or
     *         empty when the rounds ran out or the duals did not certify the optimum (the caller then
     *         solves with every commodity)
     */
    Optional<TeResult> generatedTotalFlow(TeProblem problem, boolean heavy, boolean[] leftOut, RoundBudget budget) {
        for (int round = 1; round <= CommodityGeneration.MAX_ROUNDS; round++) {
            long start = System.nanoTime();
            int[] kept = CommodityGeneration.kept(leftOut);
            TeProblem part = CommodityGeneration.restrict(problem, kept);
            budget.addBuild(start);
            if (budget.spent()) {
                return Optional.of(budget.timeLimit(Objective.TOTAL_FLOW, "%d commodity-generation rounds".formatted(round - 1)));
            }
            CapacityRowGeneration.Outcome outcome = totalFlowLp(part, 0, heavy, budget.next());
            budget.add(outcome);
            start = System.nanoTime();
            PartRound solved = partRound(problem, kept, part, Objective.TOTAL_FLOW, outcome);
            if (!solved.result().ok()) {
                budget.addBuild(start);
                return Optional.of(budget.orIncumbent(solved.result().withTimes(budget.buildSeconds(), budget.solveSeconds())));
            }
            Allocation allocation = new Allocation(problem, solved.flowMbps());
            double[] price = solved.arcPrice();
            // With nothing left out the round was the whole LP: exact whatever its duals say.
            boolean whole = kept.length == leftOut.length;
            double bound = price == null ? Double.NaN : CommodityGeneration.upperBound(problem, price);
            TeResult roundResult = checked(allocation, Objective.TOTAL_FLOW, 1.0, outcome.lp().model(), 0, 0);
            if (whole || (price != null && CommodityGeneration.certifies(bound, allocation.totalFlowMbps(), gap))) {
                budget.addBuild(start);
                return Optional.of(roundResult.withTimes(budget.buildSeconds(), budget.solveSeconds()));
            }
            budget.offer(roundResult, round, bound);
            int joined = price == null ? 0 : CommodityGeneration.admitUnderpriced(problem, leftOut, price);
            budget.addBuild(start);
            LOG.debug("total flow round {}: {} of {} commodities in the LP, flow {} Mbps, not certified, {} join; {} s so far",
                    round, kept.length, leftOut.length, allocation.totalFlowMbps(), joined, budget.buildSeconds() + budget.solveSeconds());
            if (joined == 0) {
                // No duals, or duals that do not bound the flow tightly although every left-out
                // commodity is priced out (not the LP's optimal duals): solve with every commodity.
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * Concurrent flow. On large LPs the lightest commodities, together at most
     * {@value CommodityGeneration#CONCURRENT_TAIL_SHARE} of the demand, are routed up front on their
     * first path at a share φ of their demand and the LP shares what capacity is left among the
     * others; α is then theirs as long as φ ≥ α, and the LP's duals bound the whole problem's α
     * ({@link CommodityGeneration#concurrentUpperBound}). φ starts at 1; while the bound is not
     * within the gap, φ drops to the bound (still ≥ the optimum α) and the LP is solved again, so
     * the tail holds back less capacity. On Kdl poisson-high-intra the LP with every commodity does
     * not finish within 15 minutes (demands from 7·10⁻⁸ to 500 Mbps are α's coefficients, one in each
     * of 260,000 rows).
     */
    private TeResult concurrentFlowStage(TeProblem problem) {
        boolean large = problem.pathVariables() >= CommodityGeneration.CONCURRENT_MIN_PATH_VARIABLES;
        boolean[] pinned = large && gap > 0 && solver.reportsDuals()
                ? CommodityGeneration.startingLeftOut(problem, CommodityGeneration.CONCURRENT_TAIL_SHARE) : null;
        Function<boolean[], PathLp> every = rows -> Formulations.concurrentFlow(problem, rows);
        if (pinned == null) {
            return stage(problem, Objective.CONCURRENT_FLOW, every, rowPolicy);
        }
        RoundBudget budget = new RoundBudget(options);
        Optional<TeResult> certified = pinnedConcurrentFlow(problem, pinned, budget);
        if (certified.isPresent()) {
            return certified.get();
        }
        return budget.fallback(Objective.CONCURRENT_FLOW, "rounds with the lightest commodities pinned",
                opts -> result(problem, Objective.CONCURRENT_FLOW, lp(problem, every, rowPolicy, false, opts)));
    }

    /**
     * @param pinned per commodity whether it is routed on its first path, outside the LP
     * @param budget the time limit over every round; charged with the rounds' time
     * @return the certified result with the rounds' time (a solver failure or the time limit
     *         included), or empty when the duals do not certify the gap or a further round would
     *         solve the same LP again (the caller then solves with every commodity)
     */
    Optional<TeResult> pinnedConcurrentFlow(TeProblem problem, boolean[] pinned, RoundBudget budget) {
        double share = 1.0;
        double[] price = null;
        double bestBound = 1.0;
        for (int round = 1; round <= CommodityGeneration.MAX_ROUNDS; round++) {
            long start = System.nanoTime();
            double[] pinnedFlow = CommodityGeneration.onCheapestPaths(problem, pinned, share, price);
            double[] left = CommodityGeneration.capacityLeft(problem, pinnedFlow);
            if (CommodityGeneration.unpinOverloading(problem, pinned, pinnedFlow, left) > 0) {
                // The tail alone overloads some arc (one thinner than its share of the tail): what
                // crosses it joins the LP, which shares that arc exactly; the rest then fits.
                pinnedFlow = CommodityGeneration.onCheapestPaths(problem, pinned, share, price);
                left = CommodityGeneration.capacityLeft(problem, pinnedFlow);
                for (int a = 0; a < left.length; a++) {
                    // A subset's load can round a hair above the whole's; the check allows that much.
                    left[a] = Math.max(0, left[a]);
                }
            }
            int[] kept = CommodityGeneration.kept(pinned);
            TeProblem part = new TeProblem(problem.topology(), problem.paths(), problem.commodities().subset(kept), left);
            budget.addBuild(start);
            if (budget.spent()) {
                return Optional.of(budget.timeLimit(Objective.CONCURRENT_FLOW, "%d rounds with the lightest commodities pinned"
                        .formatted(round - 1)));
            }
            CapacityRowGeneration.Outcome outcome = lp(part, rows -> Formulations.concurrentFlow(part, rows), rowPolicy, false, budget.next());
            budget.add(outcome);
            start = System.nanoTime();
            PartRound solved = partRound(problem, kept, part, Objective.CONCURRENT_FLOW, outcome);
            if (!solved.result().ok()) {
                budget.addBuild(start);
                return Optional.of(budget.orIncumbent(solved.result().withTimes(budget.buildSeconds(), budget.solveSeconds())));
            }
            double[] flow = solved.flowMbps();
            for (int j = 0; j < flow.length; j++) {
                flow[j] += pinnedFlow[j];
            }
            Allocation allocation = new Allocation(problem, flow);
            TeResult roundResult = checked(allocation, Objective.CONCURRENT_FLOW, 1.0, outcome.lp().model(), 0, 0);
            if (kept.length == pinned.length) {
                // Every commodity has rejoined: this round was the whole LP, exact whatever its duals say.
                budget.addBuild(start);
                return Optional.of(roundResult.withTimes(budget.buildSeconds(), budget.solveSeconds()));
            }
            if (solved.arcPrice() == null) {
                budget.offer(roundResult, round, Double.NaN);
                budget.addBuild(start);
                return Optional.empty();
            }
            double alpha = allocation.minDemandShare();
            price = solved.arcPrice();
            // Every round's bound holds, so the least one is kept.
            bestBound = Math.min(bestBound, CommodityGeneration.concurrentUpperBound(problem, price));
            int unpinned = CommodityGeneration.unpinOffCheapest(problem, pinned, pinnedFlow, price);
            budget.addBuild(start);
            LOG.debug("concurrent flow round {}: {} of {} commodities in the LP, tail share {}, alpha {}, bound {}, {} rejoin; {} s so far",
                    round, kept.length, pinned.length, share, alpha, bestBound, unpinned, budget.buildSeconds() + budget.solveSeconds());
            if (CommodityGeneration.certifies(bestBound, alpha, gap)) {
                return Optional.of(roundResult.withTimes(budget.buildSeconds(), budget.solveSeconds()));
            }
            budget.offer(roundResult, round, bestBound);
            if (unpinned == 0 && bestBound >= share) {
                // Same tail, same paths, same share: the next round would solve this LP again.
                return Optional.empty();
            }
            share = bestBound;
        }
        return Optional.empty();
    }

    /**
     * One LP over part of the commodities, seen from the whole problem.
     *
     * @param result   the part's checked result, or its failure
     * @param flowMbps on success, the part's flows on {@code problem}'s path variables (0 elsewhere)
     * @param arcPrice on success, the LP's capacity-row prices per arc, or null when the backend gave no duals
     */
    private record PartRound(TeResult result, double[] flowMbps, double[] arcPrice) {
    }

    /** @param kept the part's commodities in {@code problem}, ascending */
    private PartRound partRound(TeProblem problem, int[] kept, TeProblem part, Objective objective, CapacityRowGeneration.Outcome outcome) {
        TeResult partResult = result(part, objective, outcome);
        if (!partResult.ok()) {
            return new PartRound(partResult, null, null);
        }
        SolveResult r = outcome.result();
        double[] price = r.hasDuals(outcome.lp().model().rows()) ? outcome.lp().arcPrices(r.rowDual()) : null;
        return new PartRound(partResult, CommodityGeneration.expand(problem, kept, partResult.allocation().orElseThrow()), price);
    }

    /**
     * @param build builds the LP with capacity rows for the given arcs only (null: all)
     * @param policy which rows to start with
     */
    private TeResult stage(TeProblem problem, Objective objective, Function<boolean[], PathLp> build, CapacityRows policy) {
        return result(problem, objective, lp(problem, build, policy, objective == Objective.MIN_MLU, options));
    }

    private CapacityRowGeneration.Outcome lp(TeProblem problem, Function<boolean[], PathLp> build, CapacityRows policy, boolean minMlu,
                                             SolverOptions opts) {
        return CapacityRowGeneration.solve(problem, build, policy, minMlu, solver, opts);
    }

    /** @return the outcome's allocation, checked, or the solver's failure */
    private TeResult result(TeProblem problem, Objective objective, CapacityRowGeneration.Outcome outcome) {
        return result(problem, objective, outcome, 0);
    }

    /**
     * @param minShare the share of its demand every commodity must get (fair's floor); concurrent
     *                 flow's is the LP's α
     * @return the outcome's allocation, checked, or the solver's failure
     */
    private TeResult result(TeProblem problem, Objective objective, CapacityRowGeneration.Outcome outcome, double minShare) {
        PathLp lp = outcome.lp();
        LpModel model = lp.model();
        SolveResult r = outcome.result();
        if (r.status() != SolveStatus.OPTIMAL || r.x().length != model.columns()) {
            return new TeResult(objective, r.status(), Optional.empty(), Double.NaN, outcome.buildSeconds(), outcome.solveSeconds(),
                    model.columns(), model.rows(), model.nonZeros(), r.message());
        }
        boolean minMlu = objective == Objective.MIN_MLU;
        double floor = objective == Objective.CONCURRENT_FLOW ? Math.min(1, Math.max(0, lp.extraValue(r.x()))) : minShare;
        Allocation allocation = minMlu
                ? Allocation.extractFullDemand(problem, lp.pathFlowsMbps(r.x()))
                : Allocation.extract(problem, lp.pathFlowsMbps(r.x()), floor);
        double allowed = minMlu ? Math.max(1.0, lp.extraValue(r.x()) * (1 + 1e-6)) : 1.0;
        TeResult checked = checked(allocation, objective, allowed, model, outcome.buildSeconds(), outcome.solveSeconds());
        boolean certifiable = objective == Objective.CONCURRENT_FLOW || objective == Objective.MIN_MLU;
        return certifiable && checked.ok() && !solver.reportsDuals() ? certified(checked, problem, lp, r) : checked;
    }

    /**
     * Largest relative shortfall of a first-order backend's α below the bound its own duals give
     * that still counts as optimal: its 10⁻⁸ tolerances leave about 10⁻⁷ (POP 1.3·10⁻⁶ after repair,
     * which compares against the whole LP, not against this bound).
     */
    static final double CERTIFIED_GAP = 1e-5;

    /**
     * First-order backends stop within relative tolerances of their own, and PDLP called α 4·10⁻⁴
     * optimal where it is 0.66 (links of 10⁹ Mbps). Their duals, whatever their accuracy, give
     * prices ≥ 0, which bound α from above ({@link CommodityGeneration#concurrentUpperBound}) and
     * min-MLU's z from below ({@link CommodityGeneration#minMluLowerBound}); a value on the wrong
     * side of that bound by more than {@value #CERTIFIED_GAP} is not shown optimal and is not
     * reported so.
     *
     * @return {@code result}, or an ERROR naming the value and the bound
     */
    private TeResult certified(TeResult result, TeProblem problem, PathLp lp, SolveResult r) {
        if (!r.hasDuals(lp.model().rows())) {
            return result;
        }
        boolean minMlu = result.objective() == Objective.MIN_MLU;
        double bound;
        boolean shown;
        if (minMlu) {
            // A ≤ row of a minimisation has a dual ≤ 0 in one sign convention, ≥ 0 in another; any
            // prices ≥ 0 give a valid bound, so the magnitudes serve whatever the backend's.
            bound = CommodityGeneration.minMluLowerBound(problem, lp.arcPriceMagnitudes(r.rowDual()));
            shown = result.value() <= bound * (1 + CERTIFIED_GAP);
        } else {
            bound = CommodityGeneration.concurrentUpperBound(problem, lp.arcPrices(r.rowDual()));
            shown = result.value() >= bound * (1 - CERTIFIED_GAP);
        }
        if (shown) {
            return result;
        }
        return new TeResult(result.objective(), SolveStatus.ERROR, Optional.empty(), Double.NaN, result.buildSeconds(),
                result.solveSeconds(), result.columns(), result.rows(), result.nonZeros(),
                "%s reported optimal %s %.9g, but its own duals bound it only at %.9g: not optimal; maybe --solver highs-warm"
                        .formatted(solver.name(), minMlu ? "z" : "α", result.value(), bound));
    }

    /**
     * @param allowed highest arc utilisation that passes
     * @param model   the LP solved last (its size is reported)
     * @return the allocation as an optimal result, or an error naming the first violations
     */
    static TeResult checked(Allocation allocation, Objective objective, double allowed, LpModel model, double buildSeconds,
                            double solveSeconds) {
        List<String> violations = new ArrayList<>(CHECKER.violations(allocation, allowed));
        if (objective == Objective.MIN_MLU && allocation.minDemandShare() < 1 - 1e-6) {
            violations.add("min-MLU left demand unrouted: worst commodity gets %.9f of its demand".formatted(allocation.minDemandShare()));
        }
        if (!violations.isEmpty()) {
            return new TeResult(objective, SolveStatus.ERROR, Optional.empty(), Double.NaN, buildSeconds, solveSeconds,
                    model.columns(), model.rows(), model.nonZeros(),
                    "solver returned an infeasible allocation: " + String.join("; ", violations.subList(0, Math.min(3, violations.size()))));
        }
        return new TeResult(objective, SolveStatus.OPTIMAL, Optional.of(allocation), allocation.objectiveValue(objective),
                buildSeconds, solveSeconds, model.columns(), model.rows(), model.nonZeros(), "");
    }
}
