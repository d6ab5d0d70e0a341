package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.Bucket;
import te.southbound.openflow.GroupDesc;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.FlowMod;
import te.southbound.openflow.OfMessage.GroupMod;
import te.southbound.openflow.OxmField;

/** The whole pusher over TCP against in-memory switches: errors, resync, restarts. */
class ReconcilerTest {
    private final FakeSwitches fakes = new FakeSwitches(3);
    private final EventLoopGroup group = fakes.group;
    private final List<WeightPusher> pushers = new ArrayList<>();
    private final List<FakeSwitch> switches = fakes.all;
    private final List<OfMessage> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Run once, on the pusher's thread, as the next group mod is sent. */
    private final java.util.concurrent.atomic.AtomicReference<Runnable> onFirstGroupMod = new java.util.concurrent.atomic.AtomicReference<>();

    @AfterEach
    void stop() {
        pushers.forEach(WeightPusher::close);
        fakes.close();
    }

    private WeightPusher startAndConnect() throws Exception {
        return startAndConnect(false);
    }

    private WeightPusher startAndConnect(boolean bundles) throws Exception {
        return startAndConnect(c -> c.withBundles(bundles));
    }

    /** @param tweak applied last: it may replace any setting, the message log included */
    private WeightPusher startAndConnect(java.util.function.UnaryOperator<SouthboundConfig> tweak) throws Exception {
        WeightPusher p = WeightPusher.start(tweak.apply(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                .withRequestTimeoutMs(500)
                .withKnownSwitches(Set.of(new Dpid(1), new Dpid(2), new Dpid(3))).withAuditIntervalMs(0)
                .withMessageLog((d, m) -> {
                    sent.add(m);
                    Runnable hook = onFirstGroupMod.get();
                    if (m instanceof GroupMod && hook != null && onFirstGroupMod.compareAndSet(hook, null)) {
                        hook.run();
                    }
                })));
        pushers.add(p);
        fakes.connectTo(p);
        return p;
    }

    private static DesiredState state(double viaTwo, double direct) {
        List<WeightedPath> paths = new ArrayList<>();
        paths.add(new WeightedPath(List.of(new Hop(new Dpid(1), 2), new Hop(new Dpid(2), 3), new Hop(new Dpid(3), 9)), viaTwo));
        if (direct > 0) {
            paths.add(new WeightedPath(List.of(new Hop(new Dpid(1), 3), new Hop(new Dpid(3), 9)), direct));
        }
        return new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"), paths)));
    }

    private List<Integer> weightsAtIngress() {
        return switches.get(0).groups.values().stream().flatMap(g -> g.buckets().stream()).map(Bucket::weight).toList();
    }

    /** Three commodities from switch 1 over 1-2-3, leaving switch 3 by ports 7, 8 and 9: three label entries there. */
    private static DesiredState threeEgresses() {
        List<CommodityRoute> routes = new ArrayList<>();
        for (int port = 7; port <= 9; port++) {
            routes.add(new CommodityRoute("c" + port, new Dpid(1), Ipv4Prefix.parse("10.%d.0.0/16".formatted(port)), List.of(
                    new WeightedPath(List.of(new Hop(new Dpid(1), 2), new Hop(new Dpid(2), 3), new Hop(new Dpid(3), port)), 1))));
        }
        return new DesiredState(routes);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "switches take bundles: {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aSwitchThatTakesBundlesGetsAFailedPhaseAllOrNothing(boolean bundles) throws Exception {
        // The switches take bundles either way; the controller is asked to send them or not.
        switches.forEach(s -> s.bundles = true);
        WeightPusher p = startAndConnect(bundles);
        assertThat(p.status()).allSatisfy(s -> assertThat(s.bundles()).isEqualTo(bundles));
        FakeSwitch three = switches.get(2);
        three.reject = m -> m instanceof FlowMod f && f.instructions().toString().contains("Output[port=8]");

        PushReport r = p.push(threeEgresses()).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).isFalse();
        assertThat(r.problems()).anyMatch(s -> s.contains("stopped after phase TUNNELS"));
        // One by one, the two entries the switch took stay; bundled, the switch refused the mod as it was
        // added and the controller discarded the bundle instead of committing the other two.
        assertThat(three.flows).hasSize(bundles ? 0 : 2);
        assertThat(r.errors()).singleElement().satisfies(e -> assertThat(e.dpid()).isEqualTo(new Dpid(3)));

        three.reject = m -> false;
        PushReport retry = p.push(threeEgresses()).get(10, TimeUnit.SECONDS);
        assertThat(retry.clean()).as(retry.summary()).isTrue();
        assertThat(three.flows).hasSize(3);
        assertThat(switches.get(0).groups).hasSize(3);
    }

    @Test
    void aRejectedTunnelEntryStopsTheUpdateBeforeTheIngressMoves() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(1, 0)).get().clean()).isTrue();
        assertThat(weightsAtIngress()).containsExactly(100);

        switches.get(2).reject = m -> m instanceof FlowMod; // switch 3 refuses the new egress entry
        sent.clear();
        PushReport r;
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            r = p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);
            assertThat(log.lines()).anyMatch(l -> l.startsWith("WARN switch 0000000000000003 rejected FLOW_MOD ADD")
                    && l.contains("FLOW_MOD_FAILED"));
        }
        assertThat(r.clean()).isFalse();
        assertThat(r.errors()).singleElement().satisfies(e -> assertThat(e.dpid()).isEqualTo(new Dpid(3)));
        assertThat(r.problems()).anyMatch(s -> s.contains("stopped after phase TUNNELS"));
        assertThat(sent).noneMatch(m -> m instanceof GroupMod);
        assertThat(weightsAtIngress()).containsExactly(100); // traffic stays on the installed path
        assertThat(p.status()).filteredOn(s -> s.dpid().value() == 3).singleElement()
                .satisfies(s -> assertThat(s.recentErrors()).hasSize(1));

        switches.get(2).reject = m -> false;
        PushReport retry = p.push(state(0.6, 0.4)).get(10, TimeUnit.SECONDS);
        assertThat(retry.clean()).as(retry.summary()).isTrue();
        assertThat(weightsAtIngress()).containsExactly(60, 40);
        // Counters come back per commodity, in bucket order (the fake reports weights as packets).
        assertThat(p.counters().get(5, TimeUnit.SECONDS)).singleElement().satisfies(c -> {
            assertThat(c.id()).isEqualTo("c");
            assertThat(c.packetShares()).containsExactly(0.6, 0.4);
        });
    }

    @Test
    void eachBucketWatchesItsFirstPortUnlessLivenessIsOff() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(watchPortsAtIngress()).containsExactly(2, 3); // paths 1-2-3 and 1-3 leave switch 1 by ports 2 and 3
        p.close();
        switches.forEach(FakeSwitch::disconnect);

        // Turned off: a restart rewrites the buckets without watch ports, once.
        WeightPusher off = startAndConnect(c -> c.withBucketLiveness(false));
        sent.clear();
        PushReport r = off.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as(r.summary()).isTrue();
        assertThat(watchPortsAtIngress()).containsOnly(te.southbound.openflow.OfConstants.OFPP_ANY);
        assertThat(sent).filteredOn(m -> m instanceof GroupMod || m instanceof FlowMod).singleElement().isInstanceOf(GroupMod.class);
        sent.clear();
        PushReport again = off.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(again.messagesSent()).as(again.summary()).isZero();
        off.close();
        switches.forEach(FakeSwitch::disconnect);

        // On again (as after an upgrade from a build that wrote no watch ports): one group mod, weights
        // and tunnels as they were.
        WeightPusher on = startAndConnect();
        sent.clear();
        PushReport back = on.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(back.clean()).as(back.summary()).isTrue();
        assertThat(sent).filteredOn(m -> m instanceof GroupMod || m instanceof FlowMod).singleElement().isInstanceOfSatisfying(GroupMod.class,
                g -> assertThat(g.command()).isEqualTo(te.southbound.openflow.GroupCommand.MODIFY));
        assertThat(watchPortsAtIngress()).containsExactly(2, 3);
        assertThat(weightsAtIngress()).containsExactly(50, 50);
    }

    private List<Integer> watchPortsAtIngress() {
        return switches.get(0).groups.values().stream().flatMap(g -> g.buckets().stream()).map(Bucket::watchPort).toList();
    }

    @Test
    void portCountersComeFromEverySwitchThatAnswers() throws Exception {
        WeightPusher p = startAndConnect();
        switches.get(1).ignorePortStats = true; // switch 2 is silent: left out once the 500 ms timeout passes
        long before = System.nanoTime();
        List<PortCounters> counters = p.portCounters().get(5, TimeUnit.SECONDS);
        assertThat(counters).extracting(c -> c.dpid().value() + ":" + c.portNo()).containsExactly("1:1", "1:2", "3:1", "3:2");
        assertThat(counters).allSatisfy(c -> {
            long d = c.dpid().value();
            assertThat(c).isEqualTo(c.portNo() == 1
                    ? new PortCounters(c.dpid(), 1, 1_000 * d, 2_000 * d, 10, 20, 3, 7, 5_000_000_006L, c.readNanos())
                    : new PortCounters(c.dpid(), 2, -1, -1, -1, -1, -1, -1, 0, c.readNanos()));
            assertThat(c.readNanos()).isBetween(before, System.nanoTime());
        });
    }

    @Test
    void aRestartedControllerAdoptsWhatIsInstalledAndNeverReusesLabelsInUse() throws Exception {
        WeightPusher first = startAndConnect();
        assertThat(first.push(state(1, 0)).get().clean()).isTrue(); // path 1-2-3 has label 16
        first.close();
        switches.forEach(FakeSwitch::disconnect);

        // The restarted controller knows nothing, yet the same state needs no change at all.
        WeightPusher second = startAndConnect();
        sent.clear();
        PushReport same = second.push(state(1, 0)).get(10, TimeUnit.SECONDS);
        assertThat(same.clean()).as(same.summary()).isTrue();
        assertThat(same.messagesSent()).isZero();

        // A new path listed first must not take label 16, which the installed path keeps.
        DesiredState swapped = new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"),
                List.of(state(0, 1).commodities().get(0).paths().get(1), state(1, 0).commodities().get(0).paths().get(0)))));
        PushReport r = second.push(swapped).get(10, TimeUnit.SECONDS);

        assertThat(r.clean()).as(r.summary()).isTrue();
        List<Integer> newLabels = sent.stream().filter(m -> m instanceof FlowMod f && f.command().ordinal() == 0)
                .flatMap(m -> ((FlowMod) m).match().mplsLabel().stream().boxed()).distinct().toList();
        assertThat(newLabels).containsExactly(17);
        assertThat(switches.get(0).groups.values()).singleElement().satisfies(g -> assertThat(g.buckets()).hasSize(2));
        assertThat(switches.get(1).flows).hasSize(1);
        assertThat(switches.get(2).flows).hasSize(2);
    }

    /** {@link #state} with commodity c idle (no flow): its fractions are only the fallback. */
    private static DesiredState idle(double viaTwo, double direct) {
        CommodityRoute c = state(viaTwo, direct).commodities().get(0);
        return new DesiredState(List.of(new CommodityRoute(c.id(), c.ingress(), c.destination(), c.paths(), true)));
    }

    /**
     * A commodity left without flow keeps the split its ingress holds, in the same run and after
     * a restart (found on 197 OVS bridges: every restart re-weighted 450–2,437 such commodities,
     * 6,800–47,000 messages); not over a path its state closes, and not once it has flow again.
     */
    @Test
    void anIdleCommodityKeepsTheSplitItsIngressHoldsAcrossARestart() throws Exception {
        WeightPusher first = startAndConnect();
        assertThat(first.push(state(0.7, 0.3)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        List<Integer> split = weightsAtIngress();
        assertThat(split).hasSize(2).doesNotHaveDuplicates();
        sent.clear();
        PushReport sameRun = first.push(idle(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(sameRun.clean()).as(sameRun.summary()).isTrue();
        assertThat(sameRun.messagesSent()).isZero();
        first.close();
        switches.forEach(FakeSwitch::disconnect);

        WeightPusher second = startAndConnect();
        sent.clear();
        PushReport restarted = second.push(idle(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(restarted.clean()).as(restarted.summary()).isTrue();
        assertThat(restarted.messagesSent()).isZero();
        assertThat(weightsAtIngress()).isEqualTo(split);

        // The direct path closed (fraction 0): the held split sends over it, so it is not kept.
        PushReport closed = second.push(idle(1, 0)).get(10, TimeUnit.SECONDS);
        assertThat(closed.clean()).as(closed.summary()).isTrue();
        assertThat(weightsAtIngress()).hasSize(1);
        // Flow again: its own split goes out.
        assertThat(second.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(weightsAtIngress()).hasSize(2).containsOnly(weightsAtIngress().get(0));
    }

    /**
     * After a run that failed part-way, the split an idle commodity keeps is what its ingress
     * holds, not the run memory's union of the old and new buckets (review of the change: the
     * union went out as a new split, half the traffic back on the tunnel it had left).
     */
    @Test
    void anIdleCommodityAfterAFailedRunKeepsWhatItsIngressHolds() throws Exception {
        WeightPusher pusher = startAndConnect();
        assertThat(pusher.push(state(1, 0)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        // All onto the direct path; switch 3 refuses the removal of the tunnel left: the run fails.
        switches.get(2).reject = m -> m instanceof FlowMod f && f.command() == te.southbound.openflow.FlowCommand.DELETE_STRICT;
        assertThat(pusher.push(state(0, 1)).get(10, TimeUnit.SECONDS).clean()).isFalse();
        switches.get(2).reject = m -> false;
        List<Integer> held = weightsAtIngress();
        assertThat(held).hasSize(1);

        PushReport r = pusher.push(idle(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as(r.summary()).isTrue();
        assertThat(weightsAtIngress()).isEqualTo(held);
    }

    @Test
    void aRestartedControllerAdoptsDualStackTunnelsByTheirPayload() throws Exception {
        List<WeightedPath> paths = state(1, 0).commodities().get(0).paths();
        DesiredState dual = new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"), paths),
                new CommodityRoute("c6", new Dpid(1), Ipv6Prefix.parse("2001:db8:3::/48"), paths)));
        WeightPusher first = startAndConnect();
        assertThat(first.push(dual).get().clean()).isTrue();
        assertThat(switches.get(1).flows).hasSize(2); // one label per IP version over the same hops
        first.close();
        switches.forEach(FakeSwitch::disconnect);

        WeightPusher second = startAndConnect();
        sent.clear();
        PushReport same = second.push(dual).get(10, TimeUnit.SECONDS);
        assertThat(same.clean()).as(same.summary()).isTrue();
        assertThat(same.messagesSent()).isZero();

        // Only IPv6 now: its tunnel keeps its label; the IPv4 one, popping 0x0800, is not taken for it.
        Map<Integer, Integer> popByLabel = new java.util.HashMap<>();
        switches.get(2).flows.values().forEach(f -> popByLabel.put(f.match().mplsLabel().getAsInt(),
                ((te.southbound.openflow.Action.PopMpls) ((te.southbound.openflow.Instruction.ApplyActions) f.instructions().get(0))
                        .actions().get(0)).ethType()));
        PushReport r = second.push(new DesiredState(List.of(dual.commodities().get(1)))).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as(r.summary()).isTrue();
        assertThat(switches.get(2).flows.values()).singleElement().satisfies(f ->
                assertThat(popByLabel.get(f.match().mplsLabel().getAsInt())).isEqualTo(0x86dd));
        assertThat(switches.get(0).flows.values()).singleElement().satisfies(f ->
                assertThat(f.match().fields()).contains(new OxmField.EthType(0x86dd)));
    }

    @Test
    void labelsAreNotAdoptedWhenTheSwitchesDisagreeWithThePath() throws Exception {
        WeightPusher first = startAndConnect();
        assertThat(first.push(state(1, 0)).get().clean()).isTrue(); // 1 -(2)-> 2 -(3)-> 3 pops, label 16
        first.close();
        switches.forEach(FakeSwitch::disconnect);
        // Someone re-pointed label 16 at switch 2 to port 7: the tunnel is no longer what it claims.
        FlowEntry moved = switches.get(1).flows.values().iterator().next();
        FlowEntry tampered = new FlowEntry(moved.cookie(), moved.priority(), moved.match(),
                TablesBuilder.tunnelInstructions(7, false, IpVersion.V4));
        switches.get(1).flows.put(tampered.key(), tampered);

        WeightPusher second = startAndConnect();
        sent.clear();
        PushReport r = second.push(state(1, 0)).get(10, TimeUnit.SECONDS);

        assertThat(r.clean()).as(r.summary()).isTrue();
        // A fresh label (17) is laid along the path, the group moved to it, label 16 removed.
        assertThat(switches.get(1).flows.values()).singleElement().satisfies(f -> assertThat(f.match().fields())
                .contains(new OxmField.MplsLabel(17)));
        assertThat(switches.get(2).flows.values()).singleElement().satisfies(f -> assertThat(f.match().fields())
                .contains(new OxmField.MplsLabel(17)));
    }

    @Test
    void aSwitchThatNeverConfirmsStopsTheUpdateAfterTheTimeout() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(1, 0)).get().clean()).isTrue();
        switches.get(2).ignoreBarriers = true; // the egress of the new direct path
        sent.clear();

        PushReport r = p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);

        assertThat(r.clean()).isFalse();
        assertThat(r.problems()).anyMatch(s -> s.startsWith("TUNNELS: no barrier reply from 0000000000000003 within"));
        assertThat(sent).noneMatch(m -> m instanceof GroupMod);
        assertThat(weightsAtIngress()).containsExactly(100);
    }

    @Test
    void aSwitchThatDoesNotAnswerItsTableReadIsNamedAndProgrammedOnceItDoes() throws Exception {
        switches.get(1).ignoreTableReads = true; // transit switch 2
        WeightPusher p = startAndConnect(c -> c.withKeepalive(200, 60_000)); // retries one echo interval after a failed read

        PushReport r = p.push(state(1, 0)).get(10, TimeUnit.SECONDS);

        assertThat(r.clean()).isFalse();
        assertThat(r.problems()).contains("reading switch 0000000000000002 failed: its groups and flows "
                + "(GROUP_DESC, FLOW multipart) not answered within 500 ms");
        assertThat(r.missingSwitches()).containsExactly(new Dpid(2));
        assertThat(switches).allSatisfy(s -> assertThat(s.flows).isEmpty()); // no tunnel through a switch not read
        // Without another push: the pusher tries again by itself.
        switches.get(1).ignoreTableReads = false;
        awaitCondition(() -> weightsAtIngress().equals(List.of(100)));
        assertThat(switches.get(1).flows).hasSize(1);
    }

    @Test
    void aLateTableReadIsDroppedAndTheSwitchReadAgain() throws Exception {
        switches.get(2).tableReadDelayMs = 800; // answers after the 500 ms timeout
        WeightPusher p = startAndConnect();
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            PushReport r = p.push(state(1, 0)).get(10, TimeUnit.SECONDS);
            assertThat(r.problems()).contains("reading switch 0000000000000003 failed: its groups and flows "
                    + "(GROUP_DESC, FLOW multipart) not answered within 500 ms");
            // Its late parts answer requests that were dropped: ignored, not taken for a later read's.
            awaitCondition(() -> log.lines().stream().filter(l -> l.contains("answers no request of ours")).count() == 2);
        }
        switches.get(2).tableReadDelayMs = 0;
        assertThat(p.push(state(1, 0)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(weightsAtIngress()).containsExactly(100);
    }

    /** A switch's refusal is its answer, not a bug of the controller's: said in its words, without an exception's class name. */
    @Test
    void aRefusedTableReadIsNamedInTheSwitchsWords() throws Exception {
        switches.get(1).refuseTableReads = true;
        WeightPusher p = startAndConnect();

        PushReport r = p.push(state(1, 0)).get(10, TimeUnit.SECONDS);

        assertThat(r.problems()).singleElement().asString().startsWith("reading switch 0000000000000002 failed: switch 0000000000000002 "
                + "rejected a request for ").contains("BAD_REQUEST/BAD_MULTIPART").doesNotContain("Exception");
        assertThat(r.missingSwitches()).containsExactly(new Dpid(2));
    }

    @Test
    void aReadThatCannotBeSentFailsThatSwitchOnly() throws Exception {
        WeightPusher p = startAndConnect(c -> c.withMessageLog((d, m) -> {
            if (new Dpid(2).equals(d) && m instanceof OfMessage.FlowStatsRequest) { // d is null before the handshake names the switch
                throw new IllegalStateException("message log broken");
            }
        }));

        PushReport r = p.push(state(1, 0)).get(10, TimeUnit.SECONDS);

        assertThat(r.problems()).singleElement().asString()
                .startsWith("reading switch 0000000000000002 failed: java.lang.IllegalStateException: message log broken");
        assertThat(r.missingSwitches()).containsExactly(new Dpid(2));
    }

    @Test
    void aSwitchReadOnceIsTrustedByTheRunsAfter() throws Exception {
        switches.forEach(s -> s.tableReadDelayMs = 1); // so that each read is recorded
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(1, 0)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(p.push(state(0, 1)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        // Reading every switch before every run would cost ~600,000 entries per push on Cogentco.
        assertThat(switches).allSatisfy(s -> assertThat(s.tableReads).hasSize(1));
    }

    /** It named {@code /127.0.0.1:PORT} and the exception's class, not the address as the flag takes it. */
    @Test
    void aPortInUseIsNamedAsOpenflowListenTakesIt() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> WeightPusher.start(SouthboundConfig.defaults()
                            .withListen(new InetSocketAddress("127.0.0.1", taken.getLocalPort()))))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("cannot listen for switches on 127.0.0.1:%d (--openflow-listen): Address already in use; "
                            + "maybe another controller uses the port", taken.getLocalPort());
        }
    }

    @Test
    void switchesAreReadManyAtATimeButNoMoreThanTheWindow() throws Exception {
        try (FakeSwitches many = new FakeSwitches(RunMemory.READ_WINDOW + 8)) {
            many.all.forEach(s -> s.tableReadDelayMs = 300);
            WeightPusher p = WeightPusher.start(SouthboundConfig.defaults().withListen(new InetSocketAddress("127.0.0.1", 0))
                    .withRequestTimeoutMs(10_000).withAuditIntervalMs(0));
            pushers.add(p);
            many.connectTo(p);

            assertThat(p.push(new DesiredState(List.of())).get(30, TimeUnit.SECONDS).clean()).isTrue();

            // Each switch answered one read; at the switches' end, the most reads open at once.
            List<long[]> reads = many.all.stream().flatMap(s -> s.tableReads.stream()).toList();
            assertThat(reads).hasSize(many.all.size());
            List<long[]> events = new ArrayList<>();
            reads.forEach(r -> {
                events.add(new long[] {r[0], 1});
                events.add(new long[] {r[1], -1});
            });
            events.sort(java.util.Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
            long open = 0;
            long most = 0;
            for (long[] e : events) {
                open += e[1];
                most = Math.max(most, open);
            }
            assertThat(most).isEqualTo(RunMemory.READ_WINDOW);
        }
    }

    @Test
    void newWeightsWaitForATunnelThatIsBeingRebuilt() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(0.5, 0.5)).get().clean()).isTrue();
        // Transit switch 2 comes back empty (rebooted) and refuses flow mods: the tunnel 1-2-3 is broken.
        switches.get(1).disconnect();
        awaitCondition(() -> p.status().size() == 2);
        switches.get(1).flows.clear();
        switches.get(1).groups.clear();
        switches.get(1).reject = m -> m instanceof FlowMod;
        switches.get(1).connect(group, p.localAddress());
        awaitCondition(() -> p.status().size() == 3);
        sent.clear();

        PushReport r = p.push(state(0.9, 0.1)).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).isFalse();
        assertThat(r.problems()).anyMatch(s -> s.contains("stopped after phase TUNNELS"));
        // The group only re-weights its own two tunnels, yet one of them is being rebuilt: it waits,
        // and as the rebuild failed, traffic stays as it was instead of moving onto the broken tunnel.
        assertThat(sent).noneMatch(m -> m instanceof GroupMod);
        assertThat(weightsAtIngress()).containsExactly(50, 50);

        // Once switch 2 takes the entry again, the new weights go out.
        switches.get(1).reject = m -> false;
        assertThat(p.push(state(0.9, 0.1)).get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(weightsAtIngress()).containsExactly(90, 10);
    }

    @Test
    void newWeightsOverInstalledTunnelsGoOutBeforeAnyTunnelIsBuilt() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(0.5, 0.5)).get().clean()).isTrue();
        sent.clear();
        // Commodity c only re-weights; commodity d needs a new tunnel 2-3.
        DesiredState both = new DesiredState(List.of(state(0.8, 0.2).commodities().get(0),
                new CommodityRoute("d", new Dpid(2), Ipv4Prefix.parse("10.4.0.0/16"),
                        List.of(new WeightedPath(List.of(new Hop(new Dpid(2), 3), new Hop(new Dpid(3), 9)), 1)))));
        assertThat(p.push(both).get(10, TimeUnit.SECONDS).clean()).isTrue();
        int reweight = -1;
        int firstTunnel = -1;
        for (int i = 0; i < sent.size(); i++) {
            OfMessage m = sent.get(i);
            if (m instanceof GroupMod g && g.command() == te.southbound.openflow.GroupCommand.MODIFY && reweight < 0) {
                reweight = i;
            }
            if (m instanceof FlowMod f && f.match().toString().contains("MplsLabel") && firstTunnel < 0) {
                firstTunnel = i;
            }
        }
        assertThat(reweight).isNotNegative().isLessThan(firstTunnel);
        assertThat(weightsAtIngress()).containsExactly(80, 20);
    }

    @Test
    void aSwitchOutOfReachIsAssumedToForwardAsLastSeen() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(0.5, 0.5)).get().clean()).isTrue();
        switches.get(1).disconnect(); // transit switch of the path 1-2-3
        awaitCondition(() -> p.status().size() == 2);
        sent.clear();

        // New weights over the same tunnels need nothing from switch 2: they go out.
        PushReport r = p.push(state(0.2, 0.8)).get(10, TimeUnit.SECONDS);
        assertThat(r.missingSwitches()).containsExactly(new Dpid(2));
        assertThat(r.commodities().get(0).note()).contains("assumed to forward as last seen");
        assertThat(weightsAtIngress()).containsExactly(20, 80);
        assertThat(sent).filteredOn(m -> m instanceof FlowMod).isEmpty();

        // A path needing a new entry at switch 2 cannot be installed first: it is left out until it is back.
        DesiredState viaNewEgress = new DesiredState(List.of(new CommodityRoute("c", new Dpid(1), Ipv4Prefix.parse("10.3.0.0/16"),
                List.of(new WeightedPath(List.of(new Hop(new Dpid(1), 2), new Hop(new Dpid(2), 9)), 0.5),
                        state(0, 1).commodities().get(0).paths().get(1)))));
        r = p.push(viaNewEgress).get(10, TimeUnit.SECONDS);
        assertThat(r.commodities().get(0).note()).contains("left out");
        assertThat(weightsAtIngress()).containsExactly(100);

        switches.get(1).connect(group, p.localAddress()); // the connect alone triggers the run
        awaitCondition(() -> weightsAtIngress().equals(List.of(33, 67))); // 0.5 : 1
    }

    @Test
    void aNewerStateDoesNotWaitForTheRemovalsOfTheOneBeforeIt() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(1, 0)).get().clean()).isTrue(); // 1-2-3 only (label 16)
        sent.clear();
        // Moving everything to the direct path makes 1-2-3's tunnel stale; while that run sends its
        // group change, the state moves back to half over 1-2-3.
        java.util.concurrent.atomic.AtomicReference<java.util.concurrent.CompletableFuture<PushReport>> half =
                new java.util.concurrent.atomic.AtomicReference<>();
        onFirstGroupMod.set(() -> half.set(p.push(state(0.5, 0.5))));
        PushReport direct = p.push(state(0, 1)).get(10, TimeUnit.SECONDS);
        assertThat(direct.clean()).as(direct.summary()).isTrue();
        assertThat(half.get().get(10, TimeUnit.SECONDS).clean()).isTrue();
        assertThat(weightsAtIngress()).containsExactly(50, 50);
        // The first run left its removals to the second, which moved traffic before removing anything.
        int newerGroups = -1;
        int firstDelete = -1;
        for (int i = 0; i < sent.size(); i++) {
            if (sent.get(i) instanceof GroupMod g && g.buckets().size() == 2 && newerGroups < 0) {
                newerGroups = i;
            }
            if (sent.get(i) instanceof FlowMod f && f.command() == te.southbound.openflow.FlowCommand.DELETE_STRICT && firstDelete < 0) {
                firstDelete = i;
            }
        }
        assertThat(newerGroups).isNotNegative().isLessThan(firstDelete);
        // And the stale entries did go, in the second run: no switch still holds the old label.
        for (FakeSwitch sw : switches) {
            assertThat(sw.flows.values()).noneMatch(e -> e.match().fields().contains(new te.southbound.openflow.OxmField.MplsLabel(16)));
        }
    }

    @Test
    void staleTunnelsKeptWhileAnIngressWasAwayGoOnceItIsBack() throws Exception {
        WeightPusher p = startAndConnect();
        CommodityRoute d = new CommodityRoute("d", new Dpid(2), Ipv4Prefix.parse("10.4.0.0/16"),
                List.of(new WeightedPath(List.of(new Hop(new Dpid(2), 3), new Hop(new Dpid(3), 9)), 1)));
        assertThat(p.push(new DesiredState(List.of(state(0.5, 0.5).commodities().get(0), d))).get().clean()).isTrue();
        int egressWithD = switches.get(2).flows.size();
        switches.get(0).disconnect(); // ingress of c: it may send into any of our labels
        awaitCondition(() -> p.status().size() == 2);

        // d goes away: its tunnel's egress entry at switch 3 is stale, but kept while switch 1 is away.
        PushReport r = p.push(state(0.5, 0.5)).get(10, TimeUnit.SECONDS);
        assertThat(r.clean()).as(r.summary()).isTrue();
        assertThat(switches.get(2).flows).hasSize(egressWithD);

        // Switch 1 back: the next run removes it (no audit runs in these tests).
        switches.get(0).connect(group, p.localAddress());
        awaitCondition(() -> switches.get(2).flows.size() == egressWithD - 1);
    }

    @Test
    void anUnreachableIngressKeepsTheTunnelsItSendsInto() throws Exception {
        WeightPusher p = startAndConnect();
        assertThat(p.push(state(0.5, 0.5)).get().clean()).isTrue();
        Map<FlowEntry.Key, FlowEntry> egressBefore = Map.copyOf(switches.get(2).flows);
        switches.get(0).disconnect(); // the ingress
        awaitCondition(() -> p.status().size() == 2);
        sent.clear();

        PushReport r = p.push(state(1, 0)).get(10, TimeUnit.SECONDS); // the direct path is dropped
        assertThat(r.commodities().get(0).note()).contains("its last installed split is kept");
        assertThat(sent).noneMatch(m -> m instanceof FlowMod || m instanceof GroupMod);
        assertThat(switches.get(2).flows).isEqualTo(egressBefore); // the ingress still uses both

        switches.get(0).connect(group, p.localAddress());
        awaitCondition(() -> weightsAtIngress().equals(List.of(100)));
        awaitCondition(() -> switches.get(2).flows.size() == 1); // direct tunnel removed after the group moved
    }

    private static void awaitCondition(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 5_000;
        while (!condition.getAsBoolean()) {
            assertThat(System.currentTimeMillis()).as("condition within 5 s").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    @Test
    void nothingIsTouchedBeforeTheFirstPush() throws Exception {
        FlowEntry leftover = new FlowEntry(Ownership.DEFAULT.tunnelCookie(99), 2000,
                te.southbound.openflow.Match.of(new OxmField.EthType(0x8847), new OxmField.MplsLabel(99)), List.of());
        switches.get(0).flows.put(leftover.key(), leftover);
        startAndConnect();
        Thread.sleep(200);
        assertThat(sent).noneMatch(m -> m instanceof FlowMod || m instanceof GroupMod);
        assertThat(switches.get(0).flows).hasSize(1);
    }

    @Test
    void entriesOfABuildWithOneCookiePerKindAreReplacedAndItsStaleOnesDeletedInOrder() throws Exception {
        // What a build before per-entry cookies left: threeEgresses' entries, each flow with cookie tag|kind.
        CompiledState before = new StateCompiler(Ownership.DEFAULT, 100)
                .compile(threeEgresses(), Set.of(new Dpid(1), new Dpid(2), new Dpid(3)), IdBook.EMPTY);
        for (FakeSwitch s : switches) {
            SwitchTables t = before.tables().get(new Dpid(s.dpid));
            for (FlowEntry f : t.flows().values()) {
                FlowEntry old = new FlowEntry((f.cookie() & Ownership.TAG_MASK) | Ownership.kind(f.cookie()),
                        f.priority(), f.match(), f.instructions());
                s.flows.put(old.key(), old);
            }
            t.groups().values().forEach(g -> s.groups.put(g.groupId(), new GroupDesc(g.type(), g.groupId(), g.buckets())));
        }
        WeightPusher p = startAndConnect();
        DesiredState kept = new DesiredState(threeEgresses().commodities().subList(0, 2));

        PushReport r = p.push(kept).get(10, TimeUnit.SECONDS);

        assertThat(r.clean()).as(r.summary()).isTrue();
        for (FakeSwitch s : switches) {
            for (FlowEntry f : s.flows.values()) {
                long own = f.match().mplsLabel().isPresent()
                        ? Ownership.DEFAULT.tunnelCookie(f.match().mplsLabel().getAsInt())
                        : Ownership.DEFAULT.ingressCookie(groupOf(f));
                assertThat(f.cookie()).as("%s on switch %d", f, s.dpid).isEqualTo(own);
            }
        }
        assertThat(switches.get(0).flows).hasSize(2);
        assertThat(switches.get(0).groups).hasSize(2);
        assertThat(switches.get(1).flows).hasSize(2);
        assertThat(switches.get(2).flows).hasSize(2);
        // The dropped commodity's ingress flow, an old-style cookie of kind 1, went before its group.
        int flowDelete = indexOf(m -> m instanceof FlowMod f && f.command() == te.southbound.openflow.FlowCommand.DELETE_STRICT
                && f.match().mplsLabel().isEmpty());
        int groupDelete = indexOf(m -> m instanceof GroupMod g && g.command() == te.southbound.openflow.GroupCommand.DELETE);
        assertThat(flowDelete).isNotNegative().isLessThan(groupDelete);
    }

    private int indexOf(java.util.function.Predicate<OfMessage> p) {
        for (int i = 0; i < sent.size(); i++) {
            if (p.test(sent.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static int groupOf(FlowEntry ingress) {
        return ingress.instructions().stream()
                .flatMap(i -> ((te.southbound.openflow.Instruction.ApplyActions) i).actions().stream())
                .filter(a -> a instanceof te.southbound.openflow.Action.Group)
                .mapToInt(a -> ((te.southbound.openflow.Action.Group) a).groupId()).findFirst().orElseThrow();
    }
}
