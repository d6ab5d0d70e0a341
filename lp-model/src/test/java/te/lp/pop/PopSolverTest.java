package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.ScriptedTimeLimit;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeInstances;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeResult;
import te.lp.TeSolver;
import te.lp.baseline.Cspf;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

class PopSolverTest {
    private static final TeSolver HIGHS = Solvers.byName("highs");
    private static final Topology NET = TestTopologies.ringWithChords(14);
    private final AllocationChecker checker = new AllocationChecker();

    private static TeProblem problem(String traffic) {
        return TeInstances.problem(NET, PathSpec.defaults(), TrafficSpec.parse(traffic).generate(NET));
    }

    private static PopOptions options(int k, double t, long seed) {
        return new PopOptions(k, t, seed, new RandomPartitioner(), 2, new SolverOptions(60, 1, false));
    }

    /** @return a backend named {@code name} that solves with {@code solve} */
    private static TeSolver solver(String name, java.util.function.BiFunction<te.lp.LpModel, SolverOptions, te.lp.SolveResult> solve) {
        return new TeSolver() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public te.lp.SolveResult solve(te.lp.LpModel m, SolverOptions o) {
                return solve.apply(m, o);
            }
        };
    }

    private static TeResult full(TeProblem p, Objective o) {
        return new TeOptimizer(HIGHS, new SolverOptions(60, 1, false)).solve(p, o);
    }

    @Test
    void mergedAllocationsAreFeasibleAndNeverBeatTheFullLp() {
        for (long seed = 1; seed <= 3; seed++) {
            TeProblem p = problem("gravity:" + seed + ",128");
            for (Objective o : Objective.values()) {
                TeResult optimum = full(p, o);
                for (int k : new int[] {1, 2, 4}) {
                    for (double t : new double[] {0, 0.5}) {
                        PopResult r = new PopSolver(HIGHS, options(k, t, seed)).solve(p, o);
                        String what = "seed %d %s k=%d t=%s".formatted(seed, o, k, t);
                        assertThat(r.status()).as(what + ": " + r.message()).isEqualTo(SolveStatus.OPTIMAL);
                        double allowed = o == Objective.MIN_MLU ? Math.max(1, r.value() * (1 + 1e-6)) : 1;
                        assertThat(checker.violations(r.allocation().orElseThrow(), allowed)).as(what).isEmpty();
                        if (o == Objective.MIN_MLU) {
                            assertThat(r.value()).as(what).isGreaterThanOrEqualTo(optimum.value() * (1 - 1e-6));
                            assertThat(r.allocation().orElseThrow().minDemandShare()).as(what).isCloseTo(1.0, within(1e-6));
                        } else {
                            assertThat(r.value()).as(what).isLessThanOrEqualTo(optimum.value() * (1 + 1e-6));
                        }
                    }
                }
            }
        }
    }

    /**
     * The time limit bounds the whole POP solve: sub-problems queue on the workers, and each gets
     * what is left of the limit when it starts, not the whole limit again.
     */
    @Test
    void theTimeLimitBoundsTheWholeSolveNotEachSubProblem() {
        java.util.Queue<Double> limits = new java.util.concurrent.ConcurrentLinkedQueue<>();
        TeSolver slow = solver("slow-highs", (m, o) -> {
            limits.add(o.timeLimitSeconds());
            long ms = (long) Math.min(300, o.timeLimitSeconds() * 1000);
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return ms < 300 ? te.lp.SolveResult.failed(SolveStatus.TIME_LIMIT, ms / 1e3, "time limit") : HIGHS.solve(m, o);
        });
        TeProblem p = problem("gravity:1,512");
        for (Objective o : new Objective[] {Objective.TOTAL_FLOW, Objective.CONCURRENT_FLOW}) {
            limits.clear();
            // 8 sub-problems of at least 0.3 s each on 2 workers take 1.2 s or more: some must run out of the 1 s.
            PopResult r = new PopSolver(slow, new PopOptions(8, 0, 1, new RandomPartitioner(), 2, new SolverOptions(1.0, 1, false)))
                    .solve(p, o);
            assertThat(r.status()).as(o + ": " + r.message()).isEqualTo(SolveStatus.TIME_LIMIT);
            assertThat(r.subResults()).as(o.toString()).anyMatch(sr -> sr.status() == SolveStatus.TIME_LIMIT);
            assertThat(checker.violations(r.allocation().orElseThrow(), 1)).as(o.toString()).isEmpty();
            assertThat(limits).as(o.toString()).allMatch(l -> l <= 1.0).anyMatch(l -> l < 0.75);
        }
    }

    /**
     * A sub-problem whose solver throws (a licence, an option refused) fails the solve with a status,
     * and the solve returns only once no sub-problem runs any more: a native solve ignores
     * interrupts, and one left running would take a core from the next solve.
     */
    @Test
    void aSubProblemThatThrowsFailsTheSolveWithAStatusAndLeavesNothingRunning() {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
        TeSolver firstThrows = solver("first-throws", (m, o) -> {
            if (calls.getAndIncrement() == 0) {
                throw new IllegalStateException("no licence");
            }
            running.incrementAndGet();
            try {
                long until = System.nanoTime() + 300_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // like a native solve: deaf to interrupts
                }
                return HIGHS.solve(m, o);
            } finally {
                running.decrementAndGet();
            }
        });
        TeProblem p = problem("gravity:1,512");
        PopResult r = new PopSolver(firstThrows, new PopOptions(8, 0, 1, new RandomPartitioner(), 2, new SolverOptions(60, 1, false)))
                .solve(p, Objective.TOTAL_FLOW);
        assertThat(running.get()).as("solves still running when solve() returned").isZero();
        assertThat(r.status()).isEqualTo(SolveStatus.ERROR);
        assertThat(r.allocation()).isEmpty();
        assertThat(r.message()).contains("crashed").contains("no licence");
        // Sub-problems queued behind the failure are skipped, not solved for nothing.
        assertThat(calls.get()).isLessThan(8);
        assertThat(r.subResults()).anyMatch(sr -> sr.message().startsWith(PopSolver.SKIPPED_AFTER_FAILURE));
    }

    @Test
    void aThresholdBeyondWhatThePieceCapAllowsSplitsEveryCommodityIntoTheCapAndConservesDemand() {
        TeProblem p = problem("gravity:1,16");
        int n = p.commodities().size();
        double demand = p.commodities().totalDemandMbps();
        // 1e9 · n extra pieces would overflow an int and, before the cap, ask for tens of GB.
        for (double t : new double[] {3, 1e9, Double.MAX_VALUE}) {
            ClientSplit split = ClientSplit.of(p.commodities(), t, 4);
            assertThat(split.size()).as("t=" + t).isEqualTo(4 * n);
            assertThat(java.util.Arrays.stream(split.demandMbps()).sum()).isCloseTo(demand, within(demand * 1e-12));
        }
    }

    @Test
    void balancedPartitionIsFeasibleSpreadsPiecesAndTracksTheOptimum() {
        for (long seed = 1; seed <= 3; seed++) {
            TeProblem p = problem("gravity:" + seed + ",128");
            ClientSplit split = ClientSplit.of(p.commodities(), 0.75);
            int[] sub = new BalancedPartitioner().assign(p, split, 4, seed);
            for (int i = 0; i < split.size(); ) {
                int origin = split.origin()[i];
                Set<Integer> subs = new HashSet<>();
                int pieces = 0;
                for (; i < split.size() && split.origin()[i] == origin; i++, pieces++) {
                    subs.add(sub[i]);
                }
                assertThat(subs).hasSize(Math.min(pieces, 4));
            }
            for (Objective o : new Objective[] {Objective.TOTAL_FLOW, Objective.CONCURRENT_FLOW}) {
                PopOptions balanced = new PopOptions(4, 0.75, seed, new BalancedPartitioner(), 2, new SolverOptions(60, 1, false));
                PopResult r = new PopSolver(HIGHS, balanced).solve(p, o);
                assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
                assertThat(checker.violations(r.allocation().orElseThrow(), 1)).isEmpty();
                assertThat(r.value()).isLessThanOrEqualTo(full(p, o).value() * (1 + 1e-6));
            }
        }
    }

    /**
     * The blocked look-ups change the balanced partition's speed, not its result: on 12,656
     * commodities (a dozen blocks) with client splitting, it equals the plain loop written out here.
     */
    @Test
    void balancedPartitionIsThatOfThePlainLoop() {
        Topology ring = TestTopologies.ringWithChords(113);
        TeProblem p = TeInstances.problem(ring, PathSpec.defaults(), TrafficSpec.parse("bimodal:4,16").generate(ring));
        ClientSplit split = ClientSplit.of(p.commodities(), 0.75);
        assertThat(p.commodities().size()).isGreaterThan(10 * 1024);
        for (int k : new int[] {4, 16}) {
            assertThat(new BalancedPartitioner().assign(p, split, k, 9)).isEqualTo(plainBalanced(p, split, k, 9));
        }
    }

    /** Utilisation, not load, is what the balance compares: on links of 20–100 and 5,000 Mbps it still equals the plain loop. */
    @Test
    void balancedPartitionWeighsLoadByCapacity() {
        Topology net = TeInstances.mixedCapacities(20, 3);
        TeProblem p = TeInstances.problem(net, PathSpec.defaults(), TrafficSpec.parse("gravity:1,16").generate(net));
        ClientSplit split = ClientSplit.of(p.commodities(), 0.75);
        assertThat(new BalancedPartitioner().assign(p, split, 4, 9)).isEqualTo(plainBalanced(p, split, 4, 9));
    }

    private static int[] plainBalanced(TeProblem problem, ClientSplit pieces, int k, long seed) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        var paths = problem.paths();
        double[] capacity = problem.capacityMbps();
        double[] utilisation = new double[capacity.length * k];
        int n = problem.commodities().size();
        int[] order = new int[n];
        for (int c = 0; c < n; c++) {
            order[c] = c;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        int[] sub = new int[pieces.size()];
        for (int c : order) {
            int path = paths.firstPath(problem.commodities().pairIndex(c));
            boolean[] used = new boolean[k];
            int usedCount = 0;
            for (int p = 0; p < pieces.size(); p++) {
                if (pieces.origin()[p] != c) {
                    continue;
                }
                if (usedCount == k) {
                    used = new boolean[k];
                    usedCount = 0;
                }
                double[] peak = new double[k];
                for (int a : paths.pathArcs(path)) {
                    for (int s = 0; s < k; s++) {
                        peak[s] = Math.max(peak[s], utilisation[a * k + s] + pieces.demandMbps()[p] * (1 / capacity[a]));
                    }
                }
                int best = -1;
                int start = random.nextInt(k);
                for (int i = 0; i < k; i++) {
                    int s = (start + i) % k;
                    if (!used[s] && (best < 0 || peak[s] < peak[best])) {
                        best = s;
                    }
                }
                sub[p] = best;
                used[best] = true;
                usedCount++;
                for (int a : paths.pathArcs(path)) {
                    utilisation[a * k + best] += pieces.demandMbps()[p] * (1 / capacity[a]);
                }
            }
        }
        return sub;
    }

    /** A failed link (capacity 0) under a commodity's shortest path is left out of the balance; its pieces still spread. */
    @Test
    void balancedPartitionPlacesPiecesWhoseShortestPathCrossesAZeroCapacityArc() {
        TeProblem p = problem("gravity:1,128");
        double[] capacity = p.capacityMbps().clone();
        int firstPath = p.paths().firstPath(p.commodities().pairIndex(0));
        for (int j = 0; j < p.paths().pathLength(firstPath); j++) {
            capacity[p.paths().arc(firstPath, j)] = 0;
        }
        TeProblem failed = new TeProblem(p.topology(), p.paths(), p.commodities(), capacity);
        ClientSplit split = ClientSplit.of(failed.commodities(), 0.75);
        int[] sub = new BalancedPartitioner().assign(failed, split, 4, 1);
        for (int s : sub) {
            assertThat(s).isBetween(0, 3);
        }
        assertThat(split.origin()[0]).isZero();
        Set<Integer> firstCommodity = new HashSet<>();
        int pieces = 0;
        for (int i = 0; i < split.size() && split.origin()[i] == 0; i++, pieces++) {
            firstCommodity.add(sub[i]);
        }
        assertThat(firstCommodity).hasSize(Math.min(pieces, 4));
    }

    @Test
    void concurrentFlowGivesEveryCommodityOneShareAtLeastTheWeakestSubProblems() {
        for (long seed = 1; seed <= 3; seed++) {
            TeProblem p = problem("gravity:" + seed + ",256");
            for (double t : new double[] {0, 0.5}) {
                PopResult r = new PopSolver(HIGHS, options(4, t, seed)).solve(p, Objective.CONCURRENT_FLOW);
                String what = "seed %d t=%s".formatted(seed, t);
                assertThat(r.status()).as(what).isEqualTo(SolveStatus.OPTIMAL);
                double weakest = r.subResults().stream().mapToDouble(TeResult::value).min().orElseThrow();
                assertThat(r.value()).as(what).isGreaterThanOrEqualTo(weakest * (1 - 1e-9));
                var a = r.allocation().orElseThrow();
                for (int c = 0; c < p.commodities().size(); c++) {
                    assertThat(a.commodityFlowMbps(c) / p.commodities().demandMbps(c)).as(what).isCloseTo(r.value(), within(1e-9));
                }
                assertThat(checker.violations(a, 1.0)).as(what).isEmpty();
            }
        }
    }

    /**
     * A sub-problem that runs out of time gets a heuristic allocation on its capacity share: the
     * merge is feasible, keeps the other sub-problems' optima, and says which one fell back
     * (TIME_LIMIT). Concurrent flow and fair route every commodity in it (CSPF left some at zero,
     * and α with them); min-MLU, which must route every demand, still fails. One worker:
     * sub-problems solve in order, so the third LP is the third sub-problem's (fair's: the second's).
     * Light and heavy load.
     */
    @Test
    void aSubProblemOutOfTimeIsRoutedByAHeuristicWithinItsShare() {
        for (String traffic : new String[] {"gravity:2,128", "gravity:2,2048"}) {
            TeProblem p = problem(traffic);
            PopOptions sequential = new PopOptions(4, 0, 2, new RandomPartitioner(), 1, new SolverOptions(60, 1, false));
            for (Objective o : new Objective[] {Objective.TOTAL_FLOW, Objective.CONCURRENT_FLOW, Objective.FAIR, Objective.MIN_MLU}) {
                PopResult whole = new PopSolver(HIGHS, sequential).solve(p, o);
                PopResult r = new PopSolver(ScriptedTimeLimit.on(HIGHS, 3).claimingNoDuals(), sequential).solve(p, o);
                String what = traffic + " " + o + ": " + r.message();
                assertThat(r.status()).as(what).isEqualTo(SolveStatus.TIME_LIMIT);
                if (o == Objective.MIN_MLU) {
                    assertThat(r.allocation()).as(what).isEmpty();
                    continue;
                }
                // Fair takes two LPs per sub-problem: its third is the second sub-problem's first.
                int cut = o == Objective.FAIR ? 2 : 3;
                assertThat(r.message()).as(what)
                        .startsWith("1 of 4 sub-problems not optimal, routed by a heuristic: [%d]; sub-problem %d:".formatted(cut, cut))
                        .contains(o == Objective.TOTAL_FLOW ? "CSPF" : "one share on first paths");
                var a = r.allocation().orElseThrow();
                assertThat(checker.violations(a, 1)).as(what).isEmpty();
                assertThat(r.value()).as(what).isLessThanOrEqualTo(full(p, o).value() * (1 + 1e-6));
                if (o == Objective.TOTAL_FLOW) {
                    assertThat(r.value()).as(what).isLessThanOrEqualTo(whole.value() * (1 + 1e-9));
                    for (int s : new int[] {0, 1, 3}) {
                        assertThat(r.subResults().get(s).value()).as(what).isEqualTo(whole.subResults().get(s).value());
                    }
                } else {
                    // Every commodity keeps a positive share, so α does too.
                    assertThat(a.minDemandShare()).as(what).isPositive();
                    assertThat(r.subResults().get(cut - 1).allocation().orElseThrow().minDemandShare()).as(what).isPositive();
                }
            }
        }
    }

    /** One share for every commodity, the largest the capacities allow, on first paths that avoid failed arcs. */
    @Test
    void firstPathShareGivesEveryCommodityTheSameLargestShareAroundFailedArcs() {
        TeProblem p = problem("gravity:4,512");
        int failed = p.paths().arc(p.paths().firstPath(p.commodities().pairIndex(0)), 0);
        TeProblem cut = TeInstances.withClosedArcs(p, failed);
        var a = te.lp.baseline.FirstPathShare.allocate(cut);
        assertThat(checker.violations(a, 1)).isEmpty();
        double share = a.minDemandShare();
        assertThat(share).isPositive().isLessThanOrEqualTo(1);
        for (int k = 0; k < cut.commodities().size(); k++) {
            assertThat(a.commodityFlowMbps(k)).isCloseTo(share * cut.commodities().demandMbps(k), within(1e-9));
        }
        assertThat(a.arcLoadMbps()[failed]).isZero();
        assertThat(a.maxUtilisation()).as("some arc is full, unless every demand fits").isCloseTo(share < 1 ? 1 : a.maxUtilisation(), within(1e-9));
    }

    @Test
    void kOneIsTheFullLp() {
        TeProblem p = problem("gravity:4,64");
        PopResult pop = new PopSolver(HIGHS, options(1, 0, 1)).solve(p, Objective.TOTAL_FLOW);
        assertThat(pop.value()).isCloseTo(full(p, Objective.TOTAL_FLOW).value(), within(1e-6 * pop.value()));
    }

    @Test
    void sameSeedGivesTheSameAllocation() {
        TeProblem p = problem("uniform:2,64");
        PopResult a = new PopSolver(HIGHS, options(4, 0.5, 9)).solve(p, Objective.TOTAL_FLOW);
        PopResult b = new PopSolver(HIGHS, options(4, 0.5, 9)).solve(p, Objective.TOTAL_FLOW);
        assertThat(a.allocation().orElseThrow().pathFlowsMbps()).containsExactly(b.allocation().orElseThrow().pathFlowsMbps());
    }

    @Test
    void clientSplittingConservesDemandAndHalvesTheLargest() {
        Commodities c = Commodities.of(new int[] {0, 0, 1}, new int[] {1, 2, 2}, new double[] {8, 3, 1}, new int[] {0, 1, 2});
        ClientSplit split = ClientSplit.of(c, 1.0);
        assertThat(split.size()).isEqualTo(6);
        // Three halvings, always of the largest piece: 8 -> 4,4 -> 4,2,2 -> 2,2,2,2; 3 and 1 stay whole.
        assertThat(split.origin()).containsExactly(0, 0, 0, 0, 1, 2);
        assertThat(split.demandMbps()).containsExactly(2, 2, 2, 2, 3, 1);
        double[] sums = new double[3];
        for (int p = 0; p < split.size(); p++) {
            sums[split.origin()[p]] += split.demandMbps()[p];
        }
        assertThat(sums).containsExactly(8, 3, 1);
    }

    @Test
    void cappedClientSplittingStopsAtKPiecesAndSpendsTheRestElsewhere() {
        Commodities c = Commodities.of(new int[] {0, 0, 1}, new int[] {1, 2, 2}, new double[] {8, 3, 1}, new int[] {0, 1, 2});
        // Uncapped, three halvings all go to the 8 (pieces 2,2,2,2); capped at 2 pieces, the 8 is
        // halved once and the next halvings go to the 3 and then the 1.
        ClientSplit capped = ClientSplit.of(c, 1.0, 2);
        assertThat(capped.origin()).containsExactly(0, 0, 1, 1, 2, 2);
        assertThat(capped.demandMbps()).containsExactly(4, 4, 1.5, 1.5, 0.5, 0.5);
        // When every commodity is at the cap, splitting stops short of the threshold.
        assertThat(ClientSplit.of(c, 5.0, 2).size()).isEqualTo(6);
    }

    @Test
    void randomPartitionSpreadsPiecesOfOneCommodityOverDistinctSubProblems() {
        TeProblem p = problem("gravity:1,1");
        ClientSplit split = ClientSplit.of(p.commodities(), 0.75);
        int[] sub = new RandomPartitioner().assign(p, split, 8, 3);
        int[] used = new int[8];
        for (int i = 0; i < split.size(); ) {
            int origin = split.origin()[i];
            Set<Integer> subs = new HashSet<>();
            int pieces = 0;
            for (; i < split.size() && split.origin()[i] == origin; i++, pieces++) {
                subs.add(sub[i]);
                used[sub[i]]++;
            }
            assertThat(subs).hasSize(Math.min(pieces, 8));
        }
        assertThat(java.util.Arrays.stream(used).min().orElseThrow()).isPositive();
    }

    @Test
    void skewedPartitionIsNoBetterThanRandomOnAverage() {
        TeProblem p = problem("gravity:5,256");
        PopOptions skewed = new PopOptions(4, 0, 1, new SkewedPartitioner(), 2, new SolverOptions(60, 1, false));
        PopResult bad = new PopSolver(HIGHS, skewed).solve(p, Objective.TOTAL_FLOW);
        PopResult good = new PopSolver(HIGHS, options(4, 0, 1)).solve(p, Objective.TOTAL_FLOW);
        assertThat(checker.violations(bad.allocation().orElseThrow(), 1)).isEmpty();
        assertThat(bad.value()).isLessThanOrEqualTo(good.value() * (1 + 1e-6));
    }

    @Test
    void cspfIsFeasibleUnsplitAndNoBetterThanTheLp() {
        TeProblem p = problem("gravity:2,256");
        var a = Cspf.allocate(p);
        assertThat(checker.violations(a, 1)).isEmpty();
        for (int k = 0; k < p.commodities().size(); k++) {
            double f = a.commodityFlowMbps(k);
            assertThat(f == 0 || Math.abs(f - p.commodities().demandMbps(k)) < 1e-9).isTrue();
            int nonZero = 0;
            for (int j = a.firstColumn(k); j < a.firstColumn(k + 1); j++) {
                nonZero += a.pathFlowMbps(j) > 0 ? 1 : 0;
            }
            assertThat(nonZero).isLessThanOrEqualTo(1);
        }
        assertThat(a.totalFlowMbps()).isLessThanOrEqualTo(full(p, Objective.TOTAL_FLOW).value() * (1 + 1e-6));
    }
}
