package te.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFilesTest {
    @Test
    void aFileUpToTheLimitIsReadAndOneByteMoreIsRefusedWithItsSize(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("f"), new byte[100]);
        assertThat(InputFiles.readAll(file, 100)).hasSize(100);
        assertThatThrownBy(() -> InputFiles.readAll(file, 99)).isInstanceOf(IOException.class)
                .hasMessage("the file is 100 bytes (100 B), above the limit of 99 bytes (99 B) for an input file");
        assertThat(InputFiles.MAX_BYTES).isEqualTo(1L << 30);
    }

    @Test
    void aMissingFileIsNoSuchFileAndAFifoIsNamedAsSuch(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> InputFiles.readAll(dir.resolve("nope"))).isInstanceOf(NoSuchFileException.class);
        Path fifo = Fifos.make(dir.resolve("pipe"));
        assertThatThrownBy(() -> InputFiles.readAll(fifo)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("it is a FIFO (named pipe), expected a regular file");
        // Through a symbolic link too: the link is followed, and what it points to is checked.
        Path link = Files.createSymbolicLink(dir.resolve("link"), fifo);
        assertThatThrownBy(() -> InputFiles.readAll(link)).hasMessageStartingWith("it is a FIFO");
    }
}
