package te.controller.daemon.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFileTest {
    @TempDir
    Path dir;

    @Test
    void roundTripsAndLeavesNoTemporaryFiles() throws Exception {
        Path f = dir.resolve("demands.state");
        StateFile.write(f, "demands", 7, "payload".getBytes(StandardCharsets.UTF_8));
        StateFile.write(f, "demands", 8, "second".getBytes(StandardCharsets.UTF_8));
        StoredState s = StateFile.read(f, "demands").orElseThrow();
        assertThat(s.version()).isEqualTo(8);
        assertThat(new String(s.payload(), StandardCharsets.UTF_8)).isEqualTo("second");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
        assertThat(StateFile.read(dir.resolve("missing.state"), "demands")).isEmpty();
        // A negative version would make a file that reads as corrupt: refused before anything is written.
        assertThatThrownBy(() -> StateFile.write(f, "demands", -1, new byte[0])).hasMessage("state version must be >= 0, got -1 for demands");
        assertThat(StateFile.read(f, "demands").orElseThrow().version()).isEqualTo(8);
        Files.writeString(f, StateFile.MAGIC + " demands -3 0 00000000\n");
        assertThatThrownBy(() -> StateFile.read(f, "demands")).hasMessageContaining("version -3 is negative");
    }

    /** Payloads go out in 1 MiB slices: one of several slices and a partial last one comes back whole. */
    @Test
    void aPayloadOfSeveralWriteSlicesRoundTrips() throws Exception {
        byte[] payload = new byte[3 * (1 << 20) + 12345];
        new java.util.Random(5).nextBytes(payload);
        Path f = dir.resolve("allocation.state");
        StateFile.write(f, "allocation", 2, payload);
        StoredState s = StateFile.read(f, "allocation").orElseThrow();
        assertThat(s.payload()).isEqualTo(payload);
        assertThat(Files.size(f)).isGreaterThan(payload.length).isLessThan(payload.length + 256);
    }

    @Test
    void truncatedCorruptedAndForeignFilesAreDetected() throws Exception {
        Path f = dir.resolve("x.state");
        byte[] payload = new byte[1000];
        Arrays.fill(payload, (byte) 'a');
        StateFile.write(f, "demands", 1, payload);
        byte[] whole = Files.readAllBytes(f);

        Files.write(f, Arrays.copyOf(whole, whole.length - 10));
        assertThatThrownBy(() -> StateFile.read(f, "demands")).isInstanceOf(CorruptStateException.class)
                .hasMessageContaining("payload is 990 bytes, header says 1000");

        byte[] flipped = whole.clone();
        flipped[flipped.length - 1] = 'b';
        Files.write(f, flipped);
        assertThatThrownBy(() -> StateFile.read(f, "demands")).isInstanceOf(CorruptStateException.class).hasMessageContaining("CRC32C");

        Files.write(f, whole);
        assertThatThrownBy(() -> StateFile.read(f, "links")).isInstanceOf(CorruptStateException.class)
                .hasMessageContaining("holds 'demands', expected 'links'");

        Files.writeString(f, "{\"demands\":[]}");
        assertThatThrownBy(() -> StateFile.read(f, "demands")).isInstanceOf(CorruptStateException.class).hasMessageContaining("header");

        Files.write(f, new byte[0]);
        assertThatThrownBy(() -> StateFile.read(f, "demands")).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void storeSetsCorruptFilesAsideAndLocksTheDirectory() throws IOException {
        try (StateStore store = new StateStore(dir)) {
            store.save(StateStore.DEMANDS, 3, "ok".getBytes(StandardCharsets.UTF_8));
            assertThat(store.load(StateStore.DEMANDS)).isPresent();
            Files.writeString(store.fileOf(StateStore.LINKS), "TE-STATE/1 links 1 99 00000000\nshort");
            assertThat(store.load(StateStore.LINKS)).isEmpty();
            assertThat(Files.exists(store.fileOf(StateStore.LINKS))).isFalse();
            try (var files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("links.state.corrupt-"));
            }
            assertThatThrownBy(() -> new StateStore(dir)).isInstanceOf(IllegalStateException.class).hasMessageContaining("in use by another te serve");
        }
        try (StateStore again = new StateStore(dir)) {
            assertThat(again.load(StateStore.DEMANDS).orElseThrow().version()).isEqualTo(3);
        }
    }

    /** Set aside within one millisecond (a fast disk), each corrupt file still gets a name of its own and goes. */
    @Test
    void corruptFilesSetAsideBackToBackEachGetTheirOwnName() throws IOException {
        try (StateStore store = new StateStore(dir)) {
            for (int i = 0; i < 20; i++) {
                Files.writeString(store.fileOf(StateStore.LINKS), "garbage " + i);
                assertThat(store.load(StateStore.LINKS)).isEmpty();
                assertThat(store.fileOf(StateStore.LINKS)).doesNotExist();
            }
            try (var files = Files.list(dir)) {
                assertThat(files.filter(p -> p.getFileName().toString().startsWith("links.state.corrupt-"))).hasSize(20);
            }
        }
    }

    @Test
    void aCopyHoldsTheSameBytesAndNeverOverwrites() throws Exception {
        Path f = dir.resolve("links.state");
        StateFile.write(f, "links", 4, "payload".getBytes(StandardCharsets.UTF_8));
        Path copy = dir.resolve("links.state.superseded-1");
        StateFile.copy(f, copy);
        assertThat(Files.readAllBytes(copy)).isEqualTo(Files.readAllBytes(f));
        assertThat(StateFile.read(copy, "links").orElseThrow().version()).isEqualTo(4);
        assertThatThrownBy(() -> StateFile.copy(f, copy)).isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
    }
}
