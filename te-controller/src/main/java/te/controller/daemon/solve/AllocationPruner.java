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
import te.lp.TeProblem;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * Maps an allocation onto the current network's paths: flow stays on every path that still exists
 * (same arc sequence), and is dropped on paths that were removed because a link failed.
 * Commodities left without any path are dropped. Loads only decrease, so the result is feasible
 * whenever the input was; it is what the daemon serves between a link failure and the re-solve.
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
        prune(last.get().allocation(), topology, n).ifPresent(pruned -> {
            AllocationInfo info = prunedInfo(last.get().info(), pruned, n, "flow on paths through failed links removed until the re-solve completes",
                    (System.nanoTime() - start) / 1e9);
            AllocationSnapshot s = publication.publishServingFirst(info, pruned);
            LOG.info("allocation version {}: version {} without flow over failed links ({} -> {} Mbps), re-solving", s.version(),
                    last.get().version(), "%.3f".formatted(last.get().allocation().totalFlowMbps()), "%.3f".formatted(pruned.totalFlowMbps()));
        });
    }

    /**
     * @param was     what the allocation that was pruned came with
     * @param message why it was pruned
     * @return what the pruned allocation comes with: the same origin, method marked {@code +pruned},
     *         the links it was pruned to
     */
    public static AllocationInfo prunedInfo(AllocationInfo was, Allocation pruned, NetworkSnapshot n, String message,
                                            double wallSeconds) {
        return new AllocationInfo(was.objective(), pruned.objectiveValue(was.objective()),
                was.method().replace("+pruned", "") + "+pruned", was.solverStatus(), message, was.demandVersion(),
                n.links().version(), 0, wallSeconds, Instant.now());
    }

    /** @return a failed arc that carries flow in {@code a}, if any */
    static java.util.OptionalInt loadedFailedArc(Allocation a, NetworkSnapshot network) {
        double[] load = a.arcLoadMbps();
        return network.links().downArcs().stream().mapToInt(Integer::intValue).filter(arc -> load[arc] > 0).findFirst();
    }

    /**
     * @return the pruned allocation, or empty when no flow is on a failed arc (nothing to do; after
     *         a link comes back up the old allocation stays feasible as it is, even over paths the
     *         new path set no longer lists, so it must not be pruned to the new paths)
     */
    public static Optional<Allocation> prune(Allocation last, Topology topology, NetworkSnapshot network) {
        if (loadedFailedArc(last, network).isEmpty()) {
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
        if (!(dropped > 0)) {
            return Optional.empty();
        }
        Commodities commodities = Commodities.of(Arrays.copyOf(src, kept), Arrays.copyOf(dst, kept), Arrays.copyOf(demand, kept),
                Arrays.copyOf(pair, kept));
        TeProblem problem = new TeProblem(topology, paths, commodities, network.capacityMbps());
        return Optional.of(new Allocation(problem, Arrays.copyOf(flow, columns)));
    }
}
