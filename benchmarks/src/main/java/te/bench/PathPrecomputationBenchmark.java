package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Level;
import te.topology.Topology;
import te.topology.paths.PathCache;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

/** All-pairs path precomputation, edge-disjoint and Yen (target: Kdl, k=4, edge-disjoint ≤ 60 s on 2 cores) and cache load (≤ 3 s). */
public class PathPrecomputationBenchmark extends BenchmarkBase {
    @Param({"Cogentco", "Kdl"})
    String topology;

    @Param({"EDGE_DISJOINT", "YEN"})
    PathMethod method;

    private Topology t;
    private PathSpec spec;
    private PathCache cache;

    @Setup(Level.Trial)
    public void load() {
        t = Instances.topology(topology);
        spec = new PathSpec(4, method, PathMetric.INVERSE_CAPACITY);
        cache = new PathCache(Instances.CACHE);
        cache.allPairs(t, spec, Runtime.getRuntime().availableProcessors(), PathPrecomputation.Progress.NONE);
    }

    @Benchmark
    public PathSet compute() {
        return PathPrecomputation.allPairs(t, spec, Runtime.getRuntime().availableProcessors(), PathPrecomputation.Progress.NONE);
    }

    @Benchmark
    public PathSet loadFromCache() {
        return cache.load(cache.fileFor(t, spec, true), t, spec);
    }
}
