package te.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import te.lp.TeProblem;

/**
 * Benchmarks over one TE instance; the instance is built in the trial set-up. The traffic spec
 * writes its scale after a semicolon ({@code -p traffic='gravity:1;400'}): JMH splits parameter
 * values at commas.
 */
public abstract class InstanceBenchmark extends BenchmarkBase {
    @Param({"Cogentco"})
    String topology;

    @Param({"gravity:1;16"})
    String traffic;

    TeProblem problem;

    /** Loads the instance, then runs {@link #prepare}: JMH orders several {@code @Setup} methods of one class as it likes. */
    @Setup(Level.Trial)
    public void loadInstance() {
        problem = Instances.problem(topology, trafficSpec());
        loaded();
        prepare();
    }

    /** @return the traffic parameter as a traffic spec (its semicolon back to a comma) */
    String trafficSpec() {
        return traffic.replace(';', ',');
    }

    /** What a kind of benchmark sets up with every instance, before {@link #prepare}; nothing here. */
    void loaded() {
    }

    /** Trial set-up that needs the instance (e.g. solving it once); none by default. */
    protected void prepare() {
    }
}
