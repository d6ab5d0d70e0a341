package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.FlowCommand;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OxmField;

/**
 * Runs that stop part-way: what the pusher then believes about the switches, and which pushes it
 * reports as failed.
 */
class PartialFailureTest {
    private final FakeSwitches fakes = new FakeSwitches(3);
    private final List<WeightPusher> pushers = new ArrayList<>();

    @AfterEach
    void stop() {
        pushers.forEach(WeightPusher::close);
        fakes.close();
    }

    private WeightPusher start() throws Exception {
        WeightPusher p = WeightPusher.start(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withRequestTimeoutMs(500).withKnownSwitches(Set.of(new Dpid(1), new Dpid(2), new Dpid(3)))
                .withAuditIntervalMs(0));
        pushers.add(p);
        fakes.connectTo(p);
        return p;
    }

    /** @return switch 1, the ingress, after a first controller installed {@code state(1, 0)} (tunnel 16 through switch 2) and stopped */
    private FakeSwitch ingressLeftByAStoppedController() throws Exception {
        WeightPusher first = start();
        FakeSwitch one = fakes.all.get(0);
        assertThat(first.push(state(1, 0)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(ingressPushes(one, 16)).isTrue();
        first.close();
        return one;
    }

    /** A controller started afresh (no memory of the switches), waiting at most {@code startupWaitMs} for them. */
    private WeightPusher restarted(long startupWaitMs) throws InterruptedException {
        WeightPusher p = WeightPusher.start(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withRequestTimeoutMs(500).withKnownSwitches(Set.of(new Dpid(1), new Dpid(2), new Dpid(3)))
                .withAuditIntervalMs(0).withStartupWaitMs(startupWaitMs));
        pushers.add(p);
        return p;
    }

    /** @return a controller that has installed {@code s}, whose first tunnel (label 16) switch 1 sends into */
    private WeightPusher startWith(DesiredState s) throws Exception {
        WeightPusher p = start();
        assertThat(p.push(s).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(ingressPushes(fakes.all.get(0), 16)).isTrue();
        return p;
    }

    private static void awaitSwitchTwoGone(WeightPusher p) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 5_000;
        while (p.status().size() > 2) {
            assertThat(System.currentTimeMillis()).as("waiting for switch 2 to be gone").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static DesiredState state(double viaTwo, double direct) {
        List<WeightedPath> paths = new ArrayList<>();
        if (viaTwo > 0) {
            paths.add(new WeightedPath(List.of(new Hop(new Dpid(1), 2), new Hop(new Dpid(2), 3), new Hop(new Dpid(3), 9)), viaTwo));
        }
        paths.add(new WeightedPath(List.of(new Hop(new Dpid(1), 3), new Hop(new Dpid(3), 9)), direct));
        return new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"), paths)));
    }

    private static boolean hasLabel(FakeSwitch s, int label) {
        return s.flows.values().stream().anyMatch(e -> e.match().fields().contains(new OxmField.MplsLabel(label)));
    }

    private static boolean ingressPushes(FakeSwitch s, int label) {
        return s.groups.values().stream().flatMap(g -> g.buckets().stream())
                .anyMatch(b -> b.actions().toString().contains("MplsLabel[label=" + label + "]"));
    }

    /**
     * A restarted controller whose first switch to reconnect is the ingress: its first run waits
     * for the other switches of the state instead of removing the ingress entries of a commodity
     * it can route only through them (an operator's run on OVS: every ingress entry of the first
     * switch back was deleted, traffic dropped until the others were back).
     */
    @Test
    void aRestartedControllerWaitsForTheSwitchesBeforeItsFirstRun() throws Exception {
        FakeSwitch one = ingressLeftByAStoppedController();
        int flows = one.flows.size();

        WeightPusher restarted = restarted(20_000);
        one.connect(fakes.group, restarted.localAddress());
        var pushed = restarted.push(state(1, 0));
        Thread.sleep(800);
        assertThat(pushed).as("held while switches 2 and 3 are away").isNotDone();
        assertThat(ingressPushes(one, 16)).as("the ingress still sends into its tunnel").isTrue();
        assertThat(one.flows).hasSize(flows);
        fakes.all.get(1).connect(fakes.group, restarted.localAddress());
        fakes.all.get(2).connect(fakes.group, restarted.localAddress());
        PushReport r = pushed.get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).isTrue();
        assertThat(r.messagesSent()).as("the same state, adopted: nothing to send").isZero();
        assertThat(ingressPushes(one, 16)).isTrue();
    }

    /**
     * A switch still away when the start-up wait ends: its neighbours show the tunnel the previous
     * controller built through it (the ingress bucket's label, sent towards it), so the tunnel is
     * kept, as for a switch that disconnected, instead of the ingress losing its entries.
     */
    @Test
    void aSwitchStillAwayAfterTheStartupWaitKeepsTheTunnelsItsNeighboursShow() throws Exception {
        FakeSwitch one = ingressLeftByAStoppedController();
        int flows = one.flows.size();
        int groups = one.groups.size();

        // Long enough for switch 1 to connect first on a loaded machine (300 ms failed once there).
        WeightPusher restarted = restarted(2_000);
        one.connect(fakes.group, restarted.localAddress());
        PushReport r = restarted.push(state(1, 0)).get(10, TimeUnit.SECONDS);
        assertThat(r.missingSwitches()).containsExactlyInAnyOrder(new Dpid(2), new Dpid(3));
        assertThat(ingressPushes(one, 16)).as("the ingress still sends into its tunnel: " + r.summary()).isTrue();
        assertThat(one.flows).hasSize(flows);
        assertThat(one.groups).hasSize(groups);
        assertThat(r.messagesSent()).as("what switch 1 holds is already right").isZero();

        fakes.all.get(1).connect(fakes.group, restarted.localAddress());
        fakes.all.get(2).connect(fakes.group, restarted.localAddress());
        long deadline = System.currentTimeMillis() + 5_000;
        while (restarted.status().size() < 3) {
            assertThat(System.currentTimeMillis()).as("waiting for switches 2 and 3 to connect").isLessThan(deadline);
            Thread.sleep(10);
        }
        r = restarted.push(state(1, 0)).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as(r.summary()).isTrue();
        assertThat(r.missingSwitches()).isEmpty();
        assertThat(hasLabel(fakes.all.get(1), 16)).isTrue();
        assertThat(ingressPushes(one, 16)).isTrue();
    }

    /**
     * A new state whose every path with flow needs a new tunnel through a switch that is away: the
     * commodity keeps its last installed split, whose tunnels are whole, instead of losing its
     * ingress entries (an operator's run on OVS: the ingress flow was deleted, traffic dropped, and
     * the push reported clean, until the switch was back).
     */
    @Test
    void aCommodityWhosePathsAllNeedAnAwaySwitchKeepsItsLastSplit() throws Exception {
        WeightPusher p = startWith(state(1, 0));
        FakeSwitch one = fakes.all.get(0), two = fakes.all.get(1);
        two.disconnect();
        awaitSwitchTwoGone(p);
        // Through switch 2 by another port: a tunnel that cannot be installed while it is away.
        DesiredState rerouted = new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"),
                List.of(new WeightedPath(List.of(new Hop(new Dpid(1), 2), new Hop(new Dpid(2), 5), new Hop(new Dpid(3), 9)), 1),
                        new WeightedPath(List.of(new Hop(new Dpid(1), 3), new Hop(new Dpid(3), 9)), 0)))));
        PushReport r = p.push(rerouted).get(10, TimeUnit.SECONDS);
        assertThat(ingressPushes(one, 16)).as("the ingress keeps its tunnel: " + r.summary()).isTrue();
        assertThat(one.groups).hasSize(1);
        assertThat(r.commodities()).singleElement().satisfies(c -> assertThat(c.note()).contains("last installed split is kept"));
    }

    /**
     * A run moving the commodity from the direct tunnel onto a new one through switch 2 fails at
     * switch 2 (it refuses the entry) before the ingress group changes, and switch 2 then goes
     * away; the state still puts all flow through it. The ingress keeps sending over the direct
     * tunnel it holds: the run memory's split after the failed run named both tunnels, one never
     * finished, and was refused whole, which deleted the ingress entries and dropped the traffic.
     */
    @Test
    void aFailedMoveOntoATunnelThroughAnAwaySwitchLeavesTheIngressOnTheTunnelItHolds() throws Exception {
        WeightPusher p = startWith(state(0, 1));
        FakeSwitch one = fakes.all.get(0), two = fakes.all.get(1);
        two.reject = m -> m instanceof FlowMod;
        assertThat(p.push(state(1, 0)).get(10, TimeUnit.SECONDS).clean()).isFalse();
        assertThat(ingressPushes(one, 16)).as("the failed run stopped before the ingress group").isTrue();
        two.disconnect();
        awaitSwitchTwoGone(p);

        PushReport r = p.push(state(1, 0)).get(10, TimeUnit.SECONDS);

        assertThat(one.flows).as("the ingress flow stays: " + r.summary()).hasSize(1);
        assertThat(ingressPushes(one, 16)).isTrue();
        assertThat(ingressPushes(one, 17)).isFalse();
        assertThat(r.commodities()).singleElement().satisfies(c -> assertThat(c.weights()).containsExactly(100));
    }

    @Test
    void aLabelEntryAFailedRunDeletedIsNotUsedWhileItsSwitchCannotBeRead() throws Exception {
        WeightPusher p = start();
        FakeSwitch one = fakes.all.get(0), two = fakes.all.get(1), three = fakes.all.get(2);
        assertThat(p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(hasLabel(two, 16)).isTrue();

        // Tunnel 1-2-3 (label 16) goes stale; switch 3 refuses its delete, switch 2 applies its own.
        three.reject = m -> m instanceof FlowMod f && f.command() == FlowCommand.DELETE_STRICT;
        PushReport r = p.push(state(0, 1)).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).isFalse();
        assertThat(hasLabel(two, 16)).as("switch 2 deleted label 16").isFalse();
        three.reject = m -> false;

        // Switch 2 (still busy, say) does not answer the re-read of the next run; the state goes back to the 1-2-3 split.
        two.ignoreTableReads = true;
        r = p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        // The ingress must not send into a tunnel whose entry at switch 2 is known to be gone.
        assertThat(hasLabel(two, 16)).isFalse();
        assertThat(ingressPushes(one, 16)).as("the ingress must not send into label 16, which switch 2 no longer has").isFalse();
    }

    @Test
    void aRunThatThrowsFailsOnlyThePushesItWasFor() throws Exception {
        fakes.all.forEach(f -> f.tableReadDelayMs = 300); // the first run is still reading when the second push comes
        SouthboundConfig c = SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withRequestTimeoutMs(2_000).withKnownSwitches(Set.of(new Dpid(1), new Dpid(2), new Dpid(3))).withAuditIntervalMs(0);
        c = new SouthboundConfig(c.listen(), c.knownSwitches(), c.echoIntervalMs(), c.deadAfterMs(), c.requestTimeoutMs(),
                c.auditIntervalMs(), c.weightTotal(), new Ownership(Ownership.DEFAULT.cookieTag(), 0x10000, 1), c.messageLog(),
                c.bundles(), c.tls(), c.certificateNames(), c.role(), c.startupWaitMs(), c.bucketLiveness());
        WeightPusher p = WeightPusher.start(c);
        pushers.add(p);
        fakes.connectTo(p);
        CommodityRoute second = new CommodityRoute("d", new Dpid(2), Ipv4Prefix.parse("10.4.0.0/16"),
                List.of(new WeightedPath(List.of(new Hop(new Dpid(2), 3), new Hop(new Dpid(3), 9)), 1)));
        DesiredState tooMany = new DesiredState(List.of(state(0.5, 0.5).commodities().get(0), second)); // 2 groups, 1 id
        var first = p.push(tooMany);
        Thread.sleep(100);
        var fits = p.push(state(0.5, 0.5));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS))
                .hasRootCauseMessage("out of group ids: all 1 ids in [65536, 65537) are in use");
        PushReport r = fits.get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as("the push that fits is installed and reported so: " + r.summary()).isTrue();
        assertThat(fakes.all.get(0).groups).hasSize(1);
    }

    @Test
    void fractionsWhoseSumOverflowsAreRoundedAsTheirRatio() {
        assertThat(WeightRounding.round(List.of(1e308, 1e308), 100).weights()).containsExactly(50, 50);
        assertThat(WeightRounding.round(List.of(Double.MAX_VALUE, Double.MAX_VALUE / 3), 100).weights()).containsExactly(75, 25);
        assertThat(WeightRounding.round(List.of(Double.MIN_VALUE, Double.MIN_VALUE), 2).weights()).containsExactly(1, 1);
    }
}
