package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import te.lp.Allocation;
import te.lp.Objective;
import te.lp.Solvers;
import te.lp.TeProblem;
import te.lp.TeSolver;
import te.lp.baseline.Cspf;
import te.lp.pop.ClientSplit;
import te.lp.pop.PopOptions;
import te.lp.pop.PopResult;
import te.lp.pop.PopSolver;

/** POP end to end (partition, parallel build and solve, merge), client splitting alone, and CSPF. */
public class PopBenchmark extends BenchmarkBase {
    @Param({"Cogentco"})
    String topology;

    @Param({"gravity:1,16"})
    String traffic;

    @Param({"highs", "pdlp"})
    String solver;

    @Param({"16"})
    int k;

    @Param({"0"})
    double clientSplit;

    @Param({"TOTAL_FLOW"})
    Objective objective;

    private TeProblem problem;
    private TeSolver backend;

    @Setup(Level.Trial)
    public void load() {
        problem = Instances.problem(topology, traffic);
        backend = Solvers.byName(solver);
    }

    @Benchmark
    public PopResult pop() {
        return new PopSolver(backend, PopOptions.of(k, clientSplit)).solve(problem, objective);
    }

    @Benchmark
    public ClientSplit clientSplitting() {
        return ClientSplit.of(problem.commodities(), Math.max(clientSplit, 0.75));
    }

    @Benchmark
    public Allocation cspf() {
        return Cspf.allocate(problem);
    }
}
