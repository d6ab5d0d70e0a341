package te.controller.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.controller.daemon.state.StateStore;
import te.topology.Topology;

/** Stored demands read back as they were accepted, whatever form the upload had. */
class DemandBookTest {
    private final Topology t = DaemonFixture.ABILENE;

    @Test
    void aStoredCsvBodyWithAByteOrderMarkKeepsEveryPair(@TempDir Path dir) throws Exception {
        // As versions before the upload stripped the mark stored it.
        byte[] payload = "csv\n\uFEFF0,1,10\n5,0,40\n".getBytes(StandardCharsets.UTF_8);
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.DEMANDS, 3, payload);
        }
        try (StateStore store = new StateStore(dir)) {
            DemandSnapshot s = DemandBook.load(t, store).current();
            assertThat(s.version()).isEqualTo(3);
            assertThat(s.matrix().size()).isEqualTo(2);
            assertThat(s.matrix().totalDemandMbps()).isEqualTo(50.0);
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(name -> name.contains(".corrupt-"));
        }
    }

    @Test
    void aStoredPayloadShorterThanAFormatLineIsSetAside(@TempDir Path dir) throws Exception {
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.DEMANDS, 3, "json".getBytes(StandardCharsets.US_ASCII));
        }
        try (StateStore store = new StateStore(dir)) {
            DemandSnapshot s = DemandBook.load(t, store).current();
            assertThat(s.version()).isZero();
            assertThat(s.matrix().size()).isZero();
        }
    }
}
