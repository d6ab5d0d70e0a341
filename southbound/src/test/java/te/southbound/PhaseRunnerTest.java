package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import te.southbound.openflow.OfMessage;

/** What a run reports of a switch that never confirms: the mods it sent, and the allowance it gave. */
class PhaseRunnerTest {
    private static final Dpid D = new Dpid(7);
    private static final int ENTRIES = 50;

    private static SwitchTables tunnelEntries() {
        Map<FlowEntry.Key, FlowEntry> flows = new LinkedHashMap<>();
        for (int label = 16; label < 16 + ENTRIES; label++) {
            FlowEntry f = TablesBuilder.tunnelEntry(Ownership.DEFAULT, label, 3, false, IpVersion.V4);
            flows.put(f.key(), f);
        }
        return new SwitchTables(flows, Map.of());
    }

    private static PhaseRunner.Outcome runAgainstASilentSwitch(Map<Phase, List<OfMessage>> plan) {
        SwitchHarness harness = new SwitchHarness(Set.of(D), 60_000);
        EmbeddedChannel ch = harness.connect();
        SwitchHarness.handshake(ch, D.value());
        // The switch never answers the barrier: the run waits out its allowance, 1 ms plus the phase's mods.
        return PhaseRunner.run(Map.of(D, plan), Map.of(D, SwitchHarness.connection(ch)), 1, () -> false, System.nanoTime());
    }

    @Test
    void aSilentSwitchGetsTheTimeoutPlusTheTimeItsModsTake() {
        PhaseRunner.Outcome o = runAgainstASilentSwitch(TableDiff.plan(SwitchTables.EMPTY, tunnelEntries(), true));
        assertThat(o.clean()).isFalse();
        assertThat(o.sent()).isEqualTo(ENTRIES);
        assertThat(o.touched()).containsExactly(D);
        long ms = 1 + ENTRIES * SwitchConnection.NANOS_PER_MOD / 1_000_000; // 1 + 50 × 0.2 ms
        assertThat(o.problems()).containsExactly("TUNNELS: no barrier reply from %s within %d ms".formatted(D, ms),
                "stopped after phase TUNNELS; later phases not sent");
        assertThat(o.phases()).singleElement().asString().startsWith("TUNNELS %d mods done at ".formatted(ENTRIES));
    }

    @Test
    void removalsGetTheirOwnSlowerRatePerMod() {
        PhaseRunner.Outcome o = runAgainstASilentSwitch(TableDiff.plan(tunnelEntries(), SwitchTables.EMPTY, true));
        assertThat(o.sent()).isEqualTo(ENTRIES);
        long ms = 1 + ENTRIES * PhaseRunner.REMOVAL_NANOS_PER_MOD / 1_000_000; // 1 + 50 × 1 ms
        assertThat(o.problems()).first().isEqualTo("REMOVALS: no barrier reply from %s within %d ms".formatted(D, ms));
    }
}
