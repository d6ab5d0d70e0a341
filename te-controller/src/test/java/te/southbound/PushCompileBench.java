package te.southbound;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import te.controller.southbound.ConventionalWiring;
import te.controller.southbound.DesiredStates;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/**
 * What the pusher spends before it sends anything, for the pushes of a link failure: compiling
 * the state and diffing it per switch, for the optimum, then the optimum pruned of the busiest
 * link, then the re-solve without it, each patched onto the one before (as the pusher does), and
 * the re-solve once more from scratch for comparison. Run by hand: args NAME [TRAFFIC] [REPS].
 */
public final class PushCompileBench {
    private PushCompileBench() {
    }

    public static void main(String[] args) {
        Topology t = TopologyCatalog.discover().load(args.length > 0 ? args[0] : "Cogentco");
        String traffic = args.length > 1 ? args[1] : "gravity:1,16";
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TeProblem p = TeProblem.of(t, paths, Commodities.of(TrafficSpec.parse(traffic).generate(t), paths));
        TeOptimizer optimizer = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(600, 2, false));
        Allocation optimum = optimizer.solve(p, Objective.TOTAL_FLOW).allocation().orElseThrow();
        double[] load = optimum.arcLoadMbps();
        int ab = 0;
        for (int a = 1; a < load.length; a++) {
            ab = load[a] > load[ab] ? a : ab;
        }
        int ba = t.arcIndex(t.arcDst(ab), t.arcSrc(ab));
        double[] capacity = p.capacityMbps().clone();
        capacity[ab] = 0;
        capacity[ba] = 0;
        Allocation resolved = optimizer.solve(new TeProblem(t, paths, p.commodities(), capacity), Objective.TOTAL_FLOW)
                .allocation().orElseThrow();
        ConventionalWiring wiring = new ConventionalWiring(t);
        DesiredState before = DesiredStates.of(optimum, wiring);
        DesiredState pruned = DesiredStates.of(withoutArcs(optimum, ab, ba), wiring);
        DesiredState after = DesiredStates.of(resolved, wiring);
        Set<Dpid> switches = before.switches();
        System.out.printf("%s %s: %d commodities, %d switches (seconds: compile + diff, messages)%n", t.name(), traffic,
                before.commodities().size(), switches.size());
        List<String> rows = new ArrayList<>();
        for (int rep = 0; rep < reps; rep++) {
            StateCompiler compiler = new StateCompiler(Ownership.DEFAULT, 100);
            CompiledState first = compiler.compile(before, switches, IdBook.EMPTY);
            String a = step(compiler, first, pruned, switches);
            CompiledState second = compiler.compile(pruned, switches, book(first)); // again, to chain on
            String b = step(compiler, second, after, switches);
            String c = step(new StateCompiler(Ownership.DEFAULT, 100), second, after, switches);
            rows.add("pruned " + a + " | re-solved " + b + " | re-solved from scratch " + c);
        }
        rows.forEach(System.out::println);
    }

    /** Compiles {@code next} over switches holding {@code held}, and diffs; returns times and size. */
    private static String step(StateCompiler compiler, CompiledState held, DesiredState next, Set<Dpid> switches) {
        IdBook ids = book(held);
        long t0 = System.nanoTime();
        CompiledState c = compiler.compile(next, switches, ids);
        long t1 = System.nanoTime();
        int messages = 0;
        for (Dpid d : switches) {
            messages += TableDiff.plan(held.tables().get(d), c.tables().get(d), true, c.deltas().get(d)).values().stream()
                    .mapToInt(List::size).sum();
        }
        long t2 = System.nanoTime();
        return "%.2f + %.2f s, %d".formatted((t1 - t0) / 1e9, (t2 - t1) / 1e9, messages);
    }

    /** The ids a clean push of {@code c} leaves, as the pusher's memory gives them. */
    private static IdBook book(CompiledState c) {
        Set<Integer> labels = new HashSet<>();
        Set<Integer> groups = new HashSet<>();
        for (SwitchTables t : c.tables().values()) {
            groups.addAll(t.groups().keySet());
            t.flows().values().forEach(f -> f.match().mplsLabel().ifPresent(labels::add));
        }
        return new IdBook(c.labels(), c.groupIds(), labels, groups, c.tables(), c.buckets());
    }

    /** @return {@code a} with no flow on paths over either arc (what pruning a failed link gives) */
    private static Allocation withoutArcs(Allocation a, int ab, int ba) {
        TeProblem p = a.problem();
        double[] flow = a.pathFlowsMbps().clone();
        for (int k = 0; k < p.commodities().size(); k++) {
            int pair = p.commodities().pairIndex(k);
            for (int j = p.paths().firstPath(pair); j < p.paths().firstPath(pair + 1); j++) {
                int[] arcs = p.paths().pathArcs(j);
                if (Arrays.stream(arcs).anyMatch(x -> x == ab || x == ba)) {
                    flow[a.firstColumn(k) + j - p.paths().firstPath(pair)] = 0;
                }
            }
        }
        return new Allocation(p, flow);
    }
}
