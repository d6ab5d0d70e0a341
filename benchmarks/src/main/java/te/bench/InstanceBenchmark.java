package te.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import te.lp.Objective;
import te.lp.Solvers;
import te.lp.TeProblem;
import te.lp.TeSolver;

/** Benchmarks over one TE instance and one backend; the instance is built in the trial set-up. */
public abstract class InstanceBenchmark extends BenchmarkBase {
    @Param({"Cogentco"})
    String topology;

    @Param({"gravity:1,16"})
    String traffic;

    @Param({"highs-warm", "highs"})
    String solver;

    @Param({"TOTAL_FLOW"})
    Objective objective;

    TeProblem problem;
    TeSolver backend;

    /** Loads the instance, then runs {@link #prepare}: JMH orders several {@code @Setup} methods of one class as it likes. */
    @Setup(Level.Trial)
    public void loadInstance() {
        problem = Instances.problem(topology, traffic);
        backend = Solvers.byName(solver);
        prepare();
    }

    /** Trial set-up that needs the instance (e.g. solving it once); none by default. */
    protected void prepare() {
    }
}
