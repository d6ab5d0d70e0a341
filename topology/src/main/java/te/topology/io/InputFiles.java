package te.topology.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads a whole input file (a topology, a traffic matrix) into memory, refusing what
 * {@link Files#readAllBytes} would hang or crash on: anything but a regular file (a FIFO would block
 * the reader until some writer shows up, perhaps forever) and files above {@link #MAX_BYTES} (past
 * 2 GiB it fails with an {@link OutOfMemoryError}, and far below that the parsed form would not fit
 * a normal heap anyway).
 */
public final class InputFiles {
    /**
     * The largest input file read, 1 GiB: Kdl's full traffic matrix as JSON is under 40 MB and the
     * largest Topology Zoo file under 1 MB, so this leaves room without risking the heap.
     */
    public static final long MAX_BYTES = 1L << 30;

    private InputFiles() {
    }

    /**
     * @param file a regular file (a symbolic link to one is followed) of at most {@link #MAX_BYTES}
     * @return its content
     * @throws java.nio.file.NoSuchFileException if it does not exist
     * @throws IOException whose message says what the file is instead (a FIFO, a directory…) or its
     *                     size and the limit, without the file name (callers name it in their own way)
     */
    public static byte[] readAll(Path file) throws IOException {
        return readAll(file, MAX_BYTES);
    }

    static byte[] readAll(Path file, long maxBytes) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new IOException(notRegular(file, attributes));
        }
        if (attributes.size() > maxBytes) {
            throw new IOException(tooLarge("is " + attributes.size() + " bytes (" + human(attributes.size()) + ")", maxBytes));
        }
        try (InputStream in = Files.newInputStream(file)) {
            // Bounded: the file may grow between the size check and the read.
            byte[] bytes = in.readNBytes((int) maxBytes);
            if (in.read() >= 0) {
                throw new IOException(tooLarge("grew while being read", maxBytes));
            }
            return bytes;
        }
    }

    private static String tooLarge(String what, long maxBytes) {
        return "the file %s, above the limit of %d bytes (%s) for an input file".formatted(what, maxBytes, human(maxBytes));
    }

    private static String notRegular(Path file, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "it is a directory, expected a regular file";
        }
        String kind = "neither a regular file nor a directory (a device, FIFO or socket)";
        try {
            // st_mode's file type bits; the "unix" view exists on Linux and macOS only.
            int type = (Integer) Files.getAttribute(file, "unix:mode") & 0170000;
            kind = switch (type) {
                case 0010000 -> "a FIFO (named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> kind;
            };
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            // Keep the generic description.
        }
        return "it is %s, expected a regular file (reading it could wait forever or never end)".formatted(kind);
    }

    private static String human(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        int unit = -1;
        double value = bytes;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit < 0 ? bytes + " B" : String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
