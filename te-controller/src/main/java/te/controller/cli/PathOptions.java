package te.controller.cli;

import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import te.topology.Topology;
import te.topology.paths.PathCache;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

/** Options choosing and caching precomputed paths (a picocli mixin). */
public final class PathOptions {
    @Option(names = {"-k", "--paths"}, defaultValue = "4", paramLabel = "K",
            description = "Paths per node pair (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--path-method", defaultValue = "edge-disjoint", converter = MethodConverter.class,
            paramLabel = "edge-disjoint|yen", description = "How paths are chosen (default: ${DEFAULT-VALUE}).")
    PathMethod method;

    @Option(names = "--path-metric", defaultValue = "inverse-capacity", converter = MetricConverter.class,
            paramLabel = "hops|inverse-capacity", description = "How paths are ranked (default: ${DEFAULT-VALUE}).")
    PathMetric metric;

    /** Where the cache lives when --cache-dir is not given. */
    static final Path DEFAULT_CACHE_DIR = Path.of(".te-cache", "paths");

    @Option(names = "--cache-dir", paramLabel = "DIR", description = "Path cache directory (default: .te-cache/paths).")
    Path cacheDir;

    @Option(names = "--no-cache", description = "Compute paths without reading or writing the cache (wins over --cache-dir, including one from te serve --config).")
    boolean noCache;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: every core).")
    Integer threads;

    /** @return the path spec these options name */
    public PathSpec spec() {
        return new PathSpec(k, method, metric);
    }

    /** @return worker threads to use, at least 1 */
    public int threads() {
        int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (t < 1 || t > MAX_THREADS) {
            throw new IllegalArgumentException("--threads must be in 1..%d, got %d".formatted(MAX_THREADS, t));
        }
        return t;
    }

    /**
     * Most worker threads: each is a native solver thread too, and far more than the machine has
     * cores only costs memory (100,000 made HiGHS abort, or hang a daemon's solve, when the OS
     * refused threads).
     */
    static final int MAX_THREADS = 1024;

    /** @return all-pairs paths, from the cache when possible */
    public PathSet allPairs(Topology topology, PathPrecomputation.Progress progress) {
        return noCache
                ? PathPrecomputation.allPairs(topology, spec(), threads(), progress)
                : new PathCache(cacheDir()).allPairs(topology, spec(), threads(), progress);
    }

    /** @return the cache directory in use (given, or the default) */
    Path cacheDir() {
        return cacheDir == null ? DEFAULT_CACHE_DIR : cacheDir;
    }

    static final class MethodConverter implements ITypeConverter<PathMethod> {
        @Override
        public PathMethod convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "edge-disjoint", "edge_disjoint" -> PathMethod.EDGE_DISJOINT;
                case "yen" -> PathMethod.YEN;
                default -> throw new IllegalArgumentException("'%s': expected edge-disjoint or yen".formatted(value));
            };
        }
    }

    static final class MetricConverter implements ITypeConverter<PathMetric> {
        @Override
        public PathMetric convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "hops" -> PathMetric.HOPS;
                case "inverse-capacity", "inv-cap", "inverse_capacity" -> PathMetric.INVERSE_CAPACITY;
                default -> throw new IllegalArgumentException("'%s': expected hops or inverse-capacity".formatted(value));
            };
        }
    }
}
