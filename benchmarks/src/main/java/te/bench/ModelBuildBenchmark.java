package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import te.lp.Formulations;
import te.lp.PathLp;

/** Model building alone (target: Kdl all-pairs ≤ 5 s); total flow, whatever solver runs it. */
public class ModelBuildBenchmark extends InstanceBenchmark {
    /** The build the solve does first: capacity rows for the greedy start where lazy rows pay (choosing them included). */
    @Benchmark
    public PathLp buildTotalFlow() {
        return Formulations.totalFlowFirstRound(problem);
    }

    /** With every capacity row the exact reductions keep ({@code CapacityRows.ALL}). */
    @Benchmark
    public PathLp buildTotalFlowEveryRow() {
        return Formulations.totalFlow(problem, 0);
    }
}
