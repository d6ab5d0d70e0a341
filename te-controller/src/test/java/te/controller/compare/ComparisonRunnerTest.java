package te.controller.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.Solvers;
import te.lp.TeProblem;
import te.lp.pop.RandomPartitioner;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

class ComparisonRunnerTest {
    @Test
    void everyMethodRunsAndNoneBeatsTheFullLp(@TempDir Path dir) throws Exception {
        Topology t = TopologyCatalog.discover().load("Abilene");
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TeProblem p = TeProblem.of(t, paths, Commodities.of(TrafficSpec.parse("gravity:1,400").generate(t), paths));
        List<Method> methods = List.of(Method.fullLp(), Method.pop(2, 0), Method.pop(4, 1.0), Method.cspf());
        List<Outcome> outcomes = new ComparisonRunner(Solvers.byName("highs"), 2, 60, new RandomPartitioner(), 1)
                .run(p, Objective.TOTAL_FLOW, methods, label -> { });
        assertThat(outcomes).extracting(o -> o.method().label()).containsExactly("full LP", "POP-2", "POP-4 t=1.0", "CSPF");
        double optimum = outcomes.get(0).value();
        assertThat(outcomes).allSatisfy(o -> {
            assertThat(o.value()).isPositive().isLessThanOrEqualTo(optimum * (1 + 1e-6));
            assertThat(o.wallSeconds()).isPositive();
        });

        StringWriter csv = new StringWriter();
        ComparisonTable.print(outcomes, te.lp.Objective.TOTAL_FLOW, true, new PrintWriter(csv));
        assertThat(csv.toString().lines()).hasSize(5).first()
                .isEqualTo("method,status,objective,share_of_full_lp,mean_hops,build_s_sum,solve_s_sum,split_s,merge_s,wall_s,speedup");
        // The CSV's share is a fraction, as in the report's CSV.
        assertThat(csv.toString()).contains("full LP,OPTIMAL,").contains(",1.000000,");
        // POP's phases are reported; the other methods have none and leave them blank.
        for (String line : csv.toString().lines().skip(1).toList()) {
            String[] cells = line.split(",", -1);
            assertThat(cells).as(line).hasSize(11);
            // Abilene's paths run 1 to 10 hops: every method's flow is on them.
            assertThat(Double.parseDouble(cells[4])).as(line).isBetween(1.0, 10.0);
            boolean pop = cells[0].startsWith("POP-");
            assertThat(cells[7].isEmpty()).as(line).isEqualTo(!pop);
            assertThat(cells[8].isEmpty()).as(line).isEqualTo(!pop);
            if (pop) {
                assertThat(Double.parseDouble(cells[7]) + Double.parseDouble(cells[8])).as(line).isLessThanOrEqualTo(Double.parseDouble(cells[9]));
            }
        }

        // Shorter paths reach both the full LP and POP (Abilene concurrent flow leaves flow on longer paths with room).
        for (Method m : List.of(Method.fullLp(), Method.pop(2, 0))) {
            double[] hops = new double[2];
            for (int on = 0; on < 2; on++) {
                hops[on] = new ComparisonRunner(Solvers.byName("highs"), 2, 60, new RandomPartitioner(), 1, te.lp.TeOptimizer.DEFAULT_GAP,
                        on == 1).run(p, Objective.CONCURRENT_FLOW, List.of(m), label -> { }).get(0).meanHops();
            }
            assertThat(hops[1]).as("%s mean hops with shorter paths, without: %s", m.label(), hops[0]).isLessThan(hops[0] - 0.02);
        }

        // Per sub-problem: one entry each, whose times add up to POP's sums and whose commodities to its pieces.
        assertThat(outcomes.get(0).subProblems()).isEmpty();
        assertThat(outcomes.get(3).subProblems()).isEmpty();
        for (int i : new int[] {1, 2}) {
            Outcome pop = outcomes.get(i);
            int k = pop.method().k();
            assertThat(pop.subProblems()).extracting(SubProblemTime::number).containsExactlyElementsOf(
                    java.util.stream.IntStream.rangeClosed(1, k).boxed().toList());
            assertThat(pop.subProblems().stream().mapToDouble(SubProblemTime::solveSeconds).sum())
                    .isCloseTo(pop.solveSeconds(), org.assertj.core.data.Offset.offset(1e-9));
            assertThat(pop.subProblems().stream().mapToDouble(SubProblemTime::buildSeconds).sum())
                    .isCloseTo(pop.buildSeconds(), org.assertj.core.data.Offset.offset(1e-9));
            assertThat(pop.subProblems().stream().mapToInt(SubProblemTime::commodities).sum())
                    .isGreaterThanOrEqualTo(p.commodities().size());
        }
        StringWriter subs = new StringWriter();
        ComparisonTable.printSubProblemCsv(outcomes, new PrintWriter(subs));
        assertThat(subs.toString().lines()).hasSize(1 + 2 + 4).first()
                .isEqualTo("method,sub_problem,commodities,status,objective,build_s,solve_s,columns,rows");
        assertThat(subs.toString()).contains("\nPOP-2,1,").contains("\nPOP-4 t=1.0,4,");
        StringWriter summary = new StringWriter();
        ComparisonTable.printSubProblemSummary(outcomes, new PrintWriter(summary));
        assertThat(summary.toString().lines()).hasSize(2).allSatisfy(l -> assertThat(l).contains("sub-problems, build + solve s: least"));

        Path png = dir.resolve("plot.png");
        ComparisonPlot.writePng(outcomes, te.lp.Objective.TOTAL_FLOW, "test", png);
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
        assertThat(head).containsExactly(0x89, 'P', 'N', 'G');
    }

    @Test
    void aHeuristicThatLeavesDemandUnroutedHasNoShareUnderMinMluOrFair() {
        Topology t = TopologyCatalog.discover().load("Abilene");
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TeProblem p = TeProblem.of(t, paths, Commodities.of(TrafficSpec.parse("gravity:1,400").generate(t), paths));
        for (Objective objective : List.of(Objective.MIN_MLU, Objective.FAIR)) {
            List<Outcome> outcomes = new ComparisonRunner(Solvers.byName("highs"), 2, 60, new RandomPartitioner(), 1)
                    .run(p, objective, List.of(Method.fullLp(), Method.cspf()), label -> { });
            Outcome cspf = outcomes.get(1);
            // Min-MLU: its peak covers only what it routed (373 % of the optimum's share before); fair: its flow is not at the fair share.
            assertThat(cspf.comparable()).as(objective.cliName()).isFalse();
            assertThat(ComparisonTable.share(cspf, outcomes.get(0).value(), objective)).isNaN();
            StringWriter table = new StringWriter();
            ComparisonTable.print(outcomes, objective, true, new PrintWriter(table));
            assertThat(table.toString().lines().filter(l -> l.startsWith("CSPF,")).findFirst().orElseThrow().split(",", -1)[3])
                    .as("share cell").isEmpty();
        }
        // Under total flow the same heuristic is comparable.
        List<Outcome> total = new ComparisonRunner(Solvers.byName("highs"), 2, 60, new RandomPartitioner(), 1)
                .run(p, Objective.TOTAL_FLOW, List.of(Method.fullLp(), Method.cspf()), label -> { });
        assertThat(ComparisonTable.share(total.get(1), total.get(0).value(), Objective.TOTAL_FLOW)).isBetween(0.0, 1.0);
    }

    @Test
    void sharesAreAFractionOfTheOptimumThatFallsWhenWorseForEveryObjective() {
        assertThat(ComparisonTable.share(50, 100, te.lp.Objective.TOTAL_FLOW)).isEqualTo(0.5);
        assertThat(ComparisonTable.share(0.7, 0.7, te.lp.Objective.CONCURRENT_FLOW)).isEqualTo(1.0);
        // Min-MLU: a method at utilisation 0.8 where the optimum is 0.5 is worse, so below 100 %.
        assertThat(ComparisonTable.share(0.8, 0.5, te.lp.Objective.MIN_MLU)).isEqualTo(0.625);
    }

    /** k is usually even: the median of an even count is the mean of the middle two, not the upper one. */
    @Test
    void theSubProblemSummaryTakesTheMedianOfAnEvenCountAsTheMeanOfTheMiddleTwo() {
        List<SubProblemTime> subs = List.of(new SubProblemTime(1, 10, "OPTIMAL", 1, 0.010, 0.010, 5, 5),
                new SubProblemTime(2, 10, "OPTIMAL", 1, 0.015, 0.015, 5, 5),
                new SubProblemTime(3, 10, "OPTIMAL", 1, 0.020, 0.020, 5, 5),
                new SubProblemTime(4, 10, "OPTIMAL", 1, 0.050, 0.064, 5, 5));
        Outcome pop4 = new Outcome(Method.pop(4, 0), "OPTIMAL", 4, 0.2, 0.2, 0.5, 0.01, 0.01, subs, 3.0, true, "");
        StringWriter summary = new StringWriter();
        ComparisonTable.printSubProblemSummary(List.of(pop4), new PrintWriter(summary));
        assertThat(summary.toString()).contains("least 0.020, median 0.035, most 0.114 (sub-problem 4)");
    }
}
