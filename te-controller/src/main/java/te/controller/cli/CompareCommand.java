package te.controller.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeResult;
import te.lp.TeSolver;
import te.lp.baseline.Cspf;
import te.lp.pop.Partitioner;
import te.lp.pop.PopOptions;
import te.lp.pop.PopResult;
import te.lp.pop.PopSolver;
import te.topology.Topology;
import te.topology.paths.PathSet;
import te.topology.traffic.TrafficSpec;

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

    @Option(names = "--traffic", defaultValue = "gravity:1,16", paramLabel = "MODEL[:SEED[,SCALE]]",
            description = "Generated traffic (default: ${DEFAULT-VALUE}).")
    String traffic;

    @Option(names = "--objective", defaultValue = "total-flow", description = "total-flow|concurrent-flow|min-mlu|fair (default: ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--solver", defaultValue = Solvers.DEFAULT, description = "LP backend (default: ${DEFAULT-VALUE}).")
    String solver;

    @Option(names = "--pop", split = ",", defaultValue = "4,16", paramLabel = "K[,K...]", description = "POP sub-problem counts (default: ${DEFAULT-VALUE}).")
    List<Integer> popKs;

    @Option(names = "--client-split", defaultValue = "0", paramLabel = "T", description = "Client-splitting threshold (default: ${DEFAULT-VALUE}).")
    double clientSplit;

    @Option(names = "--partitioner", defaultValue = "random", description = "random|skewed (default: ${DEFAULT-VALUE}).")
    String partitioner;

    @Option(names = "--seed", defaultValue = "1", description = "POP partition seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--skip-full", description = "Do not solve the full LP (shares are then left blank).")
    boolean skipFull;

    @Option(names = "--csv", description = "Print the table as CSV.")
    boolean csv;

    @Option(names = "--time-limit", defaultValue = "3600", paramLabel = "SECONDS", description = "Per-LP time limit (default: ${DEFAULT-VALUE}).")
    double timeLimitSeconds;

    record Row(String method, double value, double buildSeconds, double solveSeconds, double wallSeconds) {
    }

    @Override
    public void run() {
        Objective goal = Objective.parse(objective);
        TeSolver backend = Solvers.byName(solver);
        Partitioner part = Partitioner.byName(partitioner);
        int cores = pathOptions.threads();
        Topology t = topologyOptions.load();
        var tm = TrafficSpec.parse(traffic).generate(t);
        PathSet paths = pathOptions.allPairs(t, new ProgressBar(spec.commandLine().getErr(), "paths"));
        TeProblem problem = TeProblem.of(t, paths, Commodities.of(tm, paths));
        PrintWriter err = spec.commandLine().getErr();

        List<Row> rows = new ArrayList<>();
        if (!skipFull) {
            err.println("solving full LP ...");
            err.flush();
            long start = System.nanoTime();
            TeResult r = new TeOptimizer(backend, new SolverOptions(timeLimitSeconds, cores, false)).solve(problem, goal);
            rows.add(new Row("full LP", r.value(), r.buildSeconds(), r.solveSeconds(), (System.nanoTime() - start) / 1e9));
        }
        for (int k : popKs) {
            err.printf("solving POP-%d ...%n", k);
            err.flush();
            PopOptions options = new PopOptions(k, clientSplit, seed, part, cores, new SolverOptions(timeLimitSeconds, 1, false));
            PopResult r = new PopSolver(backend, options).solve(problem, goal);
            rows.add(new Row("POP-" + k, r.value(), r.buildSecondsSum(), r.solveSecondsSum(), r.wallSeconds()));
        }
        long start = System.nanoTime();
        Allocation cspf = Cspf.allocate(problem);
        double cspfWall = (System.nanoTime() - start) / 1e9;
        rows.add(new Row("CSPF", cspf.objectiveValue(goal), 0, cspfWall, cspfWall));
        print(t, problem, goal, rows);
    }

    private void print(Topology t, TeProblem problem, Objective goal, List<Row> rows) {
        PrintWriter out = spec.commandLine().getOut();
        Row full = skipFull ? null : rows.get(0);
        if (csv) {
            out.println("method,objective,share_of_full_lp,build_s_sum,solve_s_sum,wall_s,speedup");
        } else {
            out.printf("%s, %s, %s, %d commodities, %s, client split %s, %d cores%n", t.name(), traffic, goal.cliName(),
                    problem.commodities().size(), solver, clientSplit, pathOptions.threads());
            out.printf("%-9s %16s %10s %12s %12s %10s %9s%n", "method", "objective", "share", "build s (Σ)", "solve s (Σ)", "wall s", "speed-up");
        }
        for (Row r : rows) {
            String share = full == null ? "" : "%.4f%%".formatted(100 * r.value() / full.value());
            String speedup = full == null ? "" : "%.1fx".formatted(full.wallSeconds() / r.wallSeconds());
            if (csv) {
                out.printf("%s,%.6f,%s,%.3f,%.3f,%.3f,%s%n", r.method(), r.value(), share.replace("%", ""), r.buildSeconds(),
                        r.solveSeconds(), r.wallSeconds(), speedup.replace("x", ""));
            } else {
                out.printf("%-9s %16.6f %10s %12.3f %12.3f %10.3f %9s%n", r.method(), r.value(), share, r.buildSeconds(),
                        r.solveSeconds(), r.wallSeconds(), speedup);
            }
        }
        out.flush();
    }
}
