package te.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.DesiredStates;
import te.lp.Allocation;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.Ownership;
import te.southbound.PushPlanner;
import te.southbound.openflow.OfMessage;

/**
 * The pushes of a link failure, as the pusher plans them before sending anything (compile and
 * per-switch diff, each patched onto the push before): the optimum pruned of its busiest link,
 * then the re-solve without that link. The three allocations are solved once in the trial set-up; each invocation's planner is primed
 * in an untimed set-up.
 */
public class PushUpdateBenchmark extends InstanceBenchmark {
    private static final int WEIGHT_TOTAL = 100;

    /** true: the three states come from one adapter, sharing hop lists (as in the daemon); false: each from a fresh one. */
    @Param({"true", "false"})
    boolean sharedHops;

    DesiredState optimum;
    DesiredState pruned;
    DesiredState resolved;
    PushPlanner afterOptimum;
    PushPlanner afterPruned;

    @Override
    protected void prepare() {
        TeOptimizer optimizer = new TeOptimizer(backend, new SolverOptions(600, 2, false));
        Allocation best = optimizer.solve(problem, objective).allocation().orElseThrow();
        double[] load = best.arcLoadMbps();
        int ab = 0;
        for (int a = 1; a < load.length; a++) {
            ab = load[a] > load[ab] ? a : ab;
        }
        int ba = problem.topology().arcIndex(problem.topology().arcDst(ab), problem.topology().arcSrc(ab));
        double[] capacity = problem.capacityMbps().clone();
        capacity[ab] = 0;
        capacity[ba] = 0;
        TeProblem failed = new TeProblem(problem.topology(), problem.paths(), problem.commodities(), capacity);
        ConventionalWiring wiring = new ConventionalWiring(problem.topology());
        DesiredStates shared = new DesiredStates(wiring);
        java.util.function.Function<Allocation, DesiredState> adapt = sharedHops ? shared::stateOf : a -> DesiredStates.of(a, wiring);
        optimum = adapt.apply(best);
        pruned = adapt.apply(withoutFlowOver(best, ab, ba));
        resolved = adapt.apply(optimizer.solve(failed, objective).allocation().orElseThrow());
    }

    /** @return {@code a} with no flow on paths over either arc: what the daemon's pruning serves */
    private static Allocation withoutFlowOver(Allocation a, int ab, int ba) {
        TeProblem p = a.problem();
        double[] flow = a.pathFlowsMbps().clone();
        for (int k = 0; k < p.commodities().size(); k++) {
            int pair = p.commodities().pairIndex(k);
            for (int j = p.paths().firstPath(pair); j < p.paths().firstPath(pair + 1); j++) {
                if (Arrays.stream(p.paths().pathArcs(j)).anyMatch(x -> x == ab || x == ba)) {
                    flow[a.firstColumn(k) + j - p.paths().firstPath(pair)] = 0;
                }
            }
        }
        return new Allocation(p, flow);
    }

    @Setup(Level.Invocation)
    public void prime() {
        afterOptimum = new PushPlanner(Ownership.DEFAULT, WEIGHT_TOTAL);
        afterOptimum.push(optimum);
        afterPruned = new PushPlanner(Ownership.DEFAULT, WEIGHT_TOTAL);
        afterPruned.push(optimum);
        afterPruned.push(pruned);
    }

    @Benchmark
    public Map<Dpid, List<OfMessage>> prunedPush() {
        return afterOptimum.push(pruned);
    }

    @Benchmark
    public Map<Dpid, List<OfMessage>> resolvedPush() {
        return afterPruned.push(resolved);
    }
}
