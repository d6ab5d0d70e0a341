package te.controller.daemon.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/**
 * Served splits put back into a re-solve: on Abilene under gravity traffic, re-solved after every
 * demand moved by up to ±5 % and one link lost half its capacity (ten seeds per objective), the
 * result keeps every commodity's re-solved flow (so the objective), stays feasible (min-MLU: within
 * the re-solve's utilisation), and gives each commodity either its re-solved split or its served one.
 */
class RestoredSplitsTest {
    static final Topology T = TopologyCatalog.discover().load("Abilene");
    static final PathSet PATHS = PathPrecomputation.allPairs(T, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
    static final TeOptimizer LP = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false));

    @ParameterizedTest
    @EnumSource(value = Objective.class, names = {"TOTAL_FLOW", "CONCURRENT_FLOW", "MIN_MLU"})
    void keepsEveryCommoditysFlowAndFeasibilityAndGivesItOneOfItsTwoSplits(Objective objective) {
        TrafficMatrix tm = TrafficSpec.parse("gravity:1,400").generate(T);
        Allocation served = LP.solve(TeProblem.of(T, PATHS, Commodities.of(tm, PATHS)), objective).allocation().orElseThrow();
        int restored = 0;
        int kept = 0;
        for (int seed = 1; seed <= 10; seed++) {
            Random rng = new Random(seed);
            double[] demand = tm.demandArray().clone();
            for (int i = 0; i < demand.length; i++) {
                demand[i] *= 1 + 0.05 * (2 * rng.nextDouble() - 1);
            }
            double[] capacity = T.capacitiesMbps();
            capacity[rng.nextInt(capacity.length)] /= 2;
            Commodities c = Commodities.of(new TrafficMatrix(T.nodeCount(), tm.srcArray(), tm.dstArray(), demand), PATHS);
            TeProblem next = new TeProblem(T, PATHS, c, capacity);
            Allocation fresh = LP.solve(next, objective).allocation().orElseThrow();

            RestoredSplits.Result r = RestoredSplits.restore(served, fresh, objective);
            Allocation a = r.allocation();
            // The daemon's own check before anything is served (min-MLU may exceed capacities by its objective) ...
            assertThat(te.controller.daemon.AllocationBook.violations(a, objective, a.objectiveValue(objective))).as("seed %d", seed).isEmpty();
            // ... and, stricter, what putting splits back promises.
            if (objective == Objective.MIN_MLU) {
                assertThat(a.maxUtilisation()).isLessThanOrEqualTo(fresh.maxUtilisation() * (1 + 1e-9));
            } else {
                assertThat(new AllocationChecker().violations(a, 1.0)).as("seed %d", seed).isEmpty();
            }
            assertThat(a.objectiveValue(objective)).isCloseTo(fresh.objectiveValue(objective), within(1e-9 * Math.abs(fresh.objectiveValue(objective))));
            for (int k = 0; k < c.size(); k++) {
                double f = fresh.commodityFlowMbps(k);
                assertThat(a.commodityFlowMbps(k)).as("seed %d commodity %d keeps its flow", seed, k).isCloseTo(f, within(1e-9 * Math.max(1, f)));
                if (f > 0) {
                    boolean asFresh = sameSplit(a, fresh, k, k);
                    boolean asServed = served.commodityFlowMbps(k) > 0 && sameSplit(a, served, k, k);
                    assertThat(asFresh || asServed).as("seed %d commodity %d has its re-solved or its served split", seed, k).isTrue();
                    kept += asServed && !asFresh ? 1 : 0;
                    // What the daemon leaves alone when it moves flow onto shorter paths: exactly the served splits.
                    if (r.putBack()[k]) {
                        assertThat(asServed).as("seed %d commodity %d marked put back ends with its served split", seed, k).isTrue();
                    }
                    if (asServed && !asFresh) {
                        assertThat(r.putBack()[k]).as("seed %d commodity %d given its served split is marked", seed, k).isTrue();
                    }
                }
            }
            assertThat(r.restored()).isLessThanOrEqualTo(r.differed());
            restored += r.restored();
        }
        // The comparison counts what the greedy put back; both must show it did something.
        assertThat(restored).isPositive().isEqualTo(kept);
    }

    private static boolean sameSplit(Allocation a, Allocation b, int ka, int kb) {
        double fa = a.commodityFlowMbps(ka);
        double fb = b.commodityFlowMbps(kb);
        int n = PATHS.pathCount(a.problem().commodities().pairIndex(ka));
        for (int j = 0; j < n; j++) {
            if (Math.abs(a.pathFlowMbps(a.firstColumn(ka) + j) / fa - b.pathFlowMbps(b.firstColumn(kb) + j) / fb) > 1e-9) {
                return false;
            }
        }
        return true;
    }
}
