package te.controller.compare;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints outcomes as an aligned table or CSV, with shares of and speed-ups over the full LP. Numbers
 * take a point whatever the machine's locale: a German one's comma split every CSV cell in two, and
 * the flags that read such numbers back take a point only.
 */
public final class ComparisonTable {
    private ComparisonTable() {
    }

    /**
     * @return the full LP's outcome, when it ran and was solved to optimality (an allocation cut
     *         short by the time limit is no reference for shares)
     */
    public static Optional<Outcome> reference(List<Outcome> outcomes) {
        return outcomes.stream().filter(o -> o.method().kind() == Method.Kind.FULL_LP && o.optimal()).findFirst();
    }

    /**
     * @return how good {@code value} is against the full LP's {@code fullValue}, as a fraction that
     *         is 1 at the optimum and below it when worse: value / optimum when maximising, optimum /
     *         value for min-MLU (a higher utilisation is worse)
     */
    public static double share(double value, double fullValue, te.lp.Objective objective) {
        return objective == te.lp.Objective.MIN_MLU ? fullValue / value : value / fullValue;
    }

    /**
     * @return {@link #share} of {@code o}'s value against {@code fullValue}; NaN when {@code o} is
     *         not comparable ({@link Outcome#comparable}) or there is no reference value
     */
    public static double share(Outcome o, double fullValue, te.lp.Objective objective) {
        return o.comparable() ? share(o.value(), fullValue, objective) : Double.NaN;
    }

    /** Writes a header line and one line per outcome; shares as {@link #share}. */
    public static void print(List<Outcome> outcomes, te.lp.Objective objective, boolean csv, PrintWriter out) {
        Optional<Outcome> full = reference(outcomes);
        if (csv) {
            out.println("method,status,objective,share_of_full_lp,mean_hops,build_s_sum,solve_s_sum,split_s,merge_s,wall_s,speedup");
        } else {
            out.printf(Locale.ROOT, "%-14s %-10s %16s %10s %6s %12s %12s %8s %8s %10s %9s%n", "method", "status", "objective", "share", "hops",
                    "build s (Σ)", "solve s (Σ)", "split s", "merge s", "wall s", "speed-up");
        }
        for (Outcome o : outcomes) {
            double fraction = full.map(f -> share(o, f.value(), objective)).orElse(Double.NaN);
            // The CSV holds the fraction, as the report's does; the table a percentage.
            String share = csv ? blankIfNaN(fraction, "%.6f") : blankIfNaN(100 * fraction, "%.4f");
            String speedup = full.map(f -> String.format(Locale.ROOT, "%.1f", f.wallSeconds() / o.wallSeconds())).orElse("");
            String split = seconds(o.splitSeconds());
            String merge = seconds(o.mergeSeconds());
            if (csv) {
                out.printf(Locale.ROOT, "%s,%s,%s,%s,%s,%.3f,%.3f,%s,%s,%.3f,%s%n", o.method().label(), o.status(), value(o.value(), 6), share,
                        hops(o.meanHops()), o.buildSeconds(), o.solveSeconds(), split, merge, o.wallSeconds(), speedup);
            } else {
                out.printf(Locale.ROOT, "%-14s %-10s %16s %10s %6s %12.3f %12.3f %8s %8s %10.3f %9s%n", o.method().label(), o.status(), value(o.value(), 6),
                        share.isEmpty() ? "" : share + "%", hops(o.meanHops()), o.buildSeconds(), o.solveSeconds(), split, merge,
                        o.wallSeconds(), speedup.isEmpty() ? "" : speedup + "x");
            }
        }
        out.flush();
    }

    /**
     * One line per method that has something to say about how it ended (a failure's reason, what a
     * time limit left), so a row reading ERROR or NaN comes with its cause.
     */
    public static void printMessages(List<Outcome> outcomes, PrintWriter out) {
        for (Outcome o : outcomes) {
            if (!o.message().isEmpty()) {
                out.printf("%s: %s: %s%n", o.method().label(), o.status(), o.message());
            }
        }
        out.flush();
    }

    /**
     * One line per POP method: its sub-problems' build + solve seconds (least, median, most, and
     * which one took the most), and how many did not end optimal.
     */
    public static void printSubProblemSummary(List<Outcome> outcomes, PrintWriter out) {
        for (Outcome o : outcomes) {
            List<SubProblemTime> subs = o.subProblems();
            if (subs.isEmpty()) {
                continue;
            }
            List<SubProblemTime> sorted = subs.stream().sorted(java.util.Comparator.comparingDouble(SubProblemTime::seconds)).toList();
            SubProblemTime slowest = sorted.get(sorted.size() - 1);
            long notOptimal = subs.stream().filter(s -> !s.status().equals("OPTIMAL")).count();
            out.printf(Locale.ROOT, "%s sub-problems, build + solve s: least %.3f, median %.3f, most %.3f (sub-problem %d)%s%n", o.method().label(),
                    sorted.get(0).seconds(), median(sorted.stream().map(SubProblemTime::seconds).toList()), slowest.seconds(), slowest.number(),
                    notOptimal == 0 ? "" : "; %d not optimal".formatted(notOptimal));
        }
        out.flush();
    }

    /** @return the middle value, or the mean of the two middle ones for an even count; NaN when empty */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Writes one CSV line per POP sub-problem of every outcome. */
    public static void printSubProblemCsv(List<Outcome> outcomes, PrintWriter out) {
        out.println("method,sub_problem,commodities,status,objective,build_s,solve_s,columns,rows");
        for (Outcome o : outcomes) {
            for (SubProblemTime s : o.subProblems()) {
                out.println(o.method().label() + "," + s.csvCells());
            }
        }
        out.flush();
    }

    /** @return mean hops to two decimals, or blank without an allocation (NaN) */
    public static String hops(double h) {
        return blankIfNaN(h, "%.2f");
    }

    /** @return seconds to the millisecond, or blank for a phase the method does not have (NaN) */
    public static String seconds(double s) {
        return blankIfNaN(s, "%.3f");
    }

    /**
     * @return an objective value, share or utilisation with {@code digits} decimals, or where that
     *         would keep fewer than {@code digits} significant ones (below 0.1 in magnitude: a
     *         min-MLU of a lightly loaded network, 10⁻⁶, read "0.000001" or "0.000000") with
     *         {@code digits} significant digits ({@code %g}: scientific below 10⁻⁴); a zero is
     *         unsigned ("-0.000000" read as a negative objective)
     */
    public static String value(double value, int digits) {
        boolean plain = value == 0 || !Double.isFinite(value) || Math.abs(value) >= 0.1;
        return String.format(Locale.ROOT, "%." + digits + (plain ? "f" : "g"), value + 0.0);
    }

    /** @return {@code value} in {@code format}, or empty when it is NaN (nothing to show or compare with) */
    public static String blankIfNaN(double value, String format) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
    }
}
