package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.jgrapht.Graph;
import org.jgrapht.alg.flow.EdmondsKarpMFImpl;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficSpec;

/**
 * The contract every backend passes (JGraphT's abstract algorithm-test style): hand-checked optima
 * for every objective, statuses for broken LPs, a max-flow cross-check, and feasibility of every
 * allocation through the shared checker.
 */
public abstract class TeSolverContract {
    /** @return the backend under test */
    protected abstract TeSolver createSolver();

    /** @return relative tolerance on objective values this backend meets */
    protected double tolerance() {
        return 1e-6;
    }

    private final AllocationChecker checker = new AllocationChecker();

    private TeResult solve(TeProblem problem, Objective objective) {
        TeResult r = new TeOptimizer(createSolver(), new SolverOptions(60, 1, false)).solve(problem, objective);
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
        double allowed = objective == Objective.MIN_MLU ? Math.max(1, r.value() * (1 + 1e-6)) : 1;
        assertThat(checker.violations(r.allocation().orElseThrow(), allowed)).isEmpty();
        return r;
    }

    // Triangle 0-1-2, 10 Mbps per arc. 0->2 has paths [0,2] and [0,1,2].
    private final Topology triangle = TestTopologies.undirected(3, "0-1@10", "1-2@10", "0-2@10");
    private final PathSpec twoPaths = new PathSpec(2, PathMethod.YEN, PathMetric.HOPS);

    /** @return max x + y, x + 2y ≤ 4, 3x + y ≤ 6, x, y ≥ 0: optimum 2.8 at (1.6, 1.2), row duals (0.4, 0.2), all unique */
    protected static LpModel tinyLp() {
        return new LpModel(true, new double[] {1, 1}, new double[] {0, 0},
                new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY},
                new double[] {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY}, new double[] {4, 6},
                new int[] {0, 2, 4}, new int[] {0, 1, 0, 1}, new double[] {1, 3, 2, 1});
    }

    @Test
    void tinyLpHasItsKnownOptimum() {
        LpModel lp = tinyLp();
        SolveResult r = createSolver().solve(lp, SolverOptions.defaults());
        assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(r.objective()).isCloseTo(2.8, within(1e-6));
        assertThat(r.x()).containsExactly(new double[] {1.6, 1.2}, within(1e-6));
    }

    @Test
    void rowsBoundedOnBothSidesHoldBothBounds() {
        // 1 <= x + y <= 3 (total flow's per-commodity row has this shape), 0 <= x, y <= 2: the
        // maximum of x + 2y is 5 at (1, 2), the minimum of x + y is 1.
        for (boolean maximize : new boolean[] {true, false}) {
            LpModel lp = new LpModel(maximize, maximize ? new double[] {1, 2} : new double[] {1, 1}, new double[] {0, 0},
                    new double[] {2, 2}, new double[] {1}, new double[] {3}, new int[] {0, 1, 2}, new int[] {0, 0}, new double[] {1, 1});
            SolveResult r = createSolver().solve(lp, SolverOptions.defaults());
            assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
            assertThat(r.objective()).as("maximize " + maximize).isCloseTo(maximize ? 5 : 1, within(1e-6));
            assertThat(r.x()[0] + r.x()[1]).isBetween(1 - 1e-6, 3 + 1e-6);
        }
    }

    @Test
    void infeasibleLpIsAStatusNotAnException() {
        // x >= 1 as a row, x <= 0 as a bound.
        LpModel lp = new LpModel(false, new double[] {1}, new double[] {0}, new double[] {0},
                new double[] {1}, new double[] {Double.POSITIVE_INFINITY}, new int[] {0, 1}, new int[] {0}, new double[] {1});
        SolveResult r = createSolver().solve(lp, SolverOptions.defaults());
        // First-order methods may only prove "infeasible or unbounded" (SolveStatus.UNBOUNDED's documented meaning).
        assertThat(r.status()).isIn(SolveStatus.INFEASIBLE, SolveStatus.UNBOUNDED);
        assertThat(r.hasSolution()).isFalse();
    }

    @Test
    void totalFlowSplitsOverBothPaths() {
        TeProblem p = TeInstances.problem(triangle, twoPaths, TeInstances.matrix(3, "0>2=30"));
        TeResult r = solve(p, Objective.TOTAL_FLOW);
        assertThat(r.value()).isCloseTo(20, within(20 * tolerance()));
    }

    @Test
    void totalFlowNeverExceedsDemand() {
        TeProblem p = TeInstances.problem(triangle, twoPaths, TeInstances.matrix(3, "0>2=7", "1>0=3"));
        assertThat(solve(p, Objective.TOTAL_FLOW).value()).isCloseTo(10, within(10 * tolerance()));
    }

    @Test
    void concurrentFlowSharesTheBottleneck() {
        // 0->2 (demand 30) and 1->2 (demand 10) share 1->2; 0->2 also has 0->2 direct.
        // Capacity into 2 is 20 in all, so α ≤ 20/40 = 0.5, and α = 0.5 is reachable.
        TeProblem p = TeInstances.problem(triangle, twoPaths, TeInstances.matrix(3, "0>2=30", "1>2=10"));
        TeResult r = solve(p, Objective.CONCURRENT_FLOW);
        assertThat(r.value()).isCloseTo(0.5, within(1e-6));
    }

    @Test
    void concurrentFlowIsCappedAtOne() {
        TeProblem p = TeInstances.problem(triangle, twoPaths, TeInstances.matrix(3, "0>2=1"));
        assertThat(solve(p, Objective.CONCURRENT_FLOW).value()).isCloseTo(1.0, within(1e-6));
    }

    @Test
    void minMaxUtilisationBalancesAndCanExceedOne() {
        // 30 over paths of 10 each: z = 1.5 with 15 on each path.
        TeProblem p = TeInstances.problem(triangle, twoPaths, TeInstances.matrix(3, "0>2=30"));
        TeResult r = solve(p, Objective.MIN_MLU);
        assertThat(r.value()).isCloseTo(1.5, within(1e-6));
        assertThat(r.allocation().orElseThrow().commodityFlowMbps(0)).isCloseTo(30, within(1e-5));
    }

    @Test
    void fairKeepsTheConcurrentShareAndThenMaximisesTotal() {
        // Concurrent: α = 0.5 (see above). Then total flow: every commodity keeps ≥ half its demand;
        // capacity into node 2 is 20 in all, so total stays 20, and 1->2 keeps ≥ 5.
        TeProblem p = TeInstances.problem(triangle, twoPaths, TeInstances.matrix(3, "0>2=30", "1>2=10"));
        TeResult r = solve(p, Objective.FAIR);
        Allocation a = r.allocation().orElseThrow();
        assertThat(r.value()).isCloseTo(20, within(20 * tolerance()));
        assertThat(a.minDemandShare()).isGreaterThanOrEqualTo(0.5 - 1e-5);
        // Plain total flow may starve 1->2 entirely; fair never does.
        assertThat(a.commodityFlowMbps(1)).isGreaterThanOrEqualTo(5 - 1e-4);
    }

    @Test
    void totalFlowEqualsMaxFlowWhenEveryPathIsGiven() {
        Random random = new Random(11);
        for (int round = 0; round < 5; round++) {
            int n = 6;
            java.util.List<String> arcs = new java.util.ArrayList<>();
            for (int u = 0; u < n; u++) {
                for (int v = 0; v < n; v++) {
                    if (u != v && random.nextDouble() < 0.45) {
                        arcs.add(u + ">" + v + "@" + (1 + random.nextInt(20)));
                    }
                }
            }
            Topology t = TestTopologies.graph(n, arcs.toArray(String[]::new));
            Graph<Integer, DefaultWeightedEdge> g = new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
            for (int v = 0; v < n; v++) {
                g.addVertex(v);
            }
            for (int a = 0; a < t.arcCount(); a++) {
                g.setEdgeWeight(g.addEdge(t.arcSrc(a), t.arcDst(a)), t.capacityMbps(a));
            }
            double maxFlow = new EdmondsKarpMFImpl<>(g).getMaximumFlowValue(0, n - 1);
            // Yen with k = 64 lists every simple path of a 6-node graph.
            PathSpec all = new PathSpec(64, PathMethod.YEN, PathMetric.HOPS);
            TeProblem p = TeInstances.problem(t, all, TeInstances.matrix(n, "0>" + (n - 1) + "=1000"));
            double lp = p.commodities().size() == 0 ? 0 : solve(p, Objective.TOTAL_FLOW).value();
            assertThat(lp).as("round %d", round).isCloseTo(maxFlow, within(1e-6 * Math.max(1, maxFlow)));
        }
    }

    @Test
    void randomGravityInstancesAreFeasibleForEveryObjective() {
        Topology t = TestTopologies.ringWithChords(12);
        for (long seed = 1; seed <= 3; seed++) {
            TrafficMatrix tm = new TrafficSpec("gravity", seed, 64).generate(t);
            TeProblem p = TeInstances.problem(t, PathSpec.defaults(), tm);
            for (Objective o : List.of(Objective.values())) {
                if (o == Objective.MAX_MIN_FAIR && !createSolver().reportsDuals()) {
                    TeResult r = new TeOptimizer(createSolver(), new SolverOptions(60, 1, false)).solve(p, o);
                    assertThat(r.status()).isEqualTo(SolveStatus.ERROR);
                    assertThat(r.message()).contains("row duals");
                } else {
                    solve(p, o);
                }
            }
        }
    }
}
