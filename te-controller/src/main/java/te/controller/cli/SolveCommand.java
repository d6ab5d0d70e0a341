package te.controller.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.controller.AllocationJson;
import te.controller.compare.ComparisonTable;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeResult;
import te.topology.Topology;
import te.topology.paths.PathSet;
import te.topology.traffic.TrafficMatrix;

/** {@code te solve}: one TE solve, summary on stdout, allocation as JSON. */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Route a traffic matrix over precomputed paths with an LP and print/write the allocation.")
final class SolveCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions topologyOptions;

    @Mixin
    PathOptions pathOptions;

    @Mixin
    SolverChoice solverChoice;

    @Option(names = "--traffic", defaultValue = "gravity:1,1", paramLabel = "FILE|MODEL[:SEED[,SCALE]]",
            description = "Traffic matrix file (CSV/JSON) or generated model (default: ${DEFAULT-VALUE}).")
    String traffic;

    @Option(names = "--time-limit", defaultValue = "600", paramLabel = "SECONDS",
            description = "Time limit of the solve in seconds, over every LP it takes (fair: per stage) (default: ${DEFAULT-VALUE}).")
    double timeLimitSeconds;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "Write the allocation as JSON here.")
    Path out;

    @Override
    public void run() {
        TrafficArgument trafficArgument = new TrafficArgument(traffic);
        OutputFile.check(out, "--out", java.util.Map.of("--topology", topologyOptions.file(), "--traffic", trafficArgument.file()));
        Objective goal = solverChoice.objective();
        SolverOptions options = new SolverOptions(timeLimitSeconds, pathOptions.threads(), false);
        TeOptimizer optimizer = solverChoice.optimizer(options);
        var backend = optimizer.solver();
        Topology t = topologyOptions.load();
        TrafficMatrix tm = trafficArgument.load(t);
        PathSet paths = pathOptions.allPairs(t, new ProgressBar(spec.commandLine().getErr(), "paths"));
        Commodities commodities = Commodities.of(tm, paths);
        TeProblem problem = TeProblem.of(t, paths, commodities);
        TeResult r = optimizer.solve(problem, goal);

        PrintWriter pw = spec.commandLine().getOut();
        pw.printf(java.util.Locale.ROOT, "topology          %s (%d nodes, %d arcs)%n", t.name(), t.nodeCount(), t.arcCount());
        // Mbps to three decimals, or three significant digits below 0.1: gravity:1,1e-6 read "0.000 of 0.000 Mbps demand".
        pw.printf(java.util.Locale.ROOT, "commodities       %d routed; %d skipped with zero demand, %d without a path (%s Mbps)%n",
                commodities.size(), commodities.zeroDemandSkipped(), commodities.withoutPathSkipped(), ComparisonTable.value(commodities.unroutableDemandMbps(), 3));
        pw.printf(java.util.Locale.ROOT, "LP                %d variables, %d constraints, %d non-zeros%n", r.columns(), r.rows(), r.nonZeros());
        pw.printf(java.util.Locale.ROOT, "solver            %s, objective %s%n", backend.name(), goal.cliName());
        pw.printf(java.util.Locale.ROOT, "build time        %.3f s%n", r.buildSeconds());
        pw.printf(java.util.Locale.ROOT, "solve time        %.3f s%n", r.solveSeconds());
        pw.printf(java.util.Locale.ROOT, "status            %s%s%n", r.status(), r.message().isEmpty() ? "" : " (" + r.message() + ")");
        if (r.allocation().isEmpty() && r.status() != te.lp.SolveStatus.TIME_LIMIT) {
            pw.flush();
            throw new IllegalStateException("no allocation: solver ended with " + r.status());
        }
        // A limit that ends the solve before any round finished (interior point far beyond capacity
        // has none to offer) leaves CSPF's allocation, as the daemon serves then: an answer in time.
        Allocation a = r.allocation().orElseGet(() -> te.lp.baseline.Cspf.allocate(problem));
        double value = r.allocation().isPresent() ? r.value() : a.objectiveValue(goal);
        String message = r.allocation().isPresent() ? r.message()
                : (r.message().isEmpty() ? "" : r.message() + "; ") + "no round finished in the time limit: CSPF's allocation (heuristic)";
        if (r.allocation().isEmpty()) {
            pw.printf(java.util.Locale.ROOT, "fallback          CSPF (no round finished in the time limit)%n");
        }
        double demand = commodities.totalDemandMbps();
        pw.printf(java.util.Locale.ROOT, "objective value   %s%n", ComparisonTable.value(value, 6));
        pw.printf(java.util.Locale.ROOT, "flow              %s of %s Mbps demand (%.2f %%)%n", ComparisonTable.value(a.totalFlowMbps(), 3),
                ComparisonTable.value(demand, 3),
                demand > 0 ? 100 * a.totalFlowMbps() / demand : 100.0);
        pw.printf(java.util.Locale.ROOT, "min demand share  %s%n", ComparisonTable.value(a.minDemandShare(), 6));
        pw.printf(java.util.Locale.ROOT, "max utilisation   %s%n", ComparisonTable.value(a.maxUtilisation(), 6));
        pw.printf(java.util.Locale.ROOT, "mean path hops    %.3f per Mbps%s%n", a.meanPathHops(), solverChoice.shorterPaths() ? "" : " (--no-shorter-paths)");
        pw.printf(java.util.Locale.ROOT, "peak heap         %.0f MiB%n", HeapPeak.mebibytes());
        if (out != null) {
            try {
                // Whole or not at all: a failure part-way keeps the previous file.
                te.topology.io.AtomicFile.write(out, w -> AllocationJson.write(a, goal.cliName(), value, g -> {
                    // The status says whether this is the optimum or what a time limit left (with its certified share).
                    g.writeStringField("solverStatus", r.status().name()); // the daemon's name for it
                    g.writeStringField("message", message);
                }, k -> true, w));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write allocation " + out, e);
            }
            pw.printf(java.util.Locale.ROOT, "allocation        %s%n", out);
        }
        pw.flush();
    }
}
