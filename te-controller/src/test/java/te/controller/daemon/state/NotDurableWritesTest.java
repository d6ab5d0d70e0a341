package te.controller.daemon.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import te.topology.io.AtomicFile;

/**
 * {@code te_state_writes_not_durable} counts state files in force whose directory was not forced:
 * each leaves the count once it is written again durably (before, the count only ever grew and an
 * alert on it could not clear without a restart). Only that file: after a failed fsync Linux may
 * drop earlier renames' metadata and still let a later fsync of the directory succeed.
 */
class NotDurableWritesTest {
    @TempDir
    Path dir;

    @Test
    void filesWrittenWithoutTheirDirectoryForcedCountUntilALaterWriteForcesIt() throws IOException {
        AtomicBoolean diskFails = new AtomicBoolean(true);
        StateStore.Writer writer = (file, kind, version, payload) -> {
            StateFile.write(file, kind, version, payload);
            if (diskFails.get()) {
                throw new AtomicFile.NotDurableException(file, new IOException("Input/output error"));
            }
        };
        try (StateStore store = new StateStore(dir, writer)) {
            byte[] payload = "x".getBytes(StandardCharsets.UTF_8);
            store.save(StateStore.DEMANDS, 1, payload);
            store.save(StateStore.SERVED, 1, payload);
            store.save(StateStore.DEMANDS, 2, payload);
            assertThat(store.notDurableWrites()).as("two files, one of them written twice").isEqualTo(2);
            assertThat(store.load(StateStore.DEMANDS).orElseThrow().version()).as("the write is in force").isEqualTo(2);

            diskFails.set(false);
            store.save(StateStore.LINKS, 1, payload);
            assertThat(store.notDurableWrites()).as("another file written durably vouches for no other").isEqualTo(2);
            store.save(StateStore.DEMANDS, 3, payload);
            assertThat(store.notDurableWrites()).as("demands written durably again").isEqualTo(1);
            store.save(StateStore.SERVED, 2, payload);
            assertThat(store.notDurableWrites()).isZero();

            diskFails.set(true);
            store.save(StateStore.ALLOCATION, 1, payload);
            assertThat(store.notDurableWrites()).isEqualTo(1);
        }
    }
}
