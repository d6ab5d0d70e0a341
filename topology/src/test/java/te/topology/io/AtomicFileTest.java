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

    @Test
    void aLinkIsWrittenThroughAndPermissionsAreKept(@TempDir Path dir) throws Exception {
        Path real = dir.resolve("real.csv");
        Files.writeString(real, "old");
        Files.setPosixFilePermissions(real, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        Path link = Files.createSymbolicLink(dir.resolve("out.csv"), real);
        AtomicFile.write(link, out -> out.print("new"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("new");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(real))).isEqualTo("rw-r-----");
        Path fresh = dir.resolve("fresh.json");
        AtomicFile.write(fresh, new byte[] {'x'});
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh))).isEqualTo("rw-r--r--");
    }

    @Test
    void whatIsNotARegularFileIsWrittenInPlace() throws Exception {
        // /dev/null stands for /dev/stdout or a pipe: it must not be replaced by a rename.
        Path devNull = Path.of("/dev/null");
        AtomicFile.write(devNull, out -> out.print("nothing"));
        assertThat(Files.isRegularFile(devNull)).isFalse();
        assertThat(AtomicFile.replaces(devNull)).isFalse();
    }

    /** New, or restored by hand with a wider mode: a private write leaves the file to its owner. */
    @Test
    void aPrivateWriteLeavesTheFileReadableByItsOwnerOnly(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("demands.state");
        AtomicFile.writeOwnerOnly(state, ch -> ch.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2})));
        assertThat(Files.readAllBytes(state)).containsExactly(1, 2);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(state))).isEqualTo("rw-------");
        Files.setPosixFilePermissions(state, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        AtomicFile.writeOwnerOnly(state, ch -> ch.write(java.nio.ByteBuffer.wrap(new byte[] {3})));
        assertThat(Files.readAllBytes(state)).containsExactly(3);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(state))).isEqualTo("rw-------");
    }

    /** A crash mid-write leaves a temporary file; the next write removes it once it is too old to be another process's. */
    @Test
    void aWriteRemovesTheStaleTemporaryFilesOfItsTargetOnly(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("report.csv");
        long old = System.currentTimeMillis() - AtomicFile.STALE_TEMPORARY.toMillis() - 60_000;
        Path crashed = aged(dir.resolve(".report.csv.8412.tmp"), old);
        Path crashedBefore = aged(dir.resolve("report.csv8413.tmp"), old); // the naming until 2026-11-27
        Path othersFile = aged(dir.resolve(".plot.png.8414.tmp"), old);
        Path longerNamesOwn = aged(dir.resolve(".report.csv.bak.8415.tmp"), old); // the target report.csv.bak's
        Path usersFile = aged(dir.resolve("report.csv.bak.tmp"), old);
        Path writing = Files.writeString(dir.resolve(".report.csv.9917.tmp"), "in progress");
        AtomicFile.write(target, out -> out.print("a,b"));
        AtomicFile.write(dir.resolve("report"), out -> out.print("r")); // must not take report.csv's
        assertThat(target).hasContent("a,b");
        assertThat(crashed).doesNotExist();
        assertThat(crashedBefore).doesNotExist();
        assertThat(othersFile).exists();
        assertThat(longerNamesOwn).exists();
        assertThat(usersFile).exists();
        assertThat(writing).exists();
    }

    private static Path aged(Path file, long modifiedMillis) throws IOException {
        Files.writeString(file, "half");
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(modifiedMillis));
        return file;
    }

    /**
     * A daemon's state file kept on another volume through a link is read through it, so it must be
     * written through it too (a review: after this was refused, every upload answered 503).
     */
    @Test
    void aStateWriteGoesThroughALinkToARegularFile(@TempDir Path dir) throws Exception {
        Path elsewhere = Files.createDirectory(dir.resolve("other-volume"));
        Path real = Files.write(elsewhere.resolve("demands.state"), new byte[] {9});
        Path stateDir = Files.createDirectory(dir.resolve("state"));
        Path link = Files.createSymbolicLink(stateDir.resolve("demands.state"), real);
        AtomicFile.writeOwnerOnly(link, ch -> ch.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2})));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readAllBytes(real)).containsExactly(1, 2);
        assertThat(Files.getPosixFilePermissions(real)).containsExactlyInAnyOrder(
                java.nio.file.attribute.PosixFilePermission.OWNER_READ, java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    }

    /**
     * A channel write names its own files (caches, state): a link planted at the name must not get
     * its target replaced, nor a FIFO, device or directory be renamed over.
     */
    @Test
    void aChannelWriteRefusesAnythingButARegularFile(@TempDir Path dir) throws Exception {
        Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("cache.paths"), precious);
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.paths"), dir.resolve("nowhere"));
        Path fifo = Fifos.make(dir.resolve("fifo.paths"));
        Path directory = Files.createDirectory(dir.resolve("dir.paths"));
        AtomicFile.ChannelBody body = ch -> ch.write(java.nio.ByteBuffer.wrap(new byte[] {1}));
        assertThatThrownBy(() -> AtomicFile.writeChannel(link, body)).isInstanceOf(AtomicFile.NotRegularFileException.class)
                .hasMessage(link + " is a symbolic link to " + precious + ", not a regular file: left as it is");
        assertThatThrownBy(() -> AtomicFile.writeOwnerOnly(dangling, body)).isInstanceOf(AtomicFile.NotRegularFileException.class);
        assertThatThrownBy(() -> AtomicFile.writeOwnerOnly(fifo, body)).isInstanceOf(AtomicFile.NotRegularFileException.class);
        assertThatThrownBy(() -> AtomicFile.writeChannel(dangling, body)).hasMessageContaining("is a symbolic link to " + dir.resolve("nowhere"));
        assertThatThrownBy(() -> AtomicFile.writeChannel(fifo, body)).hasMessageContaining(fifo + " is a FIFO, not a regular file");
        assertThatThrownBy(() -> AtomicFile.writeChannel(directory, body)).hasMessageContaining(directory + " is a directory");
        assertThat(precious).hasContent("keep me");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.isSymbolicLink(dangling)).isTrue();
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(AtomicFile.notRegularFile(Path.of("/dev/null"))).contains("a character device");
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(name -> name.endsWith(".tmp"));
        }
        Path regular = Files.writeString(dir.resolve("regular.paths"), "old");
        AtomicFile.writeChannel(regular, body);
        assertThat(Files.readAllBytes(regular)).containsExactly(1);
        assertThat(AtomicFile.notRegularFile(regular)).isEmpty();
        assertThat(AtomicFile.notRegularFile(dir.resolve("absent"))).isEmpty();
    }
}
