package te.lp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.paths.PathSpec;

/** The best uncertified round and the least bound, as a time limit serves them. */
class RoundBudgetTest {
    private final TeProblem problem = TeInstances.problem(TestTopologies.undirected(2, "0-1@100"), PathSpec.defaults(),
            TeInstances.matrix(2, "0>1=10"));
    private final Allocation allocation = new Allocation(problem, new double[] {10});

    private TeResult round(double value) {
        return new TeResult(Objective.TOTAL_FLOW, SolveStatus.OPTIMAL, Optional.of(allocation), value, 0, 0, 3, 2, 4, "");
    }

    private static TeResult timeLimit() {
        return new TeResult(Objective.TOTAL_FLOW, SolveStatus.TIME_LIMIT, Optional.empty(), Double.NaN, 1.5, 2.5, 0, 0, 0, "limit");
    }

    @Test
    void theTimeLimitServesTheHighestRoundUnderTheLeastBound() {
        RoundBudget budget = new RoundBudget(new SolverOptions(60, 1, false));
        budget.offer(round(8), 1, 10);
        budget.offer(round(9), 2, 12);
        budget.offer(round(7), 3, Double.NaN);
        budget.offer(new TeResult(Objective.TOTAL_FLOW, SolveStatus.ERROR, Optional.empty(), 20, 0, 0, 0, 0, 0, "bad"), 4, 0);
        TeResult served = budget.orIncumbent(timeLimit());
        assertThat(served.status()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(served.value()).isEqualTo(9);
        assertThat(served.allocation()).containsSame(allocation);
        assertThat(served.buildSeconds()).isEqualTo(1.5);
        assertThat(served.solveSeconds()).isEqualTo(2.5);
        assertThat(served.columns()).isEqualTo(3);
        assertThat(served.message()).isEqualTo(
                "limit; serving round 2's feasible allocation, objective 9.00000000, at least 90.0000 % of the optimum (bound 10.0000000 from the duals)");
    }

    @Test
    void aRoundAboveItsBoundClaimsAtMostTheWholeOptimumAndWithoutABoundNone() {
        RoundBudget bounded = new RoundBudget(new SolverOptions(60, 1, false));
        bounded.offer(round(10), 1, 9.5);
        assertThat(bounded.orIncumbent(timeLimit()).message()).contains("at least 100.0000 % of the optimum");
        RoundBudget unbounded = new RoundBudget(new SolverOptions(60, 1, false));
        unbounded.offer(round(6), 1, Double.NaN);
        assertThat(unbounded.orIncumbent(timeLimit()).message()).endsWith("round 1's feasible allocation, objective 6.00000000 (no bound)");
    }

    @Test
    void onlyATimeLimitWithoutAnAllocationIsReplaced() {
        RoundBudget budget = new RoundBudget(new SolverOptions(60, 1, false));
        TeResult empty = budget.orIncumbent(timeLimit());
        assertThat(empty.ok()).as("no round offered").isFalse();
        budget.offer(round(8), 1, 10);
        TeResult optimal = round(10);
        assertThat(budget.orIncumbent(optimal)).isSameAs(optimal);
        TeResult error = new TeResult(Objective.TOTAL_FLOW, SolveStatus.ERROR, Optional.empty(), Double.NaN, 0, 0, 0, 0, 0, "bad");
        assertThat(budget.orIncumbent(error)).isSameAs(error);
        TeResult servedAlready = new TeResult(Objective.TOTAL_FLOW, SolveStatus.TIME_LIMIT, Optional.of(allocation), 5, 0, 0, 0, 0, 0, "x");
        assertThat(budget.orIncumbent(servedAlready)).isSameAs(servedAlready);
    }

    @Test
    void theRoundsSecondsAreChargedToTheResultAndASpentBudgetSolvesNothingMore() throws InterruptedException {
        RoundBudget budget = new RoundBudget(new SolverOptions(60, 1, false));
        budget.add(new CapacityRowGeneration.Outcome(null, null, 1.25, 2.5, 1));
        budget.add(new CapacityRowGeneration.Outcome(null, null, 0.5, 0.25, 1));
        assertThat(budget.buildSeconds()).isEqualTo(1.75);
        assertThat(budget.solveSeconds()).isEqualTo(2.75);
        TeResult charged = budget.fallback(Objective.TOTAL_FLOW, "rounds", options -> {
            assertThat(options.timeLimitSeconds()).isPositive().isLessThanOrEqualTo(60);
            return round(10).withTimes(0.5, 1);
        });
        assertThat(charged.buildSeconds()).isEqualTo(2.25);
        assertThat(charged.solveSeconds()).isEqualTo(3.75);

        RoundBudget spent = new RoundBudget(new SolverOptions(1e-9, 1, false));
        Thread.sleep(1); // past the 1 ns limit whatever the clock's resolution
        assertThat(spent.spent()).isTrue();
        TeResult r = spent.fallback(Objective.CONCURRENT_FLOW, "3 rounds", options -> {
            throw new AssertionError("no LP once the limit has passed");
        });
        assertThat(r.status()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.objective()).isEqualTo(Objective.CONCURRENT_FLOW);
        assertThat(r.ok()).isFalse();
        assertThat(r.message()).isEqualTo("time limit of 1.0E-9 s reached after 3 rounds, before the LP with every commodity");
    }
}
