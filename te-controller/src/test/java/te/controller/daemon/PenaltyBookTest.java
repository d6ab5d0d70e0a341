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
}
