package te.controller.daemon.state;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * One crash-safe state file: a one-line header {@code TE-STATE/1 <kind> <version> <length> <crc32c>}
 * followed by the payload. Written through {@link te.topology.io.AtomicFile} (a temporary file in
 * the same directory, fsynced, atomically renamed over the old one, the directory fsynced; owner
 * only), so after a crash the name holds either the old or the new complete content. The length and CRC32C catch what a crash can still leave
 * behind (a truncated copy restored by hand, a disk that lied about fsync).
 */
public final class StateFile {
    static final String MAGIC = "TE-STATE/1";
    private static final int MAX_HEADER = 256;
    private static final int WRITE_SLICE_BYTES = 1 << 20;

    private StateFile() {
    }

    /**
     * Writes the payload atomically and durably.
     *
     * @throws te.topology.io.AtomicFile.NotDurableException if only forcing the directory failed:
     *                                                       the new content is in place
     * @throws IOException                                   if any other step fails; the old file is then untouched
     */
    public static void write(Path file, String kind, long version, byte[] payload) throws IOException {
        if (kind.isBlank() || kind.contains(" ")) {
            throw new IllegalArgumentException("state kind must be one word, got '" + kind + "'");
        }
        if (version < 0) {
            // read() refuses a negative version: writing one would make a file that reads as corrupt.
            throw new IllegalArgumentException("state version must be >= 0, got " + version + " for " + kind);
        }
        CRC32C crc = new CRC32C();
        crc.update(payload);
        byte[] header = "%s %s %d %d %08x\n".formatted(MAGIC, kind, version, payload.length, crc.getValue())
                .getBytes(StandardCharsets.US_ASCII);
        te.topology.io.AtomicFile.writeOwnerOnly(file, ch -> {
            writeFully(ch, ByteBuffer.wrap(header));
            writeFully(ch, ByteBuffer.wrap(payload));
        });
    }

    /**
     * Copies {@code from} to the new file {@code to} durably: content and directory entry are on
     * disk when it returns, so a write that replaces {@code from} next cannot reach the disk first.
     *
     * @throws IOException if any step fails ({@code to} may then exist partly)
     */
    public static void copy(Path from, Path to) throws IOException {
        Files.copy(from, to);
        try (FileChannel ch = FileChannel.open(to, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        te.topology.io.AtomicFile.forceDirectory(to.toAbsolutePath().getParent());
    }


    /**
     * Writes in slices: the JDK copies a heap buffer into a temporary direct buffer of the whole
     * remaining size per write, which for Kdl's 286 MB allocation meant allocating 286 MB of native
     * memory on a thread's first save (0.8 s against 0.13 s), and keeping it for the thread's life.
     */
    private static void writeFully(FileChannel ch, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            ByteBuffer slice = buffer.slice();
            slice.limit(Math.min(slice.remaining(), WRITE_SLICE_BYTES));
            while (slice.hasRemaining()) {
                ch.write(slice);
            }
            buffer.position(buffer.position() + slice.position());
        }
    }

    /**
     * @return the verified content, or empty when the file does not exist
     * @throws CorruptStateException naming what is wrong when the file cannot be trusted
     * @throws IOException           when the file exists but cannot be read
     */
    public static Optional<StoredState> read(Path file, String expectedKind) throws IOException, CorruptStateException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        int newline = -1;
        for (int i = 0; i < Math.min(bytes.length, MAX_HEADER); i++) {
            if (bytes[i] == '\n') {
                newline = i;
                break;
            }
        }
        if (newline < 0) {
            throw new CorruptStateException(file, "no header line in the first %d bytes (file has %d bytes)".formatted(MAX_HEADER, bytes.length));
        }
        String[] h = new String(bytes, 0, newline, StandardCharsets.US_ASCII).split(" ");
        if (h.length != 5 || !h[0].equals(MAGIC)) {
            throw new CorruptStateException(file, "header '%s' is not '%s <kind> <version> <length> <crc32c>'"
                    .formatted(new String(bytes, 0, Math.min(newline, 80), StandardCharsets.US_ASCII), MAGIC));
        }
        if (!h[1].equals(expectedKind)) {
            throw new CorruptStateException(file, "holds '%s', expected '%s'".formatted(h[1], expectedKind));
        }
        long version;
        long length;
        long crcValue;
        try {
            version = Long.parseLong(h[2]);
            length = Long.parseLong(h[3]);
            crcValue = Long.parseLong(h[4], 16);
        } catch (NumberFormatException e) {
            throw new CorruptStateException(file, "header numbers unreadable: " + e.getMessage());
        }
        long actual = bytes.length - newline - 1L;
        if (version < 0) {
            throw new CorruptStateException(file, "version %d is negative".formatted(version));
        }
        if (length != actual) {
            throw new CorruptStateException(file, "payload is %d bytes, header says %d (half-written or truncated)".formatted(actual, length));
        }
        byte[] payload = java.util.Arrays.copyOfRange(bytes, newline + 1, bytes.length);
        CRC32C crc = new CRC32C();
        crc.update(payload);
        if (crc.getValue() != crcValue) {
            throw new CorruptStateException(file, "CRC32C is %08x, header says %08x (corrupted)".formatted(crc.getValue(), crcValue));
        }
        return Optional.of(new StoredState(expectedKind, version, payload));
    }
}
