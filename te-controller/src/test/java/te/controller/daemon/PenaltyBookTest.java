package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;

class PenaltyBookTest {
    @TempDir
    Path dir;

    @Test
    void penaltiesRoundTripWithTheirTimeAndAFileThatDoesNotFitIsSetAside() throws Exception {
        try (StateStore store = new StateStore(dir)) {
            PenaltyBook book = new PenaltyBook(store, DaemonFixture.ABILENE);
            assertThat(book.load()).isEmpty();
            List<FlapPenalty> taken = List.of(new FlapPenalty(3, 2950.5, true), new FlapPenalty(4, 999.0, false));
            book.save(taken, 1_764_000_000_000L);
            PenaltyBook.Stored back = book.load().orElseThrow();
            assertThat(back.penalties()).isEqualTo(taken);
            assertThat(back.takenAtMillis()).isEqualTo(1_764_000_000_000L);

            for (String bad : List.of("3 2950.5\n", "x 1 true\n", "3 -1 true\n", DaemonFixture.ABILENE.arcCount() + " 1 true\n", "3 NaN false\n")) {
                store.save(StateStore.PENALTIES, 1, bad.getBytes(StandardCharsets.UTF_8));
                assertThat(book.load()).as(bad).isEmpty();
                assertThat(dir.resolve("penalties.state")).as(bad).doesNotExist();
            }
            try (var files = Files.list(dir)) {
                assertThat(files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("penalties.state.corrupt-"))).isNotEmpty();
            }
        }
    }

    @Test
    void penaltiesTakenOnAnotherShapeOfTheTopologyAreSetAsideAndFilesFromBeforeTheShapeLineStillLoad() throws Exception {
        try (StateStore store = new StateStore(dir)) {
            List<FlapPenalty> taken = List.of(new FlapPenalty(3, 2950.5, true));
            new PenaltyBook(store, DaemonFixture.ABILENE).save(taken, 1_764_000_000_000L);
            // Arc 3 of an Abilene without its first node is another link: the penalty must not follow the number.
            te.topology.Topology edited = te.topology.TestTopologies.undirected(11, "1-2", "2-3", "3-4", "4-5", "5-6", "6-7", "7-8",
                    "8-9", "9-10", "10-1");
            te.topology.Topology renamed = new te.topology.Topology(DaemonFixture.ABILENE.name(), edited.nodes(), edited.links());
            assertThat(new PenaltyBook(store, renamed).load()).isEmpty();
            assertThat(dir.resolve("penalties.state")).doesNotExist();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> PenaltyBook.parse(
                            ("shape 000000000000000000000000\n3 2950.5 true\n").getBytes(StandardCharsets.UTF_8), DaemonFixture.ABILENE))
                    .hasMessageContaining("taken on another shape of Abilene (000000000000000000000000, now ");

            store.save(StateStore.PENALTIES, 1_764_000_000_000L, "3 2950.5 true\n".getBytes(StandardCharsets.UTF_8));
            assertThat(new PenaltyBook(store, DaemonFixture.ABILENE).load().orElseThrow().penalties()).isEqualTo(taken);
        }
    }
}
