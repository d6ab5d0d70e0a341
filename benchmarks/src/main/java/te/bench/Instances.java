package te.bench;

import java.nio.file.Path;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathCache;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/** Loads benchmark instances; paths come from the on-disk cache so set-up stays short. */
final class Instances {
    /** Cache directory for benchmark paths (relative to the working directory). */
    static final Path CACHE = Path.of(System.getProperty("te.bench.cache", ".te-cache/paths"));

    private Instances() {
    }

    static Topology topology(String name) {
        return TopologyCatalog.discover().load(name);
    }

    static PathSet paths(Topology t) {
        return new PathCache(CACHE).allPairs(t, PathSpec.defaults(), Runtime.getRuntime().availableProcessors(),
                PathPrecomputation.Progress.NONE);
    }

    static TeProblem problem(String topology, String traffic) {
        Topology t = topology(topology);
        PathSet paths = paths(t);
        return TeProblem.of(t, paths, Commodities.of(TrafficSpec.parse(traffic).generate(t), paths));
    }
}
