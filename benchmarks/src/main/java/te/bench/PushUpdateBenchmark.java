package te.bench;

import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.BenchmarkParams;
import te.controller.daemon.LinkState;
import te.controller.daemon.NetworkSnapshot;
import te.controller.daemon.SurvivingPaths;
import te.controller.daemon.solve.AllocationPruner;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.DesiredStates;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.Ownership;
import te.southbound.PushPlanner;
import te.southbound.openflow.OfMessage;
import te.topology.Topology;
import te.topology.traffic.TrafficSpec;

/**
 * The pushes of a link failure, as the pusher plans them before sending anything (compile and
 * per-switch diff, each patched onto the push before): the optimum pruned of its busiest link,
 * then the re-solve without that link, as the daemon makes them ({@code AllocationPruner}, then a solve
 * on the surviving paths); and the first push of a controller that finds the optimum on the
 * switches. The three allocations are solved once in the trial set-up; each invocation's planner
 * is primed in an untimed set-up.
 */
public class PushUpdateBenchmark extends SolvingBenchmark {
    private static final int WEIGHT_TOTAL = 100;

    /** true: the three states come from one adapter, sharing hop lists (as in the daemon); false: each from a fresh one. */
    @Param({"true", "false"})
    boolean sharedHops;

    DesiredState optimum;
    DesiredState pruned;
    DesiredState resolved;
    PushPlanner afterOptimum;
    PushPlanner afterPruned;
    PushPlanner restarted;

    @Override
    protected void prepare() {
        TeOptimizer optimizer = new TeOptimizer(backend, new SolverOptions(600, 2, false));
        Allocation best = optimizer.solve(problem, goal).allocation().orElseThrow();
        double[] load = best.arcLoadMbps();
        int ab = 0;
        for (int a = 1; a < load.length; a++) {
            ab = load[a] > load[ab] ? a : ab;
        }
        Topology t = problem.topology();
        NetworkSnapshot failed = SurvivingPaths.of(t, problem.paths(),
                LinkState.allUp().with(ab, true).with(t.arcIndex(t.arcDst(ab), t.arcSrc(ab)), true), 2);
        TeProblem afterFailure = new TeProblem(t, failed.paths(),
                Commodities.of(TrafficSpec.parse(trafficSpec()).generate(t), failed.paths()), failed.capacityMbps());
        ConventionalWiring wiring = new ConventionalWiring(t);
        DesiredStates shared = new DesiredStates(wiring);
        java.util.function.Function<Allocation, DesiredState> adapt = sharedHops ? shared::stateOf : a -> DesiredStates.of(a, wiring);
        // What the daemon serves: the optimum, the optimum pruned of the link, the re-solve without it.
        optimum = adapt.apply(best);
        pruned = adapt.apply(AllocationPruner.prune(best, goal, t, failed).orElseThrow());
        resolved = adapt.apply(optimizer.solve(afterFailure, goal).allocation().orElseThrow());
    }

    /** Primes only the planner the running benchmark uses: each takes seconds on Cogentco. */
    @Setup(Level.Invocation)
    public void prime(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        if (benchmark.endsWith(".prunedPush")) {
            afterOptimum = new PushPlanner(Ownership.DEFAULT, WEIGHT_TOTAL);
            afterOptimum.push(optimum);
        } else if (benchmark.endsWith(".resolvedPush")) {
            afterPruned = new PushPlanner(Ownership.DEFAULT, WEIGHT_TOTAL);
            afterPruned.push(optimum);
            afterPruned.push(pruned);
        } else {
            restarted = new PushPlanner(Ownership.DEFAULT, WEIGHT_TOTAL);
            restarted.push(optimum);
            restarted.forgetIds();
        }
    }

    @Benchmark
    public Map<Dpid, List<OfMessage>> prunedPush() {
        return afterOptimum.push(pruned);
    }

    @Benchmark
    public Map<Dpid, List<OfMessage>> resolvedPush() {
        return afterPruned.push(resolved);
    }

    /**
     * A controller with no memory (restarted, or a standby just made master) pushing the state
     * the switches already hold: every id adopted from the tables, nothing to send.
     */
    @Benchmark
    public Map<Dpid, List<OfMessage>> adoptingPush() {
        return restarted.push(optimum);
    }
}
