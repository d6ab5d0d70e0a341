package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import te.lp.pop.PopOptions;
import te.lp.pop.PopResult;
import te.lp.pop.PopSolver;

/** POP end to end: partition, parallel build and solve, merge (client splitting alone: {@link BaselineBenchmark}). */
public class PopBenchmark extends SolvingBenchmark {
    @Param({"16"})
    int k;

    @Param({"0"})
    double clientSplit;

    @Benchmark
    public PopResult pop() {
        return new PopSolver(backend, PopOptions.of(k, clientSplit)).solve(problem, goal);
    }
}
