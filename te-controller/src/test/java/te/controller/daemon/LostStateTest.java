package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.api.PeerFollower;
import te.controller.daemon.state.StateStore;

/**
 * State lost on one side (a new or damaged state directory): versions are not taken for the old
 * ones, and a standby neither copies the loss nor stops mirroring what it still can.
 */
class LostStateTest {
    /** How long a poll waits for a follower to get somewhere before the test fails. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        ScriptedSolverProvider.GATE.set(null);
        ScriptedSolverProvider.FAILURE.set(null);
    }

    /** A primary restarted on a lost state directory whose only link-state change is a switch report is at version 1, not 0. */
    @Test
    void aPrimaryWhoseOnlyLinkChangeIsASwitchReportDoesNotWipeTheStandbysWord() throws Exception {
        try (DaemonFixture primary = DaemonFixture.start(dir.resolve("primary-new-dir"));
             StateStore store = new StateStore(dir.resolve("standby"))) {
            DemandBook demands = DemandBook.load(DaemonFixture.ABILENE, store);
            NetworkBook network = NetworkBook.load(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS, store, 1);
            network.setDrain(0, true);                 // mirrored from the primary before it lost its state
            network.setCapacity(2, 100.0);
            primary.daemon.reportSwitchPorts(Map.of(5, true)); // a port down seen by the fresh primary: link-state version 1
            JsonNode t = DaemonFixture.json(primary.get("/v1/topology"));
            assertThat(t.path("topologyVersion").asLong()).isEqualTo(1);
            assertThat(t.path("operatorVersion").asLong()).isZero();
            try (PeerFollower f = new PeerFollower(new PeerFollow(java.net.URI.create(primary.url("")), Duration.ofMillis(100)),
                    DaemonFixture.ABILENE, demands, network, e -> { }, e -> { }, () -> true)) {
                f.start();
                DaemonFixture.awaitTrue("a read", WAIT, () -> f.status().get("lastSyncAt") != null || f.status().get("lastError") != null);
                Thread.sleep(300);
                assertThat(network.current().links().isDrained(0)).as("standby's drain kept").isTrue();
                assertThat(network.current().links().capacityMbps()).containsEntry(2, 100.0);
                assertThat(String.valueOf(f.status().get("lastError"))).contains("the primary has no operator link states");
            }
        }
    }

    /**
     * A primary restarted on a state directory restored from an older copy: its versions went back.
     * The standby keeps the newer demands and drain it mirrored (before, it copied the older ones).
     */
    @Test
    void aPrimaryRestoredFromAnOlderCopyIsNotMirrored() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path primaryDir = dir.resolve("primary");
        Path backup = dir.resolve("backup");
        Files.createDirectories(backup);
        try (StateStore store = new StateStore(dir.resolve("standby"))) {
            DemandBook demands = DemandBook.load(DaemonFixture.ABILENE, store);
            NetworkBook network = NetworkBook.load(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS, store, 1);
            String newer = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":77}]";
            try (DaemonFixture primary = DaemonFixture.startOnPort(primaryDir, port)) {
                primary.putJson("[{\"src\":\"0\",\"dst\":\"1\",\"demand\":5}]");
                primary.send("POST", link(3) + "/drain", null, null);
                for (String kind : new String[] {"demands.state", "links.state", "operator.state"}) {
                    Files.copy(primaryDir.resolve(kind), backup.resolve(kind));
                }
                primary.putJson(newer);
                primary.send("POST", link(4) + "/drain", null, null);
            }
            try (PeerFollower f = new PeerFollower(new PeerFollow(java.net.URI.create("http://127.0.0.1:" + port), Duration.ofMillis(100)),
                    DaemonFixture.ABILENE, demands, network, e -> { }, e -> { }, () -> true)) {
                try (DaemonFixture primary = DaemonFixture.startOnPort(primaryDir, port)) {
                    f.start();
                    DaemonFixture.awaitTrue("mirrored", WAIT,
                            () -> network.current().links().isDrained(4) && demands.current().matrix().size() == 1);
                }
                for (String kind : new String[] {"demands.state", "links.state", "operator.state"}) {
                    Files.copy(backup.resolve(kind), primaryDir.resolve(kind), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                long mirrored = demands.current().version();
                try (DaemonFixture primary = DaemonFixture.startOnPort(primaryDir, port)) {
                    DaemonFixture.awaitTrue("refused", WAIT, () -> String.valueOf(f.status().get("lastError")).contains("went back"));
                    Thread.sleep(300);
                    assertThat(String.valueOf(f.status().get("lastError"))).contains("demand version went back from 2 to 1");
                    assertThat(demands.current().version()).isEqualTo(mirrored);
                    assertThat(demands.current().matrix().demandMbps(0)).isEqualTo(77.0);
                    assertThat(network.current().links().isDrained(4)).as("the newer drain kept").isTrue();
                    // The links are read apart from the demands: their own guard keeps the drain.
                    primary.putJson(newer); // demand version 2 again, not behind: mirrored; the links stay refused
                    DaemonFixture.awaitTrue("links refused", WAIT,
                            () -> String.valueOf(f.status().get("lastError")).contains("operator link-state version went back"));
                    assertThat(network.current().links().isDrained(4)).isTrue();
                }
            }
        }
    }

    static final String BIG = "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":100000},{\"src\":\"3\",\"dst\":\"7\",\"demand\":100000}]";

    private static String link(int arc) {
        return "/v1/links/%s/%s".formatted(DaemonFixture.ABILENE.nodes().get(DaemonFixture.ABILENE.arcSrc(arc)).id(),
                DaemonFixture.ABILENE.nodes().get(DaemonFixture.ABILENE.arcDst(arc)).id());
    }

    private static void corrupt(Path file) throws Exception {
        byte[] b = Files.readAllBytes(file);
        b[b.length - 2] ^= 0x20;
        Files.write(file, b);
    }

    /** links.state set aside: link-state versions restart at 0 while the stored allocation keeps its old label. */
    @Test
    void anAllocationFromLinkStatesSetAsideIsPrunedAtTheNextFailure() throws Exception {
        Path state = dir.resolve("d");
        try (DaemonFixture d = DaemonFixture.start(state)) {
            d.putJson(BIG);
            d.awaitAllocationFor(1, 0);
            d.send("POST", link(10) + "/down", null, null);
            d.awaitAllocationFor(1, 1);
        }
        corrupt(state.resolve("links.state"));
        ScriptedSolverProvider.Gate gate = ScriptedSolverProvider.Gate.closed();
        ScriptedSolverProvider.GATE.set(gate);
        try (DaemonFixture d = DaemonFixture.start(state)) {
            JsonNode s = DaemonFixture.json(d.get("/v1/status"));
            assertThat(s.path("topologyVersion").asLong()).isZero();
            assertThat(s.path("allocation").path("topologyVersion").asLong()).as("its links are gone").isEqualTo(-1);
            assertThat(s.path("allocation").path("current").asBoolean()).isFalse();
            var served = d.checkedAllocation(d.get("/v1/allocation").body(), DaemonFixture.ABILENE.capacitiesMbps());
            double[] load = served.arcLoadMbps();
            int busy = -1;
            for (int a = 0; a < load.length; a++) {
                if (load[a] > 0) {
                    busy = a;
                    break;
                }
            }
            assertThat(gate.entered().await(30, java.util.concurrent.TimeUnit.SECONDS)).as("start-up solve held").isTrue();
            long down = DaemonFixture.json(d.send("POST", link(busy) + "/down", null, null)).get("topologyVersion").asLong();
            assertThat(down).isEqualTo(1);
            // The pruning is served at once, while the start-up solve is still held.
            JsonNode st = d.awaitStatus(x -> x.path("allocation").path("method").asText().endsWith("+pruned"));
            assertThat(st.path("allocation").path("topologyVersion").asLong()).isEqualTo(down);
            double[] capacity = DaemonFixture.ABILENE.capacitiesMbps();
            capacity[busy] = 0;
            var now = d.checkedAllocation(d.get("/v1/allocation").body(), capacity);
            gate.release().countDown();
            assertThat(now.arcLoadMbps()[busy]).as("flow on the failed arc after the pruning").isZero();
        }
    }

    /** demands.state set aside: demand versions restart at 0, and version 1 comes back with other demands. */
    @Test
    void anAllocationFromDemandsSetAsideIsNotTakenForCurrent() throws Exception {
        Path state = dir.resolve("d");
        try (DaemonFixture d = DaemonFixture.start(state)) {
            d.putJson(BIG);
            d.awaitAllocationFor(1, 0);
        }
        corrupt(state.resolve("demands.state"));
        ScriptedSolverProvider.FAILURE.set(te.lp.SolveStatus.ERROR);
        try (DaemonFixture d = DaemonFixture.start(state)) {
            assertThat(DaemonFixture.json(d.get("/v1/status")).path("allocation").path("demandVersion").asLong()).isEqualTo(-1);
            assertThat(d.putJson("[{\"src\":\"5\",\"dst\":\"6\",\"demand\":100000},{\"src\":\"2\",\"dst\":\"9\",\"demand\":100000}]")
                    .statusCode()).isEqualTo(200);
            JsonNode s = d.awaitStatus(x -> x.path("lastSolve").path("demandVersion").asLong(-1) == 1);
            assertThat(s.path("lastSolve").path("outcome").asText()).isEqualTo("KEPT_LAST_GOOD");
            assertThat(s.path("allocation").path("current").asBoolean()).as("the allocation for the lost demands is not current").isFalse();
        }
    }

    /** A primary whose links file was lost (links version 0) keeps the standby from mirroring its demands at all. */
    @Test
    void aRefusalOfTheLinksStillMirrorsTheDemands() throws Exception {
        try (FakePrimary fake = new FakePrimary(); // links at operator version 0: refused over this standby's drain
             StateStore store = new StateStore(dir.resolve("standby"))) {
            fake.demandTag = "\"d7.p\"";
            fake.demandVersion = "7";
            fake.bodies.put("/v1/demands", "[{\"src\":\"0\",\"dst\":\"1\",\"demand\":10}]");
            DemandBook demands = DemandBook.load(DaemonFixture.ABILENE, store);
            NetworkBook network = NetworkBook.load(DaemonFixture.ABILENE, DaemonFixture.ABILENE_PATHS, store, 1);
            network.setDrain(0, true); // mirrored earlier
            try (PeerFollower f = new PeerFollower(new PeerFollow(java.net.URI.create(fake.base()), Duration.ofMillis(100)),
                    DaemonFixture.ABILENE, demands, network, e -> { }, e -> { }, () -> true)) {
                f.start();
                // Both awaited: the links' refusal may be recorded just after the demands are taken
                // (it failed once on a loaded machine when only the demands were awaited).
                DaemonFixture.awaitTrue("the demands mirrored and the links refused", WAIT, () -> demands.current().matrix().size() == 1
                        && String.valueOf(f.status().get("lastError")).contains("no operator link states"));
                assertThat(network.current().links().isDrained(0)).as("its own drain kept").isTrue();
            }
        }
    }
}
