package te.controller.southbound;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.southbound.CommodityRoute;
import te.southbound.DesiredState;
import te.southbound.Hop;
import te.southbound.IpPrefix;
import te.southbound.Tunnel;
import te.southbound.WeightedPath;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * Turns allocations into the southbound's desired switch state: per commodity and prefix of its
 * destination (IPv4 or IPv6; the first keeps the commodity's plain id {@code SRC->DST}, another is
 * {@code SRC->DST PREFIX}), its ingress switch and one weighted path per precomputed path, each hop the switch
 * and the port towards the next node, the last hop the destination's host port. A commodity
 * without flow keeps its paths, so traffic that does arrive still has a route: it is marked
 * {@linkplain CommodityRoute#idle idle}, so the pusher keeps the split its switches hold over the
 * same open paths (the total-flow LP starves different commodities from one optimum to the next,
 * and a restarted controller must not move them either), with equal weights off closed arcs as
 * the fallback.
 *
 * <p>An instance keeps the hop lists of the last state it made, by arc sequence, and hands the same
 * list objects to the next state, even across a new path set (after a link failure most paths
 * survive): building them was most of the 370 ms a Cogentco state took, and the pusher compares
 * the paths of successive states, which is free for the same objects. Thread-safe.
 */
public final class DesiredStates {
    private final Wiring wiring;
    private Map<ArcSequence, List<Hop>> lastHops = Map.of();
    private Topology lastTopology; // arc ids mean something only within one topology

    /** @param wiring switch, port and prefix of every node and arc */
    public DesiredStates(Wiring wiring) {
        this.wiring = wiring;
    }

    /** @return the state that installs {@code allocation}'s split weights, made without a cache */
    public static DesiredState of(Allocation allocation, Wiring wiring) {
        return new DesiredStates(wiring).stateOf(allocation);
    }

    /** @return the state that installs {@code allocation}'s split weights */
    public synchronized DesiredState stateOf(Allocation allocation) {
        TeProblem problem = allocation.problem();
        Topology t = problem.topology();
        PathSet paths = problem.paths();
        Commodities c = problem.commodities();
        if (t != lastTopology) {
            lastHops = Map.of();
            lastTopology = t;
        }
        Map<ArcSequence, List<Hop>> hopsNow = new HashMap<>();
        List<CommodityRoute> routes = new ArrayList<>(c.size());
        for (int k = 0; k < c.size(); k++) {
            int pair = c.pairIndex(k);
            double flow = allocation.commodityFlowMbps(k);
            List<WeightedPath> weighted = new ArrayList<>();
            for (int i = 0; i < paths.pathCount(pair); i++) {
                int p = paths.firstPath(pair) + i;
                ArcSequence key = new ArcSequence(paths.pathArcs(p), c.dst(k));
                List<Hop> hops = hopsNow.get(key);
                if (hops == null) {
                    hops = lastHops.get(key);
                    hops = hops != null ? hops : new Tunnel(hops(t, paths, p, c.dst(k))).hops(); // checked once
                    hopsNow.put(key, hops);
                }
                double f = allocation.pathFlowMbps(allocation.firstColumn(k) + i);
                weighted.add(new WeightedPath(hops, flow > 0 ? f / flow : 1.0 / paths.pathCount(pair)));
            }
            if (flow <= 0) {
                weighted = offClosedArcs(weighted, paths, paths.firstPath(pair), problem.capacityMbps());
            }
            String id = t.nodes().get(c.src(k)).id() + "->" + t.nodes().get(c.dst(k)).id();
            List<IpPrefix> prefixes = wiring.prefixes(c.dst(k));
            for (int j = 0; j < prefixes.size(); j++) {
                String routeId = j == 0 ? id : id + " " + prefixes.get(j);
                routes.add(new CommodityRoute(routeId, wiring.dpid(c.src(k)), prefixes.get(j), weighted, flow <= 0));
            }
        }
        lastHops = hopsNow;
        return new DesiredState(routes);
    }

    /**
     * A commodity without flow still gets weights (its traffic, if any, must go somewhere), but not
     * over an arc the problem gives no capacity (drained, or set to 0): an operator who waits for a
     * drained link to carry nothing before taking it down would otherwise drop such traffic.
     *
     * @return {@code weighted} with paths over a closed arc at 0 and the others equal; as it is
     *         when every path or none crosses one
     */
    private static List<WeightedPath> offClosedArcs(List<WeightedPath> weighted, PathSet paths, int firstPath, double[] capacityMbps) {
        boolean[] open = new boolean[weighted.size()];
        int openCount = 0;
        for (int i = 0; i < open.length; i++) {
            open[i] = true;
            for (int arc : paths.pathArcs(firstPath + i)) {
                open[i] &= capacityMbps[arc] > 0;
            }
            openCount += open[i] ? 1 : 0;
        }
        if (openCount == 0 || openCount == open.length) {
            return weighted;
        }
        List<WeightedPath> out = new ArrayList<>(weighted.size());
        for (int i = 0; i < open.length; i++) {
            out.add(new WeightedPath(weighted.get(i).hops(), open[i] ? 1.0 / openCount : 0));
        }
        return out;
    }

    private List<Hop> hops(Topology t, PathSet paths, int p, int destination) {
        List<Hop> hops = new ArrayList<>(paths.pathLength(p) + 1);
        for (int j = 0; j < paths.pathLength(p); j++) {
            int arc = paths.arc(p, j);
            hops.add(new Hop(wiring.dpid(t.arcSrc(arc)), wiring.outPort(arc)));
        }
        hops.add(new Hop(wiring.dpid(destination), wiring.hostPort(destination)));
        return hops;
    }

    /** A path's arcs and destination node, as a map key (its hash computed once). */
    private static final class ArcSequence {
        private final int[] arcs;
        private final int destination;
        private final int hash;

        ArcSequence(int[] arcs, int destination) {
            this.arcs = arcs;
            this.destination = destination;
            this.hash = 31 * Arrays.hashCode(arcs) + destination;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ArcSequence other && other.hash == hash && other.destination == destination
                    && Arrays.equals(other.arcs, arcs);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
