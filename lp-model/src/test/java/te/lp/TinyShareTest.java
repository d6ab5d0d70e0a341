package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.lp.pop.PopOptions;
import te.lp.pop.PopResult;
import te.lp.pop.PopSolver;
import te.lp.pop.RandomPartitioner;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;

/**
 * Shares that solver tolerances hide: a commodity of 1e-9 Mbps meets concurrent flow's row
 * Σf ≥ α·d with no flow at all (rows hold to ~1e-7 Mbps), and fair's floor vanished below α* = 1e-6.
 * Found by a review: α 0 reported OPTIMAL where it is 0.667, on every backend and in POP.
 */
class TinyShareTest {
    /** Square 0-1-2-3, every link {@code cap}; 0→2 wants 3·cap over its two paths, 1→3 almost nothing: α = 2/3. */
    private static TeProblem square(double cap, double tiny) {
        Topology t = TestTopologies.undirected(4, "0-1@" + cap, "1-2@" + cap, "2-3@" + cap, "0-3@" + cap);
        return TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(4, "0>2=" + 3 * cap, "1>3=" + tiny));
    }

    @Test
    void aCommodityFarBelowTheSolversToleranceStillGetsTheConcurrentShare() {
        for (String backend : List.of("highs-warm", "highs")) {
            for (double tiny : new double[] {1e-9, 1e-12}) {
                TeProblem p = square(100, tiny);
                TeResult r = new TeOptimizer(Solvers.byName(backend), new SolverOptions(60, 1, false)).solve(p, Objective.CONCURRENT_FLOW);
                String what = backend + ", demand " + tiny;
                assertThat(r.status()).as(what + ": " + r.message()).isEqualTo(SolveStatus.OPTIMAL);
                assertThat(r.value()).as(what).isCloseTo(2.0 / 3, within(1e-6));
                Allocation a = r.allocation().orElseThrow();
                assertThat(a.minDemandShare()).as(what).isCloseTo(2.0 / 3, within(1e-6));
                assertThat(new AllocationChecker().violations(a, 1)).as(what).isEmpty();
            }
        }
    }

    @Test
    void popKeepsTheShareOfACommodityFarBelowTheTolerance() {
        TeProblem p = square(100, 1e-9);
        for (int k : new int[] {2, 4}) {
            PopOptions o = new PopOptions(k, 0, 1, new RandomPartitioner(), 1, new SolverOptions(60, 1, false));
            PopResult r = new PopSolver(Solvers.byName("highs-warm"), o).solve(p, Objective.CONCURRENT_FLOW);
            assertThat(r.ok()).as(r.message()).isTrue();
            Allocation a = r.allocation().orElseThrow();
            assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
            assertThat(a.minDemandShare()).as("POP-%d", k).isGreaterThan(0.3);
        }
    }

    /** Line 0-1-2 of 10 Mbps links, two demands of D: α* = 10/(2D); fair must keep both at ≥ α*. */
    @Test
    void fairKeepsItsFloorWhereTheConcurrentShareIsTiny() {
        Topology line = TestTopologies.undirected(3, "0-1@10", "1-2@10");
        PathSpec one = new PathSpec(1, PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
        for (double d : new double[] {1e3, 2.5e6, 5e6, 1e8}) {
            TeProblem p = TeInstances.problem(line, one, TeInstances.matrix(3, "0>1=" + d, "0>2=" + d));
            TeResult fair = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(60, 1, false)).solve(p, Objective.FAIR);
            assertThat(fair.ok()).as(fair.message()).isTrue();
            Allocation a = fair.allocation().orElseThrow();
            double alpha = 10 / (2 * d);
            assertThat(a.minDemandShare()).as("demand %s", d).isGreaterThanOrEqualTo(alpha * (1 - 1e-5));
            assertThat(a.totalFlowMbps()).as("demand %s", d).isCloseTo(10, within(1e-6));
            assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
        }
    }

    /**
     * A commodity far below the tolerance whose only path crosses a closed arc: the LP may count
     * its flow there as met (α 1), but no flow can reach it, so α is 0 and the solve still
     * succeeds (a first version of the share floor put the flow on the closed arc and failed it).
     */
    @Test
    void aTinyCommodityWithNoOpenPathLeavesAlphaAtZeroAndTheSolveSucceeds() {
        Topology t = TestTopologies.undirected(3, "0-1@100", "1-2@100", "0-2@100");
        TeProblem open = TeInstances.problem(t, new PathSpec(1, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=50", "0>2=50", "1>2=1e-9"));
        TeProblem p = TeInstances.withClosedArcs(open, t.arcIndex(1, 2), t.arcIndex(2, 1));
        for (String backend : List.of("highs-warm", "highs")) {
            for (Objective objective : List.of(Objective.CONCURRENT_FLOW, Objective.FAIR)) {
                TeResult r = new TeOptimizer(Solvers.byName(backend), new SolverOptions(60, 1, false)).solve(p, objective);
                String what = backend + " " + objective;
                assertThat(r.status()).as(what + ": " + r.message()).isEqualTo(SolveStatus.OPTIMAL);
                Allocation a = r.allocation().orElseThrow();
                assertThat(new AllocationChecker().violations(a, 1)).as(what).isEmpty();
                assertThat(a.minDemandShare()).as(what).isZero();
                if (objective == Objective.FAIR) { // its second stage routes what the others can carry
                    assertThat(a.totalFlowMbps()).as(what).isCloseTo(100, within(1e-6));
                }
            }
        }
    }
}
