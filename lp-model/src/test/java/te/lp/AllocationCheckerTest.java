package te.lp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;

/**
 * The checker every test's allocation passes must itself fail what is infeasible: elsewhere it is
 * only ever asked to find nothing, which a checker that finds nothing would always do.
 */
class AllocationCheckerTest {
    private final AllocationChecker checker = new AllocationChecker();

    /** Arcs 0 = 0→1, 1 = 0→2, 2 = 1→2, each {@code cap}; commodities 0→1, 0→2 (direct, via 1), 1→2. */
    private static TeProblem triangle(double cap, double oneDemand, double twoDemand, double oneTwoDemand) {
        Topology t = TestTopologies.graph(3, "0>1@" + cap, "1>2@" + cap, "0>2@" + cap);
        return TeInstances.problem(t, PathSpec.defaults(),
                TeInstances.matrix(3, "0>1=" + oneDemand, "0>2=" + twoDemand, "1>2=" + oneTwoDemand));
    }

    private static Allocation allocation(TeProblem problem, double oneFlow, double direct, double viaOne, double oneTwoFlow) {
        double[] flow = new double[problem.pathVariables()];
        int[] first = problem.firstColumns();
        assertThat(first).containsExactly(0, 1, 3, 4);
        assertThat(problem.paths().pathLength(problem.paths().firstPath(problem.commodities().pairIndex(1)))).isEqualTo(1);
        flow[first[0]] = oneFlow;
        flow[first[1]] = direct;
        flow[first[1] + 1] = viaOne;
        flow[first[2]] = oneTwoFlow;
        return new Allocation(problem, flow);
    }

    @Test
    void anAllocationAtExactlyItsDemandsAndCapacitiesPasses() {
        TeProblem p = triangle(10, 5, 10, 5);
        assertThat(checker.violations(allocation(p, 5, 5, 5, 5), 1)).isEmpty();
    }

    @Test
    void negativeAndNonFiniteFlowsAreEachReportedWithTheirPath() {
        TeProblem p = triangle(10, 5, 10, 5);
        for (double bad : new double[] {-1e-9, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            List<String> v = checker.violations(allocation(p, 5, 1, bad, 5), 1);
            assertThat(v).as("flow %s", bad).contains("commodity 1 (0->2) path 1: flow %s Mbps is negative or not finite".formatted(bad));
        }
    }

    @Test
    void aCommodityAboveItsDemandIsReported() {
        TeProblem p = triangle(10, 5, 10, 5);
        List<String> v = checker.violations(allocation(p, 5, 10, 0.01, 5), 1);
        assertThat(v).hasSize(1);
        assertThat(v.get(0)).startsWith("commodity 1 (0->2): flow").contains("exceeds demand");
    }

    @Test
    void anArcAboveItsCapacityIsReportedUnlessTheAllowedUtilisationCoversIt() {
        TeProblem p = triangle(10, 20, 20, 20);
        Allocation a = allocation(p, 5, 0, 6, 5); // 11 Mbps on 0→1 and on 1→2
        List<String> v = checker.violations(a, 1);
        assertThat(v).hasSize(2);
        assertThat(v.get(0)).startsWith("arc 0 (0->1): load");
        assertThat(v.get(1)).startsWith("arc 2 (1->2): load");
        assertThat(checker.violations(a, 1.05)).hasSize(2);
        assertThat(checker.violations(a, 1.1)).isEmpty();
    }

    @Test
    void tolerancesAreRelativeToTheValueCheckedWithAnAbsoluteFloor() {
        double big = 1e5;
        TeProblem large = triangle(big, big, 2 * big, 2 * big);
        // 5e-7 relative (0.05 Mbps, far above the absolute floor) passes; 2e-6 relative does not.
        assertThat(checker.violations(allocation(large, big * (1 + 5e-7), 0, 0, 0), 1)).isEmpty();
        assertThat(checker.violations(allocation(large, big * (1 + 2e-6), 0, 0, 0), 1))
                .anySatisfy(s -> assertThat(s).startsWith("arc 0 (0->1)"))
                .anySatisfy(s -> assertThat(s).startsWith("commodity 0 (0->1)"));

        // A demand of 1e-9 Mbps: the absolute floor (1e-6) lets 5e-7 over pass, not 1e-3.
        TeProblem tiny = triangle(10, 1e-9, 10, 5);
        assertThat(checker.violations(allocation(tiny, 1e-9 + 5e-7, 0, 0, 0), 1)).isEmpty();
        assertThat(checker.violations(allocation(tiny, 1e-3, 0, 0, 0), 1))
                .singleElement().satisfies(s -> assertThat(s).startsWith("commodity 0 (0->1)").contains("exceeds demand"));
    }

    /**
     * An allowance that is not a finite number is refused, not trusted: a min-MLU allocation with
     * flow on a closed arc has an infinite peak utilisation, and taking that as the allowance made
     * 0 × ∞ the closed arc's limit, NaN, which no load exceeds.
     */
    @Test
    void anAllowedUtilisationThatIsNotAFiniteNumberIsItselfAViolation() {
        TeProblem open = triangle(10, 5, 10, 5);
        double[] capacity = open.capacityMbps().clone();
        capacity[0] = 0; // 0→1 closed
        TeProblem closed = new TeProblem(open.topology(), open.paths(), open.commodities(), capacity);
        Allocation onClosedArc = allocation(closed, 5, 0, 0, 0);
        assertThat(checker.violations(onClosedArc, 1)).singleElement().satisfies(s -> assertThat(s).startsWith("arc 0 (0->1)"));
        for (double allowed : new double[] {Double.POSITIVE_INFINITY, Double.NaN, -1}) {
            assertThat(checker.violations(onClosedArc, allowed)).as("allowed %s", allowed)
                    .contains("allowed utilisation %s is not a finite number >= 0: arcs held to their capacity".formatted(allowed))
                    .anySatisfy(s -> assertThat(s).startsWith("arc 0 (0->1)"));
        }
        assertThat(checker.violations(allocation(open, 5, 5, 5, 5), Double.NaN)).hasSize(1);
    }
}
