package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static te.southbound.SwitchHarness.*;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.GroupCommand;
import te.southbound.openflow.GroupType;
import te.southbound.openflow.Match;
import te.southbound.openflow.OfConstants;
import te.southbound.openflow.OfMessage;
import te.southbound.openflow.OfMessage.*;
import te.southbound.openflow.Octets;
import te.southbound.openflow.PortDesc;
import te.southbound.openflow.PortReason;

/** Handshake, version negotiation, keepalive and reply correlation of one switch connection. */
class SwitchConnectionTest {
    private final SwitchHarness h = new SwitchHarness(Set.of(new Dpid(1)), 60_000);

    @Test
    void handshakeOffersOnly13ThenAsksForTheDpid() {
        EmbeddedChannel ch = h.connect();
        assertThat(sent(ch)).singleElement().isInstanceOfSatisfying(Hello.class,
                hello -> assertThat(hello.versionBitmap()).isEqualTo(1L << 4));

        receive(ch, new Hello(7, 6, (1L << 1) | (1L << 4) | (1L << 6)));
        assertThat(sent(ch)).singleElement().isInstanceOf(FeaturesRequest.class);
        assertThat(h.registry.ready()).isEmpty();

        receive(ch, new FeaturesReply(8, 1, 0, 254, 0, 0));
        assertThat(h.registry.ready()).containsOnlyKeys(new Dpid(1));
        assertThat(h.changes).hasValue(1);
    }

    @Test
    void groupFeaturesSayWhetherTheSwitchSkipsDeadSelectBuckets() {
        EmbeddedChannel ch = h.connect();
        int xid = handshakeAndXidOf(ch, GroupFeaturesRequest.class);
        assertThat(h.registry.status()).singleElement().extracting(SwitchStatus::selectLiveness).isNull();
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receive(ch, new GroupFeaturesReply(xid, false, 0xf, 0x5)); // weight and chaining, no select liveness
            assertThat(h.registry.status()).singleElement().extracting(SwitchStatus::selectLiveness).isEqualTo(false);
            assertThat(log.lines()).anySatisfy(l -> assertThat(l).startsWith("WARN switch 0000000000000001 does not report liveness")
                    .contains("capabilities 0x5").contains("--no-openflow-bucket-liveness"));
        }

        EmbeddedChannel ovs = h.connect();
        xid = handshakeAndXidOf(ovs, GroupFeaturesRequest.class);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receive(ovs, new GroupFeaturesReply(xid, false, 0xf, 0x7)); // Open vSwitch 3.1
            assertThat(h.registry.status()).singleElement().extracting(SwitchStatus::selectLiveness).isEqualTo(true);
            assertThat(log.lines()).noneMatch(l -> l.startsWith("WARN"));
        }
    }

    @Test
    void portsAreAskedForAfterTheHandshakeThenFollowedThroughPortStatus() {
        EmbeddedChannel ch = h.connect();
        int xid = handshakeAndXidOf(ch, PortDescRequest.class);

        // The list comes in two parts; the listener hears it once, whole.
        receive(ch, new PortDescReply(xid, true, List.of(new PortDesc(1, 0, "s1-eth1", 0, 4, 0, 0))));
        assertThat(h.portEvents).isEmpty();
        receive(ch, new PortDescReply(xid, false, List.of(new PortDesc(2, 0, "s1-eth2", 0, 1, 0, 0))));
        assertThat(h.portEvents).containsExactly(
                "ports 1 [PortState[portNo=1, name=s1-eth1, up=true], PortState[portNo=2, name=s1-eth2, up=false]]");

        receive(ch, new PortStatus(0, PortReason.MODIFY, new PortDesc(1, 0, "s1-eth1", 1, 0, 0, 0)),
                new PortStatus(0, PortReason.MODIFY, new PortDesc(2, 0, "s1-eth2", 0, 4, 0, 0)),
                new PortStatus(0, PortReason.DELETE, new PortDesc(2, 0, "s1-eth2", 0, 4, 0, 0)));
        assertThat(h.portEvents).containsSubsequence(
                "port 1 PortState[portNo=1, name=s1-eth1, up=false]",
                "port 1 PortState[portNo=2, name=s1-eth2, up=true]",
                "port 1 PortState[portNo=2, name=s1-eth2, up=false]");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void aPortStatusBeforeTheHandshakeEndsIsIgnoredNotFatal() {
        EmbeddedChannel ch = h.connect();
        sent(ch);
        receive(ch, Hello.ofp13(1), new PortStatus(0, PortReason.MODIFY, new PortDesc(1, 0, "s1-eth1", 1, 0, 0, 0)));
        assertThat(ch.isOpen()).isTrue();
        assertThat(h.portEvents).isEmpty();
        receive(ch, new FeaturesReply(2, 1, 0, 254, 0, 0));
        assertThat(h.registry.ready()).containsOnlyKeys(new Dpid(1));
    }

    @Test
    void portNewsFromAConnectionThatAReconnectReplacedIsIgnored() {
        EmbeddedChannel old = h.connect();
        handshake(old, 1);
        SwitchConnection replaced = connection(old);
        EmbeddedChannel fresh = h.connect();
        handshake(fresh, 1);
        PortStatus down = new PortStatus(0, PortReason.MODIFY, new PortDesc(1, 0, "s1-eth1", 1, 0, 0, 0));
        // The replaced connection is being closed; on a real event loop a message it already read
        // can still arrive after the new connection's.
        h.registry.portChanged(replaced, down);
        h.registry.portsReported(replaced, List.of(down.port()));
        assertThat(h.portEvents).isEmpty();
        receive(fresh, down);
        assertThat(h.portEvents).containsExactly("port 1 PortState[portNo=1, name=s1-eth1, up=false]");
    }

    @Test
    void anUnansweredPortListIsAskedForAgain() throws Exception {
        SwitchHarness quick = new SwitchHarness(Set.of(new Dpid(1)), 60_000, 100);
        EmbeddedChannel ch = quick.connect();
        sent(ch);
        receive(ch, Hello.ofp13(1), new FeaturesReply(2, 1, 0, 254, 0, 0));
        assertThat(sent(ch)).filteredOn(m -> m instanceof PortDescRequest).hasSize(1);
        List<OfMessage> again = List.of();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (again.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            again = sent(ch).stream().filter(m -> m instanceof PortDescRequest).toList();
        }
        assertThat(again).hasSize(1);
        receive(ch, new PortDescReply(again.get(0).xid(), false, List.of(new PortDesc(1, 0, "s1-eth1", 0, 4, 0, 0))));
        assertThat(quick.portEvents).containsExactly("ports 1 [PortState[portNo=1, name=s1-eth1, up=true]]");
    }

    @Test
    void aMultipartRequestThatTimesOutIsForgotten() throws Exception {
        PendingRequests pending = new PendingRequests();
        // What a caller's orTimeout does, on this thread: orTimeout's own thread could still be
        // running the clean-up when a dependent stage has already returned here.
        pending.awaitMultipart(5, PortDescReply.class).completeExceptionally(new java.util.concurrent.TimeoutException());
        // A reply after the timeout answers nothing any more (and nothing is kept for it).
        assertThat(pending.onMultipartPart(new PortDescReply(5, false, List.of()))).isFalse();
    }

    @Test
    void portsOfASwitchThatIsNotConfiguredAreNeitherAskedForNorReported() {
        EmbeddedChannel ch = h.connect();
        sent(ch);
        receive(ch, Hello.ofp13(1), new FeaturesReply(2, 9, 0, 254, 0, 0));
        assertThat(sent(ch)).noneMatch(m -> m instanceof PortDescRequest);
        receive(ch, new PortStatus(0, PortReason.MODIFY, new PortDesc(1, 0, "x", 1, 0, 0, 0)));
        assertThat(h.portEvents).isEmpty();
    }

    @Test
    void aNewerSwitchWithoutBitmapNegotiatesDownTo13() {
        EmbeddedChannel ch = h.connect();
        sent(ch);
        receive(ch, new Hello(1, 6, 0));
        assertThat(sent(ch)).singleElement().isInstanceOf(FeaturesRequest.class);
    }

    @Test
    void switchesWithout13AreRefusedWithHelloFailed() {
        for (Hello hello : List.of(new Hello(1, 1, 0), new Hello(1, 6, (1L << 1) | (1L << 5)))) {
            EmbeddedChannel ch = h.connect();
            sent(ch);
            try (LogCapture log = new LogCapture(SwitchConnection.class)) {
                receive(ch, hello);
                assertThat(sent(ch)).singleElement().isInstanceOfSatisfying(OfMessage.Error.class,
                        e -> assertThat(List.of(e.type(), e.code())).containsExactly(0, 0));
                assertThat(ch.isOpen()).isFalse();
                assertThat(log.lines()).anyMatch(l -> l.startsWith("WARN closing: switch at embedded offers OpenFlow versions")
                        && l.contains("needs 1.3"));
            }
        }
        assertThat(h.registry.ready()).isEmpty();
    }

    @Test
    void echoRequestsAreAnsweredWithTheSamePayload() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        receive(ch, new EchoRequest(42, Octets.of(new byte[] {1, 2, 3})));
        assertThat(sent(ch)).containsExactly(new EchoReply(42, Octets.of(new byte[] {1, 2, 3})));
    }

    @Test
    void silenceFirstGetsAnEchoThenDeclaresTheSwitchDead() throws InterruptedException {
        EmbeddedChannel alive = h.connect();
        handshake(alive, 1);
        alive.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
        assertThat(sent(alive)).singleElement().isInstanceOf(EchoRequest.class);
        assertThat(alive.isOpen()).isTrue();

        SwitchHarness quick = new SwitchHarness(Set.of(), 2);
        EmbeddedChannel dead = quick.connect();
        handshake(dead, 1);
        Thread.sleep(5);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            dead.pipeline().fireUserEventTriggered(IdleStateEvent.READER_IDLE_STATE_EVENT);
            assertThat(dead.isOpen()).isFalse();
            assertThat(log.lines()).anyMatch(l -> l.contains("declaring it dead"));
        }
        assertThat(quick.registry.ready()).isEmpty();
        assertThat(quick.changes).hasValue(2); // ready, then gone: the reconciler is told both
    }

    @Test
    void unknownDatapathIsLoggedAndNeverReady() {
        EmbeddedChannel ch = h.connect();
        try (LogCapture log = new LogCapture(SwitchRegistry.class)) {
            handshake(ch, 0x99);
            assertThat(log.lines()).anyMatch(l -> l.startsWith("WARN switch 0000000000000099")
                    && l.contains("not configured"));
        }
        assertThat(h.registry.ready()).isEmpty();
        assertThat(h.changes).hasValue(0);
        assertThat(h.registry.status()).singleElement().satisfies(s -> assertThat(s.known()).isFalse());
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void batchCollectsTheErrorsOfItsMessagesAndEndsAtTheBarrierReply() throws Exception {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        GroupMod mod = new GroupMod(0, GroupCommand.ADD, GroupType.SELECT, 65536, List.of());
        CompletableFuture<List<SwitchError>> done = connection(ch).sendBatch(List.of(mod, mod));
        List<OfMessage> out = sent(ch);
        assertThat(out).hasSize(3).last().isInstanceOf(BarrierRequest.class);
        int rejected = out.get(1).xid();

        receive(ch, new OfMessage.Error(rejected, 6, 0, Octets.EMPTY));
        assertThat(done).isNotDone();
        receive(ch, new BarrierReply(out.get(2).xid()));

        assertThat(done.get()).singleElement().satisfies(e -> {
            assertThat(e.xid()).isEqualTo(rejected);
            assertThat(e.toString()).contains("GROUP_MOD ADD group 65536").contains("GROUP_MOD_FAILED/GROUP_EXISTS");
        });
        assertThat(h.registry.status().get(0).recentErrors()).hasSize(1);
    }

    /** @return what the controller sent after the switch's FEATURES_REPLY: the bundle probe */
    /** @return the xid of the first {@code request} the switch is sent once its handshake completes */
    private static int handshakeAndXidOf(EmbeddedChannel ch, Class<? extends OfMessage> request) {
        sent(ch);
        receive(ch, Hello.ofp13(1), new FeaturesReply(2, 1, 0, 254, 0, 0));
        return sent(ch).stream().filter(request::isInstance).findFirst().orElseThrow().xid();
    }

    private static List<OfMessage> handshakeAndProbe(EmbeddedChannel ch) {
        receive(ch, Hello.ofp13(1), new FeaturesReply(2, 1, 0, 254, 0, 0));
        return sent(ch).stream().filter(m -> !(m instanceof Hello || m instanceof FeaturesRequest)).toList();
    }

    @Test
    void aSwitchThatAnswersTheBundleProbeGetsEachBatchAsOneBundleAndErrorsStillNameTheirMod() throws Exception {
        SwitchHarness b = new SwitchHarness(java.util.Set.of(), 60_000, 60_000, true);
        EmbeddedChannel ch = b.connect();
        List<OfMessage> probe = handshakeAndProbe(ch);
        assertThat(probe).hasSize(3);
        assertThat(probe.get(0)).isInstanceOfSatisfying(BundleControl.class, c -> assertThat(c.type()).isEqualTo(OfConstants.BUNDLE_OPEN_REQUEST));
        assertThat(probe.get(1)).isInstanceOfSatisfying(BundleControl.class, c -> assertThat(c.type()).isEqualTo(OfConstants.BUNDLE_DISCARD_REQUEST));
        assertThat(b.registry.ready()).as("not ready before the probe is answered").isEmpty();
        receive(ch, new BundleControl(probe.get(0).xid(), 0, OfConstants.BUNDLE_OPEN_REPLY, 0),
                new BundleControl(probe.get(1).xid(), 0, OfConstants.BUNDLE_DISCARD_REPLY, 0), new BarrierReply(probe.get(2).xid()));
        ch.runPendingTasks();
        assertThat(b.registry.ready()).containsOnlyKeys(new Dpid(1));
        assertThat(b.registry.status()).singleElement().satisfies(st -> assertThat(st.bundles()).isTrue());
        sent(ch); // the port list request

        GroupMod mod = new GroupMod(0, GroupCommand.ADD, GroupType.SELECT, 65536, List.of());
        // Accepted as added, refused at the commit (a missing group, say): both errors count.
        CompletableFuture<List<SwitchError>> done = connection(ch).sendBatch(List.of(mod, mod));
        List<OfMessage> out = sent(ch);
        assertThat(out).hasSize(4);
        BundleControl open = (BundleControl) out.get(0);
        assertThat(open.type()).isEqualTo(OfConstants.BUNDLE_OPEN_REQUEST);
        assertThat(open.flags()).isEqualTo(OfConstants.BUNDLE_ATOMIC | OfConstants.BUNDLE_ORDERED);
        assertThat(out.subList(1, 3)).allSatisfy(m -> assertThat(m).isInstanceOfSatisfying(BundleAdd.class, a -> {
            assertThat(a.bundleId()).isEqualTo(open.bundleId());
            assertThat(a.message()).isEqualTo(mod.withXid(a.xid()));
        }));
        assertThat(out.get(3)).isInstanceOf(BarrierRequest.class);
        receive(ch, new BarrierReply(out.get(3).xid()));
        List<OfMessage> commit = sent(ch);
        assertThat(commit).as(commit.toString()).hasSize(2).last().isInstanceOf(BarrierRequest.class);
        assertThat(commit.get(0)).isInstanceOfSatisfying(BundleControl.class, c -> {
            assertThat(c.type()).isEqualTo(OfConstants.BUNDLE_COMMIT_REQUEST);
            assertThat(c.bundleId()).isEqualTo(open.bundleId());
        });
        assertThat(done).isNotDone();
        int rejected = out.get(2).xid();
        receive(ch, new OfMessage.Error(rejected, 6, 0, Octets.EMPTY), new OfMessage.Error(commit.get(0).xid(), 0xffff, 2313, Octets.EMPTY),
                new BarrierReply(commit.get(1).xid()));
        assertThat(done.get()).hasSize(2).first().satisfies(e -> assertThat(e.toString()).contains("GROUP_MOD ADD group 65536"));

        // Refused as added: the bundle is discarded, never committed.
        CompletableFuture<List<SwitchError>> second = connection(ch).sendBatch(List.of(mod, mod));
        List<OfMessage> adds = sent(ch);
        int refused = adds.get(1).xid();
        receive(ch, new OfMessage.Error(refused, 6, 0, Octets.EMPTY), new BarrierReply(adds.get(3).xid()));
        List<OfMessage> discard = sent(ch);
        assertThat(discard.get(0)).isInstanceOfSatisfying(BundleControl.class,
                c -> assertThat(c.type()).isEqualTo(OfConstants.BUNDLE_DISCARD_REQUEST));
        receive(ch, new BarrierReply(discard.get(1).xid()));
        assertThat(second.get()).singleElement().satisfies(e -> assertThat(e.xid()).isEqualTo(refused));
    }

    @Test
    void aModOverTheFrameLimitFailsItsBatchInsteadOfGoingMissing() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        List<te.southbound.openflow.Action> actions = java.util.Collections.nCopies(5_000, new te.southbound.openflow.Action.Output(2));
        GroupMod huge = new GroupMod(0, GroupCommand.ADD, GroupType.SELECT, 65536,
                List.of(te.southbound.openflow.Bucket.weighted(1, actions)));
        GroupMod small = new GroupMod(0, GroupCommand.ADD, GroupType.SELECT, 65537, List.of());
        CompletableFuture<List<SwitchError>> done = connection(ch).sendBatch(List.of(small, huge));
        ch.runPendingTasks();
        assertThat(done).isCompletedExceptionally();
        assertThat(done.handle((r, e) -> e.getMessage()).join()).contains("could not send GROUP_MOD ADD group 65536");
    }

    @Test
    void aSwitchThatAnswersNoBarrierAfterTheBundleProbeIsClosedNotMadeReady() throws Exception {
        SwitchHarness b = new SwitchHarness(java.util.Set.of(), 60_000, 50, true);
        EmbeddedChannel ch = b.connect();
        handshakeAndProbe(ch);
        // The probe's 50 ms timeout fires on another thread and closes through the channel's tasks.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (ch.isOpen() && System.nanoTime() < deadline) {
            Thread.sleep(10);
            ch.runPendingTasks();
        }
        assertThat(ch.isOpen()).isFalse();
        assertThat(b.registry.ready()).isEmpty();
    }

    @Test
    void aSwitchThatRefusesTheBundleProbeGetsModsOneByOneAndNoErrorIsRecorded() throws Exception {
        SwitchHarness b = new SwitchHarness(java.util.Set.of(), 60_000, 60_000, true);
        EmbeddedChannel ch = b.connect();
        List<OfMessage> probe = handshakeAndProbe(ch);
        try (LogCapture log = new LogCapture(SwitchConnection.class)) {
            receive(ch, new OfMessage.Error(probe.get(0).xid(), 1, 3, Octets.EMPTY), new OfMessage.Error(probe.get(1).xid(), 1, 3, Octets.EMPTY),
                    new BarrierReply(probe.get(2).xid()));
            // This switch's lines only: the logger is shared, and another test's switch may still be timing out.
            assertThat(log.lines()).filteredOn(l -> l.contains(new Dpid(1).toString()))
                    .noneMatch(l -> l.startsWith("WARN")).anyMatch(l -> l.contains("does not take bundles"));
        }
        ch.runPendingTasks();
        assertThat(b.registry.ready()).containsOnlyKeys(new Dpid(1));
        assertThat(b.registry.status()).singleElement().satisfies(st -> {
            assertThat(st.bundles()).isFalse();
            assertThat(st.recentErrors()).isEmpty();
        });
        sent(ch);
        GroupMod mod = new GroupMod(0, GroupCommand.ADD, GroupType.SELECT, 65536, List.of());
        connection(ch).sendBatch(List.of(mod, mod));
        assertThat(sent(ch)).extracting(m -> m.getClass().getSimpleName()).containsExactly("GroupMod", "GroupMod", "BarrierRequest");
    }

    @Test
    void multipartRepliesAreJoinedAndAClosedConnectionFailsWhatIsPending() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        CompletableFuture<List<OfMessage>> groups = connection(ch).multipart(new GroupDescRequest(0));
        int xid = sent(ch).get(0).xid();
        GroupDescReply part1 = new GroupDescReply(xid, true, List.of());
        GroupDescReply part2 = new GroupDescReply(xid, false, List.of());
        receive(ch, part1);
        assertThat(groups).isNotDone();
        receive(ch, part2);
        assertThat(groups).isCompletedWithValue(List.of(part1, part2));

        CompletableFuture<List<OfMessage>> flows = connection(ch).multipart(
                new FlowStatsRequest(0, 0xff, -1, -1, 0, 0, Match.ALL));
        ch.close();
        assertThat(flows).isCompletedExceptionally();
        assertThat(h.registry.ready()).isEmpty();
    }

    @Test
    void aReplyOfAnotherTypeOrWithoutEndFailsItsRequestInsteadOfBeingCastOrKept() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        sent(ch);
        CompletableFuture<List<OfMessage>> groups = connection(ch).multipart(new GroupDescRequest(0));
        int xid = sent(ch).get(0).xid();
        receive(ch, new PortDescReply(xid, false, List.of()));
        assertThat(groups).failsWithin(java.time.Duration.ZERO).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("switch answered a request for GroupDescReply with PortDescReply");

        CompletableFuture<List<OfMessage>> endless = connection(ch).multipart(new GroupDescRequest(0));
        int xid2 = sent(ch).get(0).xid();
        for (int i = 0; i < PendingRequests.MAX_PARTS; i++) {
            receive(ch, new GroupDescReply(xid2, true, List.of()));
        }
        assertThat(endless).isNotDone();
        receive(ch, new GroupDescReply(xid2, true, List.of()));
        assertThat(endless).failsWithin(java.time.Duration.ZERO).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("more than 2048 parts");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void aBatchWhoseBarrierTimesOutIsForgottenAndErrorsPerBatchAreCapped() {
        PendingRequests pending = new PendingRequests();
        CompletableFuture<List<SwitchError>> batch = pending.awaitBarrier(10, 12);
        for (int i = 0; i < 1000; i++) {
            pending.onError(new SwitchError(new Dpid(1), 11, 1, 1, "mod", 0));
        }
        pending.onBarrierReply(12);
        assertThat(batch.join()).hasSize(PendingRequests.MAX_ERRORS_PER_BATCH);

        pending.track(new OfMessage.BarrierRequest(21));
        CompletableFuture<List<SwitchError>> lost = pending.awaitBarrier(20, 22);
        assertThat(pending.describe(21)).isNotEqualTo("unknown request");
        lost.completeExceptionally(new java.util.concurrent.TimeoutException());
        // The batch's messages are forgotten with it, and a later batch over the same xids collects alone.
        assertThat(pending.describe(21)).isEqualTo("unknown request");
        CompletableFuture<List<SwitchError>> next = pending.awaitBarrier(20, 22);
        pending.onError(new SwitchError(new Dpid(1), 21, 1, 1, "mod", 0));
        pending.onBarrierReply(22);
        assertThat(next.join()).hasSize(1);
    }

    @Test
    void aSwitchThatMissesBarriersInSeveralRunsInARowIsDisconnectedAndALateReplyForgivesIt() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        SwitchConnection c = connection(ch);
        java.util.Map<Dpid, java.util.Map<Phase, List<OfMessage>>> plan = oneGroupMod();
        java.util.Map<Dpid, SwitchConnection> connections = java.util.Map.of(new Dpid(1), c);
        for (int run = 1; run <= PhaseRunner.MISSED_BARRIERS_BEFORE_DISCONNECT - 1; run++) {
            assertThat(PhaseRunner.run(plan, connections, 1, () -> false, System.nanoTime()).clean()).isFalse();
        }
        int missed = sent(ch).stream().filter(m -> m instanceof OfMessage.BarrierRequest).mapToInt(OfMessage::xid).max().orElseThrow();
        receive(ch, new OfMessage.BarrierReply(missed)); // a late reply to ours: the switch is alive after all
        for (int run = 1; run <= PhaseRunner.MISSED_BARRIERS_BEFORE_DISCONNECT - 1; run++) {
            assertThat(PhaseRunner.run(plan, connections, 1, () -> false, System.nanoTime()).clean()).isFalse();
            assertThat(ch.isOpen()).isTrue();
        }
        assertThat(PhaseRunner.run(plan, connections, 1, () -> false, System.nanoTime()).problems())
                .anyMatch(s -> s.startsWith("GROUPS: no barrier reply from 0000000000000001"));
        ch.runPendingTasks();
        assertThat(ch.isOpen()).as("disconnected after %d misses in a row", PhaseRunner.MISSED_BARRIERS_BEFORE_DISCONNECT).isFalse();
    }

    /** @return a plan with one group mod for switch 1, whose barrier the scripted switch never answers */
    private static java.util.Map<Dpid, java.util.Map<Phase, List<OfMessage>>> oneGroupMod() {
        java.util.Map<Phase, List<OfMessage>> phases = new java.util.EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) {
            phases.put(p, List.of());
        }
        phases.put(Phase.GROUPS, List.of(new GroupMod(0, GroupCommand.ADD, GroupType.SELECT, 65536, List.of())));
        return java.util.Map.of(new Dpid(1), phases);
    }

    @Test
    void aBarrierReplyToNoBarrierOfOursForgivesNoMiss() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        SwitchConnection c = connection(ch);
        java.util.Map<Dpid, java.util.Map<Phase, List<OfMessage>>> plan = oneGroupMod();
        for (int run = 1; run <= PhaseRunner.MISSED_BARRIERS_BEFORE_DISCONNECT - 1; run++) {
            PhaseRunner.run(plan, java.util.Map.of(new Dpid(1), c), 1, () -> false, System.nanoTime());
        }
        // A stuck switch sending barrier replies of its own would otherwise never be disconnected.
        receive(ch, new OfMessage.BarrierReply(123456));
        PhaseRunner.run(plan, java.util.Map.of(new Dpid(1), c), 1, () -> false, System.nanoTime());
        ch.runPendingTasks();
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aSecondFeaturesReplyWithAnotherIdClosesTheConnection() {
        EmbeddedChannel ch = h.connect();
        handshake(ch, 1);
        receive(ch, new OfMessage.FeaturesReply(99, 1, 0, 1, 0, 0));
        assertThat(ch.isOpen()).as("the same id again is ignored").isTrue();
        receive(ch, new OfMessage.FeaturesReply(100, 11, 0, 1, 0, 0));
        assertThat(ch.isOpen()).isFalse();
        assertThat(h.registry.ready()).isEmpty();
    }

    @Test
    void aPeerThatNeverSaysWhichSwitchItIsIsClosedAfterTheRequestTimeout() {
        EmbeddedChannel ch = h.connect();
        receive(ch, OfMessage.Hello.ofp13(1)); // HELLO, then nothing: no FEATURES_REPLY
        // The embedded loop's clock is real time plus what the test advanced: margins, not 1 ms, so
        // that a slow machine between the steps does not cross the deadline early.
        long timeout = SouthboundConfig.defaults().requestTimeoutMs();
        ch.advanceTimeBy(timeout / 2, java.util.concurrent.TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertThat(ch.isOpen()).isTrue();
        ch.advanceTimeBy(timeout, java.util.concurrent.TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertThat(ch.isOpen()).isFalse();

        EmbeddedChannel done = h.connect();
        handshake(done, 1);
        done.advanceTimeBy(SouthboundConfig.defaults().requestTimeoutMs() + 1, java.util.concurrent.TimeUnit.MILLISECONDS);
        done.runScheduledPendingTasks();
        assertThat(done.isOpen()).as("a switch that finished its handshake stays").isTrue();
    }
}
