package te.controller.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.topology.Topology;
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
        java.nio.file.Path cached = pathOptions.noCache ? null
                : new te.topology.paths.PathCache(pathOptions.cacheDir()).fileFor(t, pathOptions.spec(), true);
        boolean hit = cached != null && java.nio.file.Files.exists(cached);
        long start = System.nanoTime();
        PathSet paths = pathOptions.allPairs(t, new ProgressBar(spec.commandLine().getErr(), "paths"));
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
        out.printf("time          %.2f s (%s)%n", seconds, cached == null ? "computed, not cached"
                : hit ? "loaded from " + cached + ", or computed if that file was unusable (logged)" : "computed, cached in " + cached);
        if (show != null) {
            int s = t.resolveNode(show[0]);
            int d = t.resolveNode(show[1]);
            int pair = paths.pairIndex(s, d);
            if (pair < 0) {
                throw new IllegalArgumentException("no pair %s->%s (source and destination must differ)".formatted(show[0], show[1]));
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
}
