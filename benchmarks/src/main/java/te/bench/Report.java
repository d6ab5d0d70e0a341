package te.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import te.controller.cli.TeCli;
import te.controller.compare.ComparisonPlot;
import te.controller.compare.ComparisonRunner;
import te.controller.compare.ComparisonTable;
import te.controller.compare.Method;
import te.controller.compare.Outcome;
import te.controller.compare.SubProblemTime;
import te.lp.Objective;
import te.lp.Solvers;
import te.lp.TeProblem;
import te.lp.pop.Partitioner;

/**
 * The reproducible performance report: a fixed, documented set of instances, each solved by the
 * full LP, POP-4/16/64 and CSPF side by side; writes {@code report.csv}, {@code report.md} and one
 * runtime-vs-quality PNG per instance.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Run the fixed benchmark instances (full LP, POP-k, CSPF) and write CSV, Markdown and plots.")
public final class Report implements Callable<Integer> {
    @Option(names = "--out", required = true, description = "Output directory.")
    Path out;

    @Option(names = "--quick", description = "The subset that runs within 5 minutes (Cogentco and GtsCe, gravity and poisson-high-intra, total flow).")
    boolean quick;

    @Option(names = "--solver", defaultValue = "highs-warm", description = "LP backend (default: ${DEFAULT-VALUE}).")
    String solver;

    @Option(names = "--partitioner", defaultValue = "balanced", description = "POP partitioner: random|balanced|skewed (default: ${DEFAULT-VALUE}).")
    String partitioner;

    @Option(names = "--time-limit", defaultValue = "900", description = "Time limit of each solve in seconds, over every LP it takes (POP: the whole solve, each sub-problem getting what is left of it) (default: ${DEFAULT-VALUE}).")
    double timeLimit;

    /** One report row: an instance and what a method did on it. */
    record Row(Instance instance, Outcome outcome, double fullLpValue, double fullLpWall) {
        /** @return the outcome's share of the full LP's optimum ({@link ComparisonTable#share}); NaN without one */
        double share() {
            return ComparisonTable.share(outcome, fullLpValue, instance.objective());
        }

        /** @return the full LP's wall time over this one's; NaN without an optimal full LP to compare with */
        double speedup() {
            return Double.isNaN(fullLpValue) ? Double.NaN : fullLpWall / outcome.wallSeconds();
        }

    }

    /** A topology, traffic spec and objective. */
    record Instance(String topology, String traffic, Objective objective) {
        String label() {
            return "%s %s %s".formatted(topology, traffic, objective.cliName());
        }

        /** Client splitting as the reference: 0.75 for poisson-high-intra, else 0. */
        double clientSplit() {
            return traffic.startsWith("poisson-high-intra") ? 0.75 : 0;
        }
    }

    static List<Instance> instances(boolean quick) {
        List<Instance> list = new ArrayList<>();
        List<String> topologies = quick ? List.of("GtsCe", "Cogentco")
                : List.of("GtsCe", "UsCarrier", "Colt", "TataNld", "Deltacom", "DialtelecomCz", "Cogentco", "Kdl");
        List<String> models = quick ? List.of("gravity", "poisson-high-intra") : List.of("gravity", "uniform", "bimodal", "poisson-high-intra");
        List<Objective> objectives = quick ? List.of(Objective.TOTAL_FLOW) : List.of(Objective.TOTAL_FLOW, Objective.CONCURRENT_FLOW);
        for (String t : topologies) {
            for (String m : models) {
                for (Objective o : objectives) {
                    list.add(new Instance(t, m + ":1,16", o));
                }
            }
        }
        return list;
    }

    @Override
    public Integer call() {
        // Every flag is checked before the directory is made and the first instance is loaded.
        var backend = Solvers.byName(solver);
        Partitioner part = Partitioner.byName(partitioner);
        TeCli.timeLimit("--time-limit", timeLimit);
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the --out directory " + out, e);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        ComparisonRunner runner = new ComparisonRunner(backend, cores, timeLimit, part, 1);
        List<Row> rows = new ArrayList<>();
        List<Instance> instances = instances(quick);
        long start = System.nanoTime();
        for (int i = 0; i < instances.size(); i++) {
            Instance inst = instances.get(i);
            System.err.printf("[%d/%d %.0fs] %s%n", i + 1, instances.size(), (System.nanoTime() - start) / 1e9, inst.label());
            TeProblem problem = Instances.problem(inst.topology(), inst.traffic());
            List<Method> methods = new ArrayList<>(List.of(Method.fullLp()));
            for (int k : new int[] {4, 16, 64}) {
                methods.add(Method.pop(k, inst.clientSplit()));
            }
            if (inst.clientSplit() > 0) {
                // The same POP-16 without client splitting, to show what splitting buys.
                methods.add(Method.pop(16, 0));
            }
            methods.add(Method.cspf());
            List<Outcome> outcomes = runner.run(problem, inst.objective(), methods, label -> System.err.println("  " + label));
            Outcome full = outcomes.get(0);
            // Shares are of the optimum only: a full LP cut short by its time limit gives none.
            double reference = full.optimal() ? full.value() : Double.NaN;
            outcomes.forEach(o -> rows.add(new Row(inst, o, reference, full.wallSeconds())));
            ComparisonPlot.writePng(outcomes, inst.objective(), inst.label(), out.resolve(inst.label().replaceAll("[^A-Za-z0-9.-]+", "_") + ".png"));
        }
        writeCsv(rows);
        writeSubProblemCsv(rows);
        writeMarkdown(rows, (System.nanoTime() - start) / 1e9);
        ReportPlots.write(rows, out);
        System.err.printf("report written to %s in %.0f s%n", out, (System.nanoTime() - start) / 1e9);
        return 0;
    }

    private void writeCsv(List<Row> rows) {
        try {
            te.topology.io.AtomicFile.write(out.resolve("report.csv"), w -> csv(rows, w));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes report.csv's header and one line per row, numbers with a point whatever the locale. */
    static void csv(List<Row> rows, PrintWriter w) {
        w.println("topology,traffic,objective,method,status,value,share_of_full_lp,mean_hops,build_s_sum,solve_s_sum,split_s,merge_s,wall_s,speedup");
        for (Row r : rows) {
            Outcome o = r.outcome();
            w.printf(Locale.ROOT, "%s,%s,%s,%s,%s,%s,%s,%s,%.3f,%.3f,%s,%s,%.3f,%s%n", r.instance().topology(), csv(r.instance().traffic()),
                    r.instance().objective().cliName(), o.method().label(), o.status(), ComparisonTable.value(o.value(), 6),
                    ComparisonTable.blankIfNaN(r.share(), "%.6f"),
                    ComparisonTable.hops(o.meanHops()), o.buildSeconds(), o.solveSeconds(), ComparisonTable.seconds(o.splitSeconds()),
                    ComparisonTable.seconds(o.mergeSeconds()), o.wallSeconds(), ComparisonTable.blankIfNaN(r.speedup(), "%.2f"));
        }
    }

    /** @return the field as a CSV cell: quoted when it holds a comma or quote ("gravity:1,16") */
    static String csv(String field) {
        return field.contains(",") || field.contains("\"") ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
    }

    /** One line per POP sub-problem of every instance: where POP's summed times went. */
    private void writeSubProblemCsv(List<Row> rows) {
        try {
            te.topology.io.AtomicFile.write(out.resolve("sub-problems.csv"), w -> {
                w.println("topology,traffic,objective,method,sub_problem,commodities,status,value,build_s,solve_s,columns,rows");
                for (Row r : rows) {
                    for (SubProblemTime s : r.outcome().subProblems()) {
                        w.printf(Locale.ROOT, "%s,%s,%s,%s,%s%n", r.instance().topology(), csv(r.instance().traffic()), r.instance().objective().cliName(),
                                r.outcome().method().label(), s.csvCells());
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeMarkdown(List<Row> rows, double seconds) {
        try {
            te.topology.io.AtomicFile.write(out.resolve("report.md"), w -> {
                w.printf(Locale.ROOT, "# Performance report%n%nSolver %s, partitioner %s, %d cores, %s set, %.0f s in all. Shares are of the full LP's "
                        + "objective; times are wall-clock with model building included.%n%n", solver, partitioner,
                        Runtime.getRuntime().availableProcessors(), quick ? "quick" : "full", seconds);
                ReportSummary.write(rows, w);
                w.println();
                w.println("## Every run");
                w.println();
                w.println("| instance | method | status | objective | share | mean hops | wall s | speed-up |");
                w.println("|---|---|---|---|---|---|---|---|");
                for (Row r : rows) {
                    Outcome o = r.outcome();
                    w.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %.2f | %s |%n", r.instance().label(), o.method().label(), o.status(),
                            ComparisonTable.value(o.value(), 4), ComparisonTable.blankIfNaN(100 * r.share(), "%.3f %%"), ComparisonTable.hops(o.meanHops()), o.wallSeconds(),
                            ComparisonTable.blankIfNaN(r.speedup(), "%.1fx"));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the report; exit status 0 on success. */
    public static void main(String[] args) {
        System.exit(TeCli.configured(new CommandLine(new Report())).execute(args));
    }
}
