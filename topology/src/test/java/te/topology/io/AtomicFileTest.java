package te.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
    @Test
    void aWriteThatFailsPartWayLeavesThePreviousFileAndNoTemporaryOne(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("alloc.json");
        Files.writeString(target, "previous");
        assertThatThrownBy(() -> AtomicFile.write(target, out -> {
            out.print("half of it");
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(Files.readString(target)).isEqualTo("previous");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aWholeWriteReplacesTheFileEvenWhenTheBodyClosesItsWriter(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "previous");
        // Jackson closes the writer it is given: that must not count as a failed write.
        AtomicFile.write(target, out -> {
            out.println("a,b,1");
            out.close();
        });
        assertThat(Files.readString(target)).isEqualTo("a,b,1" + System.lineSeparator());
        AtomicFile.write(dir.resolve("bytes"), new byte[] {1, 2, 3});
        assertThat(Files.readAllBytes(dir.resolve("bytes"))).containsExactly(1, 2, 3);
    }
}
