package te.controller.daemon.solve;

import te.lp.Allocation;
import te.lp.Objective;
import te.lp.TeProblem;
import te.topology.paths.PathSet;

/**
 * A re-solve's allocation with the served splits put back wherever capacity allows, at no cost
 * to the objective. The LP's optimum is rarely unique (total flow has many optimal vertices), and
 * the solver's vertex moves with small input changes: a re-solve after one demand doubled on Kdl
 * re-weighted 156,772 of 567,746 commodities. The switches see only each commodity's split
 * (weights), and every objective here depends only on each commodity's total flow (total and
 * concurrent flow, max-min fairness) or on link loads (min-MLU). So each commodity keeps the
 * re-solve's total flow, spread as the served allocation spread it, whenever the loads that
 * follow stay within capacity (for min-MLU: within the re-solve's utilisation): the objective is
 * unchanged and feasibility kept, and only the commodities that must move do.
 *
 * <p>Greedy, commodity by commodity, over a few passes (one put back can free capacity for
 * another); linear in the path arcs per pass.
 */
final class RestoredSplits {
    /** Passes over the commodities; later passes put back few (Kdl: see docs/daemon.md). */
    private static final int PASSES = 3;
    /** Weights closer than this (relative to the commodity's flow) are the same split already. */
    private static final double SAME = 1e-9;

    private RestoredSplits() {
    }

    /**
     * @param allocation the re-solve's allocation with served splits put back
     * @param differed   commodities whose re-solve split differed from their served one (both with flow)
     * @param restored   of those, how many got their served split back
     * @param putBack    per commodity of the re-solve, whether it ends with its served split (put back, or the
     *                   re-solve's was the same already)
     */
    record Result(Allocation allocation, int differed, int restored, boolean[] putBack) {
    }

    /**
     * @param served the allocation being served (any problem: commodities are matched by their
     *               ends, paths by their arcs, as {@link CarriedFlows} does)
     * @param fresh  the re-solve's checked allocation
     */
    static Result restore(Allocation served, Allocation fresh, Objective objective) {
        TeProblem problem = fresh.problem();
        PathSet paths = problem.paths();
        int commodities = problem.commodities().size();
        // Not complete: part of its served flow was on paths that are gone, so that split cannot come back as it was.
        boolean[] complete = new boolean[commodities];
        double[] old = CarriedFlows.onto(served, problem, complete);
        double[] x = fresh.pathFlowsMbps().clone();
        double[] load = fresh.arcLoadMbps();
        double[] capacity = problem.capacityMbps();
        double utilisation = objective == Objective.MIN_MLU ? fresh.maxUtilisation() : 1;
        double[] limit = new double[load.length];
        for (int a = 0; a < limit.length; a++) {
            // Never below the re-solve's own load: an arc it left a hair over capacity (solver tolerance) may keep that.
            limit[a] = Math.max(load[a], capacity[a] * utilisation);
        }
        boolean[] back = new boolean[commodities];
        double[] net = new double[load.length];
        int[] touched = new int[load.length];
        // Which commodity last touched an arc: paths of one commodity may share arcs (Yen).
        int[] touchedBy = new int[load.length];
        java.util.Arrays.fill(touchedBy, -1);
        int differed = 0;
        int restored = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            int before = restored;
            for (int k = 0; k < commodities; k++) {
                if (back[k]) {
                    continue;
                }
                int first = fresh.firstColumn(k);
                int pair = problem.commodities().pairIndex(k);
                int count = paths.pathCount(pair);
                double oldFlow = 0;
                double flow = 0;
                for (int j = first; j < first + count; j++) {
                    oldFlow += old[j];
                    flow += x[j];
                }
                if (!complete[k] || !(flow > 0)) {
                    // No served split to put back whole (its switches keep the weights they last had, DesiredStates), or nothing to spread.
                    continue;
                }
                // The same flow as served: its path flows as they were, bit for bit (the API's changes compare bits).
                boolean exact = flow == oldFlow;
                boolean same = true;
                for (int j = first; j < first + count; j++) {
                    same &= exact ? x[j] == old[j] : Math.abs(flow * (old[j] / oldFlow) - x[j]) <= SAME * flow;
                }
                if (same) {
                    back[k] = true; // ends with its served split as it is
                    continue;
                }
                if (pass == 0) {
                    differed++;
                }
                int t = 0;
                for (int j = first; j < first + count; j++) {
                    double change = (exact ? old[j] : flow * (old[j] / oldFlow)) - x[j];
                    int p = paths.firstPath(pair) + j - first;
                    for (int h = 0; h < paths.pathLength(p); h++) {
                        int a = paths.arc(p, h);
                        if (touchedBy[a] != k) {
                            touchedBy[a] = k;
                            net[a] = 0;
                            touched[t++] = a;
                        }
                        net[a] += change;
                    }
                }
                boolean fits = true;
                for (int i = 0; i < t && fits; i++) {
                    int a = touched[i];
                    fits = net[a] <= 0 || load[a] + net[a] <= limit[a];
                }
                if (fits) {
                    for (int j = first; j < first + count; j++) {
                        x[j] = exact ? old[j] : flow * (old[j] / oldFlow);
                    }
                    for (int i = 0; i < t; i++) {
                        load[touched[i]] += net[touched[i]];
                    }
                    back[k] = true;
                    restored++;
                }
                for (int i = 0; i < t; i++) {
                    touchedBy[touched[i]] = -1;
                }
            }
            if (restored == before) {
                break;
            }
        }
        return new Result(new Allocation(problem, x), differed, restored, back);
    }
}
