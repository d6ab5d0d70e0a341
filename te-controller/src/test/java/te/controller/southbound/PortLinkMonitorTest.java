package te.controller.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import te.controller.daemon.LinkState;
import te.southbound.PortState;
import te.topology.Topology;
import te.zoo.TopologyCatalog;

/** Port reports become arc failures on both arcs of a cable, and only when the wiring knows the port. */
class PortLinkMonitorTest {
    private final Topology t = TopologyCatalog.discover().load("Abilene");
    private final ConventionalWiring wiring = new ConventionalWiring(t);
    private final AtomicReference<LinkState> links = new AtomicReference<>(LinkState.allUp());
    private final List<Map<Integer, Boolean>> reports = new CopyOnWriteArrayList<>();

    private PortLinkMonitor attached() {
        return attached(0);
    }

    private PortLinkMonitor attached(long upHoldMillis) {
        PortLinkMonitor m = new PortLinkMonitor(t, wiring, upHoldMillis, null);
        m.attach(links::get, this::record);
        return m;
    }

    /** How long the next recording takes, ms (a path recomputation and a state write in the daemon). */
    private volatile long slowRecordMillis;

    private void record(Map<Integer, Boolean> changes) {
        long slow = slowRecordMillis;
        if (slow > 0) {
            slowRecordMillis = 0;
            try {
                Thread.sleep(slow);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        reports.add(Map.copyOf(changes));
        links.set(links.get().withSwitchReports(changes));
    }

    private int arc(String src, String dst) {
        return t.arcIndex(t.resolveNode(src), t.resolveNode(dst));
    }

    private PortState port(int arc, boolean up) {
        return new PortState(wiring.outPort(arc), "p", up);
    }

    private void awaitReports(int n) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (reports.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(reports).hasSize(n);
    }

    @Test
    void aPortDownFailsBothArcsOfItsCableAndUpRestoresThemOnceBothEndsAreKnownUp() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        try (PortLinkMonitor m = attached()) {
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(1);
            assertThat(reports.get(0)).isEqualTo(Map.of(ab, true, ba, true));

            // Node 0's port is back, but node 1 has not said anything about its end: unknown, so the
            // link stays down. Events are worked off in order, so the next report is another
            // link's failure, and it does not restore this one.
            m.portChanged(wiring.dpid(0), port(ab, true));
            int other = java.util.stream.IntStream.range(0, t.arcCount()).filter(a -> t.arcSrc(a) == 2).findFirst().orElseThrow();
            m.portChanged(wiring.dpid(2), port(other, false));
            awaitReports(2);
            assertThat(reports.get(1)).doesNotContainKeys(ab, ba).containsEntry(other, true);
            assertThat(links.get().isSwitchDown(ab)).isTrue();

            m.portChanged(wiring.dpid(1), port(ba, true));
            awaitReports(3);
            assertThat(reports.get(2)).isEqualTo(Map.of(ab, false, ba, false));
        }
    }

    @Test
    void aPortListFailsTheArcsOfPortsThatAreDownOrMissingAndIgnoresOthers() throws Exception {
        try (PortLinkMonitor m = attached()) {
            List<Integer> out = java.util.stream.IntStream.range(0, t.arcCount()).filter(a -> t.arcSrc(a) == 0).boxed().toList();
            assertThat(out).hasSizeGreaterThanOrEqualTo(2);
            // The first arc's port is down, the second's is missing; host port 1 and the local port are not arcs.
            List<PortState> ports = List.of(port(out.get(0), false), new PortState(1, "host", false),
                    new PortState(0xfffffffe, "s1", false));
            m.portsReported(wiring.dpid(0), ports);
            awaitReports(1);
            int r0 = t.arcIndex(t.arcDst(out.get(0)), 0);
            int r1 = t.arcIndex(t.arcDst(out.get(1)), 0);
            assertThat(reports.get(0)).containsOnlyKeys(out.get(0), out.get(1), r0, r1).doesNotContainValue(false);
        }
    }

    @Test
    void reportsBeforeAttachingWaitAndTheLastWordOfEachPortCounts() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        try (PortLinkMonitor m = new PortLinkMonitor(t, wiring, 0, null)) {
            m.portChanged(wiring.dpid(0), port(ab, false));
            m.portChanged(wiring.dpid(1), port(ba, true));
            m.portChanged(wiring.dpid(0), port(ab, true));
            m.portChanged(wiring.dpid(0), port(ab, false));
            Thread.sleep(200); // a worker that did not wait for attach would have reported by now
            assertThat(reports).isEmpty();
            m.attach(links::get, this::record);
            awaitReports(1);
            assertThat(reports.get(0)).isEqualTo(Map.of(ab, true, ba, true));
            m.portChanged(wiring.dpid(0), port(ab, true));
            awaitReports(2);
            assertThat(reports.get(1)).isEqualTo(Map.of(ab, false, ba, false));
        }
    }

    @Test
    void aBurstOfPortEventsBecomesOneChange() throws Exception {
        try (PortLinkMonitor m = new PortLinkMonitor(t, wiring, 0, null)) {
            List<Integer> out = java.util.stream.IntStream.range(0, t.arcCount()).filter(a -> t.arcSrc(a) == 0).boxed().toList();
            out.forEach(a -> m.portChanged(wiring.dpid(0), port(a, false)));
            m.attach(links::get, this::record);
            awaitReports(1);
            Thread.sleep(200);
            assertThat(reports).hasSize(1);
            assertThat(reports.get(0)).hasSize(2 * out.size()).doesNotContainValue(false);
        }
    }

    @Test
    void portsOfOtherSwitchesAndNonArcPortsChangeNothing() throws Exception {
        try (PortLinkMonitor m = attached()) {
            m.portChanged(new te.southbound.Dpid(4242), new PortState(2, "x", false));
            m.portChanged(wiring.dpid(0), new PortState(1, "host", false));
            m.portChanged(wiring.dpid(0), new PortState(99, "other", false));
            // Events are worked off in order: the first report is this one's, so the three made none.
            int ab = arc("0", "1");
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(1);
            assertThat(reports.get(0)).isEqualTo(Map.of(ab, true, arc("1", "0"), true));
        }
    }

    @Test
    void aFailedWriteIsTriedAgainWithoutWaitingForAnotherEvent() throws Exception {
        int ab = arc("0", "1");
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        try (PortLinkMonitor m = new PortLinkMonitor(t, wiring, 50, 0, null)) {
            m.attach(links::get, changes -> {
                if (calls.incrementAndGet() == 1) {
                    throw new java.io.UncheckedIOException(new java.io.IOException("No space left on device"));
                }
                record(changes);
            });
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(1);
            assertThat(calls).hasValue(2);
            assertThat(links.get().isSwitchDown(ab)).isTrue();
        }
    }

    @Test
    void anOperatorFailureIsNotLiftedByAPortComingUp() {
        int ab = arc("0", "1");
        LinkState s = LinkState.allUp().with(ab, true).withSwitchReports(Map.of(ab, true));
        assertThat(s.withSwitchReports(Map.of(ab, false)).isDown(ab)).isTrue();
        assertThat(s.with(ab, false).isDown(ab)).as("the switch still reports it down").isTrue();
        assertThat(s.with(ab, false).withSwitchReports(Map.of(ab, false)).downArcs()).isEmpty();
        assertThat(s.withSwitchReports(Map.of(ab, true))).as("no change, no new version").isSameAs(s);
        assertThat(s.version()).isEqualTo(2);
    }

    @Test
    void aFlappingPortKeepsItsLinkDownUntilItHasStayedUpForTheHoldDown() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        try (PortLinkMonitor m = attached(300)) {
            m.portChanged(wiring.dpid(1), port(ba, true));
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(1);
            assertThat(reports.get(0)).isEqualTo(Map.of(ab, true, ba, true));
            // Up and down every 20 ms for 0.4 s: never up for 300 ms in a row, so nothing is restored.
            for (int i = 0; i < 10; i++) {
                m.portChanged(wiring.dpid(0), port(ab, true));
                Thread.sleep(20);
                m.portChanged(wiring.dpid(0), port(ab, false));
                Thread.sleep(20);
            }
            assertThat(reports).hasSize(1);
            long up = System.nanoTime();
            m.portChanged(wiring.dpid(0), port(ab, true));
            awaitReports(2);
            assertThat(reports.get(1)).isEqualTo(Map.of(ab, false, ba, false));
            assertThat(System.nanoTime() - up).as("restored only after the hold-down").isGreaterThanOrEqualTo(300_000_000L);
        }
    }

    @Test
    void aBreakQueuedBehindABusyWorkerStillRestartsTheHoldDown() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        int other = java.util.stream.IntStream.range(0, t.arcCount()).filter(a -> t.arcSrc(a) == 2).findFirst().orElseThrow();
        try (PortLinkMonitor m = attached(1_000)) {
            m.portChanged(wiring.dpid(1), port(ba, true));
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(1);
            long up = System.nanoTime();
            m.portChanged(wiring.dpid(0), port(ab, true));
            Thread.sleep(200);
            // Another link fails and its recording takes 0.6 s; meanwhile the port blips down and up.
            slowRecordMillis = 600;
            m.portChanged(wiring.dpid(2), port(other, false));
            Thread.sleep(100);
            m.portChanged(wiring.dpid(0), port(ab, false));
            m.portChanged(wiring.dpid(0), port(ab, true));
            long blip = System.nanoTime();
            awaitReports(3);
            assertThat(reports.get(2)).isEqualTo(Map.of(ab, false, ba, false));
            // The hold-down counts from the blip (or later), not from the first up.
            assertThat(System.nanoTime() - blip).isGreaterThanOrEqualTo(1_000_000_000L);
            assertThat(System.nanoTime() - up).isGreaterThanOrEqualTo(1_300_000_000L);
        }
    }

    @Test
    void aLinkFlappingSlowerThanTheHoldDownIsKeptDownUntilItsPenaltyDecays() throws Exception {
        // Half-life 2 s; suppressed above 2500 (three flaps close together), restored below 2200.
        try (PortLinkMonitor m = damped(50, new FlapDamping(java.time.Duration.ofSeconds(2), 2200, 2500, java.time.Duration.ofSeconds(10)))) {
            // Two flaps, each restored after the 50 ms hold-down (1000, then about 1950: not
            // suppressed); the third puts it above 2500: the port comes back but the link stays down.
            long up = flapRestoredThenOnceMore(m, 2);
            Thread.sleep(100);
            List<Map<String, Object>> damped = m.damped();
            assertThat(damped).extracting(d -> d.get("link")).containsExactlyInAnyOrder("0->1", "1->0");
            double reuseIn = (Double) damped.get(0).get("reuseInSeconds");
            assertThat(reuseIn).isBetween(0.2, 1.0); // 2 s · log2(~2950 / 2200), less what has passed
            assertThat((Long) damped.get(0).get("penalty")).isBetween(2200L, 3000L);
            assertThat(reports).hasSize(5);
            awaitReports(6);
            assertThat(reports.get(5)).isEqualTo(Map.of(arc("0", "1"), false, arc("1", "0"), false));
            assertThat((System.nanoTime() - up) / 1e9).as("restored once the penalty decayed, not after the 50 ms hold-down")
                    .isGreaterThanOrEqualTo(reuseIn);
            assertThat(m.damped()).isEmpty();
        }
    }

    @Test
    void flapsFasterThanTheWorkerStillSuppressTheLinkAndALaterSingleFlapIsNotHeld() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        // Half-life 0.2 s: three flaps (3000) are suppressed until below 500, about 0.5 s.
        try (PortLinkMonitor m = damped(0, new FlapDamping(java.time.Duration.ofMillis(200), 500, 2000, java.time.Duration.ofSeconds(2)))) {
            // Queued before attaching, so one comparison sees only the ports up at the end.
            m.portChanged(wiring.dpid(1), port(ba, true));
            m.portChanged(wiring.dpid(0), port(ab, true));
            for (int flap = 0; flap < 3; flap++) {
                m.portChanged(wiring.dpid(0), port(ab, false));
                m.portChanged(wiring.dpid(0), port(ab, true));
            }
            long attached = System.nanoTime();
            m.attach(links::get, this::record);
            awaitReports(1);
            assertThat(reports.get(0)).as("kept down, though its ports are up").isEqualTo(Map.of(ab, true, ba, true));
            assertThat(m.damped()).hasSize(2);
            awaitReports(2);
            assertThat(reports.get(1)).isEqualTo(Map.of(ab, false, ba, false));
            assertThat((System.nanoTime() - attached) / 1e9).isGreaterThanOrEqualTo(0.4);
            // Long after, one flap (penalty ~1000, above reuse but never above suppress): no hold-down, no damping.
            Thread.sleep(1_500);
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(3);
            assertThat(m.damped()).as("the old suppression ended before this flap counted").isEmpty();
            m.portChanged(wiring.dpid(0), port(ab, true));
            awaitReports(4);
            assertThat(reports.get(3)).isEqualTo(Map.of(ab, false, ba, false));
        }
    }

    @Test
    void theOperatorCanClearALinksDampingAndItComesBackAfterTheHoldDown() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        // Suppressed by the second flap, for about 30 s: only a clear can bring it back within the test.
        try (PortLinkMonitor m = damped(100, new FlapDamping(java.time.Duration.ofSeconds(30), 1000, 1500, java.time.Duration.ofSeconds(60)))) {
            flapRestoredThenOnceMore(m, 1);
            Thread.sleep(300);
            assertThat(reports).hasSize(3);
            assertThat(m.damped()).hasSize(2);
            assertThat(m.clearDamping(ba)).containsExactly("0->1", "1->0");
            awaitReports(4);
            assertThat(reports.get(3)).isEqualTo(Map.of(ab, false, ba, false));
            assertThat(m.damped()).isEmpty();
            assertThat(m.clearDamping(ab)).as("nothing left to clear").isEmpty();
        }
    }

    @Test
    void penaltiesOutliveTheMonitorAndARestartedOneKeepsTheLinkDownForTheRest() throws Exception {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        // Half-life 5 s: three flaps are suppressed for about 2 s, past the store a second after the change.
        FlapDamping damping = new FlapDamping(java.time.Duration.ofSeconds(5), 2200, 2500, java.time.Duration.ofSeconds(20));
        List<List<te.controller.daemon.FlapPenalty>> stored = new CopyOnWriteArrayList<>();
        List<te.controller.daemon.FlapPenalty> taken;
        try (PortLinkMonitor first = damped(50, damping)) {
            first.keepPenalties(List.of(), 0, stored::add);
            flapRestoredThenOnceMore(first, 2); // suppressed, as in the test above
            long deadline = System.nanoTime() + 3_000_000_000L;
            while (stored.stream().noneMatch(l -> l.stream().anyMatch(te.controller.daemon.FlapPenalty::suppressed))
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            taken = stored.get(stored.size() - 1);
            assertThat(taken).extracting(te.controller.daemon.FlapPenalty::arc).containsExactlyInAnyOrder(ab, ba);
            assertThat(taken).allSatisfy(p -> {
                assertThat(p.suppressed()).isTrue();
                assertThat(p.penalty()).isBetween(2500.0, 3000.0);
            });
        }
        int before = reports.size();
        // A restarted daemon: the link is still down in its stored link state, its ports come up.
        try (PortLinkMonitor restarted = damped(50, damping)) {
            restarted.attach(links::get, this::record);
            restarted.keepPenalties(taken, 0, stored::add);
            restarted.portChanged(wiring.dpid(1), port(ba, true));
            restarted.portChanged(wiring.dpid(0), port(ab, true));
            long up = System.nanoTime();
            Thread.sleep(300);
            assertThat(reports).as("kept down past the 50 ms hold-down").hasSize(before);
            assertThat(restarted.damped()).hasSize(2);
            awaitReports(before + 1);
            assertThat(reports.get(before)).isEqualTo(Map.of(ab, false, ba, false));
            assertThat((System.nanoTime() - up) / 1e9).isGreaterThan(0.4); // 5 s · log2(~2900 / 2200), less what had passed
        }
        // Stored long ago: decayed away while the daemon was down; back after the hold-down alone.
        links.set(links.get().withSwitchReports(Map.of(ab, true, ba, true)));
        before = reports.size();
        try (PortLinkMonitor late = damped(50, damping)) {
            late.attach(links::get, this::record);
            late.keepPenalties(taken, 60_000, stored::add);
            late.portChanged(wiring.dpid(1), port(ba, true));
            late.portChanged(wiring.dpid(0), port(ab, true));
            awaitReports(before + 1);
            assertThat(reports.get(before)).isEqualTo(Map.of(ab, false, ba, false));
            assertThat(late.damped()).isEmpty();
        }
    }

    /**
     * Attaches {@code m}, reports link 0-1's ports up, flaps it {@code flaps} times, each restored,
     * then takes it down once more and its port up again.
     *
     * @return when the port came up the last time ({@link System#nanoTime()})
     */
    private long flapRestoredThenOnceMore(PortLinkMonitor m, int flaps) throws InterruptedException {
        int ab = arc("0", "1");
        int ba = arc("1", "0");
        m.attach(links::get, this::record);
        m.portChanged(wiring.dpid(1), port(ba, true));
        m.portChanged(wiring.dpid(0), port(ab, true));
        for (int flap = 0; flap < flaps; flap++) {
            m.portChanged(wiring.dpid(0), port(ab, false));
            awaitReports(2 * flap + 1);
            m.portChanged(wiring.dpid(0), port(ab, true));
            awaitReports(2 * flap + 2);
            assertThat(reports.get(2 * flap + 1)).isEqualTo(Map.of(ab, false, ba, false));
        }
        m.portChanged(wiring.dpid(0), port(ab, false));
        awaitReports(2 * flaps + 1);
        long up = System.nanoTime();
        m.portChanged(wiring.dpid(0), port(ab, true));
        return up;
    }

    /** A monitor with a {@code upHoldMillis} hold-down, this damping, and failed writes retried after 50 ms. */
    private PortLinkMonitor damped(long upHoldMillis, FlapDamping damping) {
        return new PortLinkMonitor(t, wiring, 50, upHoldMillis, damping);
    }
}
