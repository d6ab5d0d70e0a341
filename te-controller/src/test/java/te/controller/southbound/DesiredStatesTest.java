package te.controller.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.southbound.CommodityRoute;
import te.southbound.DesiredState;
import te.southbound.Dpid;
import te.southbound.WeightedPath;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

class DesiredStatesTest {
    /** @return Abilene gravity:1,400 solved for total flow by HiGHS over 2 paths per pair */
    private static te.lp.Allocation abileneAllocation() {
        Topology t = TopologyCatalog.discover().load("Abilene");
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TeProblem p = TeProblem.of(t, paths, Commodities.of(TrafficSpec.parse("gravity:1,400").generate(t), paths));
        var allocation = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false))
                .solve(p, Objective.TOTAL_FLOW).allocation().orElseThrow();
        assertThat(new AllocationChecker().violations(allocation, 1)).isEmpty();
        return allocation;
    }

    @Test
    void everyCommodityBecomesARouteWithTheAllocationsSplit() {
        var allocation = abileneAllocation();
        TeProblem p = allocation.problem();
        Topology t = p.topology();
        assertThat(new AllocationChecker().violations(allocation, 1)).isEmpty();
        ConventionalWiring wiring = new ConventionalWiring(t);

        DesiredState state = DesiredStates.of(allocation, wiring);

        assertThat(state.commodities()).hasSize(110);
        for (int k = 0; k < p.commodities().size(); k++) {
            CommodityRoute route = state.commodities().get(k);
            assertThat(route.ingress()).isEqualTo(new Dpid(p.commodities().src(k) + 1L));
            assertThat(route.destination()).isEqualTo(wiring.prefixes(p.commodities().dst(k)).get(0));
            double sum = route.paths().stream().mapToDouble(WeightedPath::fraction).sum();
            assertThat(sum).isCloseTo(1.0, within(1e-9));
            for (WeightedPath wp : route.paths()) {
                var last = wp.hops().get(wp.hops().size() - 1);
                assertThat(last.dpid()).isEqualTo(new Dpid(p.commodities().dst(k) + 1L));
                assertThat(last.outPort()).isEqualTo(1);
            }
        }
    }

    @Test
    void anAdapterHandsTheSameHopListsToItsNextStateAndChangesNothingElse() {
        var allocation = abileneAllocation();
        TeProblem p = allocation.problem();
        Topology t = p.topology();
        double[] flows = allocation.pathFlowsMbps().clone();
        // The first half of the commodities loses all its flow, the others their first path's (loads only fall).
        int half = p.commodities().size() / 2;
        java.util.Arrays.fill(flows, 0, allocation.firstColumn(half), 0.0);
        for (int k = half; k < p.commodities().size(); k++) {
            flows[allocation.firstColumn(k)] = 0;
        }
        var next = new te.lp.Allocation(p, flows);
        assertThat(new AllocationChecker().violations(allocation, 1)).isEmpty();
        assertThat(new AllocationChecker().violations(next, 1)).isEmpty();
        ConventionalWiring wiring = new ConventionalWiring(t);
        DesiredStates states = new DesiredStates(wiring);

        DesiredState first = states.stateOf(allocation);
        DesiredState second = states.stateOf(next);

        assertThat(first).isEqualTo(DesiredStates.of(allocation, wiring));
        assertThat(second).isNotEqualTo(first);
        // As a fresh adapter makes it; a commodity left without flow is marked idle, so that the
        // pusher keeps the split its switches hold (ReconcilerTest), whichever adapter made the state.
        assertThat(second).isEqualTo(DesiredStates.of(next, wiring));
        int idle = 0;
        for (int k = 0; k < first.commodities().size(); k++) {
            assertThat(second.commodities().get(k).idle()).as("commodity %d", k).isEqualTo(next.commodityFlowMbps(k) <= 0);
            assertThat(first.commodities().get(k).idle()).isEqualTo(allocation.commodityFlowMbps(k) <= 0);
            idle += second.commodities().get(k).idle() ? 1 : 0;
        }
        assertThat(idle).isGreaterThanOrEqualTo(half);
        for (int k = 0; k < first.commodities().size(); k++) {
            for (int i = 0; i < first.commodities().get(k).paths().size(); i++) {
                assertThat(second.commodities().get(k).paths().get(i).hops())
                        .isSameAs(first.commodities().get(k).paths().get(i).hops());
            }
        }
    }

    /**
     * A commodity without flow gets no weight on a path over an arc closed to it (drained: capacity
     * 0), so that the pusher does not keep a split over it either (found on OVS: 100 % stayed on a
     * drained link whose planned load was 0; ReconcilerTest).
     */
    @Test
    void aCommodityWithoutFlowIsKeptOffClosedArcs() {
        var allocation = abileneAllocation();
        TeProblem p = allocation.problem();
        ConventionalWiring wiring = new ConventionalWiring(p.topology());
        DesiredStates states = new DesiredStates(wiring);
        states.stateOf(allocation);
        // Close (drain) the first arc of commodity 0's first path, and take all flow away.
        double[] capacity = p.capacityMbps().clone();
        capacity[p.paths().pathArcs(p.paths().firstPath(p.commodities().pairIndex(0)))[0]] = 0;
        TeProblem drained = new TeProblem(p.topology(), p.paths(), p.commodities(), capacity);
        var none = new te.lp.Allocation(drained, new double[allocation.pathFlowsMbps().length]);
        assertThat(new AllocationChecker().violations(none, 1)).isEmpty();
        for (DesiredState state : java.util.List.of(states.stateOf(none), DesiredStates.of(none, wiring))) {
            int checked = 0;
            for (int k = 0; k < p.commodities().size(); k++) {
                int first = p.paths().firstPath(p.commodities().pairIndex(k));
                java.util.List<WeightedPath> w = state.commodities().get(k).paths();
                boolean anyOpen = java.util.stream.IntStream.range(0, w.size())
                        .anyMatch(i -> java.util.Arrays.stream(p.paths().pathArcs(first + i)).allMatch(a -> capacity[a] > 0));
                if (anyOpen) {
                    for (int i = 0; i < w.size(); i++) {
                        boolean open = java.util.Arrays.stream(p.paths().pathArcs(first + i)).allMatch(a -> capacity[a] > 0);
                        if (!open) {
                            assertThat(w.get(i).fraction()).as("commodity %d path %d over a closed arc", k, i).isZero();
                            checked++;
                        }
                    }
                    assertThat(w.stream().mapToDouble(WeightedPath::fraction).sum()).isCloseTo(1.0, within(1e-9));
                }
            }
            assertThat(checked).isPositive();
        }
    }

    @Test
    void aDualStackDestinationGetsARoutePerPrefixWithTheSameSplitAndTheFirstKeepsThePlainId() {
        var allocation = abileneAllocation();
        TeProblem p = allocation.problem();
        Topology t = p.topology();
        StringBuilder text = new StringBuilder();
        for (int v = 0; v < t.nodeCount(); v++) {
            // Node 0 is IPv6 only, node 1 dual-stack, the rest IPv4 only.
            String prefixes = v == 0 ? "2001:db8::/48" : v == 1 ? "10.1.0.0/16,2001:db8:1::/48" : "10.%d.0.0/16".formatted(v);
            text.append("node %d dpid %d prefix %s\n".formatted(v, v + 1, prefixes));
        }
        FileWiring wiring = FileWiring.parse(t, text.toString(), "dual.wiring");

        DesiredState state = DesiredStates.of(allocation, wiring);

        Commodities c = p.commodities();
        int toOne = 0;
        for (int k = 0; k < c.size(); k++) {
            toOne += c.dst(k) == 1 ? 1 : 0;
        }
        assertThat(state.commodities()).hasSize(c.size() + toOne);
        int r = 0;
        for (int k = 0; k < c.size(); k++) {
            String id = t.nodes().get(c.src(k)).id() + "->" + t.nodes().get(c.dst(k)).id();
            CommodityRoute first = state.commodities().get(r++);
            assertThat(first.id()).isEqualTo(id);
            assertThat(first.destination()).isEqualTo(wiring.prefixes(c.dst(k)).get(0));
            if (c.dst(k) == 1) {
                CommodityRoute v6 = state.commodities().get(r++);
                assertThat(v6.id()).isEqualTo(id + " 2001:db8:1::/48");
                assertThat(v6.destination()).hasToString("2001:db8:1::/48");
                assertThat(v6.paths()).isEqualTo(first.paths());
                assertThat(v6.ingress()).isEqualTo(first.ingress());
            }
        }
        assertThat(state.commodities()).filteredOn(route -> route.destination().version() == te.southbound.IpVersion.V6)
                .hasSize((int) java.util.stream.IntStream.range(0, c.size()).filter(k -> c.dst(k) <= 1).count());
    }

    @Test
    void conventionalWiringNumbersPortsPerSwitch() {
        Topology t = TopologyCatalog.discover().load("Abilene");
        ConventionalWiring w = new ConventionalWiring(t);
        // Every switch's outgoing arcs use ports 2, 3, … in head order.
        for (int v = 0; v < t.nodeCount(); v++) {
            for (int a = t.outStart(v); a < t.outStart(v + 1); a++) {
                assertThat(w.outPort(a)).isEqualTo(a - t.outStart(v) + 2);
            }
        }
        assertThat(w.prefixes(0).toString()).isEqualTo("[10.0.0.0/24]");
        assertThat(w.prefixes(300).toString()).isEqualTo("[10.1.44.0/24]");
    }
}
