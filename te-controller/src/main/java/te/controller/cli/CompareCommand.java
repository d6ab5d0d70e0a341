package te.controller.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.controller.compare.ComparisonPlot;
import te.controller.compare.ComparisonRunner;
import te.controller.compare.ComparisonTable;
import te.controller.compare.Method;
import te.controller.compare.Outcome;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.TeProblem;
import te.lp.TeSolver;
import te.lp.pop.Partitioner;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * {@code te compare}: the same instance solved by the full LP, POP-k for each k, and CSPF, in one
 * run; one table of objective, share of the full LP, wall-clock times and speed-up.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Solve one instance with the full LP, POP-k and CSPF side by side and print a table.")
final class CompareCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions topologyOptions;

    @Mixin
    PathOptions pathOptions;

    @Mixin
    SolverChoice solverChoice;

    @Option(names = "--traffic", defaultValue = "gravity:1,16", paramLabel = "FILE|MODEL[:SEED[,SCALE]]",
            description = "Traffic: a model, or a CSV/JSON matrix file (default: ${DEFAULT-VALUE}).")
    String traffic;

    @Option(names = "--pop", split = ",", defaultValue = "4,16", paramLabel = "K[,K...]", description = "POP sub-problem counts (default: ${DEFAULT-VALUE}).")
    List<Integer> popKs;

    @Option(names = "--client-split", defaultValue = "0", paramLabel = "T", description = "Client-splitting threshold (default: ${DEFAULT-VALUE}).")
    double clientSplit;

    @Option(names = "--partitioner", defaultValue = "random", converter = NameConverters.PartitionerName.class,
            paramLabel = "random|balanced|skewed", description = "How POP assigns commodities to sub-problems (default: ${DEFAULT-VALUE}).")
    Partitioner partitioner;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED", description = "POP partition seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--skip-full", description = "Do not solve the full LP (shares are then left blank).")
    boolean skipFull;

    @Option(names = "--csv", description = "Print the table as CSV.")
    boolean csv;

    @Option(names = "--plot", paramLabel = "FILE.png", description = "Also write a runtime-vs-quality plot (PNG).")
    java.nio.file.Path plot;

    @Option(names = "--sub-problems", paramLabel = "FILE.csv",
            description = "Also write each POP sub-problem's status, size and build/solve seconds as CSV.")
    java.nio.file.Path subProblems;

    @Option(names = "--time-limit", defaultValue = "3600", paramLabel = "SECONDS", description = "Time limit of each method's solve in seconds, over every LP it takes (POP: the whole solve, each sub-problem getting what is left of it) (default: ${DEFAULT-VALUE}).")
    double timeLimitSeconds;

    @Override
    public void run() {
        Objective goal = solverChoice.objective();
        TeSolver backend = solverChoice.solver();
        double gap = solverChoice.gap();
        Partitioner part = partitioner;
        TrafficArgument trafficSpec = new TrafficArgument(traffic);
        // Refused before the paths and the full LP run, not when POP's turn comes.
        if (popKs.contains(null) || popKs.size() != new java.util.HashSet<>(popKs).size()) {
            throw new IllegalArgumentException("--pop must list distinct sub-problem counts, got %s".formatted(popKs));
        }
        popKs.forEach(k -> TeCli.pop(k, clientSplit));
        // XChart appends ".png" to any other name: x.txt would become x.txt.png.
        var inputs = java.util.Map.of("--topology", topologyOptions.file(), "--traffic", trafficSpec.file());
        OutputFile.check(plot, "--plot", inputs, ".png");
        OutputFile.check(subProblems, "--sub-problems", inputs);
        TeCli.timeLimit("--time-limit", timeLimitSeconds);
        int cores = pathOptions.threads();
        Topology t = topologyOptions.load();
        PathSet paths = pathOptions.allPairs(t, new ProgressBar(spec.commandLine().getErr(), "paths"));
        TeProblem problem = TeProblem.of(t, paths, Commodities.of(trafficSpec.load(t), paths));

        PrintWriter err = spec.commandLine().getErr();
        int n = problem.commodities().size();
        long pieces = n + Math.round(clientSplit * n); // client splitting's extra virtual commodities
        for (int k : popKs) {
            if (k > pieces) {
                // Legal, but rarely meant: the empty sub-problems' capacity shares go unused.
                err.printf("warning: POP-%d has more sub-problems than the %d commodities%s to spread over them: %d get none, and each "
                        + "has 1/%d of every link's capacity%n", k, pieces, pieces == n ? "" : " (with client splitting)", k - pieces, k);
            }
        }
        List<Method> methods = new ArrayList<>();
        if (!skipFull) {
            methods.add(Method.fullLp());
        }
        popKs.forEach(k -> methods.add(Method.pop(k, clientSplit)));
        methods.add(Method.cspf());
        ProgressBar bar = new ProgressBar(err, "compare");
        int[] done = {0};
        List<Outcome> outcomes = new ComparisonRunner(backend, cores, timeLimitSeconds, part, seed, gap, solverChoice.shorterPaths()).run(problem, goal, methods, label -> {
            bar.update(done[0]++, methods.size());
            err.println("  running " + label + " ...");
            err.flush();
        });
        bar.update(methods.size(), methods.size());

        PrintWriter out = spec.commandLine().getOut();
        String title = "%s, %s, %s, %d commodities, %s, %d cores".formatted(t.name(), trafficSpec, goal.cliName(),
                problem.commodities().size(), backend.name(), cores);
        if (!csv) {
            out.println(title);
        }
        ComparisonTable.print(outcomes, goal, csv, out);
        // In CSV mode stdout is the table alone.
        ComparisonTable.printMessages(outcomes, csv ? err : out);
        if (!csv) {
            ComparisonTable.printSubProblemSummary(outcomes, out);
            out.printf("peak heap: %.0f MiB%n", HeapPeak.mebibytes());
        }
        if (subProblems != null) {
            try {
                te.topology.io.AtomicFile.write(subProblems, w -> ComparisonTable.printSubProblemCsv(outcomes, w));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot write sub-problem times " + subProblems, e);
            }
            if (!csv) {
                out.println("sub-problems: " + subProblems);
            }
        }
        if (plot != null) {
            ComparisonPlot.writePng(outcomes, goal, title, plot);
            if (!csv) {
                out.println("plot: " + plot);
            }
        }
        out.flush();
        List<String> failed = outcomes.stream().filter(o -> !o.allocated()).map(o -> o.method().label() + " (" + o.status() + ")").toList();
        if (!failed.isEmpty()) {
            // The table, plot and CSV show what the others found; the exit status says not every method did.
            throw new IllegalStateException("no allocation from " + String.join(", ", failed) + "; the reasons are printed after the table");
        }
    }
}
