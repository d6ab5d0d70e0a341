package te.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import te.controller.compare.Method;
import te.controller.compare.Outcome;
import te.lp.Objective;

/** The report's headline: POP-16's share and speed-up per instance, and the medians against their targets. */
final class ReportSummary {
    /** Median POP-16 share of the full LP the issue asks for, except poisson-high-intra. */
    static final double TARGET = 0.995;
    /** The same for poisson-high-intra with client splitting. */
    static final double POISSON_TARGET = 0.97;

    private ReportSummary() {
    }

    /** @return the POP-16 row of an instance (with its client splitting), if it ran */
    static Optional<Report.Row> pop16(List<Report.Row> rows, Report.Instance instance) {
        return rows.stream().filter(r -> r.instance().equals(instance))
                .filter(r -> r.outcome().method().equals(Method.pop(16, instance.clientSplit()))).findFirst();
    }

    static double share(Report.Row r) {
        return r.share();
    }

    static void write(List<Report.Row> rows, PrintWriter w) {
        List<Report.Instance> instances = rows.stream().map(Report.Row::instance).distinct().toList();
        w.println("## POP-16 per instance");
        w.println();
        w.println("| topology | traffic | objective | full LP s | POP-16 s | POP-16 share | speed-up |");
        w.println("|---|---|---|---|---|---|---|");
        Map<Objective, List<Double>> shares = new EnumMap<>(Objective.class);
        Map<Objective, List<Double>> poisson = new EnumMap<>(Objective.class);
        int unreferenced = 0;
        for (Report.Instance inst : instances) {
            Optional<Report.Row> row = pop16(rows, inst);
            if (row.isEmpty()) {
                continue;
            }
            Outcome o = row.get().outcome();
            double share = share(row.get());
            w.printf(java.util.Locale.ROOT, "| %s | %s | %s | %.2f | %.2f | %s | %s |%n", inst.topology(), inst.traffic(), inst.objective().cliName(),
                    row.get().fullLpWall(), o.wallSeconds(), te.controller.compare.ComparisonTable.blankIfNaN(100 * share, "%.3f %%"),
                    te.controller.compare.ComparisonTable.blankIfNaN(row.get().speedup(), "%.1fx"));
            if (Double.isNaN(row.get().fullLpValue())) {
                unreferenced++; // no optimum to take a share of: left out of the medians, not counted as 0
                continue;
            }
            // A POP-16 that failed (no value) against an optimal full LP counts as 0 %.
            (inst.clientSplit() > 0 ? poisson : shares).computeIfAbsent(inst.objective(), x -> new ArrayList<>())
                    .add(Double.isNaN(share) ? 0 : share);
        }
        w.println();
        w.println("| objective | median POP-16 share, gravity/uniform/bimodal | target ≥ 99.5 % | median, poisson-high-intra with t = 0.75 | target ≥ 97 % |");
        w.println("|---|---|---|---|---|");
        // Every objective with a median of either kind (poisson-high-intra may be the only one referenced).
        java.util.Set<Objective> objectives = java.util.EnumSet.noneOf(Objective.class);
        objectives.addAll(shares.keySet());
        objectives.addAll(poisson.keySet());
        for (Objective objective : objectives) {
            List<Double> plainShares = shares.getOrDefault(objective, List.of());
            List<Double> splitShares = poisson.getOrDefault(objective, List.of());
            double plain = te.controller.compare.ComparisonTable.median(plainShares);
            double split = te.controller.compare.ComparisonTable.median(splitShares);
            w.printf(java.util.Locale.ROOT, "| %s | %s over %d | %s | %s over %d | %s |%n", objective.cliName(), percent(plain), plainShares.size(),
                    verdict(plain, TARGET), percent(split), splitShares.size(), verdict(split, POISSON_TARGET));
        }
        if (unreferenced > 0) {
            w.printf(java.util.Locale.ROOT, "%n%d instance%s left out of the medians: the full LP did not reach its optimum (time limit), so there is no share.%n",
                    unreferenced, unreferenced == 1 ? "" : "s");
        }
    }

    private static String verdict(double median, double target) {
        return Double.isNaN(median) ? "not run" : median >= target ? "met" : "NOT met";
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(java.util.Locale.ROOT, "%.3f %%", 100 * share);
    }
}
