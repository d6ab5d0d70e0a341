package te.controller.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.topology.Topology;
import te.topology.paths.PathCache;
import te.topology.paths.PathSet;

/** {@code te paths}: precomputes (or loads from cache) k paths for every ordered node pair. */
@Command(name = "paths", mixinStandardHelpOptions = true,
        description = "Compute k paths for every ordered node pair, in parallel, cached on disk.")
final class PathsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions topologyOptions;

    @Mixin
    PathOptions pathOptions;

    @Option(names = "--show", arity = "2", paramLabel = "NODE", description = "Print the paths of one pair: --show SRC DST.")
    String[] show;

    @Override
    public void run() {
        Topology t = topologyOptions.load();
        PrintWriter out = spec.commandLine().getOut();
        // Before the computation (14 s on Kdl, minutes with Yen): a mistyped node must not wait for it.
        int[] shown = show == null ? null : shownPair(t);
        ProgressBar progress = new ProgressBar(spec.commandLine().getErr(), "paths");
        long start = System.nanoTime();
        PathSet paths;
        String how;
        if (pathOptions.noCache) {
            paths = pathOptions.allPairs(t, progress);
            how = "computed, not cached";
        } else {
            PathCache.Result result = new PathCache(pathOptions.cacheDir())
                    .allPairsWithOutcome(t, pathOptions.spec(), pathOptions.threads(), progress);
            paths = result.paths();
            how = switch (result.outcome()) {
                case LOADED -> "loaded from " + result.file();
                case STORED -> "computed, cached in " + result.file();
                case NOT_STORED -> "computed, not cached: " + result.problems().get(result.problems().size() - 1);
            };
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long withoutPath = 0;
        for (int i = 0; i < paths.pairCount(); i++) {
            withoutPath += paths.pathCount(i) == 0 ? 1 : 0;
        }
        out.printf("topology      %s (%d nodes, %d arcs)%n", t.name(), t.nodeCount(), t.arcCount());
        out.printf("paths         %s%n", paths.spec().label());
        out.printf("pairs         %d (%d without any path)%n", paths.pairCount(), withoutPath);
        out.printf("paths total   %d (%.2f per pair, %.2f hops on average)%n", paths.pathCount(),
                (double) paths.pathCount() / paths.pairCount(), (double) paths.arcEntryCount() / Math.max(1, paths.pathCount()));
        out.printf("time          %.2f s (%s)%n", seconds, how);
        if (shown != null) {
            int pair = paths.pairIndex(shown[0], shown[1]);
            if (pair < 0) {
                throw new IllegalStateException("all-pairs paths lack the pair %s->%s".formatted(show[0], show[1]));
            }
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                StringBuilder sb = new StringBuilder();
                for (int v : paths.pathNodes(t, p)) {
                    sb.append(sb.isEmpty() ? "" : " -> ").append(t.nodes().get(v).label());
                }
                out.printf("  path %d (%d hops): %s%n", p - paths.firstPath(pair), paths.pathLength(p), sb);
            }
        }
        out.flush();
    }

    /**
     * @return --show's source and destination node indices
     * @throws IllegalArgumentException if a node is unknown or both are the same
     */
    private int[] shownPair(Topology t) {
        int s = t.resolveNode(show[0]);
        int d = t.resolveNode(show[1]);
        if (s == d) {
            throw new IllegalArgumentException("--show %s %s: no such pair (source and destination must differ)".formatted(show[0], show[1]));
        }
        return new int[] {s, d};
    }
}
