package te.controller.daemon;

import java.util.ArrayList;
import java.util.List;
import te.controller.IntArray;
import te.topology.Link;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;

/**
 * Derives the paths a solve may use under some failed arcs from the all-pairs paths computed at
 * start-up: every path through a failed arc is dropped; a pair left with no path (but that had
 * some) gets fresh paths computed on the surviving topology. Always recomputed from the base set,
 * so bringing a link back up restores exactly the original paths.
 */
public final class SurvivingPaths {
    private SurvivingPaths() {
    }

    /**
     * @param base    all-pairs paths of the intact topology
     * @param threads worker threads for replacement paths, {@code >= 1}
     * @return paths and capacities for this link state
     */
    public static NetworkSnapshot of(Topology topology, PathSet base, LinkState links, int threads) {
        NetworkSnapshot kept = keepingPaths(topology, links, base, 0);
        double[] capacity = kept.capacityMbps();
        // Unusable for solves: failed, drained or set to 0. A pair all of whose paths cross one gets
        // replacements, searched over the capacities in force (the inverse-capacity metric ranks by
        // what the operator set).
        boolean[] unusable = new boolean[topology.arcCount()];
        boolean any = false;
        for (int a = 0; a < unusable.length; a++) {
            unusable[a] = capacity[a] == 0;
            any |= unusable[a];
        }
        if (!any) {
            return kept;
        }
        boolean[] down = new boolean[topology.arcCount()];
        for (int a : links.downArcs()) {
            down[a] = true;
        }
        List<Integer> lost = new ArrayList<>();
        for (int i = 0; i < base.pairCount(); i++) {
            if (base.pathCount(i) > 0 && survivors(base, i, unusable) == 0) {
                lost.add(i);
            }
        }
        PathSet replacement = replacements(topology, base, lost, unusable, capacity, threads);
        // Counted as replaced only when a path was found: a pair the failures cut off got none.
        int replaced = 0;
        for (int r = 0; r < lost.size(); r++) {
            replaced += replacement.pathCount(r) > 0 ? 1 : 0;
        }
        return new NetworkSnapshot(links, assemble(topology, base, down, unusable, lost, replacement), capacity,
                kept.servingCapacityMbps(), replaced);
    }

    /**
     * @param paths         the paths to keep as they are
     * @param replacedPairs how many pairs in them are replacements
     * @return the network for {@code links} on {@code paths}: its capacities follow the link state
     */
    public static NetworkSnapshot keepingPaths(Topology topology, LinkState links, PathSet paths, int replacedPairs) {
        return new NetworkSnapshot(links, paths, links.capacitiesMbps(topology.capacitiesMbps()),
                links.servingCapacitiesMbps(topology.capacitiesMbps()), replacedPairs);
    }

    private static int survivors(PathSet paths, int pair, boolean[] down) {
        int count = 0;
        for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
            if (avoids(paths, p, down)) {
                count++;
            }
        }
        return count;
    }

    private static boolean avoids(PathSet paths, int p, boolean[] down) {
        for (int j = 0; j < paths.pathLength(p); j++) {
            if (down[paths.arc(p, j)]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Paths for the lost pairs on the topology without the unusable arcs (failed, or capacity 0),
     * with the capacities in force; arc ids are that surviving topology's.
     */
    private static PathSet replacements(Topology topology, PathSet base, List<Integer> lost, boolean[] unusable, double[] capacity,
                                        int threads) {
        List<Link> kept = new ArrayList<>();
        for (Link l : topology.links()) {
            if (!unusable[l.index()]) {
                kept.add(new Link(kept.size(), l.src(), l.dst(), capacity[l.index()]));
            }
        }
        Topology surviving = new Topology(topology.name(), topology.nodes(), kept, topology.droppedNodes());
        int[] src = new int[lost.size()];
        int[] dst = new int[lost.size()];
        for (int i = 0; i < src.length; i++) {
            src[i] = base.src(lost.get(i));
            dst[i] = base.dst(lost.get(i));
        }
        return PathPrecomputation.forPairs(surviving, base.spec(), src, dst, threads, PathPrecomputation.Progress.NONE);
    }

    /**
     * @param down     failed arcs: base paths over them are dropped
     * @param unusable the arcs {@code replacement} was computed without, to map its arc ids back; a
     *                 lost pair keeps its base paths over unusable arcs that are not failed (drained,
     *                 or set to 0) beside its replacements, so flow served on them stays mapped
     */
    private static PathSet assemble(Topology topology, PathSet base, boolean[] down, boolean[] unusable, List<Integer> lost,
                                    PathSet replacement) {
        int[] survivingToOriginal = new int[topology.arcCount()];
        int next = 0;
        for (int a = 0; a < unusable.length; a++) {
            if (!unusable[a]) {
                survivingToOriginal[next++] = a;
            }
        }
        int pairs = base.pairCount();
        int[] pathStart = new int[pairs + 1];
        IntArray arcStart = new IntArray();
        IntArray arcs = new IntArray();
        arcStart.add(0);
        int r = 0;
        for (int i = 0; i < pairs; i++) {
            // Every pair keeps its base paths that avoid failed arcs; a lost pair gets its replacements after them.
            int count = 0;
            for (int p = base.firstPath(i); p < base.firstPath(i + 1); p++) {
                if (avoids(base, p, down)) {
                    for (int j = 0; j < base.pathLength(p); j++) {
                        arcs.add(base.arc(p, j));
                    }
                    arcStart.add(arcs.size());
                    count++;
                }
            }
            if (r < lost.size() && lost.get(r) == i) {
                for (int p = replacement.firstPath(r); p < replacement.firstPath(r + 1); p++, count++) {
                    for (int j = 0; j < replacement.pathLength(p); j++) {
                        arcs.add(survivingToOriginal[replacement.arc(p, j)]);
                    }
                    arcStart.add(arcs.size());
                }
                r++;
            }
            pathStart[i + 1] = pathStart[i] + count;
        }
        int[] src = new int[pairs];
        int[] dst = new int[pairs];
        for (int i = 0; i < pairs; i++) {
            src[i] = base.src(i);
            dst[i] = base.dst(i);
        }
        return new PathSet(topology.contentHash(), base.spec(), topology.nodeCount(), src, dst, pathStart, arcStart.toArray(), arcs.toArray());
    }
}
