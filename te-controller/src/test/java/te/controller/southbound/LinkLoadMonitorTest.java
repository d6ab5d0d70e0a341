package te.controller.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.controller.daemon.LinkLoads;
import te.southbound.Dpid;
import te.southbound.PortCounters;
import te.topology.Topology;
import te.zoo.TopologyCatalog;

/** Rates from two readings of the tail ports' byte counters; unknown where they cannot be told. */
class LinkLoadMonitorTest {
    private final Topology t = TopologyCatalog.discover().load("Abilene");
    private final ConventionalWiring wiring = new ConventionalWiring(t);
    private final int ab = t.arcIndex(t.resolveNode("0"), t.resolveNode("1"));
    private final int ba = t.arcIndex(t.resolveNode("1"), t.resolveNode("0"));

    private PortCounters tail(int arc, long txBytes, long durationNanos) {
        return tail(arc, txBytes, durationNanos, 0);
    }

    private PortCounters tail(int arc, long txBytes, long durationNanos, long readNanos) {
        return new PortCounters(wiring.dpid(t.arcSrc(arc)), wiring.outPort(arc), 0, txBytes, 0, 0, 0, 0, durationNanos, readNanos);
    }

    @Test
    void theRateIsTheTailPortsBytesOverTheSwitchsOwnTime() {
        try (LinkLoadMonitor m = new LinkLoadMonitor(t, wiring)) {
            LinkLoads first = m.sample(List.of(tail(ab, 1_000_000, 5_000_000_000L)), Instant.EPOCH);
            assertThat(first.measuredArcs()).as("one reading is no rate").isZero();
            // 125,000,000 bytes in 10 s of port time = 100 Mbit/s, whatever the controller's clock says.
            LinkLoads second = m.sample(List.of(tail(ab, 126_000_000, 15_000_000_000L, 3), tail(ba, 7, 1)), Instant.EPOCH);
            assertThat(second.mbps(ab)).isCloseTo(100.0, within(1e-9));
            assertThat(second.measuredArcs()).isEqualTo(1);
            assertThat(second.maxUtilisation(t.capacitiesMbps())).isCloseTo(100.0 / t.capacitiesMbps()[ab], within(1e-12));
        }
    }

    @Test
    void withoutTheSwitchsTimeTheControllersClockAtItsReplyIsUsed() {
        try (LinkLoadMonitor m = new LinkLoadMonitor(t, wiring)) {
            m.sample(List.of(tail(ab, 0, 0, 1_000_000_000L)), Instant.EPOCH);
            assertThat(m.sample(List.of(tail(ab, 25_000_000, 0, 3_000_000_000L)), Instant.EPOCH).mbps(ab)).isCloseTo(100.0, within(1e-9));
        }
    }

    @Test
    void aTailSwitchThatMissedAReadingGetsNoRateOverTheGap() {
        try (LinkLoadMonitor m = new LinkLoadMonitor(t, wiring)) {
            m.sample(List.of(tail(ab, 0, 1_000)), Instant.EPOCH);
            m.sample(List.of(tail(ba, 0, 1_000)), Instant.EPOCH); // ab's switch away
            assertThat(m.sample(List.of(tail(ab, 1_000_000, 1_000_000_000L)), Instant.EPOCH).mbps(ab)).isNaN();
            assertThat(m.sample(List.of(tail(ab, 1_000_000 + 125_000, 1_010_000_000L)), Instant.EPOCH).mbps(ab))
                    .isCloseTo(100.0, within(1e-9));
        }
    }

    @Test
    void aCounterThatWentBackOrIsNotCountedOrAnotherSwitchsPortGivesNoRate() {
        try (LinkLoadMonitor m = new LinkLoadMonitor(t, wiring)) {
            m.sample(List.of(tail(ab, 5_000, 10), tail(ba, -1, 10)), Instant.EPOCH);
            LinkLoads reset = m.sample(List.of(tail(ab, 100, 2_000), tail(ba, -1, 20),
                    new PortCounters(new Dpid(999), 2, 0, 1, 0, 0, 0, 0, 1, 0), new PortCounters(wiring.dpid(0), 1, 0, 5, 0, 0, 0, 0, 1, 0)),
                    Instant.EPOCH);
            assertThat(reset.measuredArcs()).isZero();
            // After a reset, the next reading measures from the new base.
            assertThat(m.sample(List.of(tail(ab, 100 + 125, 12_000)), Instant.EPOCH).mbps(ab)).isCloseTo(100.0, within(1e-9));
        }
    }
}
