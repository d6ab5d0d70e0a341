package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the run memory keeps, reserves and re-reads between runs. */
class RunMemoryTest {
    private static final Dpid S1 = new Dpid(1), S2 = new Dpid(2), S3 = new Dpid(3);
    private static final Set<Dpid> ALL = Set.of(S1, S2, S3);
    private static final WeightedPath VIA_S2 = new WeightedPath(List.of(new Hop(S1, 2), new Hop(S2, 3), new Hop(S3, 9)), 1);
    private static final WeightedPath VIA_S2_PORT_4 = new WeightedPath(List.of(new Hop(S1, 3), new Hop(S2, 4), new Hop(S3, 9)), 1);
    private static final CommodityRoute B = new CommodityRoute("b", S1, Ipv4Prefix.parse("10.1.0.0/16"),
            List.of(new WeightedPath(List.of(new Hop(S1, 5), new Hop(S3, 9)), 1)));

    private static CommodityRoute a(WeightedPath... paths) {
        return new CommodityRoute("a", S1, Ipv4Prefix.parse("10.0.0.0/8"), List.of(paths));
    }

    private static RunMemory readingEmpty() {
        RunMemory memory = new RunMemory();
        ALL.forEach(d -> memory.read(d, null, SwitchTables.EMPTY));
        return memory;
    }

    @Test
    void anAuditForgetsEveryTrustedCopy() {
        RunMemory memory = readingEmpty();
        assertThat(memory.connected()).isEqualTo(ALL);
        memory.distrustAll();
        assertThat(memory.connected()).as("every switch is read again").isEmpty();
    }

    @Test
    void theIngressesOfTheStateMaySendIntoOurTunnelsBeforeAnySplitIsInstalled() {
        // A restarted controller has installed nothing yet: an ingress it cannot reach may still
        // push any of our labels, so stale label entries must stay while it is away.
        DesiredState state = new DesiredState(List.of(a(VIA_S2)));
        assertThat(new RunMemory().tunnelUsers(state)).containsExactly(S1);
    }

    @Test
    void aFailedRunKeepsTheOldAndTheNewSplitsAndOnlyWhatBothTablesHaveAsSeen() {
        RunMemory memory = readingEmpty();
        StateCompiler compiler = new StateCompiler(Ownership.DEFAULT, 100);
        CompiledState first = compiler.compile(new DesiredState(List.of(a(VIA_S2), B)), ALL, memory.idBook());
        memory.commit(first, RunMemory.Kept.NONE);
        CompiledState second = compiler.compile(new DesiredState(List.of(a(VIA_S2, VIA_S2_PORT_4), B)), ALL, memory.idBook());
        memory.fail(second, Set.of(S1, S2));

        IdBook ids = memory.idBook();
        // The ingress may hold either split: both stay installed (their tunnels are not stale).
        assertThat(ids.installed().get("a")).containsExactlyInAnyOrderElementsOf(
                java.util.stream.Stream.concat(first.buckets().get("a").stream(), second.buckets().get("a").stream())
                        .distinct().toList());
        // S2 certainly holds the first tunnel's entry only (the second's may not have arrived).
        int oldLabel = first.labels().get(VIA_S2.tunnel(IpVersion.V4));
        assertThat(ids.observed().get(S2).flows()).containsOnlyKeys(TablesBuilder.tunnelKey(oldLabel));
        // S1 certainly holds b's group (unchanged), not a's (its buckets changed).
        assertThat(ids.observed().get(S1).groups()).containsOnlyKeys(first.groupIds().get("b"));
    }

    @Test
    void aLabelAFailedRunMayNotHaveDeletedStaysReserved() {
        RunMemory memory = readingEmpty();
        // S2 was read holding a label entry of ours that no state uses (an earlier controller's).
        FlowEntry stale = TablesBuilder.tunnelEntry(Ownership.DEFAULT, 40, 7, true, IpVersion.V4);
        memory.read(S2, null, new SwitchTables(Map.of(stale.key(), stale), Map.of()));
        assertThat(memory.idBook().reservedLabels()).contains(40);

        CompiledState c = new StateCompiler(Ownership.DEFAULT, 100).compile(new DesiredState(List.of(a(VIA_S2))), ALL,
                memory.idBook());
        memory.fail(c, Set.of(S1, S2)); // its deletion may or may not have gone through
        assertThat(memory.idBook().reservedLabels()).contains(40);
    }
}
