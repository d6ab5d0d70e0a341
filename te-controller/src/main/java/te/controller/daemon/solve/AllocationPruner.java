package te.controller.daemon.solve;

import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import te.controller.daemon.AllocationBook;
import te.controller.daemon.AllocationInfo;
import te.controller.daemon.AllocationSnapshot;
import te.controller.daemon.NetworkSnapshot;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * Fits an allocation to the current network: flow stays on every path that still exists (same arc
 * sequence), and is dropped on paths that were removed because a link failed; commodities left
 * without any path are dropped; then, except for min-MLU, where an arc's capacity was lowered
 * below its load, every path across it is scaled down by that arc's capacity over its load (a path
 * by the least factor of its arcs). Loads only decrease, and each overloaded arc's at least by its
 * own factor, so the result fits the current capacities; it is what the daemon serves between a
 * link change and the re-solve. A min-MLU allocation routes every demand, loads above capacity
 * included (its utilisation is the objective): a lowered capacity raises its utilisation and is
 * not a reason to drop flow.
 */
public final class AllocationPruner {
    private static final Logger LOG = LoggerFactory.getLogger(AllocationPruner.class);

    private AllocationPruner() {
    }

    /**
     * After a link failure, serves the last good allocation without the flow on paths through
     * failed arcs at once, rather than for the whole re-solve (minutes on Kdl): switches stop
     * sending into the dead link now, and the re-solve then restores what can be restored. It is
     * handed out before it is persisted: it follows from the persisted allocation and link states,
     * which a restart prunes again.
     *
     * @param start when the solve pass started ({@link System#nanoTime()})
     */
    static void pruneIfLinksFailed(AllocationBook allocations, Publication publication, Topology topology, NetworkSnapshot n,
                                   long start) {
        Optional<AllocationSnapshot> last = allocations.current();
        if (last.isEmpty() || last.get().info().topologyVersion() == n.links().version()) {
            return;
        }
        prune(last.get().allocation(), last.get().info().objective(), topology, n).ifPresent(pruned -> {
            AllocationInfo info = prunedInfo(last.get().info(), pruned, n,
                    "fitted to the current links until the re-solve completes (flow over failed links removed, flow over lowered capacities scaled down)",
                    (System.nanoTime() - start) / 1e9);
            AllocationSnapshot s = publication.publishServingFirst(info, pruned);
            LOG.info("allocation version {}: version {} fitted to the current links ({} -> {} Mbps), re-solving", s.version(),
                    last.get().version(), "%.3f".formatted(last.get().allocation().totalFlowMbps()), "%.3f".formatted(pruned.totalFlowMbps()));
        });
    }

    /**
     * @param was     what the allocation that was pruned came with
     * @param message why it was pruned
     * @return what the pruned allocation comes with: the same origin, method marked {@code +pruned},
     *         the links it was pruned to; but the version {@code was} had while it still routes over an
     *         arc that is drained now: pruning keeps the flow on drained arcs (only a solve moves
     *         it), and an operator waits for an allocation of the drain's version before taking the
     *         link down
     */
    public static AllocationInfo prunedInfo(AllocationInfo was, Allocation pruned, NetworkSnapshot n, String message,
                                            double wallSeconds) {
        long version = carriesDrained(pruned, n) ? was.topologyVersion() : n.links().version();
        return new AllocationInfo(was.objective(), pruned.objectiveValue(was.objective()),
                was.method().replace("+pruned", "") + "+pruned", was.solverStatus(), message, was.demandVersion(),
                version, 0, wallSeconds, Instant.now());
    }

    /** @return whether {@code a} puts flow on an arc drained in {@code n} */
    static boolean carriesDrained(Allocation a, NetworkSnapshot n) {
        double[] load = a.arcLoadMbps();
        return n.links().drained().stream().anyMatch(arc -> load[arc] > 0);
    }

    /**
     * @param objective what {@code a} was solved for
     * @return an arc {@code a} cannot keep on {@code network}: a failed arc that carries flow, or
     *         (except for min-MLU) one loaded above its current capacity beyond the checker's
     *         tolerance; empty if none
     */
    static java.util.OptionalInt unfitArc(Allocation a, Objective objective, NetworkSnapshot network) {
        double[] load = a.arcLoadMbps();
        java.util.OptionalInt failed = network.links().downArcs().stream().mapToInt(Integer::intValue).filter(arc -> load[arc] > 0).findFirst();
        if (failed.isPresent() || objective == Objective.MIN_MLU) {
            return failed;
        }
        double[] capacity = network.servingCapacityMbps();
        for (int arc = 0; arc < load.length; arc++) {
            // The checker's own test: a looser one kept loads the check before serving then refused.
            if (te.lp.AllocationChecker.exceedsDefault(load[arc], capacity[arc])) {
                return java.util.OptionalInt.of(arc);
            }
        }
        return java.util.OptionalInt.empty();
    }

    /**
     * @return the pruned allocation, or empty when it fits as it is (nothing to do; after a link
     *         comes back up or a capacity is raised the old allocation stays feasible as it is, even
     *         over paths the new path set no longer lists, so it must not be pruned to the new paths)
     */
    public static Optional<Allocation> prune(Allocation last, Objective objective, Topology topology, NetworkSnapshot network) {
        if (unfitArc(last, objective, network).isEmpty()) {
            return Optional.empty();
        }
        PathSet paths = network.paths();
        Commodities c = last.problem().commodities();
        int[] src = new int[c.size()];
        int[] dst = new int[c.size()];
        double[] demand = new double[c.size()];
        int[] pair = new int[c.size()];
        double[] flow = new double[paths.pathCount()];
        int kept = 0;
        int columns = 0;
        double dropped = 0;
        for (int k = 0; k < c.size(); k++) {
            int p = paths.pairIndex(c.src(k), c.dst(k));
            if (p < 0 || paths.pathCount(p) == 0) {
                dropped += last.commodityFlowMbps(k);
                continue;
            }
            dropped += last.commodityFlowMbps(k) - CarriedFlows.carry(last, k, paths, p, flow, columns);
            src[kept] = c.src(k);
            dst[kept] = c.dst(k);
            demand[kept] = c.demandMbps(k);
            pair[kept++] = p;
            columns += paths.pathCount(p);
        }
        Commodities commodities = Commodities.of(Arrays.copyOf(src, kept), Arrays.copyOf(dst, kept), Arrays.copyOf(demand, kept),
                Arrays.copyOf(pair, kept));
        // No arc gains capacity by a pruning: the splits were computed for the smaller of the two,
        // and a later pass judging whether a link came back (SolveRunner.gainedCapacity) must see that.
        double[] capacity = network.servingCapacityMbps().clone();
        double[] before = last.problem().capacityMbps();
        for (int a = 0; a < capacity.length; a++) {
            capacity[a] = Math.min(capacity[a], before[a]);
        }
        TeProblem problem = new TeProblem(topology, paths, commodities, capacity);
        double[] carriedFlow = Arrays.copyOf(flow, columns);
        Allocation carried = new Allocation(problem, carriedFlow);
        // Allocation.extract's capacity repair is the scaling described above (its other repairs at
        // most clip round-off: carried flows are non-negative and within demand to the checker's tolerance).
        Allocation fitted = objective == Objective.MIN_MLU ? carried : Allocation.extract(problem, carriedFlow);
        dropped += carried.totalFlowMbps() - fitted.totalFlowMbps();
        return dropped > 0 ? Optional.of(fitted) : Optional.empty();
    }
}
