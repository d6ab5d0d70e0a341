package te.controller.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import te.lp.Allocation;
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
import te.southbound.PushReport;
import te.southbound.SouthboundConfig;
import te.southbound.WeightPusher;
import te.southbound.ovs.OvsSandbox;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;
import te.zoo.TopologyCatalog;

/**
 * The whole pipeline against a real Open vSwitch: Abilene solved with HiGHS, the allocation turned
 * into switch state and pushed to eleven OVS bridges wired by {@link ConventionalWiring}; every
 * ingress group's bucket weights are the allocation's split, rounded to 100.
 */
class SolveAndPushIT {
    @Test
    void solvedSplitsAreWhatTheSwitchesHold() throws Exception {
        OvsSandbox.assumeAvailable();
        Topology t = TopologyCatalog.discover().load("Abilene");
        PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 2, PathPrecomputation.Progress.NONE);
        TeProblem problem = TeProblem.of(t, paths, Commodities.of(TrafficSpec.parse("gravity:1,400").generate(t), paths));
        Allocation allocation = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false))
                .solve(problem, Objective.TOTAL_FLOW).allocation().orElseThrow();
        assertThat(new AllocationChecker().violations(allocation, 1)).isEmpty();
        ConventionalWiring wiring = new ConventionalWiring(t);
        DesiredState state = DesiredStates.of(allocation, wiring);

        try (OvsSandbox ovs = OvsSandbox.start()) {
            ovs.vsctl(OvsBridges.of(t, wiring).toArray(String[]::new));
            Set<Dpid> dpids = IntStream.range(0, t.nodeCount()).mapToObj(wiring::dpid).collect(Collectors.toSet());
            try (WeightPusher pusher = WeightPusher.start(SouthboundConfig.defaults()
                    .withListen(new InetSocketAddress("127.0.0.1", 0)).withKnownSwitches(dpids))) {
                ovs.vsctl(OvsBridges.controllers(t, pusher.localAddress().getPort()).toArray(String[]::new));
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (pusher.status().size() < t.nodeCount() && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertThat(pusher.status()).hasSize(t.nodeCount());

                PushReport report = pusher.push(state).get();
                assertThat(report.clean()).as(report.summary()).isTrue();

                for (CommodityRoute route : state.commodities()) {
                    int ingress = (int) route.ingress().value() - 1;
                    String groups = ovs.ofctl("dump-groups", OvsBridges.bridge(ingress));
                    assertThat(groups).contains("type=select");
                }
                // Spot-check one split commodity: the bucket weights are its fractions × 100, rounded.
                CommodityRoute split = state.commodities().stream()
                        .filter(r -> r.paths().stream().filter(p -> p.fraction() > 0.05).count() >= 2).findFirst().orElseThrow();
                String groups = ovs.ofctl("dump-groups", OvsBridges.bridge((int) split.ingress().value() - 1));
                Matcher m = Pattern.compile("weight:(\\d+)").matcher(groups);
                int total = 0;
                while (m.find()) {
                    total += Integer.parseInt(m.group(1));
                }
                assertThat(total % 100).isZero();
                for (var p : split.paths()) {
                    long weight = Math.round(p.fraction() * 100);
                    if (weight > 0) {
                        assertThat(groups).contains("weight:" + weight);
                    }
                }
            }
        }
    }
}
