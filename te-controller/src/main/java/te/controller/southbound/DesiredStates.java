package te.controller.southbound;

import java.util.ArrayList;
import java.util.List;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.southbound.CommodityRoute;
import te.southbound.DesiredState;
import te.southbound.Hop;
import te.southbound.WeightedPath;
import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * Turns an allocation into the southbound's desired switch state: per commodity, its ingress
 * switch, its destination's prefix and one weighted path per precomputed path, each hop the switch
 * and the port towards the next node, the last hop the destination's host port. A commodity
 * without flow keeps its paths at equal weights, so traffic that does arrive still has a route.
 */
public final class DesiredStates {
    private DesiredStates() {
    }

    /** @return the state that installs {@code allocation}'s split weights */
    public static DesiredState of(Allocation allocation, Wiring wiring) {
        TeProblem problem = allocation.problem();
        Topology t = problem.topology();
        PathSet paths = problem.paths();
        Commodities c = problem.commodities();
        List<CommodityRoute> routes = new ArrayList<>(c.size());
        for (int k = 0; k < c.size(); k++) {
            int pair = c.pairIndex(k);
            double flow = allocation.commodityFlowMbps(k);
            List<WeightedPath> weighted = new ArrayList<>();
            for (int i = 0; i < paths.pathCount(pair); i++) {
                int p = paths.firstPath(pair) + i;
                List<Hop> hops = new ArrayList<>(paths.pathLength(p) + 1);
                for (int j = 0; j < paths.pathLength(p); j++) {
                    int arc = paths.arc(p, j);
                    hops.add(new Hop(wiring.dpid(t.arcSrc(arc)), wiring.outPort(arc)));
                }
                hops.add(new Hop(wiring.dpid(c.dst(k)), wiring.hostPort(c.dst(k))));
                double f = allocation.pathFlowMbps(allocation.firstColumn(k) + i);
                weighted.add(new WeightedPath(hops, flow > 0 ? f / flow : 1.0 / paths.pathCount(pair)));
            }
            String id = t.nodes().get(c.src(k)).id() + "->" + t.nodes().get(c.dst(k)).id();
            routes.add(new CommodityRoute(id, wiring.dpid(c.src(k)), wiring.prefix(c.dst(k)), weighted));
        }
        return new DesiredState(routes);
    }
}
