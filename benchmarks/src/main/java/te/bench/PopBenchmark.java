package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import te.lp.Allocation;
import te.lp.baseline.Cspf;
import te.lp.pop.ClientSplit;
import te.lp.pop.PopOptions;
import te.lp.pop.PopResult;
import te.lp.pop.PopSolver;

/** POP end to end (partition, parallel build and solve, merge), client splitting alone, and CSPF. */
public class PopBenchmark extends InstanceBenchmark {
    @Param({"16"})
    int k;

    @Param({"0"})
    double clientSplit;

    @Benchmark
    public PopResult pop() {
        return new PopSolver(backend, PopOptions.of(k, clientSplit)).solve(problem, objective);
    }

    /** As POP splits: capped at k pieces per commodity; at the reference's t = 0.75 when the parameter is 0 (no splitting to time). */
    @Benchmark
    public ClientSplit clientSplitting() {
        return ClientSplit.of(problem.commodities(), clientSplit > 0 ? clientSplit : 0.75, k);
    }

    @Benchmark
    public Allocation cspf() {
        return Cspf.allocate(problem);
    }
}
