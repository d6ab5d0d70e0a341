package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/** Every available backend reaches the same optimum on seeded random instances. */
class SolverAgreementTest {
    @Test
    void availableBackendsAgreeWithinOnePartPerMillion() {
        List<TeSolver> solvers = new ArrayList<>();
        for (String name : Solvers.names()) {
            try {
                solvers.add(Solvers.byName(name));
            } catch (IllegalArgumentException unavailable) {
                // Gurobi without a licence: compared wherever it runs.
            }
        }
        assertThat(solvers).extracting(TeSolver::name).contains("highs", "pdlp");
        AllocationChecker checker = new AllocationChecker();
        for (long seed = 1; seed <= 3; seed++) {
            Topology t = TestTopologies.ringWithChords(10 + 2 * (int) seed);
            for (String model : List.of("gravity", "uniform", "bimodal")) {
                TeProblem p = TeInstances.problem(t, PathSpec.defaults(), new TrafficSpec(model, seed, 200).generate(t));
                for (Objective o : Objective.values()) {
                    double reference = Double.NaN;
                    for (TeSolver s : solvers) {
                        if (o == Objective.MAX_MIN_FAIR && !s.reportsDuals()) {
                            continue; // it needs row duals (MaxMinFairnessTest checks the refusal)
                        }
                        TeResult r = new TeOptimizer(s, new SolverOptions(60, 1, false)).solve(p, o);
                        String what = "%s %s seed %d %s".formatted(s.name(), model, seed, o);
                        assertThat(r.status()).as(what + ": " + r.message()).isEqualTo(SolveStatus.OPTIMAL);
                        double allowed = o == Objective.MIN_MLU ? Math.max(1, r.value() * (1 + 1e-6)) : 1;
                        assertThat(checker.violations(r.allocation().orElseThrow(), allowed)).as(what).isEmpty();
                        if (Double.isNaN(reference)) {
                            reference = r.value();
                        } else {
                            assertThat(r.value()).as(what).isCloseTo(reference, within(1e-6 * Math.max(1, Math.abs(reference))));
                        }
                    }
                }
            }
        }
    }
}
