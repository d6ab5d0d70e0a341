package te.controller.daemon.solve;

import java.util.Optional;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.TeProblem;

/**
 * Hysteresis between re-solves: the splits being served, fitted to new demands, instead of a
 * re-solve's allocation that is hardly better. The total-flow LP has many optima, and a re-solve
 * after a 1 % change of every demand moved the rounded switch weights of 8,841 of Cogentco's
 * 38,609 commodities for 0.25 % more flow; each such move re-hashes flows onto other paths.
 */
public final class KeptSplits {
    private KeptSplits() {
    }

    /**
     * Fits the served allocation to a new problem without moving any commodity's split: each
     * commodity keeps its flows on the paths it had (same arcs) and scales them, so its weights
     * stay. For total and concurrent flow a commodity whose demand fell is scaled down to it and
     * one whose demand rose keeps its flow (loads never rise, so it stays feasible if the
     * capacities did not fall); for min-MLU every commodity is scaled to its whole demand.
     *
     * @return the fitted allocation, or empty for min-MLU when some commodity has no flow to
     *         scale (new, or its paths are gone), since min-MLU must route every demand
     */
    public static Optional<Allocation> fit(Allocation served, TeProblem problem, Objective objective) {
        if (objective.sharesDemandFairly()) {
            throw new IllegalArgumentException("kept splits are not defined for the %s objective".formatted(objective.cliName()));
        }
        double[] flow = CarriedFlows.onto(served, problem);
        Commodities c = problem.commodities();
        int offset = 0;
        for (int k = 0; k < c.size(); k++) {
            int n = problem.paths().pathCount(c.pairIndex(k));
            double carried = 0;
            for (int j = offset; j < offset + n; j++) {
                carried += flow[j];
            }
            double demand = c.demandMbps(k);
            double scale;
            if (objective == Objective.MIN_MLU) {
                if (!(carried > 0)) {
                    return Optional.empty();
                }
                scale = demand / carried;
            } else {
                scale = carried > demand ? demand / carried : 1;
            }
            if (scale != 1) {
                for (int j = offset; j < offset + n; j++) {
                    flow[j] *= scale;
                }
            }
            offset += n;
        }
        return Optional.of(new Allocation(problem, flow));
    }

    /**
     * @param kept  the objective of the fitted splits
     * @param fresh the re-solve's objective
     * @return the re-solve's relative improvement over the kept splits (0.01 = 1 %): for maximised
     *         objectives (fresh − kept) / fresh, for min-MLU (kept − fresh) / fresh
     */
    public static double gain(Objective objective, double kept, double fresh) {
        if (objective == Objective.MIN_MLU) {
            return fresh > 0 ? (kept - fresh) / fresh : kept > 0 ? Double.POSITIVE_INFINITY : 0;
        }
        return fresh > 0 ? (fresh - kept) / fresh : 0;
    }

    /**
     * @param minGain the least relative improvement worth moving splits for, in [0, 1)
     * @return whether the re-solve improves on the kept splits by at most {@code minGain} ({@link #gain})
     */
    public static boolean withinMinGain(Objective objective, double kept, double fresh, double minGain) {
        return gain(objective, kept, fresh) <= minGain;
    }

    /**
     * @param fit   the served splits fitted to the pass's problem ({@link #fit})
     * @param kept  {@code fit}'s objective (its {@link Allocation#objectiveValue})
     * @param fresh the re-solve's objective
     * @return whether to serve {@code fit}: the re-solve gains at most {@code minGain} and the fit
     *         passes the checker; for min-MLU the fit may load a link beyond its capacity only when
     *         the re-solve does too (then up to its own utilisation, which the gain test bounds)
     */
    public static boolean keeps(Objective objective, Allocation fit, double kept, double fresh, double minGain) {
        if (!withinMinGain(objective, kept, fresh, minGain)) {
            return false;
        }
        double allowed = objective == Objective.MIN_MLU && fresh > 1 ? kept : fresh;
        return te.controller.daemon.AllocationBook.violations(fit, objective, allowed).isEmpty();
    }
}
