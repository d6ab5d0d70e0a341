package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.SolveStatus;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

class AllocationBookTest {
    @TempDir
    Path dir;

    // 0-1 direct and 0-2-1 around.
    final Topology t = TestTopologies.undirected(3, "0-1", "0-2", "2-1");
    final PathSet paths = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
    final NetworkSnapshot allUp = SurvivingPaths.of(t, paths, LinkState.allUp(), 1);

    /** 0->1: 6 Mbps direct, 4 around. */
    private Allocation split() {
        TeProblem p = TeProblem.of(t, paths, Commodities.of(new TrafficMatrix(3, new int[] {0}, new int[] {1}, new double[] {10}), paths));
        double[] flow = new double[p.pathVariables()];
        int pair = paths.pairIndex(0, 1);
        for (int j = 0; j < paths.pathCount(pair); j++) {
            flow[j] = paths.pathLength(paths.firstPath(pair) + j) == 1 ? 6 : 4;
        }
        return new Allocation(p, flow);
    }

    /** Stores {@code split()} as version 1, computed for demand version 3 and link-state version {@code topologyVersion}. */
    private void store(long topologyVersion) {
        try (StateStore store = new StateStore(dir)) {
            AllocationBook.load(t, allUp, store).publish(new AllocationInfo(Objective.TOTAL_FLOW, 10, "lp", SolveStatus.OPTIMAL, "",
                    3, topologyVersion, 0, 0, Instant.EPOCH), split());
        }
    }

    /** The network with arc 0->1 failed, as link-state version {@code version}. */
    private NetworkSnapshot zeroOneDown(int version) {
        LinkState links = LinkState.allUp();
        for (int v = 1; v < version; v++) {
            links = links.with(t.arcIndex(1, 2), v % 2 == 1); // unrelated changes, to reach the version
        }
        links = links.with(t.arcIndex(0, 1), true);
        assertThat(links.version()).isEqualTo(version);
        return SurvivingPaths.of(t, paths, links, 1);
    }

    private boolean setAside() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            // Damaged (corrupt), or well-formed but infeasible for the links or for another shape (unfit).
            return files.anyMatch(f -> f.getFileName().toString().startsWith("allocation.state.corrupt-")
                    || f.getFileName().toString().startsWith("allocation.state.unfit-"));
        }
    }

    @Test
    void aStoredAllocationOverALinkThatFailedSinceIsPrunedAtLoadNotSetAside() throws Exception {
        store(0);
        // The daemon stopped after saving the failure of 0->1 (link-state version 1), before pruning.
        NetworkSnapshot failed = zeroOneDown(1);
        try (StateStore store = new StateStore(dir)) {
            AllocationSnapshot a = AllocationBook.load(t, failed, store).current().orElseThrow(
                    () -> new AssertionError("nothing served: the stored allocation was set aside"));

            assertThat(a.version()).isEqualTo(2);
            assertThat(a.info().method()).isEqualTo("lp+pruned");
            assertThat(a.info().demandVersion()).isEqualTo(3);
            assertThat(a.info().topologyVersion()).isEqualTo(1);
            assertThat(a.info().value()).isEqualTo(4.0);
            assertThat(a.allocation().totalFlowMbps()).isEqualTo(4.0);
            assertThat(a.allocation().arcLoadMbps()[t.arcIndex(0, 1)]).isZero();
            assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(2); // persisted before served
            assertThat(setAside()).isFalse();
        }
        try (StateStore store = new StateStore(dir)) { // the next start loads it as it is
            AllocationSnapshot again = AllocationBook.load(t, failed, store).current().orElseThrow();
            assertThat(again.version()).isEqualTo(2);
            assertThat(again.allocation().totalFlowMbps()).isEqualTo(4.0);
        }
    }

    @Test
    void aStoredAllocationOverACapacityLoweredSinceIsScaledAtLoadNotSetAside() throws Exception {
        store(0);
        // The daemon stopped after saving 0->1's capacity lowered to 3 Mbps (version 1), before pruning.
        NetworkSnapshot lowered = SurvivingPaths.of(t, paths, LinkState.allUp().withCapacity(t.arcIndex(0, 1), 3.0), 1);
        try (StateStore store = new StateStore(dir)) {
            AllocationSnapshot a = AllocationBook.load(t, lowered, store).current().orElseThrow(
                    () -> new AssertionError("nothing served: the stored allocation was set aside"));
            assertThat(a.version()).isEqualTo(2);
            assertThat(a.info().method()).isEqualTo("lp+pruned");
            assertThat(a.allocation().arcLoadMbps()[t.arcIndex(0, 1)]).isEqualTo(3.0); // 6 scaled by 3/6
            assertThat(a.allocation().totalFlowMbps()).isEqualTo(7.0); // and the 4 around kept
            assertThat(new te.lp.AllocationChecker().violations(a.allocation(), 1.0)).isEmpty();
            assertThat(setAside()).isFalse();
        }
    }

    @Test
    void aStoredAllocationNewerThanTheLinksItIsInfeasibleForIsSetAsideAsBefore() throws Exception {
        store(5); // computed for link-state version 5, yet the links file says version 1
        try (StateStore store = new StateStore(dir)) {
            assertThat(AllocationBook.load(t, zeroOneDown(1), store).current()).isEmpty();
            assertThat(setAside()).isTrue();
        }
    }

    private static AllocationInfo info(long topologyVersion) {
        return new AllocationInfo(Objective.TOTAL_FLOW, 10, "lp", SolveStatus.OPTIMAL, "", 3, topologyVersion, 0, 0, Instant.EPOCH);
    }

    /** The process dying inside the hand-out: after the version was marked served, before the allocation was written. */
    private static final class Crash extends Error {
    }

    /** Stores {@code split()} as version 1, then serves it again as version 2 and "crashes" before storing that. */
    private void storeThenCrashAfterServing(long topologyVersion) {
        store(topologyVersion);
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            try {
                book.serveFirst(info(topologyVersion), split(), s -> {
                    throw new Crash();
                });
                throw new AssertionError("the hand-out was not called");
            } catch (Crash expected) {
                assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(1);
            }
        }
    }

    @Test
    void servingFirstHandsOutAVersionMarkedServedThatIsNotStoredYetAndStoresItRightAfter() throws Exception {
        store(0);
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            AllocationSnapshot served = book.serveFirst(info(0), split(), s -> {
                assertThat(s.version()).isEqualTo(2);
                assertThat(book.current()).contains(s);
                assertThat(store.load(StateStore.SERVED).orElseThrow().version()).isEqualTo(2);
                assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(1);
            });
            assertThat(served.version()).isEqualTo(2);
            assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(2);
            assertThat(book.publish(info(0), split()).version()).isEqualTo(3);
        }
        try (StateStore store = new StateStore(dir)) {
            assertThat(AllocationBook.load(t, allUp, store).current().orElseThrow().version()).isEqualTo(3);
        }
    }

    @Test
    void aRestartAfterACrashBetweenServingAndStoringServesTheStoredFlowsUnderANewVersion() throws Exception {
        storeThenCrashAfterServing(0);
        // The links as they were when version 1 was stored (e.g. the failure that version 2 pruned
        // was lifted before the restart): version 1's flows are feasible, but clients saw version 2
        // with other flows, so neither number comes back.
        try (StateStore store = new StateStore(dir)) {
            AllocationSnapshot a = AllocationBook.load(t, allUp, store).current().orElseThrow();
            assertThat(a.version()).isEqualTo(3);
            assertThat(a.allocation().totalFlowMbps()).isEqualTo(10.0);
            assertThat(a.info().method()).isEqualTo("lp");
            assertThat(a.info().message()).contains("stored as version 1").contains("versions up to 2");
            assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(3); // persisted before served
            assertThat(setAside()).isFalse();
        }
        try (StateStore store = new StateStore(dir)) {
            assertThat(AllocationBook.load(t, allUp, store).current().orElseThrow().version()).isEqualTo(3);
        }
    }

    @Test
    void aRestartAfterACrashBetweenServingAndStoringAPruningPrunesAgainUnderANewVersion() throws Exception {
        storeThenCrashAfterServing(0);
        try (StateStore store = new StateStore(dir)) {
            AllocationSnapshot a = AllocationBook.load(t, zeroOneDown(1), store).current().orElseThrow();
            assertThat(a.version()).isEqualTo(3);
            assertThat(a.info().method()).isEqualTo("lp+pruned");
            assertThat(a.allocation().arcLoadMbps()[t.arcIndex(0, 1)]).isZero();
            assertThat(store.load(StateStore.ALLOCATION).orElseThrow().version()).isEqualTo(3);
        }
    }

    @Test
    void versionsContinueAfterTheHighestServedWhenTheStoredAllocationIsSetAside() throws Exception {
        storeThenCrashAfterServing(0);
        Files.writeString(dir.resolve("allocation.state"), "garbage");
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            assertThat(book.current()).isEmpty();
            assertThat(setAside()).isTrue();
            assertThat(book.publish(info(0), split()).version()).isEqualTo(3);
        }
    }

    @Test
    void aServedAllocationThatCannotBeStoredStaysServedAndTheNextStartDoesNotReuseItsVersion() throws Exception {
        store(0);
        Path allocationFile = dir.resolve("allocation.state");
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            // A non-empty directory where the file goes: the rename over it fails.
            Files.delete(allocationFile);
            Files.createDirectories(allocationFile.resolve("blocked"));
            AllocationSnapshot served = book.serveFirst(info(0), split(), s -> { });
            assertThat(served.version()).isEqualTo(2);
            assertThat(book.current()).contains(served);
        }
        Files.delete(allocationFile.resolve("blocked"));
        Files.delete(allocationFile);
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            assertThat(book.current()).isEmpty();
            assertThat(book.publish(info(0), split()).version()).isEqualTo(3);
        }
    }

    @Test
    void versionsGoOnWhenTheStoredAllocationIsCorruptAfterLaterPublications() throws Exception {
        storeThenCrashAfterServing(0);
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store); // version 3, as above
            assertThat(book.publish(info(0), split()).version()).isEqualTo(4);
            assertThat(book.publish(info(0), split()).version()).isEqualTo(5);
        }
        Files.writeString(dir.resolve("allocation.state"), "garbage");
        try (StateStore store = new StateStore(dir)) {
            assertThat(AllocationBook.load(t, allUp, store).publish(info(0), split()).version()).isEqualTo(6);
        }
    }

    @Test
    void versionsGoOnAcrossTwoRestartsAfterTheStoredAllocationIsSetAside() throws Exception {
        store(5); // version 1 for link-state version 5, yet the links file says version 1: set aside
        try (StateStore store = new StateStore(dir)) {
            Files.delete(dir.resolve("served.state")); // as a build from before the record left it
            assertThat(AllocationBook.load(t, zeroOneDown(1), store).current()).isEmpty();
            assertThat(setAside()).isTrue();
        }
        // Stopped again before the first solve was persisted.
        try (StateStore store = new StateStore(dir)) {
            assertThat(AllocationBook.load(t, zeroOneDown(1), store).publish(info(1), split()).version()).isEqualTo(2);
        }
    }

    @Test
    void anUnreadableRecordOfServedVersionsCountsTheStoredOnePlusOneAsServed() throws Exception {
        storeThenCrashAfterServing(0); // stored 1, served 2
        Files.writeString(dir.resolve("served.state"), "garbage");
        try (StateStore store = new StateStore(dir)) {
            AllocationSnapshot a = AllocationBook.load(t, allUp, store).current().orElseThrow();
            assertThat(a.version()).isEqualTo(3);
            assertThat(a.allocation().totalFlowMbps()).isEqualTo(10.0);
        }
    }

    @Test
    void aStateDirectoryFromBeforeTheRecordGoesOnFromItsStoredVersion() throws Exception {
        store(0);
        Files.delete(dir.resolve("served.state"));
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            assertThat(book.current().orElseThrow().version()).isEqualTo(1);
            assertThat(book.publish(info(0), split()).version()).isEqualTo(2);
        }
    }

    @Test
    void anUnreadableRecordIsWrittenAgainBeforeTheStoredAllocationIsSetAside() throws Exception {
        store(5); // version 1 for link-state version 5
        try (StateStore store = new StateStore(dir)) {
            AllocationBook book = AllocationBook.load(t, allUp, store);
            assertThat(book.publish(info(5), split()).version()).isEqualTo(2);
        }
        Files.writeString(dir.resolve("served.state"), "garbage");
        try (StateStore store = new StateStore(dir)) { // the links file says version 1: set aside
            assertThat(AllocationBook.load(t, zeroOneDown(1), store).current()).isEmpty();
        }
        try (StateStore store = new StateStore(dir)) {
            assertThat(AllocationBook.load(t, zeroOneDown(1), store).publish(info(1), split()).version()).isEqualTo(4);
        }
    }
}
