package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import te.lp.Allocation;
import te.lp.baseline.Cspf;
import te.lp.pop.ClientSplit;

/** The work around the LPs that needs no solver: POP's client splitting, and CSPF. */
public class BaselineBenchmark extends InstanceBenchmark {
    /** Pieces per commodity are capped at k, as POP splits. */
    @Param({"16"})
    int k;

    @Param({"0.75"})
    double clientSplit;

    @Benchmark
    public ClientSplit clientSplitting() {
        return ClientSplit.of(problem.commodities(), clientSplit, k);
    }

    /** Ignores k and the threshold: runs once per pair of them in a grid. */
    @Benchmark
    public Allocation cspf() {
        return Cspf.allocate(problem);
    }
}
